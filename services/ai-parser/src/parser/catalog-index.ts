import { type DimensionPolicy, dimensionOf, equivalentLengths, joinDimensions } from './dimensions.js';
import { CONCEPTS, DEFAULT_DESCRIPTORS, PACK_CONTENT_WORDS, VARIANT_DESCRIPTORS } from './lexicon.js';
import { prepareText, skeleton } from './normalize.js';
import { isNumberWord } from './numbers.js';
import { readConnectors, type Token, tokenize } from './tokens.js';
import type { CatalogPack } from './item-units.js';
import { GALLON_ML, isMeasureKind, lookupUnit, toBase } from './units.js';

/** A stock item as the parser needs it. In the eval the SKU doubles as the id. */
export interface CatalogItem {
  /** Stock item id (uuid in the service). */
  id: string;
  sku: string;
  name: string;
  nameAr?: string | null;
  /** The unit it is counted in and sold in besides its packs: kg, g, L, ml, piece, box, carton, bag. */
  unit: string;
  sellingPrice?: number | string | null;
  /** What it is also sold in (CONTRACT §10): a customer's unit word is put onto these (item-units.ts). */
  packs?: readonly CatalogPack[];
}

export interface PackSize {
  dim: 'mass' | 'volume' | 'count';
  /** Grams, millilitres or a count. */
  base: number;
}

export interface IndexedItem {
  item: CatalogItem;
  position: number;
  /** Index keys: `t:<word form>` and `c:<concept id>`. */
  keys: Set<string>;
  /** Concept ids by exclusive group. */
  groups: Map<string, Set<string>>;
  sizes: PackSize[];
  /** Numbers as written in the names (1200 of 1200g, 1.5 of 1.5L, 24 of 24 portions). */
  sizeNumbers: Set<number>;
  /** Dimensions its names state, by kind ("in" → {"3"}, "a" → {"20"}): see dimensions.ts. */
  dimensions: Map<string, Set<string>>;
  /** Sold by weight (its unit is kg or g): a weight in a line is then the quantity. */
  perWeight: boolean;
  /** Variant descriptors it carries (low fat, light, diet …). */
  variants: Set<string>;
  /**
   * Keys only its ingredient or flavour words give ("salt" of "شيبس ليز بالملح", "oil" of "Tuna in
   * Oil"): a line naming only these names another product (salt, oil), not this one.
   */
  attributeKeys: Set<string>;
  /**
   * Distinctive words per script (Latin, Arabic), each with its idf weight and the keys that
   * stand for it (word forms and concepts): how much of the item a line names.
   */
  coverage: Array<{ total: number; words: Array<{ weight: number; keys: string[] }> }>;
  /** Mass or volume used to order sizes of one product (big/small). */
  primarySize: number;
  /**
   * Keys of its brand, in both scripts ("t:almarai", "t:المراعي"): the first word of the English
   * name that is no product word or descriptor, and the Arabic word that sounds like it and is in
   * exactly the items of that brand. Empty for an unbranded item ("Red Split Lentils").
   */
  brandKeys: Set<string>;
}

export interface WordMatch {
  key: string;
  score: number;
}

/** A catalogue prepared for matching; build once per catalogue with `buildCatalogIndex`. */
export interface CatalogIndex {
  items: IndexedItem[];
  postings: Map<string, number[]>;
  /** idf weight in (0, 1] of a key. */
  weight(key: string): number;
  /** What a query word can mean in this catalogue, best first. */
  resolve(norm: string): WordMatch[];
  /** Whether a word (or it without an article/prefix) is catalogue vocabulary or glossary. */
  isKnownWord(norm: string): boolean;
  /** Whether exactly this word is catalogue vocabulary or glossary (used to split Arabic prefixes). */
  isVocabularyWord(norm: string): boolean;
  /** Whether a string (lower case) is a SKU of the catalogue. */
  isSku(text: string): boolean;
  /** Whether a name says "with" before this word ("Container with Lid"): "w lid" is that, not "and lid". */
  followsWith(norm: string): boolean;
  /** How a message's dimensions are read against this catalogue (dimensions.ts). */
  dimensionPolicy: DimensionPolicy;
  byId: Map<string, IndexedItem>;
  /** Items whose brand a key names (see IndexedItem.brandKeys). */
  brandItems: Map<string, IndexedItem[]>;
}

// ---------------------------------------------------------------------------------------------
// Word forms
// ---------------------------------------------------------------------------------------------

/** English plural folding shared by the index and queries. */
export function stemLatin(word: string): string {
  if (word.length <= 3 || /\d/.test(word)) return word;
  if (word.endsWith('ies') && word.length > 4) return `${word.slice(0, -3)}y`;
  if (/(ches|shes|xes|sses)$/.test(word)) return word.slice(0, -2);
  if (word.endsWith('s') && !word.endsWith('ss') && !word.endsWith('us')) return word.slice(0, -1);
  return word;
}

const ARABIC_PREFIXES3 = ['وال', 'بال', 'فال', 'كال'];

/** The forms a word is indexed and looked up under: the word itself first, then without article/prefix. */
export function wordForms(norm: string): string[] {
  const forms: string[] = [];
  if (/[\u0621-\u064a]/.test(norm)) {
    forms.push(norm);
    if (ARABIC_PREFIXES3.some((prefix) => norm.startsWith(prefix)) && norm.length >= 5) forms.push(norm.slice(3));
    else if ((norm.startsWith('ال') || norm.startsWith('لل')) && norm.length >= 4) forms.push(norm.slice(2));
    else if (/^[وبلف]/.test(norm) && norm.length >= 4) forms.push(norm.slice(1));
    // The sound feminine plural: "سخانات" is سخان, "بنطات" بنطة, "ديسكات" ديسك.
    for (const form of [...forms]) {
      if (form.length >= 5 && form.endsWith('ات')) forms.push(form.slice(0, -2), `${form.slice(0, -2)}ه`);
    }
  } else {
    const stem = stemLatin(norm);
    forms.push(stem);
    if (/^(al|el)[a-z]/.test(norm) && norm.length >= 6) forms.push(stemLatin(norm.slice(2)));
    // The Arabizi sound feminine plural: "3abayat" is 3abaya (عبايات, عباية).
    if (/\d/.test(norm) && /[a-z]at$/.test(norm) && norm.length >= 6) forms.push(`${norm.slice(0, -2)}a`);
  }
  return forms;
}

const conceptByWord = new Map<string, string[]>();
const conceptGroup = new Map<string, string>();
for (const concept of CONCEPTS) {
  if (concept.group) conceptGroup.set(concept.id, concept.group);
  for (const word of concept.words) {
    for (const form of [word, stemLatin(word)]) {
      const list = conceptByWord.get(form) ?? [];
      if (!list.includes(concept.id)) list.push(concept.id);
      conceptByWord.set(form, list);
    }
  }
}

/** Concept ids a word form names. */
export function conceptsOf(form: string): string[] {
  return conceptByWord.get(form) ?? [];
}

export function groupOf(conceptId: string): string | undefined {
  return conceptGroup.get(conceptId);
}

// ---------------------------------------------------------------------------------------------
// Pack sizes in catalogue names
// ---------------------------------------------------------------------------------------------

/** A number before one of these in an item's name counts what the pack holds ("100 Bags", "24 Portions"). */
const COUNT_NOUNS = new Set([
  ...PACK_CONTENT_WORDS,
  'bag',
  'bags',
  'pcs',
  'pc',
  'piece',
  'pieces',
  'كيس',
  'اكياس',
  'قطعه',
  'قطع',
  'حبه',
  'حبات',
]);
const CONTAINER_OF = new Set(['tray', 'carton', 'pack', 'box', 'case', 'طبق', 'كرتون', 'علبه']);
const PER_WEIGHT_WORDS = new Set(['per', 'بالكيلو', 'loose', 'فرط']);

/** "Tuna in Oil", "with salt", "بالزيت", "بالملح": what follows names an ingredient or a flavour. */
const ATTRIBUTE_BEFORE = new Set(['in', 'with', 'مع', 'في']);

function isAttributeWord(token: Token, previous: Token | undefined): boolean {
  if (previous?.kind === 'word' && ATTRIBUTE_BEFORE.has(previous.norm)) return true;
  return token.arabic === true && token.norm.startsWith('بال') && token.norm.length >= 5;
}

interface NameAnalysis {
  words: Token[];
  /** Words naming an ingredient or flavour of the item rather than the item ("in Oil", "بالملح"). */
  attributes: Set<Token>;
  sizes: PackSize[];
  numbers: number[];
  perKg: boolean;
}

/** In a catalogue name every dimension is read as one. */
const NAME_DIMENSIONS: DimensionPolicy = { name: true, known: () => true };

function analyseName(text: string): NameAnalysis {
  const prepared = prepareText(text);
  const tokens = joinDimensions(readConnectors(tokenize(prepared)), prepared, NAME_DIMENSIONS);
  const words: Token[] = [];
  const attributes = new Set<Token>();
  const sizes: PackSize[] = [];
  const numbers: number[] = [];
  let perKg = false;
  const used = new Set<number>();
  tokens.forEach((token, index) => {
    // The figures of a dimension are numbers of the name too ("Foil 30cm": "foil 30").
    const dimension = token.kind === 'word' ? dimensionOf(token.norm) : null;
    if (dimension) numbers.push(...dimension.value.split(/[x/]/).map(Number));
    if (token.kind !== 'number' || token.value === undefined) return;
    numbers.push(token.value);
    const next = tokens[index + 1];
    const unit = next?.kind === 'word' ? lookupUnit(next.norm) : undefined;
    if (unit?.kind === 'gallon') {
      // "Garbage Bags 30 Gallon": a capacity (the word stays a word of the name).
      sizes.push({ dim: 'volume', base: token.value * GALLON_ML });
    } else if (unit && isMeasureKind(unit.kind)) {
      const { dim, base } = toBase(token.value, unit.kind);
      sizes.push({ dim, base });
      used.add(index + 1);
    } else if (next?.kind === 'word' && COUNT_NOUNS.has(next.norm)) {
      sizes.push({ dim: 'count', base: token.value });
    } else {
      const before = tokens[index - 1];
      const container = before?.norm === 'of' ? tokens[index - 2] : before;
      if (container && CONTAINER_OF.has(container.norm)) sizes.push({ dim: 'count', base: token.value });
    }
  });
  tokens.forEach((token, index) => {
    if (token.kind !== 'word' || used.has(index)) return;
    const unit = lookupUnit(token.norm);
    // "Jotun … 3.6L (Gallon)": a gallon bottle.
    if (unit?.kind === 'gallon' && tokens[index - 1]?.kind !== 'number') sizes.push({ dim: 'volume', base: GALLON_ML });
    if (unit && isMeasureKind(unit.kind) && !unit.attachedOnly) {
      if (unit.kind === 'kg' && tokens[index - 1]?.norm === 'per') perKg = true;
      return;
    }
    if (token.norm === 'kg' && tokens[index - 1]?.norm === 'per') perKg = true;
    if (PER_WEIGHT_WORDS.has(token.norm) && token.norm !== 'per') perKg = true;
    words.push(token);
    if (isAttributeWord(token, tokens[index - 1])) attributes.add(token);
  });
  return { words, attributes, sizes, numbers, perKg };
}

// ---------------------------------------------------------------------------------------------
// Fuzzy lookup (Damerau-Levenshtein, optimal string alignment, with a deletion index)
// ---------------------------------------------------------------------------------------------

/** Edit distance with adjacent transpositions, or max+1 once it exceeds `max`. */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const rows = a.length + 1;
  const cols = b.length + 1;
  let previous2: number[] = new Array<number>(cols).fill(0);
  let previous: number[] = Array.from({ length: cols }, (_, j) => j);
  for (let i = 1; i < rows; i += 1) {
    const current: number[] = new Array<number>(cols).fill(0);
    current[0] = i;
    let rowMin = current[0];
    for (let j = 1; j < cols; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        value = Math.min(value, previous2[j - 2] + 1);
      current[j] = value;
      if (value < rowMin) rowMin = value;
    }
    if (rowMin > max) return max + 1;
    previous2 = previous;
    previous = current;
  }
  return previous[cols - 1];
}

/** Edits allowed for a word of this length and script. */
function maxEdits(word: string): number {
  const arabic = /[\u0621-\u064a]/.test(word);
  if (arabic) return word.length >= 5 ? 1 : 0;
  if (word.length >= 7) return 2;
  if (word.length >= 4) return 1;
  return 0;
}

function deletions(word: string, depth: number, out: Set<string>): void {
  if (depth === 0 || word.length <= 2) return;
  for (let i = 0; i < word.length; i += 1) {
    const shorter = word.slice(0, i) + word.slice(i + 1);
    if (!out.has(shorter)) {
      out.add(shorter);
      deletions(shorter, depth - 1, out);
    }
  }
}

class FuzzyDictionary {
  private readonly byDeletion = new Map<string, Set<string>>();

  add(word: string): void {
    const depth = maxEdits(word);
    if (depth === 0) return;
    const variants = new Set<string>([word]);
    deletions(word, depth, variants);
    for (const variant of variants) {
      const set = this.byDeletion.get(variant) ?? new Set<string>();
      set.add(word);
      this.byDeletion.set(variant, set);
    }
  }

  /** Dictionary words within the allowed edits of `word`, with their distance. */
  lookup(word: string): Array<{ word: string; distance: number }> {
    const max = maxEdits(word);
    if (max === 0) return [];
    const variants = new Set<string>([word]);
    deletions(word, max, variants);
    const candidates = new Set<string>();
    for (const variant of variants)
      for (const candidate of this.byDeletion.get(variant) ?? []) candidates.add(candidate);
    const out: Array<{ word: string; distance: number }> = [];
    for (const candidate of candidates) {
      if (candidate === word) continue;
      const limit = Math.min(max, maxEdits(candidate));
      if (limit === 0) continue;
      const distance = editDistance(word, candidate, limit);
      if (distance <= limit) out.push({ word: candidate, distance });
    }
    return out;
  }
}

// ---------------------------------------------------------------------------------------------
// Index
// ---------------------------------------------------------------------------------------------

/** Words of catalogue names that carry no product meaning (articles and prepositions only). */
const NAME_STOPWORDS = new Set([
  'al',
  'el',
  'per',
  'of',
  'in',
  'with',
  'and',
  'the',
  'a',
  'an',
  'for',
  'by',
  '&',
  'و',
  'في',
  'من',
  'مع',
]);

/** Arabic first letters a Latin brand's first letter is written with ("Puck" بوك, "Goody" قودي, "Afia" عافية). */
const SOUNDS: Record<string, string> = {
  a: 'اع',
  b: 'ب',
  c: 'كسق',
  d: 'دض',
  e: 'اع',
  f: 'ف',
  g: 'جقغ',
  h: 'هح',
  i: 'اع',
  j: 'ج',
  k: 'كقخ',
  l: 'ل',
  m: 'م',
  n: 'ن',
  o: 'او',
  p: 'ب',
  q: 'ق',
  r: 'ر',
  s: 'سصش',
  t: 'تط',
  u: 'او',
  v: 'ف',
  w: 'و',
  y: 'ي',
  z: 'ز',
};

/** Whether an Arabic word may be the Arabic spelling of a Latin brand (same first sound, articles aside). */
function soundsLike(latin: string, arabic: string): boolean {
  const bareArabic = arabic.startsWith('ال') && arabic.length > 3 ? arabic.slice(2) : arabic;
  const bareLatin = /^(al|el)[a-z]{3}/.test(latin) ? latin.slice(2) : latin;
  return [latin, bareLatin].some((word) => (SOUNDS[word[0]] ?? '').includes(bareArabic[0]));
}

/** Words a brand never is: name stopwords and the kunya of "Abu Kass". */
const NOT_BRAND = new Set(['abu', 'abo', 'ابو']);

/** Whether a name word may be a brand: no product word, descriptor or number. */
function brandLike(norm: string): boolean {
  return (
    norm.length >= 3 &&
    !NAME_STOPWORDS.has(norm) &&
    !NOT_BRAND.has(norm) &&
    !DEFAULT_DESCRIPTORS.has(norm) &&
    !VARIANT_DESCRIPTORS.has(norm) &&
    !isNumberWord(norm) &&
    !/^[\d.]+$/.test(norm) &&
    !dimensionOf(norm) &&
    !wordForms(norm).some((form) => conceptsOf(form).length > 0)
  );
}

/** Builds the matching index of a catalogue (once per catalogue; reuse it for every message). */
export function buildCatalogIndex(catalog: readonly CatalogItem[]): CatalogIndex {
  const items: IndexedItem[] = [];
  const postings = new Map<string, number[]>();
  const vocabulary = new Set<string>();
  const skeletons = new Map<string, Set<string>>();
  const fuzzy = new FuzzyDictionary();
  const latinWords: string[] = [];
  const afterWith = new Set<string>();

  const pendingCoverage: Array<[Map<string, string[]>, Map<string, string[]>]> = [];
  /** Per item: its names as read (for the passes that need every item indexed first). */
  const names: Array<{ english: NameAnalysis; arabic: NameAnalysis }> = [];
  /** Per item: its Latin brand word and its Arabic name words that may spell it. */
  const pendingBrands: Array<{ latin: string | null; arabic: string[] }> = [];
  const addPosting = (key: string, position: number): void => {
    const list = postings.get(key) ?? [];
    if (list[list.length - 1] !== position) list.push(position);
    postings.set(key, list);
  };

  catalog.forEach((item, position) => {
    const english = analyseName(item.name);
    const arabic: NameAnalysis = item.nameAr
      ? analyseName(item.nameAr)
      : { words: [], attributes: new Set(), sizes: [], numbers: [], perKg: false };
    names.push({ english, arabic });
    english.words.forEach((token, k) => {
      if (english.words[k - 1]?.norm === 'with') for (const form of wordForms(token.norm)) afterWith.add(form);
    });
    const latinBrand = english.words.find((token) => !NAME_STOPWORDS.has(token.norm) && !NOT_BRAND.has(token.norm));
    pendingBrands.push({
      latin: latinBrand && brandLike(latinBrand.norm) ? latinBrand.norm : null,
      arabic: arabic.words.map((token) => token.norm).filter(brandLike),
    });
    const keys = new Set<string>();
    const headKeys = new Set<string>();
    const groups = new Map<string, Set<string>>();
    const variants = new Set<string>();
    const latinKeys = new Map<string, string[]>();
    const arabicKeys = new Map<string, string[]>();
    pendingCoverage.push([latinKeys, arabicKeys]);
    for (const token of [...english.words, ...arabic.words]) {
      const norm = token.norm;
      if (NAME_STOPWORDS.has(norm) || norm.length === 0) continue;
      if (VARIANT_DESCRIPTORS.has(norm)) variants.add(norm);
      const forms = wordForms(norm);
      const head = !english.attributes.has(token) && !arabic.attributes.has(token);
      for (const form of forms) {
        keys.add(`t:${form}`);
        if (head) headKeys.add(`t:${form}`);
        vocabulary.add(form);
        for (const concept of conceptsOf(form)) {
          keys.add(`c:${concept}`);
          if (head) headKeys.add(`c:${concept}`);
          const group = groupOf(concept);
          if (group) {
            const set = groups.get(group) ?? new Set<string>();
            set.add(concept);
            groups.set(group, set);
          }
        }
      }
      if (!DEFAULT_DESCRIPTORS.has(norm) && !isNumberWord(norm)) {
        const alternatives = forms.flatMap((form) => [`t:${form}`, ...conceptsOf(form).map((id) => `c:${id}`)]);
        (token.arabic ? arabicKeys : latinKeys).set(`t:${forms[0]}`, alternatives);
      }
      const sk = skeleton(norm);
      if (sk.length >= 3) {
        const set = skeletons.get(sk) ?? new Set<string>();
        set.add(forms[0]);
        skeletons.set(sk, set);
      }
    }
    const sizes = [...english.sizes];
    for (const size of arabic.sizes) {
      if (!sizes.some((known) => known.dim === size.dim && known.base === size.base)) sizes.push(size);
    }
    const perWeight = item.unit === 'kg' || item.unit === 'g' || english.perKg || arabic.perKg;
    const mass = sizes.find((size) => size.dim === 'mass' || size.dim === 'volume');
    const indexed: IndexedItem = {
      item,
      position,
      keys,
      groups,
      sizes,
      sizeNumbers: new Set([...english.numbers, ...arabic.numbers]),
      dimensions: dimensionsOf([...english.words, ...arabic.words]),
      perWeight,
      variants,
      attributeKeys: new Set([...keys].filter((key) => !headKeys.has(key))),
      coverage: [],
      primarySize: mass?.base ?? sizes[0]?.base ?? capacityOf([...english.words, ...arabic.words]),
      brandKeys: new Set(),
    };
    // A length the name states in one system is that length in the other too ("2.5cm" is "1in").
    for (const [kind, values] of [...indexed.dimensions]) {
      for (const value of values) {
        for (const same of equivalentLengths({ kind, value })) {
          indexed.dimensions.set(same.kind, (indexed.dimensions.get(same.kind) ?? new Set()).add(same.value));
          keys.add(`t:${same.value}${same.kind}`);
          vocabulary.add(`${same.value}${same.kind}`);
        }
      }
    }
    items.push(indexed);
    for (const key of keys) addPosting(key, position);
    addPosting(skuKey(item.sku), position);
  });

  // An English word written in Arabic letters in an item's Arabic name ("باور بانك" for "power
  // bank", "كيبل" for "cable") is that word of the item too, when other English names use it and
  // the item's own English name has no word it spells ("فانيش" is Vanish, never "finish").
  const latinBySkeleton = new Map<string, Set<string>>();
  for (const word of vocabulary) {
    if (/[\u0621-\u064a]/.test(word) || /\d/.test(word)) continue;
    const sk = skeleton(word);
    if (sk.length < 3) continue;
    latinBySkeleton.set(sk, (latinBySkeleton.get(sk) ?? new Set()).add(word));
  }
  items.forEach((indexed, position) => {
    const { english, arabic } = names[position]!;
    const ownSkeletons = new Set(english.words.map((token) => skeleton(token.norm)));
    for (const token of arabic.words) {
      if (!token.arabic || NAME_STOPWORDS.has(token.norm) || ownSkeletons.has(skeleton(token.norm))) continue;
      for (const latin of latinBySkeleton.get(skeleton(token.norm)) ?? []) {
        if (indexed.keys.has(`t:${latin}`)) continue;
        indexed.keys.add(`t:${latin}`);
        addPosting(`t:${latin}`, position);
      }
    }
  });

  // Codes of a SKU that no name spells out are words customers use too ("Yamama OPC" for
  // CEM-YAMAMA-OPC-50KG); a code that is a word of some name or of the glossary ("MIX", "SALT")
  // means that word, which the item's own name would say.
  const nameVocabulary = new Set(vocabulary);
  items.forEach((indexed, position) => {
    for (const code of skuWords(indexed.item.sku)) {
      const forms = wordForms(code);
      if (forms.some((form) => nameVocabulary.has(form) || conceptsOf(form).length > 0)) continue;
      indexed.keys.add(`t:${code}`);
      vocabulary.add(code);
      addPosting(`t:${code}`, position);
    }
  });

  const squashedWords = new Map<string, string[]>();
  const voweledWords = new Map<string, string[]>();
  const addVoweled = (word: string): void => {
    const key = vowelKey(word);
    if (key !== null) voweledWords.set(key, [...(voweledWords.get(key) ?? []), word]);
  };
  for (const word of vocabulary) addVoweled(word);
  const rootWords = new Map<string, string[]>();
  for (const word of vocabulary) {
    const key = rootKey(word);
    if (key !== null) rootWords.set(key, [...(rootWords.get(key) ?? []), word]);
  }
  for (const word of conceptByWord.keys()) if (!vocabulary.has(word)) addVoweled(word);
  for (const word of vocabulary) {
    const squashed = squash(word);
    if (squashed !== word || squashed.length >= 3)
      squashedWords.set(squashed, [...(squashedWords.get(squashed) ?? []), word]);
    // A dimension is never a typo of another ("20mm" is not "25mm").
    if (dimensionOf(word)) continue;
    fuzzy.add(word);
    if (!/[\u0621-\u064a]/.test(word)) latinWords.push(word);
  }
  // Glossary words are vocabulary too (a typo of "yoghurt" is still yoghurt).
  const glossaryFuzzy = new FuzzyDictionary();
  for (const word of conceptByWord.keys()) glossaryFuzzy.add(word);
  latinWords.sort();

  const total = items.length;
  const weights = new Map<string, number>();
  const weight = (key: string): number => {
    const cached = weights.get(key);
    if (cached !== undefined) return cached;
    const df = postings.get(key)?.length ?? 0;
    const value = df === 0 ? 0 : Math.log(1 + total / df) / Math.log(1 + total);
    weights.set(key, value);
    return value;
  };

  items.forEach((indexed, position) => {
    indexed.coverage = pendingCoverage[position].map((keys) => {
      const words = [...keys].map(([key, alternatives]) => ({ weight: weight(key) || 0.5, keys: alternatives }));
      return { total: words.reduce((sum, word) => sum + word.weight, 0), words };
    });
  });

  // Brands: the items sharing a Latin brand word, and the Arabic word found in exactly those items.
  const families = new Map<string, number[]>();
  pendingBrands.forEach(({ latin }, position) => {
    if (latin) families.set(latin, [...(families.get(latin) ?? []), position]);
  });
  const brandItems = new Map<string, IndexedItem[]>();
  const addBrand = (indexed: IndexedItem, word: string): void => {
    // The word, and without its article ("المراعي", "مراعي"); not other prefix guesses ("فاين" is not ف + "اين").
    const forms = wordForms(word).filter((form, k) => k === 0 || /^(ال|al|el)/.test(word));
    for (const form of forms) {
      const key = `t:${form}`;
      indexed.brandKeys.add(key);
      const list = brandItems.get(key) ?? [];
      if (!list.includes(indexed)) list.push(indexed);
      brandItems.set(key, list);
    }
  };
  for (const [latin, family] of families) {
    const arabicWords = new Set(
      family.flatMap((position) => pendingBrands[position].arabic).filter((word) => soundsLike(latin, word)),
    );
    // The Arabic word in every item of the family, and in few others ("ايفون" also names the
    // iPhone cables of other brands).
    const inFamily = [...arabicWords].filter((word) => {
      const list = postings.get(`t:${wordForms(word)[0]}`) ?? [];
      return family.every((position) => list.includes(position)) && list.length - family.length <= family.length / 2;
    });
    // The one whose consonants are closest to the Latin brand's ("فيمتو" for Vimto, not "فواكه").
    const distance = (word: string): number => {
      const a = skeleton(latin);
      const b = skeleton(word.startsWith('ال') ? word.slice(2) : word);
      let prefix = 0;
      while (prefix < a.length && a[prefix] === b[prefix]) prefix += 1;
      return editDistance(a, b, 9) * 10 - prefix;
    };
    const best = Math.min(...inFamily.map(distance));
    const spelled = inFamily.filter((word) => distance(word) === best);
    for (const position of family) {
      addBrand(items[position], latin);
      for (const word of spelled) addBrand(items[position], word);
    }
  }

  const knownConcept = (form: string): boolean => conceptByWord.has(form);

  const resolve = (norm: string): WordMatch[] => {
    if (norm.startsWith(SKU_PREFIX)) {
      const key = skuKey(norm.slice(SKU_PREFIX.length));
      return postings.has(key) ? [{ key, score: 1 }] : [];
    }
    const found = new Map<string, number>();
    const add = (key: string, score: number): void => {
      if (score <= 0 || !postings.has(key)) return;
      if ((found.get(key) ?? 0) < score) found.set(key, score);
    };
    const forms = wordForms(norm);
    forms.forEach((form, index) => {
      const score = index === 0 ? 1 : 0.95;
      if (vocabulary.has(form)) add(`t:${form}`, score);
      for (const concept of conceptsOf(form)) add(`c:${concept}`, score);
    });
    if (found.size > 0 || dimensionOf(norm)) return sortMatches(found);

    // Doubled letters written once or twice: "kas"/"kass", "sukari"/"sukkari".
    for (const word of squashedWords.get(squash(forms[0])) ?? []) add(`t:${word}`, 0.9);
    if (found.size > 0) return sortMatches(found);
    // Typos: catalogue words and glossary words within an edit or two.
    // Two edits only keep the first letter ("yougurt" → "yoghurt", never "pringles" → "triangles").
    const typoScore = (query: string, word: string, distance: number): number =>
      distance === 1 ? 0.85 : query[0] === word[0] ? 0.6 : 0;
    for (const { word, distance } of fuzzy.lookup(forms[0])) add(`t:${word}`, typoScore(forms[0], word, distance));
    // Arabic spellings that write a long vowel or leave it out ("ببسي" for "بيبسي", "تايد"/"تيد").
    forms.forEach((form, index) => {
      const key = vowelKey(form);
      if (key === null) return;
      for (const word of voweledWords.get(key) ?? []) {
        if (!oneVowelApart(word, form)) continue;
        const score = index === 0 ? 0.85 : 0.8;
        if (vocabulary.has(word)) add(`t:${word}`, score);
        for (const concept of conceptsOf(word)) add(`c:${concept}`, score);
      }
    });
    for (const { word, distance } of glossaryFuzzy.lookup(forms[0])) {
      for (const concept of conceptsOf(word)) add(`c:${concept}`, typoScore(forms[0], word, distance));
    }
    // A broken plural or another pattern of the same root ("مكانس" for "مكنسة", "جوانح" for "أجنحة").
    if (found.size === 0) {
      const root = rootKey(forms[0]);
      for (const word of (root && rootWords.get(root)) || []) if (word !== forms[0]) add(`t:${word}`, 0.75);
    }
    if (forms[1]) {
      for (const { word, distance } of fuzzy.lookup(forms[1]))
        add(`t:${word}`, typoScore(forms[1], word, distance) * 0.95);
    }
    // Abbreviations: "cal" for "california".
    const head = forms[0];
    if (!/[\u0621-\u064a]/.test(head) && head.length >= 3 && !/\d/.test(head)) {
      let low = 0;
      let high = latinWords.length;
      while (low < high) {
        const mid = (low + high) >> 1;
        if (latinWords[mid] < head) low = mid + 1;
        else high = mid;
      }
      for (let i = low; i < latinWords.length && latinWords[i].startsWith(head); i += 1) {
        if (latinWords[i].length >= head.length + 2) add(`t:${latinWords[i]}`, 0.7);
      }
    }
    // Another script: "7aleeb" ~ "حليب", "كلوركس" ~ "clorox".
    const sk = skeleton(norm);
    if (sk.length >= 3) {
      const arabic = /[\u0621-\u064a]/.test(norm);
      for (const word of skeletons.get(sk) ?? []) {
        if (/[\u0621-\u064a]/.test(word) !== arabic) add(`t:${word}`, 0.75);
      }
    }
    return sortMatches(found);
  };

  const byId = new Map<string, IndexedItem>();
  for (const indexed of items) byId.set(indexed.item.id, indexed);

  return {
    items,
    postings,
    weight,
    resolve,
    isKnownWord: (norm: string) => wordForms(norm).some((form) => vocabulary.has(form) || knownConcept(form)),
    isVocabularyWord: (norm: string) => vocabulary.has(norm) || knownConcept(norm),
    isSku: (text: string) => postings.has(skuKey(text)),
    followsWith: (norm: string) => wordForms(norm).some((form) => afterWith.has(form)),
    dimensionPolicy: {
      name: false,
      known: (canonical: string) => vocabulary.has(canonical),
    },
    byId,
    brandItems,
  };
}

/**
 * The words of a SKU that may be said ("CEM-YAMAMA-OPC-50KG": cem, yamama, opc): letters only, three
 * or more, and no unit, number or stop word ("BOX", "CAN", "THE").
 */
function skuWords(sku: string): string[] {
  return sku
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(
      (part) => /^[a-z]{3,}$/.test(part) && !NAME_STOPWORDS.has(part) && !lookupUnit(part) && !isNumberWord(part),
    );
}

/** Dimensions that say how much a product holds (a power bank's mAh, a card's GB): bigger is more. */
const CAPACITY_KINDS = new Set(['mah', 'gb', 'tb']);

/** The capacity a name states (20000 of a 20000 mAh power bank), or 0: to order sizes without a mass or volume. */
function capacityOf(words: Token[]): number {
  for (const token of words) {
    const dimension = dimensionOf(token.norm);
    if (dimension && CAPACITY_KINDS.has(dimension.kind)) return Number(dimension.value);
  }
  return 0;
}

/** The dimensions of an item's name words, by kind. */
function dimensionsOf(words: Token[]): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  for (const token of words) {
    const dimension = dimensionOf(token.norm);
    if (!dimension) continue;
    const values = out.get(dimension.kind) ?? new Set<string>();
    values.add(dimension.value);
    out.set(dimension.kind, values);
  }
  return out;
}

/** A SKU written in a message becomes one word `sku:<sku in lower case>` (see parse). */
export const SKU_PREFIX = 'sku:';

function skuKey(sku: string): string {
  return `s:${sku.trim().toLowerCase()}`;
}

/**
 * An Arabic word of 4+ letters without the long vowels (ا و ي) inside it: spellings that differ
 * only in writing a long vowel share it. Null for other words.
 */
function vowelKey(word: string): string | null {
  if (word.length < 4 || !/^[\u0621-\u064a]+$/.test(word)) return null;
  return word[0] + word.slice(1, -1).replace(/[اوي]/g, '') + word[word.length - 1];
}

/**
 * The root letters of an Arabic word of four letters or more: without its article, long vowels,
 * hamzas and final ه ("مكانس" and "مكنسه" are مكنس, "جوانح" and "اجنحه" جنح), or null.
 */
function rootKey(word: string): string | null {
  if (word.length < 4 || !/^[\u0621-\u064a]+$/.test(word)) return null;
  let stem = word.startsWith('ال') && word.length > 5 ? word.slice(2) : word;
  if (stem.endsWith('ه') || stem.endsWith('ة')) stem = stem.slice(0, -1);
  const key = stem.replace(/[اويىءأإآؤئ]/g, '');
  return key.length >= 3 ? key : null;
}

/** Whether one word is the other with one more long vowel (ا و ي) inside it ("بيبسي", "ببسي"). */
function oneVowelApart(a: string, b: string): boolean {
  const [longer, shorter] = a.length > b.length ? [a, b] : [b, a];
  if (longer.length !== shorter.length + 1) return false;
  let k = 0;
  while (k < shorter.length && longer[k] === shorter[k]) k += 1;
  return k > 0 && k < shorter.length && 'اوي'.includes(longer[k]) && longer.slice(k + 1) === shorter.slice(k);
}

/** A word with doubled letters collapsed. */
function squash(word: string): string {
  return word.replace(/(.)\1+/g, '$1');
}

function sortMatches(found: Map<string, number>): WordMatch[] {
  return [...found.entries()].map(([key, score]) => ({ key, score })).sort((a, b) => b.score - a.score);
}
