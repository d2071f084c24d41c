import { LIST_MAX_LIMIT } from '@erp/contracts';
import { readSheet } from 'read-excel-file/node';
import { describe, expect, it } from 'vitest';
import { everyRow, exportLanguageOf, tableFile, type ExportColumn } from './table-export.js';

interface Row {
  name: string;
  phone: string | null;
  total: string;
  at: string;
}

const columns: Array<ExportColumn<Row>> = [
  { header: { en: 'Name', ar: 'الاسم' }, value: (row) => row.name },
  { header: { en: 'Phone', ar: 'رقم الجوال' }, value: (row) => row.phone },
  { header: { en: 'Total', ar: 'الإجمالي' }, kind: 'money', value: (row) => row.total },
  { header: { en: 'Added', ar: 'تاريخ الإضافة' }, kind: 'date', value: (row) => row.at },
];

const rows: Row[] = [
  { name: 'بقالة الريان، فرع "العليا"', phone: '+966 50 123 4567', total: '1150.00', at: '2026-11-27T21:30:00.000Z' },
  { name: '=HYPERLINK("http://evil.example")', phone: null, total: '0.50', at: '2026-01-01' },
  { name: '-cmd', phone: '-', total: '12345678.90', at: '2026-06-30T09:00:00.000Z' },
];

const riyadh = 'Asia/Riyadh';

describe('exported lists', () => {
  it('writes CSV in UTF-8 with a BOM, quotes what needs quoting and keeps formulas as text', async () => {
    const file = await tableFile({ format: 'csv', language: 'ar', timeZone: riyadh }, columns, rows);
    expect([...file.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = file.toString('utf8').slice(1).split('\r\n');
    expect(lines).toEqual([
      'الاسم,رقم الجوال,الإجمالي,تاريخ الإضافة',
      // Riyadh is UTC+3: 21:30 UTC on the 27th is 00:30 on the 28th there.
      '"بقالة الريان، فرع ""العليا""",+966 50 123 4567,1150.00,2026-11-28 00:30',
      `"'=HYPERLINK(""http://evil.example"")",,0.50,2026-01-01`,
      "'-cmd,-,12345678.90,2026-06-30 12:00",
      '',
    ]);
  });

  it('writes XLSX that reads back: headers, text, money as numbers, dates on the business calendar', async () => {
    const file = await tableFile({ format: 'xlsx', language: 'en', timeZone: riyadh }, columns, rows);
    const sheet = await readSheet(file);
    expect(sheet[0]).toEqual(['Name', 'Phone', 'Total', 'Added']);
    expect(sheet[1]!.slice(0, 3)).toEqual(['بقالة الريان، فرع "العليا"', '+966 50 123 4567', 1150]);
    // An Excel date is a fraction of a day: read back to the second.
    expect(Math.round((sheet[1]![3] as unknown as Date).getTime() / 1000)).toBe(
      Date.parse('2026-11-28T00:30:00Z') / 1000,
    );
    expect(sheet[2]![0]).toBe('=HYPERLINK("http://evil.example")');
    expect(sheet[3]![2]).toBe(12345678.9);
  });

  it('reads the language from Accept-Language', () => {
    expect(exportLanguageOf('ar-SA,ar;q=0.9,en;q=0.8')).toBe('ar');
    expect(exportLanguageOf('en-US,ar;q=0.5')).toBe('en');
    expect(exportLanguageOf(undefined)).toBe('en');
  });

  it('reads every page of a list, and refuses more than an export holds', async () => {
    const total = LIST_MAX_LIMIT * 2 + 7;
    const offsets: number[] = [];
    const all = await everyRow(async (limit, offset) => {
      offsets.push(offset);
      const items = Array.from({ length: Math.max(0, Math.min(limit, total - offset)) }, (_, index) => offset + index);
      return { items, total };
    });
    expect(all).toHaveLength(total);
    expect(offsets).toEqual([0, LIST_MAX_LIMIT, LIST_MAX_LIMIT * 2]);
    await expect(
      everyRow(async (limit) => ({ items: Array.from({ length: limit }, () => 1), total: null })),
    ).rejects.toThrow(/at most 100000 rows/);
  });
});
