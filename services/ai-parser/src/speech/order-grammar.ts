import { ONES, sayNumber, TEENS, TENS } from './spoken-numbers.js';

/**
 * The grammar the offline recogniser (pocketsphinx) decodes with: an order is lines of
 * "[lead] <quantity> [<unit> [of]] <product> [please]" joined by an optional "and", where a product
 * is one of the catalogue's English names as people say them: in full, without the pack size, or
 * shortened to its first words. Without a grammar pocketsphinx's general model gets about one
 * word in ten right on these messages.
 *
 * It is the JSGF grammar of NOTES.md written directly in pocketsphinx's finite-state form (FSG),
 * with the product names as a word trie: pocketsphinx compiles JSGF alternatives into parallel
 * paths with thousands of null transitions, which cost 24 s of CPU per voice note for a
 * 2,000-item catalogue; the trie shares every common prefix (brand, product) and costs ~2–4 s
 * there, 0.2 s for 70 items, and recognised more words (docs/decisions/0012-ai-intake.md).
 */

/** Units a quantity is ordered in, as said. */
export const CONTAINER_UNITS = [
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
  'dozen',
];
export const MEASURE_UNITS = [
  'kilo',
  'kilos',
  'kilogram',
  'kilograms',
  'gram',
  'grams',
  'liter',
  'liters',
  'milliliter',
  'milliliters',
];
const LEADS = ['and', 'also', 'plus', 'please', 'i need', 'i want', 'send', 'send me', 'give me', 'we need', 'we want'];
const UNIT_WORDS: Record<string, string> = {
  kg: 'kilo',
  g: 'gram',
  gm: 'gram',
  gr: 'gram',
  l: 'liter',
  ltr: 'liter',
  litre: 'liter',
  ml: 'milliliter',
  pcs: 'pieces',
  pc: 'piece',
};
const DIGITS = ONES.slice(1);
const TEN_WORDS = TENS.filter(Boolean);
const NUMBER_WORDS = new Set([...ONES, ...TEENS, ...TEN_WORDS, 'hundred', 'thousand', 'point']);

/** A catalogue name as said: "Almarai Fresh Milk Full Fat 1.5L" → almarai fresh milk full fat one point five liter. */
export function spokenWords(name: string): string[] {
  let text = name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/['’`]/g, '')
    .replace(/(\d)\s*in\s*(\d)/g, '$1 in $2')
    .replace(/\b7\s*up\b/g, 'seven up');
  text = text.replace(/(\d+(?:\.\d+)?)\s*(kg|gm|gr|g|ltr|l|ml|pcs|pc)\b/g, (_all, value: string, unit: string) => {
    return ` ${value} ${UNIT_WORDS[unit] ?? unit} `;
  });
  text = text.replace(/\d+(?:\.\d+)?/g, (value) => ` ${sayNumber(Number(value))} `);
  return text
    .replace(/[^a-z]+/g, ' ')
    .split(' ')
    .filter(Boolean)
    .map((word) => UNIT_WORDS[word] ?? word);
}

/** How an item may be said: in full, without its size, and by its first two or three words (with or without the size). */
export function itemPhrases(name: string): string[][] {
  const words = spokenWords(name);
  if (words.length === 0) return [];
  const sizeAt = words.findIndex((word, index) => index > 0 && NUMBER_WORDS.has(word));
  const core = sizeAt > 0 ? words.slice(0, sizeAt) : words;
  const size = sizeAt > 0 ? words.slice(sizeAt) : [];
  const variants = new Map<string, string[]>();
  const add = (phrase: string[]): void => {
    if (phrase.length > 0) variants.set(phrase.join(' '), phrase);
  };
  add(words);
  add(core);
  for (const length of [2, 3]) {
    if (core.length > length) {
      add(core.slice(0, length));
      add([...core.slice(0, length), ...size]);
    }
  }
  return [...variants.values()];
}

/** A finite-state grammar being written: states are numbers, transitions carry a word or nothing. */
class FsgWriter {
  private count = 0;
  private readonly transitions: Array<{ from: number; to: number; word: string | null }> = [];
  readonly words = new Set<string>();

  state(): number {
    this.count += 1;
    return this.count - 1;
  }

  arc(from: number, to: number, word: string | null = null): void {
    if (word) this.words.add(word);
    this.transitions.push({ from, to, word });
  }

  /** A word sequence from one state to another. */
  say(from: number, phrase: string, to: number): void {
    const words = phrase.split(' ');
    let at = from;
    words.slice(0, -1).forEach((word) => {
      const next = this.state();
      this.arc(at, next, word);
      at = next;
    });
    this.arc(at, to, words[words.length - 1]!);
  }

  /** pocketsphinx's FSG format; every state's ways out are equally likely. */
  text(start: number, final: number): string {
    const outDegree = new Map<number, number>();
    for (const { from } of this.transitions) outDegree.set(from, (outDegree.get(from) ?? 0) + 1);
    const lines = ['FSG_BEGIN order', `NUM_STATES ${this.count}`, `START_STATE ${start}`, `FINAL_STATE ${final}`];
    for (const { from, to, word } of this.transitions) {
      const probability = (1 / outDegree.get(from)!).toFixed(6);
      lines.push(`TRANSITION ${from} ${to} ${probability}${word ? ` ${word}` : ''}`);
    }
    lines.push('FSG_END');
    return `${lines.join('\n')}\n`;
  }

  get size(): { states: number; transitions: number } {
    return { states: this.count, transitions: this.transitions.length };
  }
}

/** Numbers 1–99 from one state to another: "seven", "fifteen", "forty", "forty two". */
function underHundred(fsg: FsgWriter, from: number, to: number): void {
  for (const word of [...DIGITS, ...TEENS]) fsg.arc(from, to, word);
  const tens = fsg.state();
  for (const word of TEN_WORDS) fsg.arc(from, tens, word);
  for (const word of DIGITS) fsg.arc(tens, to, word);
  fsg.arc(tens, to);
}

/** A quantity: 1–99, "<digit> hundred [and] <1–99>", "a", "an", "half", "<n> and a half", "a dozen", "<n> point <digit>". */
function quantity(fsg: FsgWriter, from: number, to: number): void {
  underHundred(fsg, from, to);
  const hundreds = fsg.state();
  for (const word of DIGITS) fsg.arc(from, hundreds, word);
  const afterHundred = fsg.state();
  fsg.arc(hundreds, afterHundred, 'hundred');
  fsg.arc(afterHundred, to);
  const remainder = fsg.state();
  fsg.arc(afterHundred, remainder, 'and');
  fsg.arc(afterHundred, remainder);
  underHundred(fsg, remainder, to);
  for (const word of ['a', 'an', 'half']) fsg.arc(from, to, word);
  const whole = fsg.state();
  underHundred(fsg, from, whole);
  fsg.say(whole, 'and a half', to);
  const point = fsg.state();
  fsg.arc(whole, point, 'point');
  for (const word of DIGITS) fsg.arc(point, to, word);
  fsg.say(from, 'a dozen', to);
}

export interface OrderGrammar {
  /** The grammar in pocketsphinx's FSG format (`-fsg`). */
  fsg: string;
  /** Every word it uses (each needs a pronunciation). */
  words: Set<string>;
  states: number;
  transitions: number;
}

/** The grammar of a catalogue; `known` says which words have a pronunciation (phrases with others are left out). */
export function buildOrderGrammar(names: readonly string[], known: (word: string) => boolean): OrderGrammar {
  const fsg = new FsgWriter();
  const start = fsg.state();
  const final = fsg.state();
  const line = start;

  const beforeQuantity = fsg.state();
  for (const lead of LEADS) fsg.say(line, lead, beforeQuantity);
  fsg.arc(line, beforeQuantity);
  const afterQuantity = fsg.state();
  quantity(fsg, beforeQuantity, afterQuantity);

  const afterUnit = fsg.state();
  for (const unit of [...CONTAINER_UNITS, ...MEASURE_UNITS]) fsg.arc(afterQuantity, afterUnit, unit);
  const product = fsg.state();
  const afterProduct = fsg.state();

  // The product names as a trie: a state per distinct prefix, a way out wherever a phrase ends.
  const root = new Map<string, TrieNode>();
  for (const name of names) {
    for (const phrase of itemPhrases(name)) {
      if (!phrase.every(known)) continue;
      let level = root;
      let node: TrieNode | undefined;
      for (const word of phrase) {
        node = level.get(word) ?? { next: new Map(), ends: false };
        level.set(word, node);
        level = node.next;
      }
      if (node) node.ends = true;
    }
  }
  const emit = (from: number, level: Map<string, TrieNode>): void => {
    for (const [word, node] of level) {
      const at = fsg.state();
      fsg.arc(from, at, word);
      if (node.ends) fsg.arc(at, afterProduct);
      emit(at, node.next);
    }
  };

  if (root.size > 0) {
    fsg.arc(afterQuantity, product);
    fsg.arc(afterUnit, product, 'of');
    fsg.arc(afterUnit, product);
    emit(product, root);
  } else {
    // Nothing of the catalogue can be said: quantities and units only (the parser then finds no item).
    fsg.arc(afterUnit, afterProduct);
  }
  const lineEnd = fsg.state();
  fsg.arc(afterProduct, lineEnd, 'please');
  fsg.arc(afterProduct, lineEnd);
  fsg.arc(lineEnd, line, 'and');
  fsg.arc(lineEnd, line);
  fsg.arc(lineEnd, final);
  return { fsg: fsg.text(start, final), words: fsg.words, ...fsg.size };
}

interface TrieNode {
  next: Map<string, TrieNode>;
  ends: boolean;
}
