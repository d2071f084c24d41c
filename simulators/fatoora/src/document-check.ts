import { Ns, child, invoiceHashOf, parseXml, path, textOf, verifySignedInvoice } from '@erp/common';
import { isIssuedBy, type CertificateAuthority } from './certificate-authority.js';
import { allowedKinds } from './egs-csr.js';
import { checkBusinessRules } from './invoice-rules.js';
import type { CsidRecord } from './state-store.js';
import { error, xmlValid, type ValidationMessage } from './validation-messages.js';

/** The body of ZATCA's invoice APIs. */
export interface SubmissionBody {
  invoiceHash: string;
  uuid: string;
  /** The document's XML, base64. */
  invoice: string;
}

/** What the checks of one document found; `document` is absent when it is not a readable UBL invoice. */
export interface DocumentCheck {
  messages: ValidationMessage[];
  document?: {
    xml: string;
    uuid: string;
    invoiceHash: string;
    kind: 'standard' | 'simplified' | 'unknown';
    /** Name 01/02 and code, e.g. "standard-388": the kinds the compliance checks count. */
    kindCode: string;
    /** The ICV when it is a number, the PIH as written. */
    icv?: number;
    pih: string;
    issuedAt?: Date;
  };
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The body's fields, or the ERROR naming what is wrong with it. */
export function readSubmissionBody(body: unknown): SubmissionBody | ValidationMessage {
  const record = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const missing = ['invoiceHash', 'uuid', 'invoice'].filter(
    (name) => typeof record[name] !== 'string' || (record[name] as string).trim() === '',
  );
  if (missing.length > 0) {
    return error('invalid-request', 'REQUEST', `The body must carry ${missing.join(', ')} (strings).`);
  }
  if (!uuidPattern.test(record.uuid as string)) {
    return error('invalid-request', 'REQUEST', 'uuid must be a UUID (8-4-4-4-12 hexadecimal digits).');
  }
  return record as unknown as SubmissionBody;
}

/**
 * The checks every submitted document goes through (compliance and production alike): base64
 * XML of a UBL Invoice, the body's hash and uuid against the document, the signature, QR and
 * certificate digest (verifySignedInvoice), the signing certificate being the authenticating
 * CSID's own, issued by this CA, the document's kind allowed by that CSID, and the business
 * rules. The chain (ICV, PIH) is the caller's.
 */
export function checkDocument(
  body: SubmissionBody,
  csid: CsidRecord,
  ca: CertificateAuthority,
  now: Date,
): DocumentCheck {
  const xml = decodeXml(body.invoice);
  let root: Element;
  try {
    if (xml === undefined) throw new Error('not base64 of XML');
    root = parseXml(xml).documentElement!;
  } catch {
    return {
      messages: [error('xml-invalid', 'XSD validation', 'invoice is not base64 of a well-formed XML document.')],
    };
  }
  if (root.namespaceURI !== Ns.invoice || root.localName !== 'Invoice') {
    return {
      messages: [
        error('xml-invalid', 'XSD validation', `The document is not a UBL 2.1 Invoice (its root is ${root.tagName}).`),
      ],
    };
  }
  const messages: ValidationMessage[] = [xmlValid];
  const invoiceHash = invoiceHashOf(xml!);
  if (body.invoiceHash !== invoiceHash) {
    messages.push(
      error(
        'invalid-invoice-hash',
        'INVOICE_HASHING_ERRORS',
        `The invoice hash in the body does not match the hash of the XML (${invoiceHash}).`,
      ),
    );
  }
  const uuid = textOf(child(root, Ns.cbc, 'UUID'))?.trim() ?? '';
  if (uuid === '') messages.push(error('BR-KSA-03', 'KSA', 'The document has no UUID.'));
  else if (uuid !== body.uuid) {
    messages.push(error('uuid-mismatch', 'REQUEST', `The uuid in the body is not the document's UUID (${uuid}).`));
  }

  let signature: ReturnType<typeof verifySignedInvoice>;
  try {
    signature = verifySignedInvoice(xml!);
  } catch (caught) {
    const message = `The signature cannot be read: ${(caught as Error).message}`;
    signature = { invoiceHash, certificate: null, problems: [{ code: 'invalid-signature', message }] };
  }
  for (const problem of signature.problems) {
    if (messages.some((message) => message.code === problem.code)) continue;
    messages.push(error(problem.code, categoryOf(problem.code), problem.message));
  }
  if (signature.certificate) {
    if (signature.certificate.base64 !== csid.certificate) {
      const ours = isIssuedBy(ca, signature.certificate.base64);
      messages.push(
        error(
          'certificate-mismatch',
          'CERTIFICATE_ERRORS',
          ours
            ? "The document is signed with another certificate than the authenticating CSID's."
            : 'The document is signed with a certificate this gateway did not issue, not with the authenticating CSID.',
        ),
      );
    } else if (!isIssuedBy(ca, signature.certificate.base64)) {
      messages.push(
        error('certificate-untrusted', 'CERTIFICATE_ERRORS', 'The certificate does not verify under the CA.'),
      );
    }
  }

  const typeName = child(root, Ns.cbc, 'InvoiceTypeCode')?.getAttribute('name') ?? '';
  const kind = typeName.startsWith('01') ? 'standard' : typeName.startsWith('02') ? 'simplified' : 'unknown';
  if (kind !== 'unknown' && !allowedKinds(csid.invoiceTypes).includes(kind)) {
    messages.push(
      error(
        'invoice-type',
        'KSA',
        `This EGS unit's certificate (${csid.invoiceTypes}) does not allow ${kind} documents.`,
      ),
    );
  }
  messages.push(...checkBusinessRules(root, now));

  const reference = (id: string) =>
    Array.from(root.childNodes).find(
      (node): node is Element =>
        node.nodeType === 1 &&
        (node as Element).localName === 'AdditionalDocumentReference' &&
        textOf(child(node as Element, Ns.cbc, 'ID'))?.trim() === id,
    );
  const icvText = textOf(child(reference('ICV') ?? root, Ns.cbc, 'UUID'))?.trim() ?? '';
  const icv = /^\d{1,15}$/.test(icvText) ? Number(icvText) : undefined;
  if (icv === undefined) messages.push(error('BR-KSA-33', 'KSA', `The ICV must be a number; it is "${icvText}".`));
  const pihElement = reference('PIH');
  const pih =
    (pihElement &&
      textOf(path(pihElement, [Ns.cac, 'Attachment'], [Ns.cbc, 'EmbeddedDocumentBinaryObject']))?.trim()) ??
    '';
  if (pih === '') messages.push(error('BR-KSA-26', 'KSA', 'The document has no previous invoice hash (PIH).'));

  const typeCode = textOf(child(root, Ns.cbc, 'InvoiceTypeCode'))?.trim() ?? '';
  return {
    messages,
    document: {
      xml: xml!,
      uuid,
      invoiceHash,
      kind,
      kindCode: `${kind}-${typeCode}`,
      icv,
      pih,
      issuedAt: issuedAt(
        textOf(child(root, Ns.cbc, 'IssueDate'))?.trim(),
        textOf(child(root, Ns.cbc, 'IssueTime'))?.trim(),
      ),
    },
  };
}

function decodeXml(base64: string): string | undefined {
  const compact = base64.replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(compact)) return undefined;
  const text = Buffer.from(compact, 'base64')
    .toString('utf8')
    .replace(/^\uFEFF/, '');
  return text.trimStart().startsWith('<') ? text : undefined;
}

function categoryOf(code: string): string {
  if (code === 'invalid-invoice-hash') return 'INVOICE_HASHING_ERRORS';
  if (code === 'qr-code-invalid') return 'QRCODE_ERRORS';
  if (code === 'certificate-hashing') return 'CERTIFICATE_ERRORS';
  return 'SIGNATURE_ERRORS';
}

/** Issue date and time, read in Saudi time (UTC+3) unless the time carries its zone. */
function issuedAt(date: string | undefined, time: string | undefined): Date | undefined {
  if (!date || !time) return undefined;
  const zoned = /(Z|[+-]\d\d:\d\d)$/.test(time) ? `${date}T${time}` : `${date}T${time}+03:00`;
  const parsed = new Date(zoned);
  return Number.isNaN(parsed.getTime()) ? undefined : parsed;
}
