import { describe, expect, it } from 'vitest';
import { bestPoint, buildSalesSeries } from './sales-series';

describe('buildSalesSeries', () => {
  it('gives every day of the period a bar, zero on days without orders', () => {
    const series = buildSalesSeries(
      [
        { date: '2026-11-02', orders: 3, revenue: '300.10' },
        { date: '2026-11-05', orders: 1, revenue: '45.25' },
      ],
      '2026-11-01',
      '2026-11-05',
    );
    expect(series.granularity).toBe('day');
    expect(series.points.map(({ key, orders, revenue }) => [key, orders, revenue])).toEqual([
      ['2026-11-01', 0, '0.00'],
      ['2026-11-02', 3, '300.10'],
      ['2026-11-03', 0, '0.00'],
      ['2026-11-04', 0, '0.00'],
      ['2026-11-05', 1, '45.25'],
    ]);
  });

  it('sums long periods by month in cents', () => {
    const series = buildSalesSeries(
      [
        { date: '2026-01-10', orders: 1, revenue: '0.10' },
        { date: '2026-01-20', orders: 2, revenue: '0.20' },
        { date: '2026-04-01', orders: 1, revenue: '10.00' },
      ],
      '2026-01-01',
      '2026-04-30',
    );
    expect(series.granularity).toBe('month');
    expect(series.points.map(({ key, orders, revenue }) => [key, orders, revenue])).toEqual([
      ['2026-01', 3, '0.30'],
      ['2026-02', 0, '0.00'],
      ['2026-03', 0, '0.00'],
      ['2026-04', 1, '10.00'],
    ]);
  });

  it('sums periods over three years by year', () => {
    const series = buildSalesSeries([{ date: '2024-06-01', orders: 1, revenue: '5.00' }], '2021-03-01', '2026-11-22');
    expect(series.granularity).toBe('year');
    expect(series.points.map(({ key }) => key)).toEqual(['2021', '2022', '2023', '2024', '2025', '2026']);
  });

  it('falls back to the days with sales when the answer has no bounds, and draws nothing without any', () => {
    const series = buildSalesSeries([{ date: '2026-11-03', orders: 1, revenue: '1.00' }], null, null);
    expect(series.points.map(({ key }) => key)).toEqual(['2026-11-03']);
    expect(buildSalesSeries([], null, null).points).toEqual([]);
  });

  it('finds the best bucket by revenue', () => {
    const { points } = buildSalesSeries(
      [
        { date: '2026-11-01', orders: 1, revenue: '999.99' },
        { date: '2026-11-02', orders: 1, revenue: '1000.00' },
      ],
      '2026-11-01',
      '2026-11-03',
    );
    expect(bestPoint(points)?.key).toBe('2026-11-02');
    expect(bestPoint([])).toBeNull();
  });
});
