import { createSign, createVerify, type KeyObject } from 'node:crypto';
import { readStampCertificate, type StampCertificate } from './certificate.js';
import { invoiceHashOf } from './invoice-hash.js';
import { decodeQrTags, encodeQrTags } from './qr.js';
import { signedPropertiesDigest } from './signed-properties.js';
import { Ns, ZatcaXmlError, child, descendants, escapeXml, parseXml, path, textOf } from './xml.js';

/** The EGS unit's stamp: its secp256k1 key and the certificate of its CSID. */
export interface Stamp {
  privateKey: KeyObject | string;
  certificate: StampCertificate;
}

export interface SignedDocument {
  xml: string;
  invoiceHash: string;
  signature: string;
  qr: string;
}

const SP_DIGEST_PLACEHOLDER = '@@signed-properties-digest@@';

/**
 * Signs an unsigned UBL document (without ext:UBLExtensions, cac:Signature and the QR
 * reference, as documents.ts writes it) the way ZATCA's SDK does: the ECDSA signature is over
 * the invoice hash's bytes; the XAdES extension becomes the root's first child and the QR
 * reference and cac:Signature follow the PIH reference, each inserted without whitespace, so
 * the signed document has the unsigned one's hash. The QR's fields are read from the document.
 */
export function signInvoice(unsignedXml: string, stamp: Stamp, signingTime: Date): SignedDocument {
  const invoiceHash = invoiceHashOf(unsignedXml);
  const signature = createSign('sha256').update(Buffer.from(invoiceHash, 'base64')).sign(stamp.privateKey, 'base64');
  const facts = documentFacts(parseXml(unsignedXml).documentElement!);
  const qr = encodeQrTags({
    ...facts.qr,
    invoiceHash,
    signature,
    publicKey: stamp.certificate.publicKeyDer,
    caSignature: facts.simplified ? stamp.certificate.caSignature : undefined,
  });
  const rootEnd = unsignedXml.indexOf('>', unsignedXml.indexOf('<Invoice') + 1) + 1;
  const pihEnd = endOfPihReference(unsignedXml);
  if (rootEnd <= 0 || pihEnd < 0) throw new ZatcaXmlError('the document has no Invoice root or no PIH reference');
  const draft =
    unsignedXml.slice(0, rootEnd) +
    signatureExtension(invoiceHash, signature, stamp.certificate, signingTime) +
    unsignedXml.slice(rootEnd, pihEnd) +
    qrReference(qr) +
    signatureReference() +
    unsignedXml.slice(pihEnd);
  const signedProperties = descendants(parseXml(draft).documentElement!, Ns.xades, 'SignedProperties')[0]!;
  const xml = draft.replace(SP_DIGEST_PLACEHOLDER, signedPropertiesDigest(signedProperties));
  if (invoiceHashOf(xml) !== invoiceHash) throw new ZatcaXmlError('signing changed the invoice hash');
  return { xml, invoiceHash, signature, qr };
}

/** What the verification of a signed document found: empty `problems` means it is sound. */
export interface SignatureCheck {
  invoiceHash: string;
  certificate: StampCertificate | null;
  problems: SignatureProblem[];
}

export interface SignatureProblem {
  code:
    | 'signature-missing'
    | 'invalid-invoice-hash'
    | 'signed-properties-hashing'
    | 'certificate-hashing'
    | 'invalid-signature'
    | 'qr-code-invalid';
  message: string;
}

/**
 * Checks a signed document as ZATCA does: its hash against the signed reference, the signed
 * properties' digest, the certificate's digest, the ECDSA signature with the certificate's key,
 * and the QR's hash, signature and key against the document.
 */
export function verifySignedInvoice(xml: string): SignatureCheck {
  const invoiceHash = invoiceHashOf(xml);
  const root = parseXml(xml).documentElement!;
  const problems: SignatureProblem[] = [];
  const signatureElement = descendants(root, Ns.ds, 'Signature')[0];
  const certificateText = textOf(descendants(root, Ns.ds, 'X509Certificate')[0]);
  const signatureValue = textOf(descendants(root, Ns.ds, 'SignatureValue')[0]);
  if (!signatureElement || !certificateText || !signatureValue) {
    return {
      invoiceHash,
      certificate: null,
      problems: [{ code: 'signature-missing', message: 'The document is not signed.' }],
    };
  }
  let certificate: StampCertificate;
  try {
    certificate = readStampCertificate(certificateText);
  } catch {
    return {
      invoiceHash,
      certificate: null,
      problems: [{ code: 'certificate-hashing', message: 'ds:X509Certificate is not a certificate.' }],
    };
  }
  const references = descendants(signatureElement, Ns.ds, 'Reference');
  const digestOf = (reference: Element | undefined) => textOf(reference && child(reference, Ns.ds, 'DigestValue'));
  const documentReference = references.find((reference) => reference.getAttribute('Id') === 'invoiceSignedData');
  if (digestOf(documentReference) !== invoiceHash) {
    problems.push({
      code: 'invalid-invoice-hash',
      message: `The invoice hash is ${invoiceHash}; the signature signed another.`,
    });
  }
  const propertiesReference = references.find(
    (reference) => reference.getAttribute('URI') === '#xadesSignedProperties',
  );
  const signedProperties = descendants(signatureElement, Ns.xades, 'SignedProperties')[0];
  if (!signedProperties || digestOf(propertiesReference) !== signedPropertiesDigest(signedProperties)) {
    problems.push({ code: 'signed-properties-hashing', message: 'The signed properties do not match their digest.' });
  }
  const certDigest = textOf(
    descendants(signatureElement, Ns.xades, 'CertDigest').map((el) => child(el, Ns.ds, 'DigestValue'))[0],
  );
  if (certDigest !== certificate.digest) {
    problems.push({ code: 'certificate-hashing', message: 'The signing certificate does not match its digest.' });
  }
  const signatureValid = createVerify('sha256')
    .update(Buffer.from(invoiceHash, 'base64'))
    .verify(certificate.publicKey, Buffer.from(signatureValue, 'base64'));
  if (!signatureValid) {
    problems.push({ code: 'invalid-signature', message: "The signature does not verify with the certificate's key." });
  }
  problems.push(...qrProblems(root, invoiceHash, signatureValue, certificate));
  return { invoiceHash, certificate, problems };
}

function qrProblems(
  root: Element,
  invoiceHash: string,
  signature: string,
  certificate: StampCertificate,
): SignatureProblem[] {
  const qrText = textOf(qrElement(root));
  if (!qrText) return [{ code: 'qr-code-invalid', message: 'The document has no QR code.' }];
  let tags: Map<number, Buffer>;
  try {
    tags = decodeQrTags(qrText);
  } catch (error) {
    return [{ code: 'qr-code-invalid', message: `The QR code is not TLV: ${(error as Error).message}` }];
  }
  const facts = documentFacts(root);
  const expected: Array<[number, string | Buffer]> = [
    [1, facts.qr.sellerName],
    [2, facts.qr.vatNumber],
    [3, facts.qr.timestamp],
    [4, facts.qr.total],
    [5, facts.qr.vatTotal],
    [6, invoiceHash],
    [7, signature],
    [8, certificate.publicKeyDer],
  ];
  if (facts.simplified) expected.push([9, certificate.caSignature]);
  return expected
    .filter(([tag, value]) => !tags.get(tag)?.equals(typeof value === 'string' ? Buffer.from(value, 'utf8') : value))
    .map(([tag]) => ({ code: 'qr-code-invalid' as const, message: `QR tag ${tag} does not match the document.` }));
}

function qrElement(root: Element): Element | undefined {
  const reference = Array.from(root.childNodes).find(
    (node): node is Element =>
      node.nodeType === 1 &&
      (node as Element).localName === 'AdditionalDocumentReference' &&
      textOf(child(node as Element, Ns.cbc, 'ID')) === 'QR',
  );
  return reference && path(reference, [Ns.cac, 'Attachment'], [Ns.cbc, 'EmbeddedDocumentBinaryObject']);
}

/** The facts of a document its QR repeats, and whether it is a simplified one (name 02…). */
function documentFacts(root: Element) {
  const text = (...steps: Array<[string, string]>) => textOf(path(root, ...steps))?.trim() ?? '';
  const sellerParty: Array<[string, string]> = [
    [Ns.cac, 'AccountingSupplierParty'],
    [Ns.cac, 'Party'],
  ];
  const sarTaxTotal = Array.from(root.childNodes).find(
    (node): node is Element =>
      node.nodeType === 1 &&
      (node as Element).localName === 'TaxTotal' &&
      !child(node as Element, Ns.cac, 'TaxSubtotal'),
  );
  return {
    simplified: (child(root, Ns.cbc, 'InvoiceTypeCode')?.getAttribute('name') ?? '').startsWith('02'),
    qr: {
      sellerName: text(...sellerParty, [Ns.cac, 'PartyLegalEntity'], [Ns.cbc, 'RegistrationName']),
      vatNumber: text(...sellerParty, [Ns.cac, 'PartyTaxScheme'], [Ns.cbc, 'CompanyID']),
      timestamp: qrTimestamp(text([Ns.cbc, 'IssueDate']), text([Ns.cbc, 'IssueTime'])),
      total: text([Ns.cac, 'LegalMonetaryTotal'], [Ns.cbc, 'TaxInclusiveAmount']),
      vatTotal: textOf(sarTaxTotal && child(sarTaxTotal, Ns.cbc, 'TaxAmount'))?.trim() ?? '',
    },
  };
}

/** QR tag 3: the issue date and time with a Z, as ZATCA's samples write it (IssueTime carries no zone). */
function qrTimestamp(date: string, time: string): string {
  return /(Z|[+-]\d\d:\d\d)$/.test(time) ? `${date}T${time}` : `${date}T${time}Z`;
}

function endOfPihReference(xml: string): number {
  const pih = xml.search(/<cbc:ID>PIH<\/cbc:ID>/);
  if (pih < 0) return -1;
  const close = '</cac:AdditionalDocumentReference>';
  const end = xml.indexOf(close, pih);
  return end < 0 ? -1 : end + close.length;
}

function qrReference(qr: string): string {
  return `<cac:AdditionalDocumentReference><cbc:ID>QR</cbc:ID><cac:Attachment><cbc:EmbeddedDocumentBinaryObject mimeCode="text/plain">${qr}</cbc:EmbeddedDocumentBinaryObject></cac:Attachment></cac:AdditionalDocumentReference>`;
}

function signatureReference(): string {
  return '<cac:Signature><cbc:ID>urn:oasis:names:specification:ubl:signature:Invoice</cbc:ID><cbc:SignatureMethod>urn:oasis:names:specification:ubl:dsig:enveloped:xades</cbc:SignatureMethod></cac:Signature>';
}

function signatureExtension(
  invoiceHash: string,
  signature: string,
  certificate: StampCertificate,
  signingTime: Date,
): string {
  const time = signingTime.toISOString().replace(/\.\d{3}Z$/, 'Z');
  const xpath = (expression: string) =>
    `<ds:Transform Algorithm="http://www.w3.org/TR/1999/REC-xpath-19991116"><ds:XPath>${escapeXml(expression)}</ds:XPath></ds:Transform>`;
  return [
    '<ext:UBLExtensions><ext:UBLExtension>',
    '<ext:ExtensionURI>urn:oasis:names:specification:ubl:dsig:enveloped:xades</ext:ExtensionURI>',
    `<ext:ExtensionContent><sig:UBLDocumentSignatures xmlns:sig="${Ns.sig}" xmlns:sac="${Ns.sac}" xmlns:sbc="${Ns.sbc}">`,
    '<sac:SignatureInformation><cbc:ID>urn:oasis:names:specification:ubl:signature:1</cbc:ID>',
    '<sbc:ReferencedSignatureID>urn:oasis:names:specification:ubl:signature:Invoice</sbc:ReferencedSignatureID>',
    `<ds:Signature xmlns:ds="${Ns.ds}" Id="signature"><ds:SignedInfo>`,
    '<ds:CanonicalizationMethod Algorithm="http://www.w3.org/2006/12/xml-c14n11"/>',
    '<ds:SignatureMethod Algorithm="http://www.w3.org/2001/04/xmldsig-more#ecdsa-sha256"/>',
    '<ds:Reference Id="invoiceSignedData" URI=""><ds:Transforms>',
    xpath('not(//ancestor-or-self::ext:UBLExtensions)'),
    xpath('not(//ancestor-or-self::cac:Signature)'),
    xpath("not(//ancestor-or-self::cac:AdditionalDocumentReference[cbc:ID='QR'])"),
    '<ds:Transform Algorithm="http://www.w3.org/2006/12/xml-c14n11"/></ds:Transforms>',
    '<ds:DigestMethod Algorithm="http://www.w3.org/2001/04/xmlenc#sha256"/>',
    `<ds:DigestValue>${invoiceHash}</ds:DigestValue></ds:Reference>`,
    '<ds:Reference Type="http://www.w3.org/2000/09/xmldsig#SignatureProperties" URI="#xadesSignedProperties">',
    '<ds:DigestMethod Algorithm="http://www.w3.org/2001/04/xmlenc#sha256"/>',
    `<ds:DigestValue>${SP_DIGEST_PLACEHOLDER}</ds:DigestValue></ds:Reference></ds:SignedInfo>`,
    `<ds:SignatureValue>${signature}</ds:SignatureValue>`,
    `<ds:KeyInfo><ds:X509Data><ds:X509Certificate>${certificate.base64}</ds:X509Certificate></ds:X509Data></ds:KeyInfo>`,
    `<ds:Object><xades:QualifyingProperties xmlns:xades="${Ns.xades}" Target="signature">`,
    '<xades:SignedProperties Id="xadesSignedProperties"><xades:SignedSignatureProperties>',
    `<xades:SigningTime>${time}</xades:SigningTime>`,
    '<xades:SigningCertificate><xades:Cert><xades:CertDigest>',
    '<ds:DigestMethod Algorithm="http://www.w3.org/2001/04/xmlenc#sha256"/>',
    `<ds:DigestValue>${certificate.digest}</ds:DigestValue></xades:CertDigest>`,
    `<xades:IssuerSerial><ds:X509IssuerName>${escapeXml(certificate.issuerName)}</ds:X509IssuerName>`,
    `<ds:X509SerialNumber>${certificate.serialNumber}</ds:X509SerialNumber></xades:IssuerSerial>`,
    '</xades:Cert></xades:SigningCertificate></xades:SignedSignatureProperties></xades:SignedProperties>',
    '</xades:QualifyingProperties></ds:Object></ds:Signature></sac:SignatureInformation>',
    '</sig:UBLDocumentSignatures></ext:ExtensionContent></ext:UBLExtension></ext:UBLExtensions>',
  ].join('');
}
