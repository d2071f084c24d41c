import { describe, expect, it } from 'vitest';
import { makeParseResult, makeParsedItem, unmatchedItem } from '../test/intake-fixtures';
import { draftFromParse, keepsMatch, matchLevelOf, parsedQuantityText } from './ai-order';

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
      // The parse's price is a hint: the order is priced for its client by the server.
      unitPrice: '',
      parsedPrice: { stockItemId: 'i-milk-2l', unit: 'carton', price: '11.50', pricing: 'client' },
      unitNote: null,
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

  it('starts with a known client (an Inbox message matched by its number) whatever the message names', () => {
    const known = { id: 'c-khalid', name: 'Khalid Bakery', nameAr: 'مخبز خالد', phone: '+966 55 812 4403' };
    const draft = draftFromParse(
      makeParseResult({ parsed: { clientName: 'Unknown Client', clientId: null, items: [makeParsedItem()] } }),
      known,
    );
    expect(draft.client.name).toBe('Khalid Bakery');
    expect(draft.client.client).toMatchObject(known);
    expect(draft.clientNamed).toBe(true);
    // A known client whose name could not be read leaves the message's.
    const unnamed = draftFromParse(makeParseResult(), { ...known, name: '' });
    expect(unnamed.client.client?.id).toBe('c-noor');
  });

  it('starts with no client, never "Unknown Client", when the message names none', () => {
    for (const clientName of ['Unknown Client', '', '  ']) {
      const draft = draftFromParse(makeParseResult({ parsed: { clientName, clientId: null, items: [] } }));
      expect(draft.client).toEqual({ client: null, name: '' });
      expect(draft.clientNamed).toBe(false);
    }
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

  it('marks a unit the matched item is not sold in for the user to choose, with no price', () => {
    const draft = draftFromParse(
      makeParseResult({
        pricing: 'catalogue (quote failed: timeout)',
        parsed: {
          clientName: 'Al Noor Trading',
          clientId: 'c-noor',
          items: [makeParsedItem({ unit: 'bag', unitPrice: null, unitNeedsCheck: true }), makeParsedItem()],
        },
      }),
    );
    const [bags, cartons] = draft.lines;
    expect(bags).toMatchObject({ unit: 'bag', unitPrice: '', unitNote: { kind: 'notSold', unit: 'bag' } });
    expect(bags!.parsedPrice).toBeUndefined();
    expect(draft.info[bags!.key]).toMatchObject({ unitNeedsCheck: true });
    // A failed client quote: the parse's prices are the catalogue's, not the client's.
    expect(cartons!.parsedPrice).toMatchObject({ price: '11.50', pricing: 'catalogue (quote failed: timeout)' });
  });
});

describe('parsedQuantityText', () => {
  it('writes a parsed quantity with at most 3 decimals, never a float artefact, and leaves 0 or less blank', () => {
    expect(parsedQuantityText(6)).toBe('6');
    expect(parsedQuantityText(2.5)).toBe('2.5');
    expect(parsedQuantityText(0.1 + 0.2)).toBe('0.3');
    expect(parsedQuantityText(0)).toBe('');
    expect(parsedQuantityText(-2)).toBe('');
    expect(parsedQuantityText(Number.NaN)).toBe('');
  });
});

describe('matchLevelOf', () => {
  it('grades the confidence', () => {
    expect([0.93, 0.85, 0.7, 0.6, 0.41].map(matchLevelOf)).toEqual(['good', 'good', 'fair', 'fair', 'poor']);
  });
});
