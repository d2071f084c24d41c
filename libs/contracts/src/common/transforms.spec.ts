import { describe, expect, it } from 'vitest';
import { plainToInstance } from 'class-transformer';
import { AsciiDigits, toAsciiDigits } from './transforms.js';

describe('toAsciiDigits', () => {
  it('turns Arabic-Indic and Persian digits into ASCII and leaves the rest', () => {
    expect(toAsciiDigits('٠١٢٣٤٥٦٧٨٩ ۰۱۲۳۴۵۶۷۸۹ abc-12')).toBe('0123456789 0123456789 abc-12');
  });
});

describe('AsciiDigits', () => {
  class Form {
    @AsciiDigits() vatNumber: unknown;
  }

  it('converts a string field before validation and leaves other values alone', () => {
    expect(plainToInstance(Form, { vatNumber: '٣٠٠٠٠٠٠٠٠٠٠٠٠٠٣' }).vatNumber).toBe('300000000000003');
    expect(plainToInstance(Form, { vatNumber: 42 }).vatNumber).toBe(42);
  });
});
