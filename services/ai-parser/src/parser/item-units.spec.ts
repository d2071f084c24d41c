import { describe, expect, it } from 'vitest';
import { catalogIndex, packedCatalogIndex } from '../../test/parser-fixtures.js';
import type { CatalogItem } from './catalog-index.js';
import { placeUnit, unitOnItem } from './item-units.js';
import { parseOrderText } from './parse.js';

/** [sku, quantity, unit, unitPrice, unitNeedsCheck] of each line, against the catalogue with packs. */
const packed = (text: string) =>
  parseOrderText(text, packedCatalogIndex()).items.map((item) => [
    item.sku,
    item.quantity,
    item.unit,
    item.unitPrice,
    item.unitNeedsCheck,
  ]);
/** The same against the eval catalogue, which has no packs. */
const plain = (text: string) =>
  parseOrderText(text, catalogIndex()).items.map((item) => [
    item.sku,
    item.quantity,
    item.unit,
    item.unitPrice,
    item.unitNeedsCheck,
  ]);

const juice: CatalogItem = {
  id: 'juice',
  sku: 'JUICE-1L',
  name: 'Orange Juice 1L',
  unit: 'piece',
  sellingPrice: '7.5',
  packs: [
    { unit: 'carton', factor: 12, price: '85.00' },
    { unit: 'dozen', factor: 12, price: '88.00' },
  ],
};

describe('unitOnItem', () => {
  it("puts the customer's unit on the item's pack, at the pack's price", () => {
    expect(unitOnItem({ kind: 'carton', code: 'carton' }, 3, juice)).toEqual({
      unit: 'carton',
      quantity: 3,
      unitPrice: '85.00',
      unitNeedsCheck: false,
    });
  });

  it("counts a dozen pack in dozens, and a dozen of an item without one in pieces (the parser's reading)", () => {
    expect(unitOnItem({ kind: 'dozen', code: 'dozen' }, 30, juice)).toMatchObject({ unit: 'dozen', quantity: 2.5 });
    const loose = { ...juice, packs: [] };
    expect(unitOnItem({ kind: 'dozen', code: 'dozen' }, 30, loose)).toMatchObject({
      unit: 'piece',
      quantity: 30,
      unitPrice: '7.50',
      unitNeedsCheck: false,
    });
  });

  it("keeps the base unit and the item's price when no unit was given, whatever packs the item has", () => {
    expect(unitOnItem(null, 4, juice)).toEqual({
      unit: 'piece',
      quantity: 4,
      unitPrice: '7.50',
      unitNeedsCheck: false,
    });
  });

  it('keeps a unit the item is not sold in, with no price, for the user to check', () => {
    expect(unitOnItem({ kind: 'pack', code: 'pallet' }, 1, juice)).toEqual({
      unit: 'pallet',
      quantity: 1,
      unitPrice: null,
      unitNeedsCheck: true,
    });
    expect(placeUnit({ kind: 'bag', code: 'sack' }, juice)).toEqual({
      unit: 'bag',
      unitPrice: null,
      unitNeedsCheck: true,
    });
  });

  it('reads an unmatched line as before: the unit the word reads as, no price, nothing to check', () => {
    expect(unitOnItem({ kind: 'box', code: 'case' }, 2, null)).toEqual({
      unit: 'box',
      quantity: 2,
      unitPrice: null,
      unitNeedsCheck: false,
    });
    expect(unitOnItem(null, 2, null).unit).toBeNull();
  });
});

describe('a unit word on the matched item (CONTRACT §10)', () => {
  it('prices cartons at the carton, in Arabic, its dual and dialect plurals, English abbreviations and Arabizi', () => {
    expect(packed('ابي ٣ كراتين حليب المراعي ١ لتر')).toEqual([['MILK-ALM-1L', 3, 'carton', '78.00', false]]);
    expect(packed('ابغى كرتونين حليب المراعي ٢ لتر')).toEqual([['MILK-ALM-2L', 2, 'carton', '65.00', false]]);
    expect(packed('حليب المراعي لتر - ٤ كرتونات')).toEqual([['MILK-ALM-1L', 4, 'carton', '78.00', false]]);
    expect(packed('3 ctn almarai milk 1L')).toEqual([['MILK-ALM-1L', 3, 'carton', '78.00', false]]);
    expect(packed('Almarai milk 2L x 4 cartons')).toEqual([['MILK-ALM-2L', 4, 'carton', '65.00', false]]);
    expect(packed('3 kartoneh 7aleeb almarai 1 litre')).toEqual([['MILK-ALM-1L', 3, 'carton', '78.00', false]]);
  });

  it('reads dozens, shrink packs and pallets as the packs they name', () => {
    expect(packed('عطني ٢ درزن بيبسي علب')).toEqual([['PEPSI-CAN-330ML', 2, 'dozen', '28.00', false]]);
    expect(packed('half a dozen pepsi cans')).toEqual([['PEPSI-CAN-330ML', 0.5, 'dozen', '28.00', false]]);
    expect(packed('٥ شد بيبسي')).toEqual([['PEPSI-CAN-330ML', 5, 'pack', '15.00', false]]);
    expect(packed('شدتين بيبسي علب')).toEqual([['PEPSI-CAN-330ML', 2, 'pack', '15.00', false]]);
    expect(packed('3 packs pepsi can')).toEqual([['PEPSI-CAN-330ML', 3, 'pack', '15.00', false]]);
    expect(packed('2 طبلية مياه نوفا ١.٥ لتر')).toEqual([['WATER-NOVA-1.5L-12', 2, 'pallet', '1176.00', false]]);
    expect(packed('1 plt nova water 1.5L')).toEqual([['WATER-NOVA-1.5L-12', 1, 'pallet', '1176.00', false]]);
  });

  it('reads صندوق and cases as the case, and cartons of an item sold by the case as its cases', () => {
    expect(packed('٣ صناديق دجاج ساديا ١٠٠٠ جرام')).toEqual([['CHK-SADIA-1000G', 3, 'case', '140.00', false]]);
    expect(packed('4 cases Sadia chicken 1000g')).toEqual([['CHK-SADIA-1000G', 4, 'case', '140.00', false]]);
    expect(packed('2 cartons sadia chicken 1000g')).toEqual([['CHK-SADIA-1000G', 2, 'case', '140.00', false]]);
  });

  it('reads a bag of an item sold by the sack as its sack', () => {
    expect(packed('2 شوال هيل')).toEqual([['SPICE-CARDAMOM-KG', 2, 'sack', '3500.00', false]]);
    expect(packed('3 أكياس هيل')).toEqual([['SPICE-CARDAMOM-KG', 3, 'sack', '3500.00', false]]);
    expect(packed('2 kees hail')).toEqual([['SPICE-CARDAMOM-KG', 2, 'sack', '3500.00', false]]);
  });

  it("keeps the item's base unit: a weight of an item sold by weight, a carton of one counted in cartons", () => {
    expect(packed('10 kilo hail')).toEqual([['SPICE-CARDAMOM-KG', 10, 'kg', '140.00', false]]);
    expect(packed('3 كراتين مياه نوفا ١.٥')).toEqual([['WATER-NOVA-1.5L-12', 3, 'carton', '14.00', false]]);
    expect(packed('Almarai milk 1L 5 bottles')).toEqual([['MILK-ALM-1L', 5, 'piece', '6.50', false]]);
    expect(packed('Almarai milk 1L x 5')).toEqual([['MILK-ALM-1L', 5, 'piece', '6.50', false]]);
  });

  it('flags a unit the item is not sold in, keeping the customer’s word with no price', () => {
    expect(packed('3 كراتين رز الوليمة ١٠ كيلو')).toEqual([['RICE-WLM-10KG', 3, 'carton', null, true]]);
    expect(packed('ربطتين خبز لوزين')).toEqual([['BREAD-LUSINE-WHITE-L', 2, 'bundle', null, true]]);
    expect(packed('2 bottles Nova water 1.5L')).toEqual([['WATER-NOVA-1.5L-12', 2, 'piece', null, true]]);
  });

  it('reads the units of an item without packs exactly as before, flagging those it is not sold in', () => {
    expect(plain('عطني ٢ درزن بيبسي علب')).toEqual([['PEPSI-CAN-330ML', 24, 'piece', '2.50', false]]);
    expect(plain('٣ صناديق دجاج ساديا ١٠٠٠ جرام')).toEqual([['CHK-SADIA-1000G', 3, 'box', null, true]]);
    expect(plain('4 cases Sadia chicken 1000g')).toEqual([['CHK-SADIA-1000G', 4, 'carton', null, true]]);
    expect(plain('3 packs pepsi can')).toEqual([['PEPSI-CAN-330ML', 3, 'piece', '2.50', false]]);
    expect(plain('2 طبق بيض')).toEqual([['EGGS-TRAY-30', 2, 'piece', '19.00', false]]);
    expect(plain('٥ شوال سكر الأسرة ١٠ كيلو')).toEqual([['SUGAR-OSRA-10KG', 5, 'bag', '38.00', false]]);
  });

  it('never reads شد alone or بشدة as a pack', () => {
    expect(packed('شد حيلك يا بو محمد، ٣ كراتين بيبسي')).toEqual([['PEPSI-CAN-330ML', 3, 'carton', '55.00', false]]);
    expect(packed('ابي ٥ كراتين حليب المراعي بشدة')).toEqual([['MILK-ALM-1L', 5, 'carton', '78.00', false]]);
  });

  it('counts a bare corrected figure of a line in dozens in pieces, as before', () => {
    expect(packed('2 dozen pepsi cans\nsorry make it 30')).toEqual([['PEPSI-CAN-330ML', 30, 'piece', '2.50', false]]);
  });

  it('prefers, among items the words fit equally, the one sold in the unit by the pack', () => {
    expect(packed('2 cases sadia chicken')).toEqual([['CHK-SADIA-1000G', 2, 'case', '140.00', false]]);
    expect(packed('3 كراتين تمر')).toEqual([['DATES-KHL-KG', 3, 'carton', '120.00', false]]);
    expect(plain('3 كراتين تمر')[0]![0]).toBe('DATES-SUK-3KG');
  });
});
