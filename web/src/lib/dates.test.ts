import { describe, expect, it } from 'vitest';
import { hijriDateOf, isIsoDate, parseTypedDate, typedDateOf } from './dates';

describe('dates as the Gulf types them', () => {
  it('reads day first, with any separator and Arabic or Persian digits, and YYYY-MM-DD', () => {
    expect(parseTypedDate('31/12/2027')).toBe('2027-12-31');
    expect(parseTypedDate('1-2-2027')).toBe('2027-02-01');
    expect(parseTypedDate(' 05.06.2026 ')).toBe('2026-06-05');
    expect(parseTypedDate('٣١/١٢/٢٠٢٧')).toBe('2027-12-31');
    expect(parseTypedDate('۱۵/۰۳/۲۰۲۶')).toBe('2026-03-15');
    expect(parseTypedDate('2026-03-01')).toBe('2026-03-01');
    expect(parseTypedDate('')).toBe('');
  });

  it('refuses what is no day of the calendar', () => {
    expect(parseTypedDate('31/02/2027')).toBeNull();
    expect(parseTypedDate('29/02/2027')).toBeNull();
    expect(parseTypedDate('29/02/2028')).toBe('2028-02-29');
    expect(parseTypedDate('12/31/2027')).toBeNull();
    expect(parseTypedDate('31/12/27')).toBeNull();
    expect(parseTypedDate('tomorrow')).toBeNull();
    expect(isIsoDate('2027-13-01')).toBe(false);
  });

  it('shows a day as dd/mm/yyyy, and the Hijri day in Arabic only', () => {
    expect(typedDateOf('2027-02-01')).toBe('01/02/2027');
    expect(typedDateOf('31/02')).toBe('31/02');
    expect(hijriDateOf('2026-11-28', 'ar')).toBe('١٨ جمادى الآخرة ١٤٤٨ هـ');
    expect(hijriDateOf('2026-11-28', 'en')).toBeNull();
    expect(hijriDateOf('', 'ar')).toBeNull();
  });
});
