import { describe, expect, it } from 'vitest';
import { catalogIndex } from '../../test/parser-fixtures.js';
import { buildCatalogIndex } from './catalog-index.js';
import { type ParsedOrderItem, parseOrderText } from './parse.js';

function only(text: string, options = {}): ParsedOrderItem {
  const { items } = parseOrderText(text, catalogIndex(), options);
  expect(items).toHaveLength(1);
  return items[0];
}

describe('matching to the catalogue', () => {
  it('matches by brand and product in English and Arabic', () => {
    expect(only('Almarai laban 5 ctn').sku).toBe('LABAN-ALM-1L');
    expect(only('لبن المراعي ٥ كراتين').sku).toBe('LABAN-ALM-1L');
    expect(only('حليب نادك ٤ كراتين').sku).toBe('MILK-NDC-1L');
  });

  it('matches a typo of a brand', () => {
    const item = only('nescfe 3in1 4 box');
    expect(item.sku).toBe('COFFEE-NES-3IN1-30');
    expect(item.confidence).toBeLessThan(1);
    expect(only('almarie laban 6 ctn').sku).toBe('LABAN-ALM-1L');
  });

  it('knows common product words: UHT, hal, ma2, ماء, samna', () => {
    expect(only('Saudia UHT 12 ctn').sku).toBe('MILK-SAUDIA-UHT-1L');
    expect(only('hal 1 kilo').sku).toBe('SPICE-CARDAMOM-KG');
    expect(only('ma2 nova sagheer 10 kartoon').sku).toBe('WATER-NOVA-330ML-40');
    expect(only('ابي خمسطعش كرتون ماء نوفا صغير')).toMatchObject({
      sku: 'WATER-NOVA-330ML-40',
      sourceText: 'ماء نوفا',
    });
    expect(only('samna 3 kartona').sku).toBeNull();
  });

  it('knows regional words: حبهان (cardamom), بلح (dates), عيش (rice in the Gulf, bread in Egypt)', () => {
    expect(only('عايز نص كيلو حبهان').sku).toBe('SPICE-CARDAMOM-KG');
    expect(only('ابغى ٢ كيلو بلح سكري').sku).toBe('DATES-SUK-KG');
    expect(only('عيش لوزين ٥ حبات').sku).toBe('BREAD-LUSINE-WHITE-L');
    expect(only('3aish walima 5 kilo 4 shwal').sku).toBe('RICE-WLM-5KG');
  });

  it('does not take an item named only by an ingredient or flavour', () => {
    expect(only('5 ctn salt').sku).toBeNull();
    expect(only('شيبس بالملح ٥ كراتين').sku).toBe('CHIPS-LAYS-SALT-40G');
    expect(only('tuna in oil americana 4 ctn').sku).toBe('TUNA-AMR-185G');
  });

  it('does not take an item lacking a variant the line asks for', () => {
    expect(only('Indomie chicken spicy 5 ctn').sku).toBeNull();
    expect(only('Diet Pepsi can x 24')).toMatchObject({ sku: null, sourceText: 'Diet Pepsi can' });
    expect(only('Almarai light milk 1L 5 ctn').sku).toBe('MILK-ALM-LF-1L');
  });

  it('does not take another brand of a product for ours', () => {
    expect(only('2 ctn Kleenex tissue').sku).toBeNull();
  });

  it('reads "lowfat" as low fat, and a spelling that leaves out a long vowel ("ببسي")', () => {
    expect(only('lowfat almarai milk x 10').sku).toBe('MILK-ALM-LF-1L');
    expect(only('ببسي علب ٥ كراتين').sku).toBe('PEPSI-CAN-330ML');
    const index = catalogIndex();
    expect(index.resolve('ببسي').map((match) => match.key)).toContain('t:بيبسي');
    // Only one long vowel inserted: "الجوال" (the mobile) is not "الاجل".
    expect(index.resolve('الجوال')).toEqual([]);
  });

  it('does not take another brand of a product the named brand sells ("Almarai UHT": Almarai has no UHT)', () => {
    expect(only('Almarai UHT milk 5 ctn').sku).toBeNull();
    expect(only('حليب نادك قليل الدسم ٥ كراتين').sku).toBeNull();
    expect(only('Sadia chicken breast 5 ctn').sku).toBeNull();
    expect(only('Saudia long life milk 5 ctn').sku).toBe('MILK-SAUDIA-UHT-1L');
    expect(only('Nadec laban 3 ctn').sku).toBe('LABAN-NDC-1L');
    const brands = catalogIndex().byId.get('MILK-ALM-1L')?.brandKeys;
    expect([...(brands ?? [])]).toEqual(expect.arrayContaining(['t:almarai', 't:المراعي']));
    expect(catalogIndex().byId.get('LENTIL-RED-1KG')?.brandKeys.size).toBe(0);
  });

  it('does not take a loose item for a boxed one of another brand', () => {
    expect(only('Khalas dates box 3kg 5').sku).toBeNull();
    expect(only('٥ صناديق تمر سكري').sku).toBe('DATES-SUK-3KG');
  });

  it('knows Arabizi 7mam (toilet)', () => {
    expect(only('abi 3 kartoon manadeel 7mam fine').sku).toBe('TISSUE-FINE-TOILET-10');
  });

  it('matches Arabizi', () => {
    expect(only('abi 4 kartoon 7aleeb nadec').sku).toBe('MILK-NDC-1L');
    expect(only('2 kilo tamr khlas').sku).toBe('DATES-KHL-KG');
    expect(only('4 kartonat zabadi almarai').sku).toBe('YOG-ALM-1KG');
  });

  it('matches by SKU, whose digits are never quantities', () => {
    expect(only('TUNA-GOODY-160G x 10')).toMatchObject({ sku: 'TUNA-GOODY-160G', quantity: 10, confidence: 1 });
    const index = buildCatalogIndex([
      { id: 'b1', sku: 'AB-1042', name: 'Basmati Gold 5kg', nameAr: null, unit: 'bag', sellingPrice: 40 },
      { id: 'b2', sku: 'AB-1043', name: 'Basmati Gold 10kg', nameAr: null, unit: 'bag', sellingPrice: 75 },
    ]);
    expect(parseOrderText('AB-1043: 12 bags', index).items[0]).toMatchObject({
      sku: 'AB-1043',
      quantity: 12,
      unit: 'bag',
    });
    expect(parseOrderText('ab-1042 x 3', index).items[0]).toMatchObject({ sku: 'AB-1042', quantity: 3 });
  });

  it('picks the pack size that is named, and the larger or smaller one for big/small', () => {
    expect(only('Afia 3L 2 ctn').sku).toBe('OIL-AFIA-3L');
    expect(only('Sadia 1200 - 15 ctn').sku).toBe('CHK-SADIA-1200G');
    expect(only('حليب المراعي الكبير ٥ كراتين').sku).toBe('MILK-ALM-2L');
    expect(only('3 kartoon mai nova sagheer').sku).toBe('WATER-NOVA-330ML-40');
    expect(only('Almarai milk 1L 10 ctn').sku).toBe('MILK-ALM-1L');
  });

  it('never gives a certain match to a line that fits several items equally, and lists the others', () => {
    // Almarai fresh milk comes in 1L and 2L, full fat and low fat: "حليب المراعي" names none.
    const milk = only('حليب المراعي ١٠ كراتين');
    expect(milk.sku).toBe('MILK-ALM-1L');
    expect(milk.confidence).toBeLessThan(0.85);
    expect(milk.alternatives.find((alternative) => alternative.sku === 'MILK-ALM-2L')).toMatchObject({
      name: 'Almarai Fresh Milk Full Fat 2L',
      nameAr: 'حليب المراعي طازج كامل الدسم 2 لتر',
    });
    // Named whole, it is certain.
    expect(only('حليب المراعي ١ لتر ١٠ كراتين').confidence).toBeGreaterThanOrEqual(0.9);
    // Basmati rice of two brands and two sizes: none is surer than another.
    const rice = only('2 bag basmati rice');
    expect(rice.confidence).toBeLessThan(0.85);
    const others = rice.alternatives.filter((alternative) => alternative.sku.startsWith('RICE-'));
    expect(others.map((alternative) => alternative.sku).sort()).toEqual(['RICE-ABK-10KG', 'RICE-WLM-10KG']);
    expect(others.every((alternative) => alternative.confidence <= rice.confidence)).toBe(true);
  });

  it('returns a look-alike below the threshold unmatched, with the customer’s wording and quantity', () => {
    const mayo = only('Heinz mayo 6');
    expect(mayo.sku).toBeNull();
    expect(mayo.stockItemId).toBeNull();
    expect(mayo.itemName).toBe('Heinz mayo');
    expect(mayo.quantity).toBe(6);
    expect(mayo.confidence).toBeLessThan(0.6);
    expect(only('Green tea Lipton 100 bags x 5').sku).toBeNull();
    expect(only('Afia oil 5L 4 ctn').sku).toBeNull();
    expect(only('٣ كراتين حليب الصافي').sku).toBeNull();
    expect(only('abi 5 kartoon ariel').sku).toBeNull();
  });

  it('never reads سكري (Sukkari dates) as sugar', () => {
    expect(only('عطني كيلوين سكري فرط').sku).toBe('DATES-SUK-KG');
  });

  it('uses the client’s remembered wording first', () => {
    const memory = [{ phrase: 'Heinz mayo', stockItemId: 'KETCHUP-HEINZ-340G' }];
    const item = only('ابي Heinz mayo 6', { memory });
    expect(item.sku).toBe('KETCHUP-HEINZ-340G');
    expect(item.matchedBy).toBe('memory');
    expect(item.confidence).toBe(1);
    // A remembered pair beats the catalogue's own best match too.
    const override = only('Almarai laban 5 ctn', {
      memory: [{ phrase: 'almarai laban', stockItemId: 'LABAN-NDC-1L' }],
    });
    expect(override.sku).toBe('LABAN-NDC-1L');
  });

  it('ignores remembered pairs whose item is no longer in the catalogue', () => {
    const item = only('Almarai laban 5 ctn', { memory: [{ phrase: 'almarai laban', stockItemId: 'gone' }] });
    expect(item.sku).toBe('LABAN-ALM-1L');
    expect(item.matchedBy).toBe('catalogue');
  });

  it('works with items that have no Arabic name and prices given as strings', () => {
    const index = buildCatalogIndex([
      { id: 'a1', sku: 'RICE-X', name: 'Sunwhite Calrose Rice 5kg', nameAr: null, unit: 'bag', sellingPrice: '31.5' },
    ]);
    const [item] = parseOrderText('4 bags sunwhite rice', index).items;
    expect(item).toMatchObject({ stockItemId: 'a1', sku: 'RICE-X', unitPrice: '31.50', quantity: 4, unit: 'bag' });
  });
});
