import { DOMParser } from '@xmldom/xmldom';

/** The namespaces of a ZATCA UBL 2.1 document and its XAdES signature. */
export const Ns = {
  invoice: 'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2',
  creditNote: 'urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2',
  cac: 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2',
  cbc: 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2',
  ext: 'urn:oasis:names:specification:ubl:schema:xsd:CommonExtensionComponents-2',
  sig: 'urn:oasis:names:specification:ubl:schema:xsd:CommonSignatureComponents-2',
  sac: 'urn:oasis:names:specification:ubl:schema:xsd:SignatureAggregateComponents-2',
  sbc: 'urn:oasis:names:specification:ubl:schema:xsd:SignatureBasicComponents-2',
  ds: 'http://www.w3.org/2000/09/xmldsig#',
  xades: 'http://uri.etsi.org/01903/v1.3.2#',
} as const;

/** Thrown when a document is not XML, or not the document a ZATCA routine expects. */
export class ZatcaXmlError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ZatcaXmlError';
  }
}

/** Parses XML, refusing anything malformed (xmldom would otherwise only warn). */
export function parseXml(xml: string): Document {
  const problems: string[] = [];
  const doc = new DOMParser({
    errorHandler: (level: string, message: unknown) => {
      if (level !== 'warning') problems.push(String(message));
    },
  }).parseFromString(xml, 'text/xml');
  if (problems.length > 0 || !doc.documentElement) {
    throw new ZatcaXmlError(`not well-formed XML: ${problems[0] ?? 'no root element'}`);
  }
  return doc;
}

/** Text with the five XML characters that must be escaped in element content and attributes. */
export function escapeXml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

export function isElement(node: Node | null | undefined): node is Element {
  return node?.nodeType === 1;
}

export function childElements(parent: Element): Element[] {
  return Array.from(parent.childNodes).filter(isElement);
}

/** The first child element named `localName` in namespace `ns`. */
export function child(parent: Element, ns: string, localName: string): Element | undefined {
  return childElements(parent).find((el) => el.namespaceURI === ns && el.localName === localName);
}

/** Follows a path of [namespace, local name] steps from `parent`; undefined when a step is missing. */
export function path(parent: Element, ...steps: Array<[string, string]>): Element | undefined {
  let current: Element | undefined = parent;
  for (const [ns, localName] of steps) {
    if (!current) return undefined;
    current = child(current, ns, localName);
  }
  return current;
}

/** Every descendant element named `localName` in namespace `ns`, in document order. */
export function descendants(parent: Element, ns: string, localName: string): Element[] {
  return Array.from(parent.getElementsByTagNameNS(ns, localName));
}

export function textOf(element: Element | undefined): string | undefined {
  return element?.textContent ?? undefined;
}
