import { describe, expect, it } from 'vitest';
import { knownUnits, unitNamesAr } from '@erp/contracts';
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
    expect(unitOf('kartoonain')).toMatchObject({ kind: 'carton', count: 2 });
  });

  it('takes one-letter units only right after a number', () => {
    expect(unitOf('l')?.attachedOnly).toBe(true);
    expect(unitOf('g')?.attachedOnly).toBe(true);
  });
});

describe('reportedUnit', () => {
  const reads = (word: string, itemUnit: string | null) => reportedUnit(unitOf(word)!, itemUnit);

  it('reports علبة as a box for boxed packs and a piece for a can or tin, by the item’s own unit', () => {
    expect(reads('علبة', 'box')).toBe('box');
    expect(reads('علب', 'piece')).toBe('piece');
    expect(reads('pack', null)).toBe('piece');
  });

  it('reports bottles, jars, trays and dozens as pieces', () => {
    for (const word of ['bottle', 'برطمان', 'طبق', 'درزن', 'tins']) expect(reads(word, 'box')).toBe('piece');
  });

  it('reports a case as a carton, a sack as a bag and صندوق as a box, as before items had packs', () => {
    expect(reads('cases', 'piece')).toBe('carton');
    expect(reads('شوالين', 'piece')).toBe('bag');
    expect(reads('صناديق', 'piece')).toBe('box');
  });

  it('reports شد, ربطة and طبلية as what they name', () => {
    expect(reads('شد', 'piece')).toBe('pack');
    expect(reads('ربطات', 'piece')).toBe('bundle');
    expect(reads('طبلية', 'carton')).toBe('pallet');
  });
});

describe('the unit words and units.ts', () => {
  it('names a unit of units.ts with every word', () => {
    for (const word of [
      'كرتون',
      'case',
      'sack',
      'صندوق',
      'علبة',
      'packet',
      'حبة',
      'tin',
      'قنينة',
      'طبق',
      'درزن',
      'kg',
      'مل',
    ]) {
      expect(knownUnits).toContain(unitOf(word)?.code);
    }
  });

  it('reads every unit by its code and by the Arabic word invoices print for it', () => {
    for (const unit of knownUnits) {
      expect(unitOf(unit)?.code, unit).toBe(unit);
      expect(unitOf(unitNamesAr[unit])?.code, unitNamesAr[unit]).toBe(unit);
    }
  });

  it('reads the words of packs the stock form has', () => {
    expect(unitOf('صندوق')).toMatchObject({ kind: 'box', code: 'case' });
    expect(unitOf('cases')).toMatchObject({ kind: 'carton', code: 'case' });
    expect(unitOf('شوالات')).toMatchObject({ kind: 'bag', code: 'sack' });
    expect(unitOf('باكيت')).toMatchObject({ kind: 'container', code: 'pack' });
    expect(unitOf('شدة')).toMatchObject({ kind: 'pack', code: 'pack', count: 1 });
    expect(unitOf('شدتين')).toMatchObject({ code: 'pack', count: 2 });
    expect(unitOf('ربطة')).toMatchObject({ kind: 'pack', code: 'bundle' });
    expect(unitOf('طبالي')).toMatchObject({ kind: 'pack', code: 'pallet' });
    expect(unitOf('plt')).toMatchObject({ code: 'pallet' });
    expect(unitOf('darzan')).toMatchObject({ kind: 'dozen', code: 'dozen' });
    expect(unitOf('tabaq')).toMatchObject({ kind: 'tray', code: 'tray' });
  });

  it('takes شد for a pack only after a number: alone it is a verb ("شد حيلك")', () => {
    expect(unitOf('شد')?.attachedOnly).toBe(true);
  });
});
