import { AppException, OrdersClient, type ParsedOrderItemDto, type RpcMeta } from '@erp/contracts';
import { Injectable, Logger } from '@nestjs/common';

/** Lines with their prices, and whose prices they are (OrderParseResultDto `pricing`). */
export interface PricedLines {
  items: ParsedOrderItemDto[];
  pricing: string;
}

/**
 * The client's prices for a parse result (CONTRACT §10): the orders service's quote for the lines
 * matched to an item in a unit it is sold in, priced as an order for that client would be (its
 * price list where it has a price, else the pack's or the item's). Without a client, or when the
 * quote fails, the catalogue's prices stay and `pricing` says so.
 */
@Injectable()
export class ClientPricesService {
  private readonly logger = new Logger(ClientPricesService.name);

  constructor(private readonly orders: OrdersClient) {}

  async price(items: ParsedOrderItemDto[], clientId: string | null, meta: RpcMeta): Promise<PricedLines> {
    if (!clientId) return { items, pricing: 'catalogue' };
    const lines = items.flatMap((item, at) =>
      item.stockItemId && item.unit && !item.unitNeedsCheck
        ? [{ at, stockItemId: item.stockItemId, unit: item.unit }]
        : [],
    );
    if (lines.length === 0) return { items, pricing: 'client' };
    try {
      const quote = await this.orders.quoteOrder(
        { clientId, lines: lines.map(({ stockItemId, unit }) => ({ stockItemId, unit })) },
        meta,
      );
      const priced = [...items];
      lines.forEach(({ at }, k) => {
        const quoted = quote.lines[k];
        if (quoted) priced[at] = { ...items[at]!, unitPrice: quoted.unitPrice };
      });
      return { items: priced, pricing: 'client' };
    } catch (error) {
      if (!(error instanceof AppException)) throw error;
      this.logger.warn(
        { requestId: meta.requestId, clientId, reason: error.message },
        'quote failed: catalogue prices',
      );
      return { items, pricing: `catalogue (quote failed: ${error.message})` };
    }
  }
}
