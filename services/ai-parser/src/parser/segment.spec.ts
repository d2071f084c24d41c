import { describe, expect, it } from 'vitest';
import { catalogIndex } from '../../test/parser-fixtures.js';
import { prepareText } from './normalize.js';
import { analyseSegment, markNoise, splitPrefixes, splitSegments } from './segment.js';
import { tokenize } from './tokens.js';

function segments(text: string): string[] {
  const index = catalogIndex();
  const prepared = prepareText(text);
  const tokens = splitPrefixes(tokenize(prepared), index.isKnownWord, index.isVocabularyWord);
  markNoise(tokens);
  return splitSegments(tokens).map((segment) =>
    segment.tokens
      .filter((token) => token.kind !== 'noise' && (token.kind !== 'punct' || token.norm === ':'))
      .map((token) => token.raw)
      .join(' '),
  );
}

function measures(text: string): Array<{ value: number; unit: string | null; format: string }> {
  const index = catalogIndex();
  const tokens = splitPrefixes(tokenize(prepareText(text)), index.isKnownWord, index.isVocabularyWord);
  markNoise(tokens);
  return splitSegments(tokens).flatMap((segment) =>
    analyseSegment(segment).measures.map(({ value, unit, format }) => ({ value, unit, format })),
  );
}

describe('splitSegments', () => {
  it('splits lines, bullets, commas and "+"', () => {
    expect(segments('- Tide 3kg 8 pcs\n- Lux soap 2 ctn')).toEqual(['Tide 3 kg 8 pcs', 'Lux soap 2 ctn']);
    expect(segments('6 trays eggs + 2 bread, 3 Kiri')).toEqual(['6 trays eggs', '2 bread', '3 Kiri']);
  });

  it('splits "and", و and w between two items', () => {
    expect(segments('Need 4 bags Abu Kass 10kg and 2 cartons Afia 1.5L')).toHaveLength(2);
    expect(segments('٦ عبوات كلوركس و١٢ عبوة ديتول')).toEqual(['٦ عبوات كلوركس', '١٢ عبوة ديتول']);
    expect(segments('ثلاث كيلو خلاص وكيلوين سكري فرط')).toEqual(['ثلاث كيلو خلاص', 'كيلوين سكري فرط']);
    expect(segments('abi kilo hail w 2 kilo tamr khlas')).toHaveLength(2);
  });

  it('splits at a slash standing apart between two items, not a date or a bare name before it', () => {
    expect(segments('Tide 3kg – 4 / Lux soap – 12')).toEqual(['Tide 3 kg 4', 'Lux soap 12']);
    expect(segments('Pepsi / 7up 5 ctn each')).toHaveLength(1);
    expect(segments('delivery 12/05 Kiri 5 ctn')).toHaveLength(1);
  });

  it('drops a delivery-day heading before a colon ("المطلوب يوم الخميس ١٤ رجب:")', () => {
    expect(segments('المطلوب توريده يوم الخميس ١٤ رجب: ٥ كراتين لبن')).toEqual(['٥ كراتين لبن']);
  });

  it('reads "lowfat" as the two words "low fat"', () => {
    expect(segments('lowfat almarai milk x 10')).toEqual(['low fat almarai milk x 10']);
  });

  it('does not split "and" inside a number or a fraction ("كيلو ونص", "خمسة وعشرين")', () => {
    expect(segments('بدي كيلو ونص هيل')).toHaveLength(1);
    expect(segments('خمسة وعشرين كرتون بيبسي')).toHaveLength(1);
  });

  it('drops a header before a colon but keeps "name: quantity"', () => {
    expect(segments('الكمية: ٢٫٥ كجم هيل أخضر')).toEqual(['٢٫٥ كجم هيل أخضر']);
    expect(segments('Lipton 100 bags: 12')).toEqual(['Lipton 100 bags : 12']);
  });

  it('drops a branch heading before a colon, but keeps a correction cue', () => {
    expect(segments('far3 al olaya: 5 kartoon 7aleeb nadec')).toEqual(['5 kartoon 7aleeb nadec']);
    expect(segments('فرع الروضة: ٣ كراتين لبن')).toEqual(['٣ كراتين لبن']);
    expect(segments('correction: 6')).toEqual(['correction : 6']);
  });

  it('drops parenthesised remarks without numbers', () => {
    expect(segments('Sadia 1200 - 5 ctn (separate invoice pls)')).toEqual(['Sadia 1200 5 ctn']);
  });
});

describe('markNoise', () => {
  it('never reads phone numbers, times, prices, totals, dates or references as quantities', () => {
    expect(measures('call 0543219876')).toEqual([]);
    expect(measures('call 055 123 4567')).toEqual([]);
    expect(measures('deliver by 3:30 pm, before 11am')).toEqual([]);
    expect(measures('@ 13.5 = 324')).toEqual([]);
    expect(measures('Total 500 SR')).toEqual([]);
    expect(measures('يوم ١٥ رمضان')).toEqual([]);
    expect(measures('الساعة ٧ المغرب')).toEqual([]);
    expect(measures('invoice 4471, branch 12')).toEqual([]);
  });

  it('reads the price of "count × price = total" as no quantity', () => {
    expect(measures('Tang ١٢ حبة × 18.5 = 222 ريال')).toEqual([{ value: 12, unit: 'piece', format: 'unit' }]);
    expect(measures('6 pcs x 14 = 84')).toEqual([{ value: 6, unit: 'piece', format: 'unit' }]);
    // Without money or a unit on the count, "24 x 5 = 120" is a pack count and a quantity.
    expect(measures('Kiri 24 x 5 = 120')).toEqual([
      { value: 24, unit: null, format: 'bare' },
      { value: 5, unit: null, format: 'x' },
    ]);
  });

  it('reads a time of day after a separate Arabizi article ("4 el maghrib")', () => {
    expect(measures('ba3d 4 el maghrib')).toEqual([]);
    expect(measures('9 al sob7')).toEqual([]);
    expect(measures('4 el kartoon')).toEqual([{ value: 4, unit: null, format: 'bare' }]);
  });

  it('reads "three in one" as a pack kind, never a quantity', () => {
    expect(measures('nescafe three in one 4 boxes')).toEqual([{ value: 4, unit: 'box', format: 'unit' }]);
    expect(measures('نسكافيه ثري ان ون')).toEqual([]);
  });

  it('reads an order number closing its phrase as a reference, not a quantity', () => {
    expect(measures('Purchase order 7781')).toEqual([]);
    expect(measures('order 1200 Nova cans')).toEqual([{ value: 1200, unit: null, format: 'bare' }]);
  });

  it('drops the replaced figure of "30 not 20"', () => {
    expect(measures('Watania breast 30 not 20')).toEqual([{ value: 30, unit: null, format: 'bare' }]);
  });

  it('drops a figure stated in the past tense', () => {
    expect(measures('Last time Rabea bags was 15.75')).toEqual([]);
    expect(measures('سعر الكلوركس كان ١٧')).toEqual([]);
  });
});

function analysis(text: string) {
  const index = catalogIndex();
  const tokens = splitPrefixes(tokenize(prepareText(text)), index.isKnownWord, index.isVocabularyWord);
  markNoise(tokens);
  return analyseSegment(splitSegments(tokens)[0]);
}

describe('analyseSegment', () => {
  it('keeps the figure a correction replaces and marks price remarks', () => {
    expect(analysis('Oops eggs 15 trays not 12')).toMatchObject({ replaced: 12, correctionCue: true });
    expect(analysis('Eggs 15 trays')).toMatchObject({ replaced: null, priceRemark: false });
    expect(analysis('Rabea bags was 15.75').priceRemark).toBe(true);
  });

  it('takes a correction cue for the figure only when no product word comes between', () => {
    expect(analysis('sorry make it 6').measures[0].correction).toBe(true);
    expect(analysis('sorry Almarai milk 2L 3 ctn').measures.map((measure) => measure.correction)).toEqual([
      false,
      false,
    ]);
  });

  it('reads a correction cue before a colon as a correction, not a product', () => {
    expect(analysis('عفواً التصحيح: ١٠ كراتين فقط')).toMatchObject({ words: [], correctionCue: true });
  });

  it('tells a cancellation of a named line from one of the previous line', () => {
    expect(analysis('cancel the Goody tuna').cancel).toBe('named');
    expect(analysis('شيل الكلوركس').cancel).toBe('named');
    expect(analysis('cancel it').cancel).toBe('previous');
    expect(analysis('الغيها').cancel).toBe('previous');
    expect(analysis('Goody tuna 5 ctn').cancel).toBeNull();
  });

  it('marks stock questions, question marks and conditional orders', () => {
    expect(analysis('Do you have Galaxy chocolate').priceQuestion).toBe(true);
    expect(analysis('3indkom nutella').priceQuestion).toBe(true);
    expect(analysis('ابي من عندكم ٥ كراتين').priceQuestion).toBe(false);
    expect(analysis('I have 5 ctn Pepsi').priceQuestion).toBe(false);
    expect(analysis('how much is Mountain Dew').priceQuestion).toBe(true);
    expect(analysis('salam Ahmed how are you').priceQuestion).toBe(false);
    expect(analysis('Galaxy chocolate?').question).toBe(true);
    expect(analysis('Galaxy chocolate').question).toBe(false);
    expect(analysis('If yes 4 cartons').conditional).toBe(true);
    expect(analysis('if you have it').conditional).toBe(true);
    expect(analysis('لو موجود ٥ كرتونة').conditional).toBe(true);
    expect(analysis('law fi abi 3 kartoon').conditional).toBe(true);
    expect(analysis('ان شاء الله ٥ كراتين').conditional).toBe(false);
  });

  it('keeps a branch phrase out of the product words and the delivery cues', () => {
    const branch = analysis('٥ كراتين تايد فرع العليا');
    expect(branch.words.map((position) => branch.tokens[position].norm)).toEqual(['تايد']);
    expect(branch.deliveryCue).toBe(false);
    expect(analysis('6 ctn Clorox for the Malaz branch').words).toHaveLength(1);
    expect(analysis('10 kartoon laban far3 el naseem').words).toHaveLength(1);
    expect(analysis('deliver to branch Olaya').deliveryCue).toBe(true);
  });

  it('marks a line ending with a colon as a heading', () => {
    expect(analysis('Rice order:').heading).toBe(true);
    expect(analysis('Rice: 5 bags').heading).toBe(false);
  });

  it('reads أبو before a size as "the one with", not a name word', () => {
    expect(analysis('كرتون شاي ليبتون ابو ١٠٠ كيس').words).toHaveLength(2);
    expect(analysis('كرتون حليب ابو لترين').words).toHaveLength(1);
    expect(analysis('شوال رز ابو كاس').words).toHaveLength(3);
  });

  it('reads "can" after a product as the pack, not the verb', () => {
    expect(analysis('Diet Pepsi can x 24').words).toHaveLength(3);
    expect(analysis('7up cans - 12').words).toHaveLength(2);
    expect(analysis('can you send 5 ctn Pepsi').words).toHaveLength(1);
  });

  it('reads x-formats, labels and colons', () => {
    expect(measures('3x Kiri')).toEqual([{ value: 3, unit: null, format: 'x' }]);
    expect(measures('Nido x4')).toEqual([{ value: 4, unit: null, format: 'x' }]);
    expect(measures('Tang × ٣')).toEqual([{ value: 3, unit: null, format: 'x' }]);
    expect(measures('qty 10 Goody tuna')).toEqual([{ value: 10, unit: null, format: 'label' }]);
    expect(measures('rice: 10')).toEqual([{ value: 10, unit: null, format: 'colon' }]);
  });

  it('reads number words, duals, dozens and fractions with their units', () => {
    expect(measures('three bags of rice')).toEqual([{ value: 3, unit: 'bag', format: 'unit' }]);
    expect(measures('a dozen juice')).toEqual([{ value: 12, unit: 'dozen', format: 'unit' }]);
    expect(measures('half a dozen juice')).toEqual([{ value: 6, unit: 'dozen', format: 'unit' }]);
    expect(measures('٣ درزن بيبسي')).toEqual([{ value: 36, unit: 'dozen', format: 'unit' }]);
    expect(measures('كرتونين لبن')).toEqual([{ value: 2, unit: 'carton', format: 'unit' }]);
    expect(measures('كيلو ونص هيل')).toEqual([{ value: 1.5, unit: 'kg', format: 'unit' }]);
    expect(measures('ربع كيلو هيل')).toEqual([{ value: 0.25, unit: 'kg', format: 'unit' }]);
    expect(measures('nos darzan 7up')).toEqual([{ value: 6, unit: 'dozen', format: 'unit' }]);
  });

  it('reads a unit after a word of addition ("2 more ctn")', () => {
    expect(measures('2 more ctn of Kiri')).toEqual([{ value: 2, unit: 'carton', format: 'unit' }]);
    expect(measures('٣ كمان كراتين بيبسي')).toEqual([{ value: 3, unit: 'carton', format: 'unit' }]);
  });

  it('starts a new number at "and half a dozen", not a fraction of the one before', () => {
    expect(measures('a dozen trays of eggs and half a dozen Clorox')).toEqual([
      { value: 12, unit: 'dozen', format: 'unit' },
      { value: 6, unit: 'dozen', format: 'unit' },
    ]);
    expect(segments('a dozen trays of eggs and half a dozen Clorox')).toHaveLength(2);
  });

  it('reads a pack count before "x" as a size and the number after it as the quantity', () => {
    expect(measures('Kiri ٢٤ x ٥')).toEqual([
      { value: 24, unit: null, format: 'bare' },
      { value: 5, unit: null, format: 'x' },
    ]);
  });
});
