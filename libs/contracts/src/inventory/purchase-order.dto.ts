import type { PackUnit, StockUnit } from './units.js';

/** A supplier (inventory's record; goods receipts and purchase orders create them by name). */
export interface SupplierDto {
  id: string;
  name: string;
  phone: string | null;
  email: string | null;
  address: string | null;
}

/** One line of a purchase order: the item as it was when the order was made. */
export interface PurchaseOrderLineDto {
  stockItemId: string;
  sku: string;
  name: string;
  nameAr: string | null;
  unit: StockUnit;
  /** In the base unit, whole units. */
  quantity: number;
  /** The item's packs when the order was made, so the document can say the quantity in them. */
  packs: Array<{ unit: PackUnit; factor: number }>;
}

/**
 * A purchase order to a supplier (`PO-YYYY-NNNNNN`), made by approving a reorder suggestion
 * with a supplier (docs/decisions/0023-purchase-orders.md). No prices: the supplier's invoice
 * sets them when the goods are received.
 */
export interface PurchaseOrderDto {
  id: string;
  number: string;
  supplier: SupplierDto;
  lines: PurchaseOrderLineDto[];
  /** The reorder suggestion it was made from. */
  reorderSuggestionId: string | null;
  createdAt: string;
  createdBy: string | null;
}

/** billing.get-purchase-order-pdf: the order to print, with the seller as the settings say now. */
export interface PurchaseOrderPdfRequestDto {
  purchaseOrder: PurchaseOrderDto;
}
