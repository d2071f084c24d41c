/**
 * Clean-up of text read from a page (OCR or a PDF's text layer) before the parsers see it:
 * NFKC (Arabic presentation forms → letters), bidi control marks dropped, the Persian letter
 * forms Tesseract's `Arabic` model writes (ی ک ۲ …) folded to Arabic ones, a space put between
 * Arabic letters and a number glued to them, spaces collapsed (a tab between table columns
 * kept), blank lines kept single.
 */

const BIDI_MARKS = /[\u200e\u200f\u061c\u202a-\u202e\u2066-\u2069\ufeff]/g;

/** Letters of Persian, Urdu and Sindhi that the script model writes for Arabic ones. */
const PERSIAN_LETTERS: Record<string, string> = {
  ی: 'ي',
  ې: 'ي',
  ۍ: 'ي',
  ے: 'ي',
  ک: 'ك',
  ڪ: 'ك',
  ۀ: 'ه',
  ہ: 'ه',
  ھ: 'ه',
  ۃ: 'ة',
  ٿ: 'ث',
  ٺ: 'ت',
  ٽ: 'ت',
  ٹ: 'ت',
  ڀ: 'ب',
  ں: 'ن',
  ڈ: 'د',
  ڑ: 'ر',
};

export function cleanPageText(text: string): string {
  let out = text.normalize('NFKC').replace(BIDI_MARKS, '');
  out = out.replace(/[یېۍےکڪۀہھۃٿٺٽٹڀںڈڑ]/g, (char) => PERSIAN_LETTERS[char] ?? char);
  // Persian digits (۰–۹) → Arabic-Indic (٠–٩): the same numbers, the forms Gulf text uses.
  out = out.replace(/[\u06f0-\u06f9]/g, (char) => String.fromCharCode(char.charCodeAt(0) - 0x6f0 + 0x660));
  out = out
    .replace(/([\u0621-\u064a])([0-9\u0660-\u0669])/g, '$1 $2')
    .replace(/([0-9\u0660-\u0669])([\u0621-\u064a])/g, '$1 $2');
  return out
    .split('\n')
    .map((line) =>
      line
        .replace(/[ \u00a0]+/g, ' ')
        .replace(/ ?\t[\t ]*/g, '\t')
        .replace(/^[\t ]+|[\t ]+$/g, ''),
    )
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
