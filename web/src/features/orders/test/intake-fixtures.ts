import type { AiJobStatusDto } from '@erp/contracts';
import type { OrderParseResultDto, ParsedOrderItemDto } from '../api/order-intake-api';

export function makeParsedItem(overrides: Partial<ParsedOrderItemDto> = {}): ParsedOrderItemDto {
  return {
    itemName: 'Almarai Fresh Milk Full Fat 2L',
    itemNameAr: 'حليب المراعي طازج كامل الدسم 2 لتر',
    quantity: 6,
    unit: 'carton',
    unitPrice: '11.50',
    stockItemId: 'i-milk-2l',
    sku: 'MILK-ALM-2L',
    confidence: 0.93,
    sourceText: 'Almarai fresh milk 2L - 6 ctn',
    phrase: 'almarai fresh milk 2l',
    quantityNeedsCheck: false,
    unitNeedsCheck: false,
    matchedBy: 'catalogue',
    alternatives: [],
    ...overrides,
  };
}

/** An unmatched line: the customer's wording, no stock item, no price. */
export const unmatchedItem = makeParsedItem({
  itemName: 'saffron tea',
  itemNameAr: null,
  quantity: 3,
  unit: 'box',
  unitPrice: null,
  stockItemId: null,
  sku: null,
  confidence: 0.41,
  sourceText: 'saffron tea x3 box',
  phrase: 'saffron tea',
  matchedBy: null,
  alternatives: [{ stockItemId: 'i-tea', sku: 'TEA-SAF-25', name: 'Saffron Tea 25 bags', confidence: 0.55 }],
});

export function makeParseResult(overrides: Partial<OrderParseResultDto> = {}): OrderParseResultDto {
  return {
    parsed: {
      clientName: 'Al Noor Trading',
      clientId: 'c-noor',
      items: [makeParsedItem()],
    },
    rawText: 'Al Noor Trading\nAlmarai fresh milk 2L - 6 ctn',
    engine: 'offline',
    pricing: 'client',
    source: 'text',
    ...overrides,
  };
}

export function jobStatus(overrides: Partial<AiJobStatusDto> = {}): AiJobStatusDto {
  return { jobId: 'job-1', state: 'waiting', progress: null, ...overrides };
}
