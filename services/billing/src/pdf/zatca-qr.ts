import { decodeQrTags, encodeTlv } from '@erp/common';

/**
 * ZATCA phase-1 QR payload (simplified tax invoices): five TLV fields, base64.
 * Each field is one byte tag, one byte length (of the UTF-8 bytes, not characters: an Arabic
 * seller name takes two bytes a letter) and the value, so a value longer than 255 bytes cannot
 * be encoded and is refused.
 */
export interface ZatcaQrFields {
  /** Tag 1: the seller's name as registered for VAT. */
  sellerName: string;
  /** Tag 2: the seller's VAT registration number. */
  vatNumber: string;
  /** Tag 3: when the invoice was issued; written as UTC to the second, e.g. 2021-07-12T14:25:09Z. */
  timestamp: string;
  /** Tag 4: the invoice total with VAT, e.g. "100.00". */
  total: string;
  /** Tag 5: the VAT amount, e.g. "15.00". */
  vatAmount: string;
}

export type ZatcaQrInput = Omit<ZatcaQrFields, 'timestamp'> & { timestamp: string | Date };

const tags = ['sellerName', 'vatNumber', 'timestamp', 'total', 'vatAmount'] as const satisfies ReadonlyArray<
  keyof ZatcaQrFields
>;
const maxValueBytes = 255;

/** Thrown when a field cannot go into the QR payload; the message names the field. */
export class ZatcaQrError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ZatcaQrError';
  }
}

/** UTC to the second with a Z, as in ZATCA's example (no milliseconds). */
function zatcaTimestamp(value: string | Date): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) throw new ZatcaQrError(`timestamp is not a date: "${String(value)}"`);
  return date.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** The base64 TLV payload of a ZATCA phase-1 QR code (tags 1–5). */
export function zatcaQrPayload(input: ZatcaQrInput): string {
  const fields: ZatcaQrFields = { ...input, timestamp: zatcaTimestamp(input.timestamp) };
  const values = tags.map((name) => {
    const value = fields[name];
    if (typeof value !== 'string' || value.trim() === '') throw new ZatcaQrError(`${name} is required`);
    const bytes = Buffer.from(value, 'utf8');
    if (bytes.length > maxValueBytes) {
      throw new ZatcaQrError(`${name} is ${bytes.length} bytes in UTF-8; a ZATCA QR field holds at most 255`);
    }
    return bytes;
  });
  return encodeTlv(values);
}

/** Reads a payload back into its five fields; refuses anything that is not exactly tags 1–5 in order. */
export function decodeZatcaQr(payload: string): ZatcaQrFields {
  let decoded: Map<number, Buffer>;
  try {
    decoded = decodeQrTags(payload);
  } catch (error) {
    throw new ZatcaQrError(error instanceof Error ? error.message : String(error));
  }
  const order = [...decoded.keys()];
  if (order.join() !== tags.map((_, index) => index + 1).join()) {
    throw new ZatcaQrError(`expected tags 1–5 in order, got ${order.join(', ') || 'none'}`);
  }
  const [sellerName, vatNumber, timestamp, total, vatAmount] = [...decoded.values()].map((value) =>
    value.toString('utf8'),
  ) as [string, string, string, string, string];
  return { sellerName, vatNumber, timestamp, total, vatAmount };
}
