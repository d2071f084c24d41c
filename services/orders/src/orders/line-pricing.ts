import {
  baseQuantity,
  dec,
  lineTotal,
  moneyColumn,
  quantityColumn,
  sellableUnits,
  type SellableUnit,
} from '@erp/common';
import {
  AppException,
  DEFAULT_ORDER_ITEM_UNIT,
  ErrorCode,
  InventoryErrorCode,
  type DecimalInput,
  type PriceSource,
  type StockItemDto,
} from '@erp/contracts';
import { Decimal } from 'decimal.js';
import type { NewOrderItem } from './orders.repository.js';

/**
 * What pricing needs besides the line: the linked items (with their packs) and what the
 * client's price list says, by `<stockItemId> <unit>` (docs/decisions/0014).
 */
export interface PriceBook {
  items: ReadonlyMap<string, StockItemDto>;
  listPrices: ReadonlyMap<string, string>;
}

export const listPriceKey = (stockItemId: string, unit: string): string => `${stockItemId.toLowerCase()} ${unit}`;

/** A unit of a linked item as the client pays for it: the list's price, else the unit's own. */
export interface ClientUnit extends SellableUnit {
  priceSource: PriceSource;
}

/** Every unit an item is sold in, at what the client pays (base unit first). */
export function clientUnits(item: StockItemDto, book: PriceBook): ClientUnit[] {
  return sellableUnits(item).map((unit, index) => {
    const listed = book.listPrices.get(listPriceKey(item.id, unit.unit));
    if (listed !== undefined) return { ...unit, price: new Decimal(listed), priceSource: 'price_list' };
    return { ...unit, priceSource: index === 0 ? 'item' : 'pack' };
  });
}

/** The unit of a linked item a line names, or 400 INVENTORY_UNIT_NOT_SOLD naming the units it has. */
export function unitOf(item: StockItemDto, unit: string, book: PriceBook, field: string): ClientUnit {
  const units = clientUnits(item, book);
  const found = units.find((candidate) => candidate.unit === unit);
  if (found) return found;
  const names = units.map((candidate) => candidate.unit);
  const message = `${field}: ${item.name} is sold in ${names.join(', ')}, not ${unit}`;
  throw new AppException(InventoryErrorCode.UnitNotSold, message, {
    stockItemId: item.id,
    units: names,
    fields: [{ field, messages: [message] }],
  });
}

/** A line as the client sent it (a new line, or an edited one with its stored values filled in). */
export interface LineInput {
  itemName: string;
  itemNameAr?: string | null;
  quantity: DecimalInput;
  unit?: string;
  unitPrice?: DecimalInput;
  discountPercent?: DecimalInput;
  stockItemId?: string | null;
}

/**
 * A line as stored (CONTRACT §10): a linked line in a unit its item is sold in, its base quantity
 * from that unit's factor, priced as sent, else at the client's list price, else the unit's own;
 * a line not linked in any unit, factor 1, and priced as sent (400 without a price). The total is
 * round(quantity × price × (1 − discount/100), 2). `path` names the line in messages (`items.2`).
 */
export function toNewOrderItem(input: LineInput, book: PriceBook, path: string): NewOrderItem {
  const quantity = dec(input.quantity);
  const discount = input.discountPercent === undefined ? new Decimal(0) : dec(input.discountPercent);
  const stock = input.stockItemId ? book.items.get(input.stockItemId.toLowerCase()) : undefined;
  if (!stock) {
    if (input.unitPrice === undefined) {
      const message = `${path}.unitPrice is needed for a line not linked to a stock item`;
      throw new AppException(ErrorCode.ValidationFailed, message, {
        fields: [{ field: `${path}.unitPrice`, messages: [message] }],
      });
    }
    const unitPrice = dec(input.unitPrice);
    return {
      stockItemId: null,
      sku: null,
      itemName: input.itemName,
      itemNameAr: input.itemNameAr ?? null,
      quantity: quantityColumn(quantity),
      unit: input.unit ?? DEFAULT_ORDER_ITEM_UNIT,
      unitFactor: quantityColumn(new Decimal(1)),
      baseQuantity: quantityColumn(quantity),
      baseUnit: null,
      unitPrice: moneyColumn(unitPrice),
      discountPercent: discount.toFixed(2),
      totalPrice: moneyColumn(lineTotal(quantity, unitPrice, discount)),
      unitCost: null,
    };
  }
  const unit = unitOf(stock, input.unit ?? stock.unit, book, `${path}.unit`);
  const unitPrice = input.unitPrice === undefined ? unit.price : dec(input.unitPrice);
  return {
    stockItemId: stock.id,
    sku: stock.sku,
    itemName: input.itemName,
    itemNameAr: input.itemNameAr ?? stock.nameAr ?? null,
    quantity: quantityColumn(quantity),
    unit: unit.unit,
    unitFactor: quantityColumn(unit.factor),
    baseQuantity: quantityColumn(baseQuantity(quantity, unit.factor)),
    baseUnit: stock.unit,
    unitPrice: moneyColumn(unitPrice),
    discountPercent: discount.toFixed(2),
    totalPrice: moneyColumn(lineTotal(quantity, unitPrice, discount)),
    unitCost: moneyColumn(dec(stock.costPrice)),
  };
}

/** The sum of the line totals, for a new order. */
export function orderTotal(items: readonly Pick<NewOrderItem, 'totalPrice'>[]): string {
  return moneyColumn(items.reduce((sum, item) => sum.plus(item.totalPrice), new Decimal(0)));
}
