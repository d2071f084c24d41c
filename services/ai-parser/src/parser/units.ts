/**
 * Customer unit words and what they mean (shared/eval/README.md's mapping). Words are in
 * normalised spelling (normalizeWord). A dual form ("كرتونين", "شوالين", "كيلوين") means two.
 */

/** The units a parsed line is reported in. */
export type CustomerUnit = 'kg' | 'g' | 'L' | 'ml' | 'piece' | 'box' | 'carton' | 'bag';

/**
 * What a unit word names. 'container' is علبة/علب/pack: a box when the product is a boxed pack
 * (its catalogue unit is box), a piece when it is a single can, tin or tub.
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
  | 'tray'
  | 'dozen'
  | 'kg'
  | 'g'
  | 'L'
  | 'ml';

export interface UnitWord {
  kind: UnitKind;
  /** 2 for a dual form. */
  count: number;
  /** Only a unit right after a number ("2 l", "5 g"): alone it is an ordinary word. */
  attachedOnly: boolean;
}

/**
 * Each unit's words. Plurals ("cartons", "كراتين", "shwalat") name no quantity without a number
 * ("the cartons were damaged"), where a singular one means one ("كرتون تونة", "kartoneh labneh").
 */
const WORDS: Record<UnitKind, { words: string[]; plurals?: string[]; duals?: string[]; attachedOnly?: string[] }> = {
  carton: {
    words: [
      'carton',
      'ctn',
      'crt',
      'crtn',
      'case',
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
      'cases',
      'cartoons',
      'كراتين',
      'كرتونات',
      'kartonat',
      'kratin',
      'karateen',
      'kartoonat',
    ],
    duals: ['كرتونين', 'كرتونتين', 'كرتونان', 'كرتونتان', 'kartoneen', 'kartonein', 'kartonten', 'kartonteen'],
  },
  bag: {
    words: [
      'bag',
      'sack',
      'كيس',
      'شوال',
      'شكاره',
      'شيكاره',
      'shwal',
      'shawal',
      'shewal',
      'kees',
      'kis',
      'shkara',
      'shikara',
    ],
    plurals: ['bags', 'sacks', 'اكياس', 'كياس', 'شوالات', 'شكاير', 'shwalat', 'akyas', 'akyaas', 'shakayer'],
    duals: ['كيسين', 'كيسان', 'شوالين', 'شوالان', 'shwalen', 'shwalain', 'shwaleen', 'keesain', 'keeseen'],
  },
  box: {
    words: ['box', 'boxes', 'bx', 'صندوق', 'صناديق', 'sandoog', 'sandook', 'sanadeeg', 'sanadeek'],
    duals: ['صندوقين', 'صندوقان'],
  },
  container: {
    words: [
      'علبه',
      'pack',
      'packet',
      'pkt',
      'باكيت',
      'باكت',
      'باكو',
      'بكت',
      '3ulba',
      '3elba',
      '3ilba',
      '3olba',
      '3elab',
      'elba',
    ],
    plurals: ['علب', 'packs', 'packets', 'pkts', '3ulab', '3olab', 'olab'],
    duals: ['علبتين', 'علبتان', 'باكيتين', '3elbteen', '3ilbiteen'],
  },
  piece: {
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
    plurals: ['pcs', 'pieces', 'units', 'حبات', 'قطع', 'عبوات', '7abbat', '7abat', 'habbat', 'habat', 'tubs'],
    duals: ['حبتين', 'حبتان', 'قطعتين'],
  },
  can: { words: ['can', 'cans', 'tin', 'tins'] },
  jar: { words: ['jar', 'jars', 'برطمان', 'برطمانات', 'مرطبان', 'bartaman', 'martaban'] },
  bottle: {
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
  tray: {
    words: ['tray', 'trays', 'طبق', 'اطباق', 'طبقات', 'tabaq', 'tabag', 'tbaq', 'tabak', 'atbaq', 'atbag', 'tabaqat'],
    duals: ['طبقين', 'tabaqain'],
  },
  dozen: {
    words: ['dozen', 'doz', 'dz', 'درزن', 'دزينه', 'دسته', 'darzan', 'darzen', 'dazzina', 'dozina', 'dazina'],
    plurals: ['dozens', 'درازن', 'درزنات', 'دزينات', 'darazen', 'darazin', 'darzanat'],
    duals: ['درزنين', 'darzanen', 'darzanain'],
  },
  kg: {
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
  g: {
    words: ['gm', 'gms', 'grm', 'gram', 'grams', 'gramme', 'جم', 'غم', 'غرام', 'جرام', 'غرامات', 'جرامات'],
    attachedOnly: ['g', 'gr', 'غ'],
    duals: ['غرامين', 'جرامين'],
  },
  L: {
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
  ml: { words: ['ml', 'mls', 'مل', 'ملل', 'مليلتر', 'ملي'] },
};

const lexicon = new Map<string, UnitWord>();
for (const [kind, entry] of Object.entries(WORDS) as Array<[UnitKind, (typeof WORDS)[UnitKind]]>) {
  for (const word of [...entry.words, ...(entry.plurals ?? [])])
    lexicon.set(word, { kind, count: 1, attachedOnly: false });
  for (const word of entry.attachedOnly ?? []) lexicon.set(word, { kind, count: 1, attachedOnly: true });
  for (const word of entry.duals ?? []) lexicon.set(word, { kind, count: 2, attachedOnly: false });
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

const PLURALS = new Set(Object.values(WORDS).flatMap((entry) => entry.plurals ?? []));

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
  return kind === 'can' || kind === 'jar' || kind === 'bottle' || kind === 'container' || kind === 'box';
}

/** Multiplier of a unit kind into the reported unit (a dozen is 12 pieces). */
export function unitMultiplier(kind: UnitKind): number {
  return kind === 'dozen' ? 12 : 1;
}

/**
 * The reported unit of a unit word for a line matched to an item sold in `itemUnit` (the
 * catalogue unit; null when the line is not matched). علبة/pack is a box for boxed packs.
 */
export function reportedUnit(kind: UnitKind, itemUnit: string | null): CustomerUnit {
  switch (kind) {
    case 'carton':
    case 'bag':
    case 'box':
    case 'kg':
    case 'g':
    case 'L':
    case 'ml':
      return kind;
    case 'container':
      return itemUnit === 'box' ? 'box' : 'piece';
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
