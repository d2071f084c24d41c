import { describe, expect, it } from 'vitest';
import { labelledIndexes, niceTicks } from './chart-scale';

describe('niceTicks', () => {
  it('steps by 1, 2 or 5 times a power of ten up to the first tick at or above the largest value', () => {
    expect(niceTicks(12004.5)).toEqual([0, 5000, 10000, 15000]);
    expect(niceTicks(100)).toEqual([0, 50, 100]);
    expect(niceTicks(7)).toEqual([0, 2, 4, 6, 8]);
    expect(niceTicks(0)).toEqual([0, 1]);
  });
});

describe('labelledIndexes', () => {
  it('labels every bar when there is room and spaces them out when not', () => {
    expect(labelledIndexes(5, 600)).toEqual([0, 1, 2, 3, 4]);
    expect(labelledIndexes(30, 300)).toEqual([0, 8, 16, 24]);
  });
});
