import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n } from './i18n';
import { knownUnits, largestPackOf, useUnitFormat } from './units';

const milkPacks = [
  { unit: 'carton', factor: 12 },
  { unit: 'pallet', factor: 960 },
];

describe('largestPackOf', () => {
  it('takes the largest pack that fits at least once', () => {
    expect(largestPackOf(180, milkPacks)).toEqual({ unit: 'carton', count: 15 });
    expect(largestPackOf(1920, milkPacks)).toEqual({ unit: 'pallet', count: 2 });
    expect(largestPackOf(30, milkPacks)).toEqual({ unit: 'carton', count: 2.5 });
  });

  it('answers none below the smallest pack or without packs', () => {
    expect(largestPackOf(11, milkPacks)).toBeNull();
    expect(largestPackOf(180, [])).toBeNull();
  });
});

describe('useUnitFormat', () => {
  it('has a word and a short form for every unit in both languages', async () => {
    const { result } = renderHook(() => useUnitFormat());
    for (const language of ['en', 'ar']) {
      await act(() => i18n.changeLanguage(language));
      for (const unit of knownUnits) {
        expect(i18n.exists(`common:units.word.${unit}`), `${language} ${unit}`).toBe(true);
        expect(i18n.exists(`common:units.short.${unit}`), `${language} ${unit}`).toBe(true);
      }
    }
    expect(result.current.word('pack')).toBe('شد');
  });

  it('shows a base quantity with its largest pack, in English and in Arabic', async () => {
    const { result } = renderHook(() => useUnitFormat());
    expect(result.current.inPacks(180, 'piece', milkPacks)).toBe('180 pcs = 15 ctn');
    expect(result.current.inPacks(5, 'piece', milkPacks)).toBe('5 pcs');
    expect(result.current.inPacks(30, 'piece', milkPacks)).toBe('30 pcs = 2.5 ctn');
    expect(result.current.inPacks(14, 'piece', [{ unit: 'carton', factor: 6 }])).toBe('14 pcs ≈ 2.3 ctn');
    await act(() => i18n.changeLanguage('ar'));
    expect(result.current.inPacks(180, 'piece', milkPacks)).toBe('180 حبة = 15 كرتونًا');
  });

  it('puts a unit in the form its count wants, in both languages', async () => {
    const { result } = renderHook(() => useUnitFormat());
    expect(result.current.quantity(1, 'piece')).toBe('1 pc');
    expect(result.current.quantity(5, 'box')).toBe('5 boxes');
    expect(result.current.quantity(2.5, 'kg')).toBe('2.5 kg');
    expect(result.current.quantity(3, 'bottle')).toBe('3 bottle');
    await act(() => i18n.changeLanguage('ar'));
    expect(result.current.quantity(1, 'carton')).toBe('1 كرتون');
    expect(result.current.quantity(3, 'carton')).toBe('3 كراتين');
    expect(result.current.quantity(10, 'bag')).toBe('10 أكياس');
    expect(result.current.quantity(15, 'carton')).toBe('15 كرتونًا');
    expect(result.current.quantity(100, 'carton')).toBe('100 كرتون');
    expect(result.current.quantity(2.5, 'carton')).toBe('2.5 كرتون');
  });

  it('reads a unit typed in either language or short form as its code, and leaves others alone', () => {
    const { result } = renderHook(() => useUnitFormat());
    expect(result.current.codeOf('كرتون')).toBe('carton');
    expect(result.current.codeOf('CTN')).toBe('carton');
    expect(result.current.codeOf('طبلية')).toBe('pallet');
    expect(result.current.codeOf('bottle')).toBeUndefined();
    expect(result.current.word('bottle')).toBe('bottle');
  });
});
