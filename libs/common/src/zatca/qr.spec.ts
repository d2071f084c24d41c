import { describe, expect, it } from 'vitest';
import { decodeQrTags, encodeTlv, ZatcaQrTagError } from './qr.js';

describe('QR TLV', () => {
  it('reads back what it wrote, tag by tag, Arabic text as UTF-8 bytes', () => {
    const payload = encodeTlv([Buffer.from('شركة النور'), Buffer.from('310122393500003'), Buffer.from([1, 2, 3])]);
    const tags = decodeQrTags(payload);
    expect([...tags.keys()]).toEqual([1, 2, 3]);
    expect(tags.get(1)!.toString('utf8')).toBe('شركة النور');
    expect(tags.get(3)).toEqual(Buffer.from([1, 2, 3]));
  });

  it('refuses an empty value, one over 255 bytes, a repeated tag and a truncated payload', () => {
    expect(() => encodeTlv([Buffer.alloc(0)])).toThrow(ZatcaQrTagError);
    expect(() => encodeTlv([Buffer.alloc(256, 1)])).toThrow('QR tag 1 is 256 bytes; at most 255');
    const repeated = Buffer.from([1, 1, 65, 1, 1, 66]).toString('base64');
    expect(() => decodeQrTags(repeated)).toThrow('tag 1 appears twice');
    expect(() => decodeQrTags(Buffer.from([1, 5, 65]).toString('base64'))).toThrow('tag 1 runs past the end');
  });
});
