import { knownUnits } from '@erp/contracts';
import { describe, expect, it } from 'vitest';
import { ModelAnswerError, orderAnswerSchema, validateModelAnswer, type ModelLine } from './model-answer.js';

const lines: ModelLine[] = [
  {
    line: 0,
    text: 'almarai milk',
    quantity: 6,
    unit: 'carton',
    candidates: [
      { stockItemId: 'id-milk-1l', sku: 'MILK-ALM-1L', name: 'Almarai Fresh Milk 1L', nameAr: null },
      { stockItemId: 'id-milk-2l', sku: 'MILK-ALM-2L', name: 'Almarai Fresh Milk 2L', nameAr: null },
    ],
  },
];

const answer = (items: unknown[], extra: Record<string, unknown> = {}): string =>
  JSON.stringify({ clientName: null, items, ...extra });
const item = (overrides: Record<string, unknown> = {}) => ({
  line: 0,
  itemName: 'almarai milk',
  quantity: 6,
  unit: 'carton',
  stockItemId: 'id-milk-2l',
  ...overrides,
});

function reason(content: string): string {
  try {
    validateModelAnswer(content, lines);
  } catch (error) {
    if (error instanceof ModelAnswerError) return error.message;
    throw error;
  }
  throw new Error('expected the answer to be refused');
}

describe('the model answer', () => {
  it('asks for strict structured output: every property required, nothing else allowed', () => {
    expect(orderAnswerSchema.additionalProperties).toBe(false);
    expect(orderAnswerSchema.properties.items.items.required).toEqual([
      'line',
      'itemName',
      'quantity',
      'unit',
      'stockItemId',
    ]);
  });

  it('accepts an answer that picks a candidate or none, and normalises units', () => {
    const parsed = validateModelAnswer(
      answer(
        [
          item({ unit: 'Carton' }),
          item({ line: null, itemName: 'زيت', stockItemId: null, unit: 'l', quantity: 2.0004 }),
        ],
        {
          clientName: ' Al Noor ',
        },
      ),
      lines,
    );
    expect(parsed).toEqual({
      clientName: 'Al Noor',
      items: [
        { line: 0, itemName: 'almarai milk', quantity: 6, unit: 'carton', stockItemId: 'id-milk-2l' },
        { line: null, itemName: 'زيت', quantity: 2, unit: 'L', stockItemId: null },
      ],
    });
  });

  it('takes the units of units.ts, as the stock form writes them, and no others', () => {
    expect(orderAnswerSchema.properties.items.items.properties.unit.enum).toEqual([...knownUnits, null]);
    const parsed = validateModelAnswer(
      answer([
        item({ unit: 'Case' }),
        item({ unit: 'ctn' }),
        item({ unit: 'dozen' }),
        item({ unit: 'pallets' }),
        item({ unit: 'crate' }),
      ]),
      lines,
    );
    expect(parsed.items.map((line) => line.unit)).toEqual(['case', 'carton', 'dozen', 'pallet', null]);
  });

  it('refuses anything else, naming the first problem', () => {
    expect(reason('6 cartons of milk')).toBe('the answer is not JSON');
    expect(reason('[]')).toBe('the answer is not an object');
    expect(reason(JSON.stringify({ items: [] }))).toBe('the answer lacks clientName');
    expect(reason(answer([], { note: 'hi' }))).toBe('the answer has unexpected note');
    expect(reason(answer([{ line: 0, itemName: 'milk' }]))).toBe('items[0] lacks quantity, unit, stockItemId');
    expect(reason(answer([item({ quantity: 0 })]))).toBe('items[0].quantity is not a positive number');
    expect(reason(answer([item({ quantity: '6' })]))).toBe('items[0].quantity is not a positive number');
    expect(reason(answer([item({ line: 3 })]))).toBe('items[0].line is not a draft line');
    expect(reason(answer([item({ stockItemId: 'id-tide' })]))).toBe('stockItemId id-tide is not among the candidates');
  });
});
