import { lineTotal, moneyColumn, quantityColumn, dec } from '@erp/common';
import { DEFAULT_ORDER_ITEM_UNIT, type OrderItemInputDto, type StockItemDto } from '@erp/contracts';
import type { OrderItemEntity } from './order-item.entity.js';
import type { NewOrderItem } from './orders.repository.js';

/**
 * A line as stored: its total computed here (CONTRACT §4), and, when linked to a stock item,
 * that item's SKU, Arabic name (unless given) and cost price at this moment.
 */
export function toNewOrderItem(input: OrderItemInputDto, stock: StockItemDto | undefined): NewOrderItem {
  const quantity = dec(input.quantity);
  const unitPrice = dec(input.unitPrice);
  return {
    stockItemId: stock?.id ?? null,
    sku: stock?.sku ?? null,
    itemName: input.itemName,
    itemNameAr: input.itemNameAr ?? stock?.nameAr ?? null,
    quantity: quantityColumn(quantity),
    unit: input.unit ?? DEFAULT_ORDER_ITEM_UNIT,
    unitPrice: moneyColumn(unitPrice),
    totalPrice: moneyColumn(lineTotal(quantity, unitPrice)),
    unitCost: stock ? moneyColumn(dec(stock.costPrice)) : null,
  };
}

/** Links a stored line to a stock item (or unlinks it with undefined), as toNewOrderItem would. */
export function linkToStock(item: OrderItemEntity, stock: StockItemDto | undefined): void {
  item.stockItemId = stock?.id ?? null;
  item.sku = stock?.sku ?? null;
  item.unitCost = stock ? moneyColumn(dec(stock.costPrice)) : null;
  if (stock && item.itemNameAr === null) item.itemNameAr = stock.nameAr;
}

/** The line total again after a change of quantity or price. */
export function retotal(item: OrderItemEntity): void {
  item.totalPrice = moneyColumn(lineTotal(item.quantity, item.unitPrice));
}

/** The sum of the line totals, for a new order. */
export function orderTotal(items: readonly NewOrderItem[]): string {
  return moneyColumn(items.reduce((sum, item) => sum.plus(item.totalPrice), dec('0')));
}
