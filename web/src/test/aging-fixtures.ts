import type { AgingRowDto } from '@erp/contracts';

/** A client owing 1,150.00 SAR, not yet due; override what a test needs (keep `total` the buckets' sum). */
export function makeAgingRow(overrides: Partial<AgingRowDto> = {}): AgingRowDto {
  return {
    clientId: 'c-1',
    clientName: 'Al Noor Trading',
    current: '1150.00',
    d1_30: '0.00',
    d31_60: '0.00',
    d61_90: '0.00',
    d90_plus: '0.00',
    total: '1150.00',
    ...overrides,
  };
}

/**
 * Three clients, largest total first as the server sends them. Together: current 5,000.40,
 * 1–30 days 1,200.70, 31–60 days 3,000.00, 61–90 days 800.00, over 90 days 2,500.00, total
 * 12,501.10; overdue 7,500.70 (two clients), over 90 days 2,500.00.
 */
export const agingReport: AgingRowDto[] = [
  makeAgingRow({
    clientId: 'c-1',
    clientName: 'Al Noor Trading',
    current: '5000.00',
    d1_30: '1200.50',
    d31_60: '0.00',
    d61_90: '800.00',
    d90_plus: '2500.00',
    total: '9500.50',
  }),
  makeAgingRow({
    clientId: 'c-2',
    clientName: 'Gulf Fresh Foods',
    current: '0.10',
    d1_30: '0.20',
    d31_60: '3000.00',
    d61_90: '0.00',
    d90_plus: '0.00',
    total: '3000.30',
  }),
  makeAgingRow({
    clientId: 'c-3',
    clientName: 'مؤسسة الأمل للتجارة',
    current: '0.30',
    total: '0.30',
  }),
];
