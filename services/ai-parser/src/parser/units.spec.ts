import { describe, expect, it } from 'vitest';
import { normalizeWord } from './normalize.js';
import { isPluralUnit, lookupUnit, reportedUnit } from './units.js';

const unitOf = (word: string) => lookupUnit(normalizeWord(word));

describe('lookupUnit', () => {
  it.each([
    ['ctn', 'carton'],
    ['cases', 'carton'],
    ['كرتونة', 'carton'],
    ['كراتين', 'carton'],
    ['kartoneh', 'carton'],
    ['شوال', 'bag'],
    ['شكاير', 'bag'],
    ['أكياس', 'bag'],
    ['sack', 'bag'],
    ['حبة', 'piece'],
    ['pcs', 'piece'],
    ['7abbat', 'piece'],
    ['قناني', 'bottle'],
    ['ازازة', 'bottle'],
    ['قزازات', 'bottle'],
    ['برطمان', 'jar'],
    ['طبق', 'tray'],
    ['tabaq', 'tray'],
    ['درزن', 'dozen'],
    ['darzan', 'dozen'],
    ['كيلو', 'kg'],
    ['كيلوغراماً', 'kg'],
    ['ليتر', 'L'],
    ['litr', 'L'],
    ['علب', 'container'],
    ['صناديق', 'box'],
    ['tubs', 'piece'],
  ])('reads %s as %s', (word, kind) => {
    expect(unitOf(word)?.kind).toBe(kind);
  });

  it('reads the MSA accusative after a number as the singular unit', () => {
    expect(unitOf('صندوقاً')).toMatchObject({ kind: 'box', count: 1 });
    expect(unitOf('كيساً')).toMatchObject({ kind: 'bag', count: 1 });
    expect(unitOf('كرتوناً')).toMatchObject({ kind: 'carton', count: 1 });
    expect(unitOf('لتراً')).toMatchObject({ kind: 'L', count: 1 });
    expect(unitOf('طبقاً')).toMatchObject({ kind: 'tray', count: 1 });
    expect(unitOf('ملا')).toBeUndefined();
  });

  it('tells plural unit words from singular ones', () => {
    for (const word of ['cartons', 'كراتين', 'اكياس', 'shwalat', 'الكراتين']) expect(isPluralUnit(word)).toBe(true);
    for (const word of ['carton', 'كرتون', 'كيس', 'kartoneh']) expect(isPluralUnit(word)).toBe(false);
  });

  it('reads the plurals of a dozen ("٤ درازن": four dozen)', () => {
    expect(unitOf('درازن')).toMatchObject({ kind: 'dozen', count: 1 });
    expect(unitOf('درزنات')).toMatchObject({ kind: 'dozen', count: 1 });
    expect(unitOf('darazen')).toMatchObject({ kind: 'dozen', count: 1 });
    expect(isPluralUnit('درازن')).toBe(true);
  });

  it('reads dual forms as two', () => {
    expect(unitOf('كرتونين')).toMatchObject({ kind: 'carton', count: 2 });
    expect(unitOf('كرتونتين')).toMatchObject({ kind: 'carton', count: 2 });
    expect(unitOf('شوالين')).toMatchObject({ kind: 'bag', count: 2 });
    expect(unitOf('كيلوين')).toMatchObject({ kind: 'kg', count: 2 });
  });

  it('takes one-letter units only right after a number', () => {
    expect(unitOf('l')?.attachedOnly).toBe(true);
    expect(unitOf('g')?.attachedOnly).toBe(true);
  });
});

describe('reportedUnit', () => {
  it('reports علبة as a box for boxed packs and a piece for a can or tin, by the item’s own unit', () => {
    expect(reportedUnit('container', 'box')).toBe('box');
    expect(reportedUnit('container', 'piece')).toBe('piece');
    expect(reportedUnit('container', null)).toBe('piece');
  });

  it('reports bottles, jars, trays and dozens as pieces', () => {
    for (const kind of ['bottle', 'jar', 'tray', 'dozen', 'can'] as const)
      expect(reportedUnit(kind, 'box')).toBe('piece');
  });
});
