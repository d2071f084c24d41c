/** English number words, both ways: catalogue sizes are spoken ("2L" → "two liter"); transcripts are written ("one point five" → "1.5"). */

export const ONES = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine'];
export const TEENS = [
  'ten',
  'eleven',
  'twelve',
  'thirteen',
  'fourteen',
  'fifteen',
  'sixteen',
  'seventeen',
  'eighteen',
  'nineteen',
];
export const TENS = ['', '', 'twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'];

/** A number as it is said: 1200 → "one thousand two hundred", 1.5 → "one point five", 2.25 → "two point two five". */
export function sayNumber(value: number): string {
  if (!Number.isFinite(value) || value < 0) return '';
  if (!Number.isInteger(value)) {
    const [whole, fraction] = String(value).split('.');
    return `${sayNumber(Number(whole))} point ${[...(fraction ?? '')].map((digit) => ONES[Number(digit)]).join(' ')}`;
  }
  if (value < 10) return ONES[value]!;
  if (value < 20) return TEENS[value - 10]!;
  if (value < 100) return TENS[Math.floor(value / 10)]! + (value % 10 ? ` ${ONES[value % 10]}` : '');
  if (value < 1000) return `${ONES[Math.floor(value / 100)]} hundred${value % 100 ? ` ${sayNumber(value % 100)}` : ''}`;
  if (value < 1_000_000) {
    return `${sayNumber(Math.floor(value / 1000))} thousand${value % 1000 ? ` ${sayNumber(value % 1000)}` : ''}`;
  }
  return String(value);
}

const wordValue = new Map<string, number>([
  ...ONES.map((word, value): [string, number] => [word, value]),
  ...TEENS.map((word, k): [string, number] => [word, 10 + k]),
  ...TENS.map((word, k): [string, number] => [word, k * 10]).filter(([word]) => word !== ''),
]);

interface NumberRun {
  value: number;
  /** Tokens consumed. */
  length: number;
}

/** The number said from `start` on ("twenty two", "two hundred and fifty", "twelve hundred", "one point five", "two and a half"). */
function readNumber(words: readonly string[], start: number): NumberRun | null {
  let at = start;
  let total = 0;
  let current = 0;
  let any = false;
  let lastSmall = -1;
  while (at < words.length) {
    const word = words[at]!;
    const value = wordValue.get(word);
    if (value !== undefined) {
      // "twenty two" joins; "two two" or "twenty thirty" are two numbers.
      if (any && lastSmall >= 0 && !(lastSmall >= 20 && lastSmall % 10 === 0 && value < 10)) break;
      current += value;
      lastSmall = value;
      any = true;
      at += 1;
    } else if (word === 'hundred' && any) {
      current = (current || 1) * 100;
      lastSmall = -1;
      at += 1;
    } else if (word === 'thousand' && any) {
      total += (current || 1) * 1000;
      current = 0;
      lastSmall = -1;
      at += 1;
    } else if (word === 'and' && any && lastSmall === -1 && wordValue.has(words[at + 1] ?? '')) {
      at += 1; // "two hundred and fifty"
    } else {
      break;
    }
  }
  if (!any) return null;
  let value = total + current;
  if (words[at] === 'point' && wordValue.has(words[at + 1] ?? '') && (wordValue.get(words[at + 1]!) ?? 10) < 10) {
    let digits = '';
    at += 1;
    while (at < words.length && (wordValue.get(words[at]!) ?? 10) < 10) {
      digits += String(wordValue.get(words[at]!));
      at += 1;
    }
    value = Number(`${value}.${digits}`);
  } else if (words[at] === 'and' && words[at + 1] === 'a' && words[at + 2] === 'half') {
    value += 0.5;
    at += 3;
  }
  return { value, length: at - start };
}

/** Number words written as digits: "six cartons of milk one point five liter" → "6 cartons of milk 1.5 liter". */
export function digitsForNumberWords(text: string): string {
  const words = text.trim().split(/\s+/).filter(Boolean);
  const out: string[] = [];
  for (let at = 0; at < words.length;) {
    const run = readNumber(words, at);
    if (run) {
      out.push(String(run.value));
      at += run.length;
    } else {
      out.push(words[at]!);
      at += 1;
    }
  }
  return out.join(' ');
}

const CONTAINERS = new Set([
  'carton',
  'cartons',
  'case',
  'cases',
  'box',
  'boxes',
  'bag',
  'bags',
  'sack',
  'sacks',
  'piece',
  'pieces',
  'tray',
  'trays',
  'bottle',
  'bottles',
  'can',
  'cans',
  'tin',
  'tins',
  'jar',
  'jars',
  'pack',
  'packs',
  'packet',
  'packets',
]);

/**
 * A transcript as the order parser reads best: numbers in digits, and a new line wherever a
 * second "<quantity> <container>" starts ("… rice 10 kilo 2 boxes of tea" → two lines), since
 * speech has no line breaks.
 */
export function transcriptToOrderText(transcript: string): string {
  const lines: string[] = [];
  for (const spoken of transcript.split('\n')) {
    const words = digitsForNumberWords(spoken).split(' ').filter(Boolean);
    let line: string[] = [];
    let hasQuantity = false;
    words.forEach((word, at) => {
      const startsQuantity = /^\d/.test(word) && CONTAINERS.has(words[at + 1] ?? '');
      if (startsQuantity && hasQuantity) {
        if (line[line.length - 1] === 'and') line.pop();
        lines.push(line.join(' '));
        line = [];
        hasQuantity = false;
      }
      if (startsQuantity) hasQuantity = true;
      line.push(word);
    });
    if (line.length > 0) lines.push(line.join(' '));
  }
  return lines.join('\n');
}
