import { describe, expect, it } from 'vitest';
import { buildCatalogIndex, type CatalogItem } from './catalog-index.js';
import { equivalentLengths, joinDimensions } from './dimensions.js';
import { prepareText } from './normalize.js';
import { type ParsedOrderItem, parseOrderText } from './parse.js';
import { readConnectors, tokenize } from './tokens.js';

/**
 * Rules found on other trades' catalogues (issue #21: hardware, electrical, catering, pharmacy,
 * mobile accessories), each tested on a small catalogue and messages of its own, none of the
 * eval's.
 */
const CATALOGUE: CatalogItem[] = [
  ['SCR-WOOD-2IN', 'Wood Screws 2 inch (Box of 200)', 'براغي خشب 2 إنش (علبة 200)', 'box'],
  ['SCR-WOOD-3IN', 'Wood Screws 3 inch (Box of 200)', 'براغي خشب 3 إنش (علبة 200)', 'box'],
  ['RCD-HAGER-40A', 'Hager RCD 2 Pole 40A', 'قاطع تسريب هاجر 40 أمبير', 'piece'],
  ['RCD-HAGER-63A', 'Hager RCD 2 Pole 63A', 'قاطع تسريب هاجر 63 أمبير', 'piece'],
  ['BULB-OSR-10W', 'Osram LED Bulb 10W', 'لمبة أوسرام ليد 10 واط', 'piece'],
  ['BULB-OSR-15W', 'Osram LED Bulb 15W', 'لمبة أوسرام ليد 15 واط', 'piece'],
  ['TILE-GRN-60X60', 'Granite Floor Tile 60x60', 'بلاط جرانيت 60×60', 'piece'],
  ['TILE-GRN-30X60', 'Granite Floor Tile 30x60', 'بلاط جرانيت 30×60', 'piece'],
  ['HOSE-GRN-16MM', 'Garden Hose 16mm 30m', 'خرطوم حديقة 16 مم 30 متر', 'piece'],
  ['HOSE-GRN-20MM', 'Garden Hose 20mm 30m', 'خرطوم حديقة 20 مم 30 متر', 'piece'],
  ['CEM-HILAL-SRC-50KG', 'Hilal Sulphate Resisting Cement 50kg', 'أسمنت الهلال مقاوم 50 كجم', 'bag'],
  ['CEM-HILAL-OPC-50KG', 'Hilal Ordinary Portland Cement 50kg', 'أسمنت الهلال عادي 50 كجم', 'bag'],
  ['BLEACH-ZAHR-3.78L', 'Zahra Bleach Original 3.78L', 'مبيض زهرة أصلي 3.78 لتر', 'piece'],
  ['BLEACH-ZAHR-1.89L', 'Zahra Bleach Original 1.89L', 'مبيض زهرة أصلي 1.89 لتر', 'piece'],
  ['BLEACH-ZAHR-950ML', 'Zahra Bleach Original 950ml', 'مبيض زهرة أصلي 950 مل', 'piece'],
  ['PAINT-RAYA-WHT-4L', 'Raya Emulsion White 4L (Gallon)', 'دهان رايه أبيض 4 لتر جالون', 'piece'],
  ['PAINT-RAYA-WHT-18L', 'Raya Emulsion White 18L', 'دهان رايه أبيض 18 لتر', 'piece'],
  ['PAIN-FEVR-500', 'Fevrex 500mg 24 Tablets', 'فيفركس 500 ملجم 24 قرص', 'box'],
  ['PAIN-FEVR-EXTRA', 'Fevrex Extra 24 Tablets', 'فيفركس اكسترا 24 قرص', 'box'],
  ['PAIN-FEVR-500-48', 'Fevrex 500mg 48 Tablets', 'فيفركس 500 ملجم 48 قرص', 'box'],
  ['GLV-LATEX-M', 'Latex Gloves Medium (Box of 100)', 'قفازات لاتكس مقاس وسط 100 حبة', 'box'],
  ['GLV-LATEX-L', 'Latex Gloves Large (Box of 100)', 'قفازات لاتكس مقاس كبير 100 حبة', 'box'],
  ['SPK-SONA-BLU', 'Sona Mini Speaker Blue', 'سماعة سونا ميني أزرق', 'piece'],
  ['SPK-SONA-BLK', 'Sona Mini Speaker Black', 'سماعة سونا ميني أسود', 'piece'],
  ['PB-VOLT-10K', 'Volta Power Bank 10000mAh', 'باور بانك فولتا 10000 مللي أمبير', 'piece'],
  ['PB-VOLT-20K', 'Volta Power Bank 20000mAh', 'باور بانك فولتا 20000 مللي أمبير', 'piece'],
  ['SD-MEMO-32', 'Memo microSD Card 32GB', 'كرت ذاكرة ميمو 32 جيجا', 'piece'],
  ['SD-MEMO-64', 'Memo microSD Card 64GB', 'كرت ذاكرة ميمو 64 جيجا', 'piece'],
  ['CBL-LINK-1M', 'Link Type-C Cable 1m', 'كيبل لينك تايب سي 1 متر', 'piece'],
  ['CBL-LINK-2M', 'Link Type-C Cable 2m', 'كيبل لينك تايب سي 2 متر', 'piece'],
  ['SOCK-ORBIT-PLUS', 'Orbit Plus Socket 13A', 'فيش أوربت بلس 13 أمبير', 'piece'],
  ['PRAWN-26-30', 'Vannamei Prawns Peeled 26/30 (per kg)', 'روبيان فانامي مقشر 26/30 بالكيلو', 'kg'],
  ['PRAWN-31-40', 'Vannamei Prawns Peeled 31/40 (per kg)', 'روبيان فانامي مقشر 31/40 بالكيلو', 'kg'],
  ['CBL-ZED-X12-C', 'Zed X12 Type-C Cable 1m', 'كيبل زد X12 تايب سي 1 متر', 'piece'],
  ['CASE-NOVA-11-BLK', 'Nova 11 Black Case', 'كفر نوفا 11 أسود', 'piece'],
  ['CASE-NOVA-11', 'Nova 11 Clear Case', 'كفر نوفا 11 شفاف', 'piece'],
  ['CASE-ORA-CLR', 'Ora Slim Clear Case', 'كفر اورا سليم شفاف', 'piece'],
  ['SP-NOVA-11', 'Nova 11 Screen Glass', 'استكر شاشة نوفا 11', 'piece'],
  // Another brand's cable for the Nova: "نوفا" is still the Nova family's brand word.
  ['CBL-LINK-NOVA', 'Link Cable for Nova Phones', 'كيبل لينك لجوالات نوفا', 'piece'],
  ['PIPE-PPR-20MM', 'PPR Pipe 20mm 4m', 'ماسورة بي بي ار 20 مم 4 متر', 'piece'],
  ['PIPE-PPR-16MM', 'PPR Pipe 16mm 4m', 'ماسورة بي بي ار 16 مم 4 متر', 'piece'],
  ['DUSTPAN-LONG', 'Long Handle Dustpan', 'جاروف بيد طويلة', 'piece'],
  ['BRUSH-LONG', 'Long Handle Floor Brush', 'فرشاة أرضيات بيد طويلة', 'piece'],
  ['CHK-WINGS-1KG', 'Frozen Chicken Wings 1kg', 'أجنحة دجاج مجمدة 1 كجم', 'carton'],
  ['CHK-BREAST-1KG', 'Frozen Chicken Breast 1kg', 'صدر دجاج مجمد 1 كجم', 'carton'],
  ['CEM-WHITE-RAWDA-50KG', 'Rawda White Cement 50kg', 'أسمنت أبيض الروضة 50 كجم', 'bag'],
  ['CEM-RAWDA-OPC-50KG', 'Rawda Cement Ordinary 50kg', 'أسمنت الروضة عادي 50 كجم', 'bag'],
  ['ALC-ISO-70', 'Isopropyl Alcohol 70% 1L', 'كحول أيزوبروبيل 70% 1 لتر', 'piece'],
  ['ALC-ISO-99', 'Isopropyl Alcohol 99% 1L', 'كحول أيزوبروبيل 99% 1 لتر', 'piece'],
  ['LANCET-SOFTPRO-100', 'Softpro Lancets 100', 'إبر سوفتبرو 100 إبرة', 'box'],
  ['TISSUE-VELVO-20', 'Velvo Toilet Rolls 20 Rolls', 'مناديل حمام فيلفو 20 رول', 'piece'],
  ['TAPE-MEDI-2.5CM', 'Medi Surgical Tape 2.5cm x 9m', 'لاصق طبي ميدي 2.5 سم', 'piece'],
  ['WATCH-KIVO-5', 'Kivo Smart Watch 5', 'ساعة كيفو الذكية 5', 'piece'],
  ['SOAP-LAVO-500ML', 'Lavo Hand Soap 500ml', 'صابون لافو 500 مل', 'piece'],
  ['SOAP-LAVO-1L', 'Lavo Hand Soap 1L', 'صابون لافو 1 لتر', 'piece'],
  ['SHAMPOO-SAFI-ABAYA', 'Safi Abaya Shampoo 3L', 'شامبو صافي للعبايات 3 لتر', 'piece'],
  ['CBL-ZAP-C2C-1M', 'Zap USB-C to USB-C Cable 1m', 'كيبل زاب تايب سي الى تايب سي 1 متر', 'piece'],
  ['CBL-ZAP-A2C-1M', 'Zap USB-A to Type-C Cable 1m', 'كيبل زاب يو اس بي الى تايب سي 1 متر', 'piece'],
  ['GBAG-NAFA-30GAL', 'Nafa Garbage Bags 30 Gallon', 'أكياس نفايات نافا 30 جالون', 'piece'],
  ['CONT-ALUFIX-LID', 'Alufix Container 500ml with Lid', 'علبة ألمنيوم ألوفكس 500 مل مع غطاء', 'carton'],
  ['LID-CUP-8OZ', 'Cup Lid 8oz', 'غطاء كوب 8 اونص', 'carton'],
  ['WIPES-LUMO-4', 'Lumo Baby Wipes (Pack of 4)', 'مناديل مبللة لومو باكيت 4', 'piece'],
  ['WIPES-LUMO-8', 'Lumo Baby Wipes (Pack of 8)', 'مناديل مبللة لومو باكيت 8', 'piece'],
  ['TAPE-MEDI-5CM', 'Medi Surgical Tape 5cm x 9m', 'لاصق طبي ميدي 5 سم', 'piece'],
  ['SW-VOLO-1G', 'Volo 1-Gang Switch', 'مفتاح فولو مفرد', 'piece'],
  ['SW-VOLO-2G', 'Volo 2-Gang Switch', 'مفتاح فولو مزدوج', 'piece'],
  // The English name does not say "power bank"; the Arabic one writes it in Arabic letters.
  ['PB-ZENKO-10K', 'Zenko PowerCore 10000mAh', 'باور بانك زينكو 10000 مللي أمبير', 'piece'],
  // Two brands spelt alike in Arabic letters: each one's Arabic word is its own brand.
  ['DISH-FINOX-56', 'Finox All in 1 Dishwasher Tablets 56', 'فينوكس أقراص غسالة الصحون 56 قرص', 'box'],
  ['STAIN-VANOX-PINK-1L', 'Vanox Stain Remover Liquid Pink 1L', 'فانوكس مزيل بقع سائل وردي 1 لتر', 'piece'],
  ['STAIN-VANOX-500G', 'Vanox Stain Remover Powder 500g', 'فانوكس مزيل بقع بودرة 500 جم', 'piece'],
].map(([sku, name, nameAr, unit]) => ({ id: sku, sku, name, nameAr, unit }));

const index = buildCatalogIndex(CATALOGUE);

/** SKU and quantity of each line read. */
const items = (text: string) => parseOrderText(text, index).items.map((item) => [item.sku, item.quantity]);

function only(text: string): ParsedOrderItem {
  const { items } = parseOrderText(text, index);
  expect(items).toHaveLength(1);
  return items[0];
}

describe('dimensions', () => {
  it('joins a dimension into one word, in a name and in a message', () => {
    const words = (text: string) =>
      joinDimensions(tokenize(prepareText(text)), prepareText(text), {
        name: true,
        known: () => true,
      }).map((token) => token.norm);
    expect(words('Screws 2 inch')).toEqual(['screws', '2in']);
    expect(words('MCB 32A 2.5mm²')).toEqual(['mcb', '32a', '2.5mm']);
    expect(words('بلاط ٦٠×٦٠ ٢٠ أمبير')).toEqual(['بلاط', '60x60', '20a']);
    // "3 in 1" is a kind of coffee, not three inches.
    expect(words('Nescafe 3 in 1')).toEqual(['nescafe', '3in1']);
    // In a catalogue name "ملي" is a millilitre.
    expect(words('عطر ١٠٠ ملي')).toEqual(['عطر', '100', 'ملي']);
  });

  it('tells sizes apart by the dimension, never reading it as the quantity', () => {
    expect(only('wood screws 3 inch 10 boxes')).toMatchObject({ sku: 'SCR-WOOD-3IN', quantity: 10 });
    expect(only('Wood screws 3" - 6')).toMatchObject({ sku: 'SCR-WOOD-3IN', quantity: 6 });
    expect(only('ابي ٥ علب براغي خشب ٢ انش')).toMatchObject({ sku: 'SCR-WOOD-2IN', quantity: 5 });
    expect(only('١٢ قاطع تسريب هاجر ٦٣ أمبير')).toMatchObject({ sku: 'RCD-HAGER-63A', quantity: 12 });
    expect(only('Hager RCD 40 amp x 8')).toMatchObject({ sku: 'RCD-HAGER-40A', quantity: 8 });
    expect(only('osram 15w - 30')).toMatchObject({ sku: 'BULB-OSR-15W', quantity: 30 });
  });

  it('reads a grid the catalogue names as a size, and "ملي" as millimetres when it names those', () => {
    expect(only('granite tile 30x60 x 200')).toMatchObject({ sku: 'TILE-GRN-30X60', quantity: 200 });
    expect(only('بلاط جرانيت ٦٠×٦٠ ١٥٠ حبة')).toMatchObject({ sku: 'TILE-GRN-60X60', quantity: 150 });
    expect(only('خرطوم حديقة ٢٠ ملي ٤ حبات')).toMatchObject({ sku: 'HOSE-GRN-20MM', quantity: 4 });
  });

  it('reads an unambiguous dimension word the catalogue lacks as a size, never as the quantity', () => {
    expect(only('كرتون بطاريات ٩ فولت')).toMatchObject({ sku: null, quantity: 1, unit: 'carton' });
  });

  it('reads "w" before a figure as "and", not watts', () => {
    expect(items('abi 3 kartoon osram 15 w 2 kartoon osram 10')).toEqual([
      ['BULB-OSR-15W', 3],
      ['BULB-OSR-10W', 2],
    ]);
  });

  it("orders one of a unit word before the product when the figure is the name's", () => {
    expect(only('كرتونة لمبة أوسرام 15')).toMatchObject({ sku: 'BULB-OSR-15W', quantity: 1, unit: 'carton' });
    expect(only('bade 10 2ita3 hager rcd 40')).toMatchObject({ sku: 'RCD-HAGER-40A', quantity: 10, unit: 'piece' });
  });

  it('reads a count grade ("31/40", "26-30") as the size it names, never a date or a fraction', () => {
    expect(only('prawns 31/40 - 12 kg')).toMatchObject({ sku: 'PRAWN-31-40', quantity: 12, unit: 'kg' });
    expect(only('روبيان مقشر ٢٦-٣٠ ثلاث كيلو')).toMatchObject({ sku: 'PRAWN-26-30', quantity: 3 });
  });

  it('leaves a size the catalogue lacks unmatched rather than taking another size', () => {
    const item = only('Osram LED 25W x 10');
    expect(item.sku).toBeNull();
    expect(item.quantity).toBe(10);
  });
});

describe('vocabulary from the catalogue itself', () => {
  it('reads a size word or "extra" as a word of the name when the catalogue names a product with it', () => {
    expect(only('Fevrex Extra - 6 boxes')).toMatchObject({ sku: 'PAIN-FEVR-EXTRA', quantity: 6 });
    expect(only('latex gloves large 10 boxes')).toMatchObject({ sku: 'GLV-LATEX-L', quantity: 10 });
    expect(only('قفازات لاتكس كبير ١٠ علب')).toMatchObject({ sku: 'GLV-LATEX-L', quantity: 10 });
    // Not when it says something else ("2 extra boxes": two more).
    expect(only('2 extra boxes fevrex 500')).toMatchObject({ sku: 'PAIN-FEVR-500', quantity: 2 });
  });

  it('orders a product named with its price when a figure alone follows ("@ 14 SR, need 50")', () => {
    expect(items('Memo microSD 32GB @ 19 SR, need 40. Volta power bank 10000 @ 55 SR, send 6')).toEqual([
      ['SD-MEMO-32', 40],
      ['PB-VOLT-10K', 6],
    ]);
    // A price alone orders nothing.
    expect(items('Memo microSD 32GB was 19 SR last time')).toEqual([]);
  });

  it('reads "the regular one" (عادي, asli) as no word to look for', () => {
    expect(only('zahra asli 950ml x 4')).toMatchObject({ sku: 'BLEACH-ZAHR-950ML', quantity: 4 });
    expect(only('٤ مبيض زهرة عادي ٩٥٠ مل')).toMatchObject({ sku: 'BLEACH-ZAHR-950ML', quantity: 4 });
  });

  it('knows "clear" in Arabic and Arabizi as the colour it is', () => {
    expect(only('10 kfar nova 11 shafaf')).toMatchObject({ sku: 'CASE-NOVA-11', quantity: 10 });
  });

  it('reads "extra" as a word of the name next to a misspelt word of that name too ("fevrx extra")', () => {
    expect(only('fevrx extra 3 box')).toMatchObject({ sku: 'PAIN-FEVR-EXTRA', quantity: 3 });
  });

  it('reads a size letter after a word as the size the catalogue spells out ("gloves L")', () => {
    expect(only('latex gloves L x 12')).toMatchObject({ sku: 'GLV-LATEX-L', quantity: 12 });
    expect(only('latex gloves M - 8 boxes')).toMatchObject({ sku: 'GLV-LATEX-M', quantity: 8 });
  });

  it('reads a model code the catalogue names ("X12") as a word, not "x 12"', () => {
    expect(only('2 cartons Zed X12 type-c cable')).toMatchObject({ sku: 'CBL-ZED-X12-C', quantity: 2, unit: 'carton' });
  });

  it('knows the codes of its SKUs that no name spells out ("OPC", "SRC")', () => {
    expect(only('Hilal OPC 40 bags')).toMatchObject({ sku: 'CEM-HILAL-OPC-50KG', quantity: 40 });
    expect(only('20 bags hilal SRC')).toMatchObject({ sku: 'CEM-HILAL-SRC-50KG', quantity: 20 });
  });
});

describe('gallons', () => {
  it('reads a gallon as the size of the product, a half gallon as half of it', () => {
    expect(only('zahra bleach gallon 6 ctn')).toMatchObject({ sku: 'BLEACH-ZAHR-3.78L', quantity: 6, unit: 'carton' });
    expect(only('مبيض زهرة نص جالون ٤ كراتين')).toMatchObject({ sku: 'BLEACH-ZAHR-1.89L', quantity: 4 });
    expect(only('Zahra half gallon x 12')).toMatchObject({ sku: 'BLEACH-ZAHR-1.89L', quantity: 12 });
  });

  it('counts gallons ordered as pieces of the gallon size, which may be 3.6 to 4.5 litres', () => {
    expect(only('٣ جالون دهان رايه ابيض')).toMatchObject({ sku: 'PAINT-RAYA-WHT-4L', quantity: 3, unit: 'piece' });
  });
});

describe('sizes of electronics', () => {
  it('reads capacities and lengths: mAh, GB, جيجا, metres, "متر" alone', () => {
    expect(only('volta 20000mAh x 6')).toMatchObject({ sku: 'PB-VOLT-20K', quantity: 6 });
    expect(only('Volta power bank 10000 - 4')).toMatchObject({ sku: 'PB-VOLT-10K', quantity: 4 });
    expect(only('كرت ذاكرة ميمو ٦٤ جيجا ٣٠ حبة')).toMatchObject({ sku: 'SD-MEMO-64', quantity: 30 });
    expect(only('memo 32 gb 50 pcs')).toMatchObject({ sku: 'SD-MEMO-32', quantity: 50 });
    expect(only('٥ كراتين كيبل لينك تايب سي متر')).toMatchObject({ sku: 'CBL-LINK-1M', quantity: 5 });
  });
});

describe('a line that only changes the colour or size of the one before', () => {
  it('orders the same product in the colour it names', () => {
    expect(items('10 sona mini speaker blue, 4x same in black')).toEqual([
      ['SPK-SONA-BLU', 10],
      ['SPK-SONA-BLK', 4],
    ]);
    expect(items('ابي ١٢ سماعة سونا ميني زرقاء و٦ سوداء')).toEqual([
      ['SPK-SONA-BLU', 12],
      ['SPK-SONA-BLK', 6],
    ]);
  });

  it('orders the same product in the size it names', () => {
    expect(items('باور بانك فولتا الكبير ٦، والصغير ٤')).toEqual([
      ['PB-VOLT-20K', 6],
      ['PB-VOLT-10K', 4],
    ]);
  });

  it('leaves a line naming another product alone', () => {
    expect(items('10 sona mini speaker blue, 4 memo 64gb')).toEqual([
      ['SPK-SONA-BLU', 10],
      ['SD-MEMO-64', 4],
    ]);
  });
});

describe('words of a line', () => {
  it('reads a broken plural or another pattern of a name word\'s root ("جواريف"/"جاروف", "جوانح"/"أجنحة")', () => {
    // The catalogue says جاروف and أجنحة; the messages say جواريف and جوانح.
    expect(only('٥٠ جواريف يد طويلة')).toMatchObject({ sku: 'DUSTPAN-LONG', quantity: 50 });
    expect(only('٥ كراتين جوانح دجاج')).toMatchObject({ sku: 'CHK-WINGS-1KG', quantity: 5 });
  });

  it('drops Arabizi request verbs ("3atni", "ab8a", "3ayzeen")', () => {
    expect(only('3atni hager rcd 40a 6 7abbat')).toMatchObject({ sku: 'RCD-HAGER-40A', quantity: 6 });
    expect(only('ab8a osram 15w 12 7abba')).toMatchObject({ sku: 'BULB-OSR-15W', quantity: 12 });
  });

  it('reads an Arabic sound plural as its singular ("لمبات" a لمبة)', () => {
    expect(only('لمبات أوسرام ١٥ واط ٢٠ حبة')).toMatchObject({ sku: 'BULB-OSR-15W', quantity: 20 });
  });

  it('orders one of a product after "a" or "an", and splits "and a" / "and one" between two items', () => {
    expect(items('Please add a Volta power bank 10000 and one Sona speaker blue')).toEqual([
      ['PB-VOLT-10K', 1],
      ['SPK-SONA-BLU', 1],
    ]);
    expect(items('also an osram 15w bulb and a hager rcd 63a')).toEqual([
      ['BULB-OSR-15W', 1],
      ['RCD-HAGER-63A', 1],
    ]);
  });

  it('drops chatter before a colon with its figures, even a word that only looks like a catalogue word', () => {
    // "pager" is a typo's guess for "Hager"; 4410 is the chatter's own figure, not a size.
    expect(items('Pager 4410 fixed ✅ الطلب الجديد: Zahra bleach 950ml ٢ كرتون')).toEqual([['BLEACH-ZAHR-950ML', 2]]);
  });

  it('drops a conjunction opening a segment before its figure, even when a name has it ("plus")', () => {
    // Osram alone fits two bulbs equally: the smaller, not a line left unmatched by "plus".
    expect(items('10 hager rcd 40a, plus 5 osram')).toEqual([
      ['RCD-HAGER-40A', 10],
      ['BULB-OSR-10W', 5],
    ]);
  });
});

describe('figures and words that name another product', () => {
  it('leaves a model or capacity the catalogue lacks unmatched, beside a plain quantity', () => {
    expect(items('Volta power bank 30000 x 3')).toEqual([[null, 3]]);
    expect(items('٥ باور بانك فولتا ٣٠ ألف')).toEqual([[null, 5]]);
    expect(items('١٠ كفرات نوفا ١٢ شفاف')).toEqual([[null, 10]]);
    expect(items('١٠ كفرات نوفا ١١ شفاف')).toEqual([['CASE-NOVA-11', 10]]);
  });

  it('reads the figure closing a line as the quantity when another follows a word of the name', () => {
    expect(items('Sona mini speaker blue 2 ٤، Zahra bleach 950 ٦')).toEqual([
      ['SPK-SONA-BLU', 4],
      ['BLEACH-ZAHR-950ML', 6],
    ]);
  });

  it('keeps the figures of the name in the wording of a line left unmatched', () => {
    expect(only('Volta power bank 30000 x 3')).toMatchObject({ sku: null, itemName: 'Volta power bank 30000' });
    expect(only('٣ كراتين حفاضات زيزي مقاس ٥')).toMatchObject({ sku: null, itemNameAr: 'حفاضات زيزي مقاس ٥' });
  });

  it("never takes another brand's item for a line naming a brand that makes this kind", () => {
    const line = only('١٠ كفرات نوفا ١٢ شفاف');
    expect(line.sku).toBeNull();
    // The clerk is offered the brand's other model first; the other brand's case scores lower.
    const [nova, ora] = line.alternatives;
    expect(nova).toMatchObject({ sku: 'CASE-NOVA-11' });
    expect(ora).toMatchObject({ sku: 'CASE-ORA-CLR' });
    expect(ora!.confidence).toBeLessThan(0.5);
  });

  it('orders the same product when a line changes only its dimension', () => {
    // "16mm" alone fits the hose and the pipe alike; after the pipe it is the pipe's.
    expect(items('10 PPR pipe 20mm, and 5 16mm')).toEqual([
      ['PIPE-PPR-20MM', 10],
      ['PIPE-PPR-16MM', 5],
    ]);
  });

  it('takes the item whose name has the words in the order of the line when others fit as well', () => {
    expect(items('20 bag rawda cement')).toEqual([['CEM-RAWDA-OPC-50KG', 20]]);
  });

  it('parts the words on either side of an emoji as a line break does', () => {
    const line = only('الله يعافيك لا تتأخر علينا 🙏 فيفركس اكسترا ٥');
    expect(line).toMatchObject({ sku: 'PAIN-FEVR-EXTRA', quantity: 5 });
    expect(line.confidence).toBeGreaterThanOrEqual(0.9);
    expect(items('✅ latex gloves large 3 👍 hager rcd 40A 2')).toEqual([
      ['GLV-LATEX-L', 3],
      ['RCD-HAGER-40A', 2],
    ]);
  });

  it('never reads a percentage as the quantity, and tells variants apart by it', () => {
    expect(only('كحول ايزوبروبيل ٩٩٪ ١ لتر كرتون')).toMatchObject({ sku: 'ALC-ISO-99', quantity: 1, unit: 'carton' });
    expect(items('isopropyl alcohol 70% x 4، وكحول ايزوبروبيل ٩٩ ٪ ٦')).toEqual([
      ['ALC-ISO-70', 4],
      ['ALC-ISO-99', 6],
    ]);
  });

  it('reads a count of the pack written with an s ("24s") as the figure of the name', () => {
    expect(only('Fevrex 500 48s - 6 ctn')).toMatchObject({ sku: 'PAIN-FEVR-500-48', quantity: 6, unit: 'carton' });
    expect(only('fevrex 500mg 24s x 10')).toMatchObject({ sku: 'PAIN-FEVR-500', quantity: 10 });
  });

  it('reads a figure with its unit after "the invoice" as a quantity, and a bare one as its number', () => {
    expect(only('زيدلي على الفاتورة ٤ علب فيفركس اكسترا')).toMatchObject({ sku: 'PAIN-FEVR-EXTRA', quantity: 4 });
    expect(only('add to the invoice 3 boxes latex gloves large')).toMatchObject({ sku: 'GLV-LATEX-L', quantity: 3 });
    expect(items('latex gloves large 5, invoice 4471')).toEqual([['GLV-LATEX-L', 5]]);
  });

  it("reads an English word an item's Arabic name writes in Arabic letters as a word of that item", () => {
    expect(only('5 power bank zenko 10000')).toMatchObject({ sku: 'PB-ZENKO-10K', quantity: 5 });
    // "فانوكس" is Vanox's own word, not a second Finox.
    const finox = only('qty 6 Finox');
    expect(finox).toMatchObject({ sku: 'DISH-FINOX-56', quantity: 6 });
    expect(finox.confidence).toBeGreaterThanOrEqual(0.9);
  });

  it('tells a single fitting from a double one in the words shops use ("دبل", "سنجل", "single")', () => {
    expect(only('مفتاح فولو دبل ١٢')).toMatchObject({ sku: 'SW-VOLO-2G', quantity: 12 });
    expect(only('٢٠ مفتاح فولو سنجل')).toMatchObject({ sku: 'SW-VOLO-1G', quantity: 20 });
    expect(only('volo switch single x 8')).toMatchObject({ sku: 'SW-VOLO-1G', quantity: 8 });
  });

  it('orders the figure of the name when the pack count in the line already states it', () => {
    expect(only('Velvo toilet 20 rolls - 20 pcs')).toMatchObject({ sku: 'TISSUE-VELVO-20', quantity: 20 });
    expect(only('Velvo toilet 20 rolls - 12 pcs')).toMatchObject({ sku: 'TISSUE-VELVO-20', quantity: 12 });
  });

  it('reads a length in inches as the centimetres the catalogue states, as the trade rounds them', () => {
    expect(only('medi tape 1 inch x 6')).toMatchObject({ sku: 'TAPE-MEDI-2.5CM', quantity: 6 });
    expect(only('لاصق ميدي ٢ انش ٤ حبات')).toMatchObject({ sku: 'TAPE-MEDI-5CM', quantity: 4 });
    expect(equivalentLengths({ kind: 'in', value: '4' })).toEqual([
      { kind: 'cm', value: '10' },
      { kind: 'mm', value: '100' },
    ]);
    // A 110 mm pipe is sold as no inch size.
    expect(equivalentLengths({ kind: 'mm', value: '110' })).toEqual([]);
  });

  it('reads a count before "pack" beside the quantity as the pack it names ("wipes 8 pack")', () => {
    expect(only('2 cartons lumo wipes 8 pack')).toMatchObject({ sku: 'WIPES-LUMO-8', quantity: 2, unit: 'carton' });
    expect(only('lumo wipes 4 pack x 6')).toMatchObject({ sku: 'WIPES-LUMO-4', quantity: 6 });
  });

  it("orders a count with its unit that is the only figure, even when it is the name's count", () => {
    expect(only('velvo toilet 20 pcs')).toMatchObject({ sku: 'TISSUE-VELVO-20', quantity: 20 });
    expect(only('٢٠ حبة مناديل حمام فيلفو')).toMatchObject({ sku: 'TISSUE-VELVO-20', quantity: 20 });
  });

  it('reads every way of writing the USB-C connector as the "C" of "C to C"', () => {
    expect(only('٤ كراتين كبل زاب تايب سي لتايب سي متر')).toMatchObject({ sku: 'CBL-ZAP-C2C-1M', quantity: 4 });
    expect(only('zap type c to type c 1m x 6')).toMatchObject({ sku: 'CBL-ZAP-C2C-1M', quantity: 6 });
    expect(only('zap C to C 1m x 2')).toMatchObject({ sku: 'CBL-ZAP-C2C-1M', quantity: 2 });
    const norms = (text: string) => readConnectors(tokenize(prepareText(text))).map((token) => token.norm);
    expect(norms('كيبل تايب سي لتايب سي')).toEqual(['كيبل', 'c', 'ل', 'c']);
    expect(norms('USB Type-C typec')).toEqual(['usb', 'c', 'c']);
  });

  it('reads an Arabizi plural in -at as its singular ("3abayat" an abaya)', () => {
    expect(only('3atni safi 3abayat 6 7abbat')).toMatchObject({ sku: 'SHAMPOO-SAFI-ABAYA', quantity: 6 });
  });

  it('orders the previous product in the size a line points back at ("4 of the 1L", "من مقاس ١ لتر")', () => {
    expect(items('lavo hand soap 500ml x 10 and 4 cases of the 1L')).toEqual([
      ['SOAP-LAVO-500ML', 10],
      ['SOAP-LAVO-1L', 4],
    ]);
    expect(items('صابون لافو ٥٠٠ مل ٣ كراتين وكرتونين من مقاس ١ لتر')).toEqual([
      ['SOAP-LAVO-500ML', 3],
      ['SOAP-LAVO-1L', 2],
    ]);
  });

  it('drops a word that only labels the measure after it ("سعة ٥٠٠ مل", "size 1L")', () => {
    expect(only('لافو سعة ٥٠٠ مل ١٠ حبات')).toMatchObject({ sku: 'SOAP-LAVO-500ML', quantity: 10 });
    expect(only('lavo size 1L x 4')).toMatchObject({ sku: 'SOAP-LAVO-1L', quantity: 4 });
  });

  it('reads rubbish in any of its words ("زبالة", "قمامة", "trash") as the catalogue names it', () => {
    expect(only('اكياس زبالة نافا ٣٠ جالون - ٥٠')).toMatchObject({ sku: 'GBAG-NAFA-30GAL', quantity: 50 });
    expect(only('nafa trash bags 30 gallon x 5')).toMatchObject({ sku: 'GBAG-NAFA-30GAL', quantity: 5 });
  });

  it('reads a word of hours as the product when the catalogue sells it ("٦ ساعات كيفو" are watches)', () => {
    expect(only('٦ ساعات كيفو')).toMatchObject({ sku: 'WATCH-KIVO-5', quantity: 6 });
    expect(items('latex gloves large 5, deliver within 3 hours')).toEqual([['GLV-LATEX-L', 5]]);
  });

  it('reads "w" before a word a name says after "with" as "with", and as "and" elsewhere', () => {
    expect(items('alufix 500 containers w lid - 3 ctn')).toEqual([['CONT-ALUFIX-LID', 3]]);
    expect(items('5 ctn alufix containers w 2 ctn cup lid 8oz')).toEqual([
      ['CONT-ALUFIX-LID', 5],
      ['LID-CUP-8OZ', 2],
    ]);
  });

  it('reads two words as the one word the catalogue writes them as', () => {
    expect(only('ابر سوفت برو ٣ علب')).toMatchObject({ sku: 'LANCET-SOFTPRO-100', quantity: 3 });
    expect(only('soft pro lancets x 2')).toMatchObject({ sku: 'LANCET-SOFTPRO-100', quantity: 2 });
  });
});
