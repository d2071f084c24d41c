import { createHash } from 'node:crypto';
import { escapeXml } from './xml.js';

/**
 * The digest of xades:SignedProperties as ZATCA's SDK computes it, which is not a canonical
 * form: the element's own text, each prefix declared on the first element of the subtree that
 * uses it, attributes in document order, empty elements self-closed; SHA-256 as hex, the hex
 * as base64. Checked against the SDK's signed samples.
 */
export function signedPropertiesDigest(signedProperties: Element): string {
  const serialized = serialize(signedProperties, new Set());
  return Buffer.from(createHash('sha256').update(serialized, 'utf8').digest('hex')).toString('base64');
}

function serialize(node: Node, declared: ReadonlySet<string>): string {
  if (node.nodeType === 3) return escapeText((node as Text).data);
  if (node.nodeType !== 1) return '';
  const element = node as Element;
  const inScope = new Set(declared);
  let start = `<${element.tagName}`;
  const prefix = element.prefix ?? '';
  if (element.namespaceURI && !inScope.has(prefix)) {
    start += prefix
      ? ` xmlns:${prefix}="${escapeXml(element.namespaceURI)}"`
      : ` xmlns="${escapeXml(element.namespaceURI)}"`;
    inScope.add(prefix);
  }
  for (const attribute of Array.from(element.attributes)) {
    if (attribute.name === 'xmlns' || attribute.name.startsWith('xmlns:')) continue;
    start += ` ${attribute.name}="${escapeXml(attribute.value)}"`;
  }
  const children = Array.from(element.childNodes);
  if (children.length === 0) return `${start}/>`;
  return `${start}>${children.map((childNode) => serialize(childNode, inScope)).join('')}</${element.tagName}>`;
}

function escapeText(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
