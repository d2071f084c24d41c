/**
 * The phase-2 QR payload: TLV (one byte tag, one byte length, the value's bytes), base64.
 * Tags 1–5 are the phase-1 fields as UTF-8 text; 6 the invoice hash and 7 the signature as
 * their base64 text; 8 the public key's DER; 9 the CA's signature of the stamp certificate
 * (simplified documents only). Values longer than 255 bytes cannot be encoded and are refused.
 */
export interface ZatcaQrTags {
  sellerName: string;
  vatNumber: string;
  /** Issue date and time as written on the document, e.g. 2022-08-17T17:41:08Z. */
  timestamp: string;
  total: string;
  vatTotal: string;
  invoiceHash: string;
  signature: string;
  publicKey: Buffer;
  caSignature?: Buffer;
}

export class ZatcaQrTagError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ZatcaQrTagError';
  }
}

export function encodeQrTags(tags: ZatcaQrTags): string {
  const values: Buffer[] = [
    tags.sellerName,
    tags.vatNumber,
    tags.timestamp,
    tags.total,
    tags.vatTotal,
    tags.invoiceHash,
    tags.signature,
  ].map((text) => Buffer.from(text, 'utf8'));
  values.push(tags.publicKey);
  if (tags.caSignature) values.push(tags.caSignature);
  return encodeTlv(values);
}

/** Values as tags 1, 2, 3…, each a one-byte tag, a one-byte length and the bytes; base64 (phase 1 and 2). */
export function encodeTlv(values: Buffer[]): string {
  return Buffer.concat(
    values.flatMap((value, index) => {
      if (value.length === 0) throw new ZatcaQrTagError(`QR tag ${index + 1} is empty`);
      if (value.length > 255) throw new ZatcaQrTagError(`QR tag ${index + 1} is ${value.length} bytes; at most 255`);
      return [Buffer.from([index + 1, value.length]), value];
    }),
  ).toString('base64');
}

/** The payload's values by tag number; refuses a payload that is not a clean run of TLVs, or repeats a tag. */
export function decodeQrTags(payload: string): Map<number, Buffer> {
  const bytes = Buffer.from(payload, 'base64');
  const tags = new Map<number, Buffer>();
  let offset = 0;
  while (offset < bytes.length) {
    if (offset + 2 > bytes.length) throw new ZatcaQrTagError(`truncated TLV header at byte ${offset}`);
    const tag = bytes[offset]!;
    const end = offset + 2 + bytes[offset + 1]!;
    if (end > bytes.length) throw new ZatcaQrTagError(`tag ${tag} runs past the end of the payload`);
    if (tags.has(tag)) throw new ZatcaQrTagError(`tag ${tag} appears twice`);
    tags.set(tag, bytes.subarray(offset + 2, end));
    offset = end;
  }
  return tags;
}

/** The seller's registered name and VAT number as a ZATCA document's QR carries them (tags 1 and 2). */
export function sellerOfQr(payload: string): { nameAr: string; vatNumber: string } {
  const tags = decodeQrTags(payload);
  return { nameAr: tags.get(1)?.toString('utf8') ?? '', vatNumber: tags.get(2)?.toString('utf8') ?? '' };
}
