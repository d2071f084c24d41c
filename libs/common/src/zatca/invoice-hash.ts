import { createHash } from 'node:crypto';
import { C14nCanonicalization } from 'xml-crypto';
import { Ns, child, childElements, parseXml, textOf } from './xml.js';

/** The PIH of an EGS unit's first document: base64 of the hex SHA-256 of "0" (CONTRACT §12). */
export const FIRST_PIH = Buffer.from(createHash('sha256').update('0').digest('hex')).toString('base64');

/**
 * The invoice hash of a UBL document, as ZATCA computes it: the document without
 * ext:UBLExtensions, cac:Signature and the QR's cac:AdditionalDocumentReference (the whitespace
 * around them stays), canonicalized (C14N 1.1; for a whole document without xml:id or xml:base
 * attributes it writes the same bytes as C14N 1.0), SHA-256, base64.
 */
export function invoiceHashOf(xml: string): string {
  const root = parseXml(xml).documentElement!;
  for (const element of childElements(root)) {
    if (isExcludedFromHash(element)) root.removeChild(element);
  }
  const canonical = new C14nCanonicalization().process(root, {}) as string;
  return createHash('sha256').update(canonical, 'utf8').digest('base64');
}

function isExcludedFromHash(element: Element): boolean {
  if (element.namespaceURI === Ns.ext && element.localName === 'UBLExtensions') return true;
  if (element.namespaceURI !== Ns.cac) return false;
  if (element.localName === 'Signature') return true;
  return element.localName === 'AdditionalDocumentReference' && textOf(child(element, Ns.cbc, 'ID')) === 'QR';
}
