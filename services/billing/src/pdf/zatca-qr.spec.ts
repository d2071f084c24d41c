import { describe, expect, it } from 'vitest';
import { decodeZatcaQr, ZatcaQrError, zatcaQrPayload } from './zatca-qr.js';

// ZATCA's published example (E-invoicing, QR code for simplified tax invoices, phase 1).
const zatcaExample = 'AQVTYWxsYQIKMTIzNDU2Nzg5MQMUMjAyMS0wNy0xMlQxNDoyNTowOVoEBjEwMC4wMAUFMTUuMDA=';

describe('zatcaQrPayload', () => {
  it("gives ZATCA's published example byte for byte", () => {
    const payload = zatcaQrPayload({
      sellerName: 'Salla',
      vatNumber: '1234567891',
      timestamp: '2021-07-12T14:25:09Z',
      total: '100.00',
      vatAmount: '15.00',
    });
    expect(payload).toBe(zatcaExample);
  });

  it('writes a Date or an ISO string with milliseconds as UTC to the second', () => {
    const fields = { sellerName: 'Salla', vatNumber: '1234567891', total: '100.00', vatAmount: '15.00' };
    expect(zatcaQrPayload({ ...fields, timestamp: new Date('2021-07-12T14:25:09.000Z') })).toBe(zatcaExample);
    expect(zatcaQrPayload({ ...fields, timestamp: '2021-07-12T17:25:09.000+03:00' })).toBe(zatcaExample);
  });

  it('counts the UTF-8 bytes of an Arabic seller name, not its characters', () => {
    const sellerName = 'شركة التوزيع الخليجية';
    const payload = zatcaQrPayload({
      sellerName,
      vatNumber: '300000000000003',
      timestamp: '2026-03-01T09:30:00Z',
      total: '1150.00',
      vatAmount: '150.00',
    });
    const bytes = Buffer.from(payload, 'base64');
    expect(bytes[0]).toBe(1);
    expect(bytes[1]).toBe(Buffer.byteLength(sellerName, 'utf8'));
    expect(bytes[1]).toBe(40); // 19 letters of 2 bytes and 2 spaces
    expect(bytes.subarray(2, 2 + 40).toString('utf8')).toBe(sellerName);
    expect(decodeZatcaQr(payload)).toEqual({
      sellerName,
      vatNumber: '300000000000003',
      timestamp: '2026-03-01T09:30:00Z',
      total: '1150.00',
      vatAmount: '150.00',
    });
  });

  it('refuses a value longer than 255 bytes, naming the field', () => {
    // 128 Arabic letters are 256 bytes: fine by characters, too long by bytes.
    const sellerName = 'ب'.repeat(128);
    const call = (): string =>
      zatcaQrPayload({
        sellerName,
        vatNumber: '1',
        timestamp: '2026-01-01T00:00:00Z',
        total: '1.00',
        vatAmount: '0.13',
      });
    expect(call).toThrow(ZatcaQrError);
    expect(call).toThrow('sellerName is 256 bytes in UTF-8; a ZATCA QR field holds at most 255');
    // 255 bytes exactly is the limit and passes.
    expect(() =>
      zatcaQrPayload({
        sellerName: 'x'.repeat(255),
        vatNumber: '1',
        timestamp: '2026-01-01T00:00:00Z',
        total: '1.00',
        vatAmount: '0.13',
      }),
    ).not.toThrow();
  });

  it('refuses an empty field and a timestamp that is not a date', () => {
    const fields = { sellerName: 'Salla', vatNumber: '1234567891', total: '100.00', vatAmount: '15.00' };
    expect(() => zatcaQrPayload({ ...fields, vatNumber: ' ', timestamp: '2021-07-12T14:25:09Z' })).toThrow(
      'vatNumber is required',
    );
    expect(() => zatcaQrPayload({ ...fields, timestamp: 'yesterday' })).toThrow('timestamp is not a date: "yesterday"');
  });
});

describe('decodeZatcaQr', () => {
  it("reads ZATCA's example into its five fields", () => {
    expect(decodeZatcaQr(zatcaExample)).toEqual({
      sellerName: 'Salla',
      vatNumber: '1234567891',
      timestamp: '2021-07-12T14:25:09Z',
      total: '100.00',
      vatAmount: '15.00',
    });
  });

  it('refuses a truncated payload, a repeated tag and missing tags', () => {
    const bytes = Buffer.from(zatcaExample, 'base64');
    expect(() => decodeZatcaQr(bytes.subarray(0, bytes.length - 2).toString('base64'))).toThrow(
      'tag 5 runs past the end',
    );
    const swapped = Buffer.from(bytes);
    swapped[0] = 2;
    expect(() => decodeZatcaQr(swapped.toString('base64'))).toThrow('tag 2 appears twice');
    expect(() => decodeZatcaQr(bytes.subarray(0, 7).toString('base64'))).toThrow('expected tags 1–5 in order, got 1');
  });
});
