import { describe, expect, it } from 'vitest';
import { invoiceFileName } from './download-invoice';

describe('invoiceFileName', () => {
  it('is invoice-<invoiceNumber>-<timestamp>.pdf', () => {
    expect(invoiceFileName('INV-2026-000042', 1732268461000)).toBe('invoice-INV-2026-000042-1732268461000.pdf');
  });

  it('keeps only safe characters of the number', () => {
    expect(invoiceFileName('SUP 2026/45', 1)).toBe('invoice-SUP_2026_45-1.pdf');
  });

  it('takes another extension for an uploaded photo', () => {
    expect(invoiceFileName('SUP-2026-000045', 7, 'jpg')).toBe('invoice-SUP-2026-000045-7.jpg');
  });
});
