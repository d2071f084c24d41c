import { describe, expect, it } from 'vitest';
import { catalogIndex } from '../../test/parser-fixtures.js';
import { UNKNOWN_CLIENT, parseOrderText } from './parse.js';

const parse = (text: string) => parseOrderText(text, catalogIndex());
const lines = (text: string) => parse(text).items.map((item) => [item.sku, item.quantity, item.unit]);

describe('parseOrderText', () => {
  it('returns CONTRACT §6’s shape', () => {
    const parsed = parse('Almarai fresh milk 2L - 6 ctn');
    expect(parsed.clientName).toBe(UNKNOWN_CLIENT);
    expect(parsed.items[0]).toMatchObject({
      itemName: 'Almarai Fresh Milk Full Fat 2L',
      itemNameAr: 'حليب المراعي طازج كامل الدسم 2 لتر',
      quantity: 6,
      unit: 'carton',
      unitPrice: '11.50',
      stockItemId: 'MILK-ALM-2L',
      sku: 'MILK-ALM-2L',
      sourceText: 'Almarai fresh milk 2L',
      unitStated: true,
    });
    expect(parsed.items[0].confidence).toBeGreaterThan(0.9);
  });

  it('never takes a pack size for the quantity', () => {
    expect(lines('Afia oil 1.5L')).toEqual([['OIL-AFIA-1.5L', 1, 'piece']]);
    expect(lines('10 bags of rice Walimah 5kg')).toEqual([['RICE-WLM-5KG', 10, 'bag']]);
    expect(lines('Kiri ٢٤ x ٥')).toEqual([['CHEESE-KIRI-24', 5, 'box']]);
    expect(lines('20 Sadia 1200')).toEqual([['CHK-SADIA-1200G', 20, 'piece']]);
    expect(lines('Puck 500 كرتون')).toEqual([['CHEESE-PUCK-500G', 1, 'carton']]);
  });

  it('reads a weight as the quantity of an item sold by weight', () => {
    expect(lines('Sukkari loose 3.5 kg, cardamom 0.75 kg')).toEqual([
      ['DATES-SUK-KG', 3.5, 'kg'],
      ['SPICE-CARDAMOM-KG', 0.75, 'kg'],
    ]);
    expect(lines('Half a kilo cardamom please')).toEqual([['SPICE-CARDAMOM-KG', 0.5, 'kg']]);
  });

  it('reports the customer’s unit, and the item’s unit when none was given', () => {
    const [item] = parse('Nescafe 3in1 x 12').items;
    expect(item).toMatchObject({ quantity: 12, unit: 'box', unitStated: false });
    expect(lines('لو سمحت ٣ درزن بيبسي علب')).toEqual([['PEPSI-CAN-330ML', 36, 'piece']]);
    expect(lines('٢٠ علبة سكري ٣ كجم')).toEqual([['DATES-SUK-3KG', 20, 'box']]);
    expect(lines('٥ علب نيدو')).toEqual([['MILK-NIDO-2.25KG', 5, 'piece']]);
  });

  it('applies a correction to the previous figure', () => {
    expect(lines('Walimah rice 10kg 8 bags\nsorry make it 6')).toEqual([['RICE-WLM-10KG', 6, 'bag']]);
    expect(lines('١٠ شوالات رز الوليمة ٥ كيلو\nلا خليها ١٢')).toEqual([['RICE-WLM-5KG', 12, 'bag']]);
    expect(lines('Watania breast 30 not 20')).toEqual([['CHK-WAT-BREAST-450G', 30, 'piece']]);
  });

  it('keeps repeated lines as separate items', () => {
    expect(lines('Sadia 1000 ١٠ ctn\nSadia 1000 ٥ ctn')).toEqual([
      ['CHK-SADIA-1000G', 10, 'carton'],
      ['CHK-SADIA-1000G', 5, 'carton'],
    ]);
  });

  it('ignores greetings, delivery notes, phone numbers, prices and totals', () => {
    expect(
      lines(
        'السلام عليكم\nDeliver to Al Hamra branch before 11am, contact 0543219876:\n- Tide 3kg 8 pcs\nTotal approx 500 SR\nشكرا',
      ),
    ).toEqual([['TIDE-AUTO-3KG', 8, 'piece']]);
    expect(lines('نرجو إرسال ٦ عبوات كلوركس، علماً بأن سعر الكلوركس السابق ١٧ ريال')).toEqual([
      ['CLOROX-3.78L', 6, 'piece'],
    ]);
  });

  it('waits for the quantity after a price question', () => {
    expect(lines('كم سعر شوال الوليمة ١٠ كيلو؟ اذا ٧٩ ابي ٥')).toEqual([['RICE-WLM-10KG', 5, 'bag']]);
  });

  it('reads past chatter around the quantity', () => {
    expect(lines("Same as last week but add 2 ctn Kellogg's corn flakes")).toEqual([
      ['CEREAL-KELLOGGS-CF-500G', 2, 'carton'],
    ]);
  });

  it('does not read a greeting or a list number as an item', () => {
    expect(lines('hala, abi 4 kartoon indomi')).toEqual([['NOODLE-INDOMIE-CHK-75G', 4, 'carton']]);
    expect(lines('1) Kiri 5\n2) Tang 4')).toEqual([
      ['CHEESE-KIRI-24', 5, 'box'],
      ['TANG-ORANGE-2KG', 4, 'piece'],
    ]);
  });

  it('takes a weight as the quantity of the item sold by weight', () => {
    expect(lines('ابغى نص كيلو تمر سكري')).toEqual([['DATES-SUK-KG', 0.5, 'kg']]);
  });

  it('gives each line the phrase to remember a confirmed pair under', () => {
    const [item] = parse('ابي ٥ كراتين Almarai   Laban').items;
    expect(item.phrase).toBe('almarai laban');
  });

  it('drops a line that orders nothing', () => {
    expect(lines('Kiri 0 ctn')).toEqual([]);
  });

  it('returns no items for a message without an order', () => {
    expect(parse('Good morning! Are you open today?').items).toEqual([]);
    expect(parse('').items).toEqual([]);
  });
});
