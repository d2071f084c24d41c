import {
  AppException,
  ErrorCode,
  type OrderQuoteDto,
  type OrdersClient,
  type ParsedOrderItemDto,
  type QuoteOrderDto,
} from '@erp/contracts';
import { describe, expect, it } from 'vitest';
import { ClientPricesService } from './client-prices.service.js';

function line(overrides: Partial<ParsedOrderItemDto>): ParsedOrderItemDto {
  return {
    itemName: 'Almarai Fresh Milk Full Fat 1L',
    itemNameAr: null,
    quantity: 3,
    unit: 'carton',
    unitPrice: '78.00',
    stockItemId: 'milk',
    sku: 'MILK-ALM-1L',
    confidence: 1,
    sourceText: 'حليب المراعي',
    phrase: 'حليب المراعي',
    quantityNeedsCheck: false,
    unitNeedsCheck: false,
    matchedBy: 'catalogue',
    alternatives: [],
    ...overrides,
  };
}

/** The orders service's quote: a list price of 70.00 for milk cartons, the catalogue's for the rest. */
function ordersQuoting(asked: QuoteOrderDto[], failure?: AppException): OrdersClient {
  return {
    quoteOrder: (dto: QuoteOrderDto): Promise<OrderQuoteDto> => {
      asked.push(dto);
      if (failure) return Promise.reject(failure);
      return Promise.resolve({
        clientId: dto.clientId ?? null,
        priceListId: 'list',
        priceListName: 'Wholesale A',
        lines: dto.lines.map((quoted) => ({
          stockItemId: quoted.stockItemId,
          unit: quoted.unit ?? 'piece',
          unitFactor: 12,
          baseUnit: 'piece',
          quantity: 1,
          baseQuantity: 12,
          unitPrice: quoted.stockItemId === 'milk' && quoted.unit === 'carton' ? '70.00' : '2.50',
          priceSource: quoted.stockItemId === 'milk' ? 'price_list' : 'item',
          units: [],
        })),
      });
    },
  } as unknown as OrdersClient;
}

const meta = { requestId: 'test' };

describe('ClientPricesService', () => {
  it("prices the lines matched in a unit their item is sold in at the client's prices", async () => {
    const asked: QuoteOrderDto[] = [];
    const items = [
      line({}),
      line({ stockItemId: 'pepsi', sku: 'PEPSI', unit: 'piece', unitPrice: '2.50' }),
      line({ stockItemId: 'rice', unit: 'carton', unitPrice: null, unitNeedsCheck: true }),
      line({ stockItemId: null, sku: null, unitPrice: null }),
    ];
    const priced = await new ClientPricesService(ordersQuoting(asked)).price(items, 'client-1', meta);
    expect(asked).toEqual([
      {
        clientId: 'client-1',
        lines: [
          { stockItemId: 'milk', unit: 'carton' },
          { stockItemId: 'pepsi', unit: 'piece' },
        ],
      },
    ]);
    expect(priced.pricing).toBe('client');
    expect(priced.items.map((item) => item.unitPrice)).toEqual(['70.00', '2.50', null, null]);
  });

  it("keeps the catalogue's prices without a client, asking nothing", async () => {
    const asked: QuoteOrderDto[] = [];
    const items = [line({})];
    expect(await new ClientPricesService(ordersQuoting(asked)).price(items, null, meta)).toEqual({
      items,
      pricing: 'catalogue',
    });
    expect(asked).toEqual([]);
  });

  it("keeps the catalogue's prices when the quote fails, and says so", async () => {
    const down = new AppException(ErrorCode.ServiceUnavailable, 'The orders service is unavailable');
    const items = [line({})];
    expect(await new ClientPricesService(ordersQuoting([], down)).price(items, 'client-1', meta)).toEqual({
      items,
      pricing: 'catalogue (quote failed: The orders service is unavailable)',
    });
  });
});
