import { describe, expect, it } from 'vitest';
import { makeParseResult, makeParsedItem, unmatchedItem } from '../test/intake-fixtures';
import { draftFromParse, keepsMatch, matchLevelOf, quantityText } from './ai-order';

describe('draftFromParse', () => {
  it('links matched lines and the matched client, keeping money as decimal strings', () => {
    const draft = draftFromParse(
      makeParseResult({
        parsed: { clientName: 'Al Noor Trading', clientId: 'c-noor', items: [makeParsedItem(), unmatchedItem] },
      }),
    );
    expect(draft.client.client?.id).toBe('c-noor');
    expect(draft.client.name).toBe('Al Noor Trading');
    expect(draft.clientNamed).toBe(true);
    const [milk, tea] = draft.lines;
    expect(milk).toMatchObject({
      stockItem: { id: 'i-milk-2l', sku: 'MILK-ALM-2L', name: 'Almarai Fresh Milk Full Fat 2L' },
      quantity: '6',
      unit: 'carton',
      unitPrice: '11.50',
      phrase: 'almarai fresh milk 2l',
    });
    expect(tea).toMatchObject({
      stockItem: null,
      itemName: 'saffron tea',
      itemNameAr: '',
      unitPrice: '',
      phrase: 'saffron tea',
    });
    expect(draft.info[tea!.key]).toMatchObject({ matchedStockItemId: null, sourceText: 'saffron tea x3 box' });
    expect(keepsMatch(milk!, draft.info[milk!.key]!)).toBe(true);
    expect(keepsMatch(tea!, draft.info[tea!.key]!)).toBe(false);
  });

  it('keeps "Unknown Client" unlinked and says no client was named', () => {
    const draft = draftFromParse(
      makeParseResult({ parsed: { clientName: 'Unknown Client', clientId: null, items: [] } }),
    );
    expect(draft.client).toEqual({ client: null, name: 'Unknown Client' });
    expect(draft.clientNamed).toBe(false);
  });

  it('keeps what an order was read from: the message, the OCR text and file, or what was heard', () => {
    expect(draftFromParse(makeParseResult({ rawText: ' 6 ctn milk ' })).origin).toEqual({
      source: 'text',
      rawOrderText: '6 ctn milk',
    });
    expect(
      draftFromParse(
        makeParseResult({ source: 'image', rawText: 'milk 6', uploadedFileUrl: '/api/files/intake/a.png' }),
      ).origin,
    ).toEqual({ source: 'image', rawOrderText: 'milk 6', uploadedFileUrl: '/api/files/intake/a.png' });
    expect(
      draftFromParse(
        makeParseResult({
          source: 'voice',
          rawText: '6 milk',
          transcription: 'six milk',
          uploadedFileUrl: '/api/files/intake/a.webm',
        }),
      ).origin,
    ).toEqual({ source: 'voice', transcribedText: 'six milk', audioFileUrl: '/api/files/intake/a.webm' });
  });
});

describe('quantityText', () => {
  it('writes a parsed quantity with at most 3 decimals, never a float artefact', () => {
    expect(quantityText(6)).toBe('6');
    expect(quantityText(2.5)).toBe('2.5');
    expect(quantityText(0.1 + 0.2)).toBe('0.3');
    expect(quantityText(0)).toBe('');
  });
});

describe('matchLevelOf', () => {
  it('grades the confidence', () => {
    expect([0.93, 0.85, 0.7, 0.6, 0.41].map(matchLevelOf)).toEqual(['good', 'good', 'fair', 'fair', 'poor']);
  });
});
