import type { KnownUnit } from '@erp/contracts';

/**
 * Customer unit words and what they mean (shared/eval/README.md's mapping): the only place that
 * reads a customer's unit word. Words are in normalised spelling (normalizeWord). A dual form
 * ("كرتونين", "شوالين", "كيلوين") means two.
 *
 * Each word has a kind, how the parser reads it (a count, a measure, a container that may describe
 * the product), and the unit of the system's one vocabulary it names (`code`, one of
 * libs/contracts' units.ts: صندوق → case, شوال → sack, درزن → dozen, شد → pack). A line matched to
 * an item is put in that unit when the item is sold in it (item-units.ts); otherwise in the unit
 * the kind reads as (`reportedUnit`: a dozen as 12 pieces, a tray of eggs as one piece, a sack as a
 * bag), which is how every word read before items had packs.
 */

/**
 * What a unit word is, for reading a line. 'container' is علبة/علب/pack: a box when the product is
 * a boxed pack (its catalogue unit is box), a piece when it is a single can, tin or tub. 'pack' is
 * another pack (شد، ربطة، طبلية): a count, read as the unit it names.
 */
export type UnitKind =
  | 'carton'
  | 'bag'
  | 'box'
  | 'container'
  | 'piece'
  | 'can'
  | 'jar'
  | 'bottle'
  | 'gallon'
  | 'tray'
  | 'dozen'
  | 'pack'
  | 'kg'
  | 'g'
  | 'L'
  | 'ml';

/** A customer's unit as read: how it reads, and the unit of units.ts it names. */
export interface StatedUnit {
  kind: UnitKind;
  code: KnownUnit;
}

export interface UnitWord extends StatedUnit {
  /** 2 for a dual form. */
  count: number;
  /** Only a unit right after a number ("2 l", "5 g"): alone it is an ordinary word. */
  attachedOnly: boolean;
}

interface WordGroup {
  kind: UnitKind;
  code: KnownUnit;
  words: string[];
  /** Plurals ("cartons", "كراتين", "shwalat") name no quantity without a number ("the cartons were damaged"). */
  plurals?: string[];
  duals?: string[];
  attachedOnly?: string[];
}

/**
 * The unit words. A singular word means one without a number ("كرتون تونة", "kartoneh labneh");
 * a plural does not.
 */
const WORDS: WordGroup[] = [
  {
    kind: 'carton',
    code: 'carton',
    words: [
      'carton',
      'ctn',
      'crt',
      'crtn',
      'cartoon',
      'كرتون',
      'كرتونه',
      'kartoon',
      'kartoun',
      'karton',
      'kartona',
      'kartonah',
      'kartoneh',
      'kartonet',
    ],
    plurals: [
      'cartons',
      'ctns',
      'crts',
      'crtns',
      'cartoons',
      'كراتين',
      'كرتونات',
      'kartonat',
      'kratin',
      'karateen',
      'kartoonat',
    ],
    duals: [
      'كرتونين',
      'كرتونتين',
      'كرتونان',
      'كرتونتان',
      'kartoneen',
      'kartonein',
      'kartonten',
      'kartonteen',
      'kartoonain',
      'kartoonein',
      'kartooneen',
    ],
  },
  // A case is read as a carton unless the item is sold by the case.
  { kind: 'carton', code: 'case', words: ['case'], plurals: ['cases'] },
  {
    kind: 'bag',
    code: 'bag',
    words: ['bag', 'كيس', 'شكاره', 'شيكاره', 'kees', 'kis', 'shkara', 'shikara'],
    plurals: ['bags', 'اكياس', 'كياس', 'شكاير', 'akyas', 'akyaas', 'shakayer'],
    duals: ['كيسين', 'كيسان', 'keesain', 'keeseen'],
  },
  {
    kind: 'bag',
    code: 'sack',
    words: ['sack', 'شوال', 'shwal', 'shawal', 'shewal'],
    plurals: ['sacks', 'شوالات', 'shwalat'],
    duals: ['شوالين', 'شوالان', 'shwalen', 'shwalain', 'shwaleen'],
  },
  { kind: 'box', code: 'box', words: ['box', 'boxes', 'bx'] },
  // صندوق is the case of units.ts; an item not sold by the case reads it as a box.
  {
    kind: 'box',
    code: 'case',
    words: ['صندوق', 'صناديق', 'sandoog', 'sandook', 'sanadeeg', 'sanadeek'],
    duals: ['صندوقين', 'صندوقان'],
  },
  {
    kind: 'container',
    code: 'box',
    words: ['علبه', '3ulba', '3elba', '3ilba', '3olba', '3elab', 'elba'],
    plurals: ['علب', '3ulab', '3olab', 'olab'],
    duals: ['علبتين', 'علبتان', '3elbteen', '3ilbiteen'],
  },
  {
    kind: 'container',
    code: 'pack',
    words: ['pack', 'packet', 'pkt', 'باكيت', 'باكت', 'باكو', 'بكت'],
    plurals: ['packs', 'packets', 'pkts'],
    duals: ['باكيتين'],
  },
  {
    kind: 'piece',
    code: 'piece',
    words: [
      'pc',
      'piece',
      'nos',
      'each',
      'ea',
      'unit',
      'حبه',
      'قطعه',
      'عبوه',
      '7aba',
      '7abba',
      'habba',
      // A tub of yoghurt or labneh is one piece.
      'tub',
    ],
    plurals: [
      'pcs',
      'pieces',
      'units',
      'حبات',
      'قطع',
      'عبوات',
      '7abbat',
      '7abat',
      'habbat',
      'habat',
      'tubs',
      // Levantine قطع in Arabizi
      '2ita3',
      'qita3',
      '2it3a',
    ],
    duals: ['حبتين', 'حبتان', 'قطعتين'],
  },
  { kind: 'can', code: 'piece', words: ['can', 'cans', 'tin', 'tins'] },
  { kind: 'jar', code: 'piece', words: ['jar', 'jars', 'برطمان', 'برطمانات', 'مرطبان', 'bartaman', 'martaban'] },
  {
    kind: 'bottle',
    code: 'piece',
    words: [
      'bottle',
      'btl',
      'قنينه',
      'ازازه',
      'قزازه',
      'ازازات',
      'قزازات',
      'قاروره',
      'ananeh',
      '2ananeh',
      'qanani',
      'ananee',
      'anani',
      '2anani',
      'qanina',
      'gazaza',
      'ezaza',
      'azaza',
    ],
    plurals: ['bottles', 'btls', 'قناني', 'قنينات', 'ازايز', 'قزايز', 'قوارير'],
    duals: ['قنينتين', 'قزازتين', 'ازازتين'],
  },
  // A gallon (جالون) is a container of about 3.8 litres: a piece, and the size of the product.
  {
    kind: 'gallon',
    code: 'piece',
    words: ['gallon', 'galon', 'gal', 'jalon', 'jaloon', 'galoon', 'جالون', 'غالون', 'قالون'],
    plurals: ['gallons', 'galons', 'جالونات', 'غالونات', 'galonat', 'jalonat'],
    duals: ['جالونين', 'غالونين'],
  },
  {
    kind: 'tray',
    code: 'tray',
    words: ['tray', 'trays', 'طبق', 'اطباق', 'طبقات', 'tabaq', 'tabag', 'tbaq', 'tabak', 'atbaq', 'atbag', 'tabaqat'],
    duals: ['طبقين', 'tabaqain'],
  },
  {
    kind: 'dozen',
    code: 'dozen',
    words: ['dozen', 'doz', 'dz', 'درزن', 'دزينه', 'دسته', 'darzan', 'darzen', 'dazzina', 'dozina', 'dazina'],
    plurals: ['dozens', 'درازن', 'درزنات', 'دزينات', 'darazen', 'darazin', 'darzanat'],
    duals: ['درزنين', 'darzanen', 'darzanain'],
  },
  // شد alone is also a verb ("شد حيلك"): only after a number; شدة (a shrink pack) is a unit anywhere.
  { kind: 'pack', code: 'pack', words: ['شده'], plurals: ['شدات'], duals: ['شدتين'], attachedOnly: ['شد'] },
  {
    kind: 'pack',
    code: 'bundle',
    words: ['bundle', 'bndl', 'ربطه'],
    plurals: ['bundles', 'ربطات'],
    duals: ['ربطتين'],
  },
  {
    kind: 'pack',
    code: 'pallet',
    words: ['pallet', 'plt', 'طبليه'],
    plurals: ['pallets', 'plts', 'طبليات', 'طبالي'],
    duals: ['طبليتين'],
  },
  {
    kind: 'kg',
    code: 'kg',
    words: [
      'kg',
      'kgs',
      'kilo',
      'kilos',
      'kilogram',
      'kilograms',
      'kilogramme',
      'كيلو',
      'كيلوات',
      'كيلوهات',
      'كجم',
      'كغ',
      'كغم',
      'كيلوغرام',
      'كيلوجرام',
      'كيلوغراما',
      'كيلوجراما',
      'كيلوغرامات',
      'كيلوجرامات',
      'كيلوا',
      'keelo',
      'kelo',
    ],
    duals: ['كيلوين', 'كيلوان', 'kiloen', 'kiloain', 'kiloin', 'kilowen'],
  },
  {
    kind: 'g',
    code: 'g',
    words: ['gm', 'gms', 'grm', 'gram', 'grams', 'gramme', 'جم', 'غم', 'غرام', 'جرام', 'غرامات', 'جرامات'],
    attachedOnly: ['g', 'gr', 'غ'],
    duals: ['غرامين', 'جرامين'],
  },
  {
    kind: 'L',
    code: 'L',
    words: [
      'ltr',
      'ltrs',
      'litre',
      'litres',
      'liter',
      'liters',
      'لتر',
      'ليتر',
      'لترات',
      'ليترات',
      'letr',
      'litr',
      'litir',
    ],
    attachedOnly: ['l', 'lt', 'ل'],
    duals: ['لترين', 'ليترين'],
  },
  { kind: 'ml', code: 'ml', words: ['ml', 'mls', 'مل', 'ملل', 'مليلتر', 'ملي'] },
];

const lexicon = new Map<string, UnitWord>();
for (const { kind, code, words, plurals, duals, attachedOnly } of WORDS) {
  for (const word of [...words, ...(plurals ?? [])]) lexicon.set(word, { kind, code, count: 1, attachedOnly: false });
  for (const word of attachedOnly ?? []) lexicon.set(word, { kind, code, count: 1, attachedOnly: true });
  for (const word of duals ?? []) lexicon.set(word, { kind, code, count: 2, attachedOnly: false });
}

/** The unit a word names, or undefined. */
export function lookupUnit(norm: string): UnitWord | undefined {
  const direct = lexicon.get(norm);
  if (direct) return direct;
  // Arabic definite article on a unit word: "الكرتون", "الكيلو".
  if (norm.startsWith('ال') && norm.length > 3) return lexicon.get(norm.slice(2));
  // MSA accusative after a number ("عشرين صندوقاً", "ثلاثين كيساً", "خمسين لتراً"): the tanween is
  // dropped by normalisation and leaves a final alef on the singular, which is still that unit.
  if (norm.length > 3 && norm.endsWith('ا') && /[\u0621-\u064a]/.test(norm)) {
    const singular = lexicon.get(norm.slice(0, -1));
    if (singular && singular.count === 1) return singular;
  }
  return undefined;
}

const PLURALS = new Set(WORDS.flatMap((entry) => entry.plurals ?? []));

/** Whether a word is a plural unit word (see WORDS), with or without the Arabic article. */
export function isPluralUnit(norm: string): boolean {
  return PLURALS.has(norm) || (norm.startsWith('ال') && PLURALS.has(norm.slice(2)));
}

/** Mass and volume units: with a number they may be a pack size rather than a quantity. */
export function isMeasureKind(kind: UnitKind): kind is 'kg' | 'g' | 'L' | 'ml' {
  return kind === 'kg' || kind === 'g' || kind === 'L' || kind === 'ml';
}

/** Containers that are also product descriptors ("Pepsi cans", "Puck jar", "بيبسي علب"). */
export function isDescriptiveKind(kind: UnitKind): boolean {
  return (
    kind === 'can' || kind === 'jar' || kind === 'bottle' || kind === 'gallon' || kind === 'container' || kind === 'box'
  );
}

/** Millilitres in a gallon: the US gallon, as Gulf shops sell 3.78 L bottles (and 1.89 L half gallons). */
export const GALLON_ML = 3785;

/** Multiplier of a unit kind into the reported unit (a dozen is 12 pieces). */
export function unitMultiplier(kind: UnitKind): number {
  return kind === 'dozen' ? 12 : 1;
}

/**
 * The unit a customer's unit reads as without a pack of its own on the line's item (`itemUnit`,
 * the catalogue unit; null when the line is not matched): علبة/pack is a box for boxed packs and a
 * piece for a can; a case is a carton, a sack a bag, صندوق a box; bottles, jars, trays and dozens
 * are pieces (a dozen counted as 12); شد, ربطة and طبلية are what they name.
 */
export function reportedUnit(stated: StatedUnit, itemUnit: string | null): KnownUnit {
  switch (stated.kind) {
    case 'carton':
    case 'bag':
    case 'box':
    case 'kg':
    case 'g':
    case 'L':
    case 'ml':
      return stated.kind;
    case 'container':
      return itemUnit === 'box' ? 'box' : 'piece';
    case 'pack':
      return stated.code;
    default:
      return 'piece';
  }
}

/** Mass in grams or volume in millilitres of a measure. */
export function toBase(value: number, kind: 'kg' | 'g' | 'L' | 'ml'): { dim: 'mass' | 'volume'; base: number } {
  switch (kind) {
    case 'kg':
      return { dim: 'mass', base: value * 1000 };
    case 'g':
      return { dim: 'mass', base: value };
    case 'L':
      return { dim: 'volume', base: value * 1000 };
    default:
      return { dim: 'volume', base: value };
  }
}
