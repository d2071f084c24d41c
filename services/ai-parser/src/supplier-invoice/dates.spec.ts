import { describe, expect, it } from 'vitest';
import { asciiDigits, findDates } from './dates.js';

const isoDates = (text: string, monthYear = false) =>
  findDates(asciiDigits(text), monthYear).map((date) => (date.hijri ? 'hijri' : date.iso));

describe('findDates', () => {
  it('reads the date forms Gulf invoices print', () => {
    expect(isoDates('20/11/2026 2026-11-20 20.11.2026 20-Nov-2026 Nov 20, 2026 20 نوفمبر 2026')).toEqual([
      '2026-11-20',
      '2026-11-20',
      '2026-11-20',
      '2026-11-20',
      '2026-11-20',
      '2026-11-20',
    ]);
  });

  it('reads Arabic-Indic digits', () => {
    expect(isoDates('التاريخ: ٢٠/١١/٢٠٢٦')).toEqual(['2026-11-20']);
  });

  it('recognises Hijri dates and never reads them as Gregorian', () => {
    expect(isoDates('18/11/2026 م الموافق 27/05/1448 هـ')).toEqual(['2026-11-18', 'hijri']);
    expect(isoDates('١٤٤٨/٠٥/٢٩هـ الموافق ٢٠٢٦/١١/٢٠م')).toEqual(['hijri', '2026-11-20']);
  });

  it('reads a month-only expiry as the last day of the month, only when asked', () => {
    expect(isoDates('EXP 02/2028', true)).toEqual(['2028-02-29']);
    expect(isoDates('EXP 02/2028')).toEqual([]);
  });

  it('refuses dates that do not exist', () => {
    expect(isoDates('31/02/2026 00/10/2026')).toEqual([]);
  });
});
