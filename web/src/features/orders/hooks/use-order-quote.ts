import { useMemo } from 'react';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useQuoteOrderQuery, type OrderQuoteDto, type QuoteOrderRequest } from '../api/orders-api';
import { emptyQuoteBook, type QuoteBook, type QuotedItem } from '../lib/manual-order';

/** How long the client and the linked items must stay put before they are priced again. */
export const QUOTE_DEBOUNCE_MS = 300;

export interface OrderQuoteInput {
  clientId: string | null;
  /** The client by name while none is picked (an order links it by name the same way). */
  clientName: string;
  /** The stock items the lines are linked to. */
  stockItemIds: readonly string[];
}

/** The quote of the linked items for the client: one line per item, none when no line is linked. */
export function quoteRequestOf({ clientId, clientName, stockItemIds }: OrderQuoteInput): QuoteOrderRequest | null {
  const ids = [...new Set(stockItemIds)].sort();
  if (ids.length === 0) return null;
  const request: QuoteOrderRequest = { lines: ids.map((stockItemId) => ({ stockItemId })) };
  if (clientId) request.clientId = clientId;
  else if (clientName.trim()) request.clientName = clientName.trim();
  return request;
}

export function quoteBookOf(quote: OrderQuoteDto | undefined): QuoteBook {
  if (!quote) return emptyQuoteBook;
  const items = new Map<string, QuotedItem>();
  for (const line of quote.lines) {
    items.set(line.stockItemId, {
      units: line.units.map((unit) => ({
        unit: unit.unit,
        factor: unit.factor,
        price: unit.price,
        priceSource: unit.priceSource,
      })),
    });
  }
  return { items, priceListName: quote.priceListName };
}

/**
 * What the client pays for the linked items, in every unit they are sold in (POST
 * /api/orders/quote, CONTRACT §10): one quote line per item, in its base unit, whose `units` price
 * every unit; so a line's unit or quantity typed does not ask again, and a unit the item is not
 * sold in (an AI line to check) cannot spoil the answer. Asked once the input rests; the last
 * answer stays while the next one loads. A failed quote prices nothing here: the server still
 * prices the order.
 */
export function useOrderQuote(input: OrderQuoteInput, { enabled = true }: { enabled?: boolean } = {}) {
  const key = JSON.stringify(quoteRequestOf(input));
  const settled = useDebouncedValue(key, QUOTE_DEBOUNCE_MS);
  const request = useMemo(() => JSON.parse(settled) as QuoteOrderRequest | null, [settled]);
  const quote = useQuoteOrderQuery(request ?? { lines: [] }, { skip: !enabled || request === null });
  const book = useMemo(() => quoteBookOf(quote.isError ? undefined : quote.data), [quote.data, quote.isError]);
  return { book, loading: quote.isFetching || key !== settled };
}
