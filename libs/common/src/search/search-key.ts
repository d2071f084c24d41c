/**
 * The form of text that stock search compares: lower case, Arabic letter variants folded
 * (أ إ آ ٱ → ا, ى → ي, ة → ه) and tashkeel and tatweel dropped, so "احمد" finds "أحمد" and
 * "سكري" finds "سكّري". Each service that searches stores the same key by an SQL function
 * `<schema>.search_key` (inventory migration 1795700000000); the two must stay identical.
 */
const foldedLetters: Record<string, string> = { أ: 'ا', إ: 'ا', آ: 'ا', ٱ: 'ا', ى: 'ي', ة: 'ه' };
/** Tatweel and the tashkeel marks fathatan … sukun (U+064B–U+0652). */
function isDropped(char: string): boolean {
  const code = char.charCodeAt(0);
  return code === 0x640 || (code >= 0x64b && code <= 0x652);
}

export function searchKey(text: string): string {
  return text
    .toLowerCase()
    .replace(/[\u0622\u0623\u0625\u0671\u0649\u0629]/g, (letter) => foldedLetters[letter] ?? letter)
    .split('')
    .filter((char) => !isDropped(char))
    .join('');
}

/** `%term%` for LIKE or ILIKE, with the term's own % _ and \ taken literally. */
export function likeContains(term: string): string {
  return `%${term.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** `%term%` for LIKE over search keys: the term folded as the keys are. */
export function containsPattern(term: string): string {
  return likeContains(searchKey(term));
}
