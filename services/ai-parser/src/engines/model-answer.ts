import { knownUnits, normalizeUnit } from '@erp/contracts';

/**
 * What the OpenAI-compatible engine is asked for and how its answer is checked before use: a
 * JSON schema for structured output (strict), and a validator that holds the answer to that
 * schema and to the candidates it was given. A model may only pick catalogue ids it was offered.
 */

/** A draft line of the offline parser, as the model sees it. */
export interface ModelLine {
  line: number;
  /** The customer's wording of the line. */
  text: string;
  quantity: number;
  unit: string | null;
  /** Catalogue items the offline matcher found for the line, best first. */
  candidates: Array<{ stockItemId: string; sku: string; name: string; nameAr: string | null }>;
}

export interface ModelItem {
  /** The draft line this item is, or null for an item the draft missed. */
  line: number | null;
  itemName: string;
  quantity: number;
  unit: string | null;
  stockItemId: string | null;
}

export interface ModelAnswer {
  clientName: string | null;
  items: ModelItem[];
}

/** The units of libs/contracts' units.ts: what a line's unit may be (the parser puts it onto the item's packs). */
const MODEL_UNITS: readonly string[] = knownUnits;
const MAX_ITEMS = 200;
const MAX_QUANTITY = 1_000_000;

/** response_format.json_schema.schema: every property required, no others (what strict mode accepts). */
export const orderAnswerSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['clientName', 'items'],
  properties: {
    clientName: {
      type: ['string', 'null'],
      description: 'The business (or person) placing the order if the message states it, else null',
    },
    items: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['line', 'itemName', 'quantity', 'unit', 'stockItemId'],
        properties: {
          line: {
            type: ['integer', 'null'],
            description: 'The draft line number, or null for a line the draft missed',
          },
          itemName: { type: 'string', description: 'The product as the customer named it' },
          quantity: { type: 'number', description: 'How many units of `unit` are ordered (never a pack size)' },
          unit: { type: ['string', 'null'], enum: [...MODEL_UNITS, null] },
          stockItemId: {
            type: ['string', 'null'],
            description: "One of the draft line's candidate ids, or null when none of them is the product",
          },
        },
      },
    },
  },
} as const;

export const SYSTEM_PROMPT = [
  'You read orders that wholesale customers in the Gulf send by WhatsApp, in English, Arabic (Gulf, Egyptian, Levantine, MSA), Arabizi or a mix.',
  'You get the message and a draft made by a rule-based parser: its lines, each with catalogue candidates.',
  'Answer with every item the customer orders, once each, after any corrections in the message ("make it 5" replaces the earlier figure).',
  'For each item: `line` is the draft line it corresponds to (null if the draft missed it); `quantity` is how many are ordered, never a pack size such as 2L or 500g;',
  `\`unit\` is the unit the customer orders in (${MODEL_UNITS.join(', ')}: a case or صندوق is case, a sack or شوال sack, a shrink pack or شد pack, a dozen or درزن dozen, a tray or طبق tray) or null if not stated;`,
  '`stockItemId` MUST be one of the candidate ids listed for that line, or null when none of them is the product. Never invent an id.',
  'Greetings, signatures, delivery notes and prices are not items. `clientName` is the business or person ordering when the message says it, else null.',
].join(' ');

/** The user message: the customer's text and the draft, as JSON. */
export function userPrompt(message: string, lines: readonly ModelLine[]): string {
  return JSON.stringify({ message, draft: lines });
}

export class ModelAnswerError extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'ModelAnswerError';
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function exactKeys(value: Record<string, unknown>, keys: readonly string[], where: string): void {
  const extra = Object.keys(value).filter((key) => !keys.includes(key));
  const missing = keys.filter((key) => !(key in value));
  if (extra.length > 0) throw new ModelAnswerError(`${where} has unexpected ${extra.join(', ')}`);
  if (missing.length > 0) throw new ModelAnswerError(`${where} lacks ${missing.join(', ')}`);
}

/** The unit as a unit code of units.ts ("Carton", "ctn", "l" → carton, carton, L), or null. */
function modelUnit(value: string | null): string | null {
  if (value === null) return null;
  const unit = normalizeUnit(value);
  return MODEL_UNITS.includes(unit) ? unit : null;
}

/**
 * Checks a model's answer against the schema and the candidates. Throws ModelAnswerError naming
 * the first problem: the answer is then not used at all.
 */
export function validateModelAnswer(content: string, lines: readonly ModelLine[]): ModelAnswer {
  let parsed: unknown;
  try {
    parsed = JSON.parse(content);
  } catch {
    throw new ModelAnswerError('the answer is not JSON');
  }
  if (!isObject(parsed)) throw new ModelAnswerError('the answer is not an object');
  exactKeys(parsed, ['clientName', 'items'], 'the answer');
  const clientName = parsed.clientName;
  if (clientName !== null && (typeof clientName !== 'string' || clientName.length > 200)) {
    throw new ModelAnswerError('clientName is not a string or null');
  }
  if (!Array.isArray(parsed.items) || parsed.items.length > MAX_ITEMS) {
    throw new ModelAnswerError('items is not a list of at most 200');
  }
  const candidates = new Set(lines.flatMap((line) => line.candidates.map((candidate) => candidate.stockItemId)));
  const items = parsed.items.map((raw: unknown, k): ModelItem => {
    const where = `items[${k}]`;
    if (!isObject(raw)) throw new ModelAnswerError(`${where} is not an object`);
    exactKeys(raw, ['line', 'itemName', 'quantity', 'unit', 'stockItemId'], where);
    const { line, itemName, quantity, unit, stockItemId } = raw;
    if (line !== null && !(Number.isInteger(line) && (line as number) >= 0 && (line as number) < lines.length)) {
      throw new ModelAnswerError(`${where}.line is not a draft line`);
    }
    if (typeof itemName !== 'string' || itemName.trim() === '' || itemName.length > 200) {
      throw new ModelAnswerError(`${where}.itemName is not a name`);
    }
    if (typeof quantity !== 'number' || !Number.isFinite(quantity) || quantity <= 0 || quantity > MAX_QUANTITY) {
      throw new ModelAnswerError(`${where}.quantity is not a positive number`);
    }
    if (unit !== null && typeof unit !== 'string') throw new ModelAnswerError(`${where}.unit is not a string or null`);
    if (stockItemId !== null && typeof stockItemId !== 'string') {
      throw new ModelAnswerError(`${where}.stockItemId is not a string or null`);
    }
    if (stockItemId !== null && !candidates.has(stockItemId)) {
      throw new ModelAnswerError(`stockItemId ${stockItemId.slice(0, 40)} is not among the candidates`);
    }
    return {
      line: line as number | null,
      itemName: itemName.trim(),
      quantity: Math.round(quantity * 1000) / 1000,
      unit: modelUnit(unit),
      stockItemId,
    };
  });
  return { clientName: typeof clientName === 'string' && clientName.trim() ? clientName.trim() : null, items };
}
