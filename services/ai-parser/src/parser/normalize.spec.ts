import { describe, expect, it } from 'vitest';
import { normalizePhrase, normalizeWord, prepareText, skeleton, toAsciiDigits } from './normalize.js';
import { tokenize } from './tokens.js';

describe('normalizeWord', () => {
  it('folds alef forms, ta marbuta, alef maqsura, hamza carriers and Persian letters', () => {
    expect(normalizeWord('أرز')).toBe('ارز');
    expect(normalizeWord('إندومي')).toBe('اندومي');
    expect(normalizeWord('آخر')).toBe('اخر');
    expect(normalizeWord('كرتونة')).toBe('كرتونه');
    expect(normalizeWord('المراعى')).toBe('المراعي');
    expect(normalizeWord('مؤسسة')).toBe('موسسه');
    expect(normalizeWord('کیلو')).toBe('كيلو');
  });

  it('drops tashkeel and tatweel', () => {
    expect(normalizeWord('سُكَّرٌ')).toBe('سكر');
    expect(normalizeWord('حلـــيب')).toBe('حليب');
    expect(normalizeWord('كيلوغراماً')).toBe('كيلوغراما');
  });

  it('keeps a final hamza after alef, where it tells words apart', () => {
    expect(normalizeWord('ماء')).toBe('ماء');
    expect(normalizeWord('ماءً')).toBe('ماء');
    expect(normalizeWord('ماء')).not.toBe(normalizeWord('ما'));
    expect(normalizeWord('الصفراء')).toBe('الصفراء');
    expect(normalizeWord('شيء')).toBe('شي');
    expect(normalizeWord('جزءا')).toBe('جزا');
  });

  it('lower-cases Latin, drops accents and apostrophes', () => {
    expect(normalizeWord("Kellogg's")).toBe('kelloggs');
    expect(normalizeWord('L’usine')).toBe('lusine');
    expect(normalizeWord('Café')).toBe('cafe');
  });
});

describe('digits and text preparation', () => {
  it('reads Arabic-Indic and Persian digits and the Arabic decimal separator', () => {
    expect(toAsciiDigits('١٢٣٤٥٦٧٨٩٠')).toBe('1234567890');
    expect(toAsciiDigits('۱۲۳۴۵۶۷۸۹۰')).toBe('1234567890');
    expect(toAsciiDigits('١٫٥')).toBe('1.5');
    const [number] = tokenize(prepareText('٢٫٥'));
    expect(number.value).toBe(2.5);
  });

  it('turns vulgar fractions into decimals', () => {
    expect(prepareText('Kiri ½ ctn')).toContain('0.5');
    expect(prepareText('1½ kg')).toBe('1.5 kg');
  });

  it('applies NFKC (Arabic presentation forms) and drops bidi marks', () => {
    expect(normalizeWord(prepareText('\uFEF7\u200F'))).toBe('لا');
  });

  it('gives a remembered phrase one form however it is written', () => {
    expect(normalizePhrase('  Almarai   Milk 1L ')).toBe(normalizePhrase('almarai milk 1l'));
    expect(normalizePhrase('حليب المراعى ١ لتر')).toBe(normalizePhrase('حليب المراعي 1 لتر'));
  });
});

describe('skeleton', () => {
  it('gives Arabizi and Arabic spellings of a word the same consonants', () => {
    expect(skeleton('7aleeb')).toBe(skeleton('حليب'));
    expect(skeleton('clorox')).toBe(skeleton('كلوركس'));
    expect(skeleton('zabadi')).toBe(skeleton('زبادي'));
    // A ta marbuta once normalised to ه, and "kh" for خ.
    expect(skeleton('kibda')).toBe(skeleton(normalizeWord('كبدة')));
    expect(skeleton('khiyar')).toBe(skeleton('خيار'));
    expect(skeleton('khiyar')).toBe(skeleton('5iyar'));
  });
});
