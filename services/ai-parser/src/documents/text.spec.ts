import { describe, expect, it } from 'vitest';
import { cleanPageText } from './text.js';

describe('cleanPageText', () => {
  it('folds the Persian letters and digits the Arabic script model writes', () => {
    expect(cleanPageText('کرتون شای ۲۴ حبه')).toBe('كرتون شاي ٢٤ حبه');
  });

  it('turns Arabic presentation forms back into letters and drops bidi marks', () => {
    expect(cleanPageText('\u200fﺯﻳﺖ ﻧﻮﺭ\u200e')).toBe('زيت نور');
  });

  it('puts a space between Arabic letters and a number glued to them', () => {
    expect(cleanPageText('و12 عبوة ديتول')).toBe('و 12 عبوة ديتول');
    expect(cleanPageText('٢٤حبة')).toBe('٢٤ حبة');
  });

  it('collapses spaces, keeps one tab between table cells and single blank lines', () => {
    expect(cleanPageText('  1 \t\t Almarai   milk \t 24 \n\n\n\nTotal  760.50 ')).toBe(
      '1\tAlmarai milk\t24\n\nTotal 760.50',
    );
  });
});
