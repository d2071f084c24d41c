import { describe, expect, it } from 'vitest';
import { agingReport, makeAgingRow } from '../../../test/aging-fixtures';
import {
  agingSummary,
  agingTotals,
  clientPath,
  filterByClientName,
  flagOf,
  overdueCents,
  searchableName,
  topOverdueClients,
} from './aging';

describe('agingTotals', () => {
  it('sums every column exactly in cents', () => {
    expect(agingTotals(agingReport)).toEqual({
      current: '5000.40',
      d1_30: '1200.70',
      d31_60: '3000.00',
      d61_90: '800.00',
      d90_plus: '2500.00',
      total: '12501.10',
    });
  });

  it('adds 0.10 and 0.20 to exactly 0.30, where floats give 0.30000000000000004', () => {
    const rows = [
      makeAgingRow({ clientId: 'a', current: '0.10', total: '0.10' }),
      makeAgingRow({ clientId: 'b', current: '0.20', total: '0.20' }),
    ];
    expect(agingTotals(rows).current).toBe('0.30');
    expect(agingTotals(rows).total).toBe('0.30');
  });

  it('keeps the cents of amounts past what a float holds exactly', () => {
    const rows = [
      makeAgingRow({ clientId: 'a', d90_plus: '9999999999.99', current: '0.00', total: '9999999999.99' }),
      makeAgingRow({ clientId: 'b', d90_plus: '9999999999.99', current: '0.00', total: '9999999999.99' }),
      makeAgingRow({ clientId: 'c', d90_plus: '0.03', current: '0.00', total: '0.03' }),
    ];
    expect(agingTotals(rows).d90_plus).toBe('20000000000.01');
  });

  it('is all zeros for no rows', () => {
    expect(agingTotals([]).total).toBe('0.00');
  });
});

describe('agingSummary', () => {
  it('gives the total, the overdue part (all but current), over 90 days and the clients overdue', () => {
    expect(agingSummary(agingReport)).toEqual({
      total: '12501.10',
      overdue: '7500.70',
      over90: '2500.00',
      overdueClients: 2,
      clients: 3,
    });
  });
});

describe('overdueCents', () => {
  it('adds the four overdue buckets and leaves current out', () => {
    expect(overdueCents(agingReport[0])).toBe(450050n);
    expect(overdueCents(agingReport[2])).toBe(0n);
  });
});

describe('topOverdueClients', () => {
  it('orders by the overdue amount, not by the total, and leaves out clients with nothing overdue', () => {
    const rows = [
      makeAgingRow({
        clientId: 'big',
        clientName: 'Big Current',
        current: '20000.00',
        d1_30: '100.00',
        total: '20100.00',
      }),
      ...agingReport,
    ];
    expect(topOverdueClients(rows, 5)).toEqual([
      { clientId: 'c-1', clientName: 'Al Noor Trading', overdue: '4500.50' },
      { clientId: 'c-2', clientName: 'Gulf Fresh Foods', overdue: '3000.20' },
      { clientId: 'big', clientName: 'Big Current', overdue: '100.00' },
    ]);
  });

  it('keeps at most the limit, equal amounts by name', () => {
    const rows = ['F', 'E', 'D', 'C', 'B', 'A'].map((name) =>
      makeAgingRow({ clientId: name, clientName: name, current: '0.00', d31_60: '10.00', total: '10.00' }),
    );
    expect(topOverdueClients(rows, 5).map((client) => client.clientName)).toEqual(['A', 'B', 'C', 'D', 'E']);
  });
});

describe('filterByClientName', () => {
  it('finds a name by part of it, whatever the case', () => {
    expect(filterByClientName(agingReport, '  NOOR ').map((row) => row.clientId)).toEqual(['c-1']);
  });

  it('finds an Arabic name written without hamza or with haa for taa marbuta', () => {
    expect(filterByClientName(agingReport, 'مؤسسه الامل').map((row) => row.clientId)).toEqual(['c-3']);
  });

  it('keeps every row for an empty search', () => {
    expect(filterByClientName(agingReport, '   ')).toHaveLength(3);
  });
});

describe('searchableName', () => {
  it('drops Arabic short vowels and tatweel', () => {
    expect(searchableName('مُؤَسَّســة')).toBe(searchableName('مؤسسة'));
  });
});

describe('flagOf', () => {
  it('flags 61–90 days as a warning and over 90 days as an error, nothing earlier', () => {
    expect([flagOf('current'), flagOf('d1_30'), flagOf('d31_60'), flagOf('d61_90'), flagOf('d90_plus')]).toEqual([
      undefined,
      undefined,
      undefined,
      'warning',
      'error',
    ]);
  });
});

describe('clientPath', () => {
  it('links to the client page with its id escaped', () => {
    expect(clientPath('c 1/x')).toBe('/clients/c%201%2Fx');
  });
});
