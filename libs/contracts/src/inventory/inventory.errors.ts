/** Error codes of the inventory service (translated by the web app). Values are never renamed. */
export const InventoryErrorCode = {
  StockItemNotFound: 'INVENTORY_STOCK_ITEM_NOT_FOUND',
  SkuTaken: 'INVENTORY_SKU_TAKEN',
  InsufficientStock: 'INVENTORY_INSUFFICIENT_STOCK',
  MoveKeyConflict: 'INVENTORY_MOVE_KEY_CONFLICT',
  AlreadyPutBack: 'INVENTORY_ALREADY_PUT_BACK',
  /** A return of more than the order's take still holds, or of an order that holds no stock. */
  ReturnExceedsTaken: 'INVENTORY_RETURN_EXCEEDS_TAKEN',
  ReceiptLineUnmatched: 'INVENTORY_RECEIPT_LINE_UNMATCHED',
  SuggestionNotFound: 'INVENTORY_SUGGESTION_NOT_FOUND',
  SuggestionDecided: 'INVENTORY_SUGGESTION_DECIDED',
  BarcodeTaken: 'INVENTORY_BARCODE_TAKEN',
  UnitNotSold: 'INVENTORY_UNIT_NOT_SOLD',
  PriceListNotFound: 'INVENTORY_PRICE_LIST_NOT_FOUND',
  PriceListNameTaken: 'INVENTORY_PRICE_LIST_NAME_TAKEN',
  PriceListInUse: 'INVENTORY_PRICE_LIST_IN_USE',
  PurchaseOrderNotFound: 'INVENTORY_PURCHASE_ORDER_NOT_FOUND',
} as const;

export type InventoryErrorCode = (typeof InventoryErrorCode)[keyof typeof InventoryErrorCode];

/** The HTTP status of each code, the one place it is decided (the gateway answers with it). */
export const inventoryErrorStatus: Record<InventoryErrorCode, number> = {
  [InventoryErrorCode.StockItemNotFound]: 404,
  [InventoryErrorCode.SkuTaken]: 409,
  [InventoryErrorCode.InsufficientStock]: 409,
  [InventoryErrorCode.MoveKeyConflict]: 409,
  [InventoryErrorCode.AlreadyPutBack]: 409,
  [InventoryErrorCode.ReturnExceedsTaken]: 409,
  [InventoryErrorCode.ReceiptLineUnmatched]: 400,
  [InventoryErrorCode.SuggestionNotFound]: 404,
  [InventoryErrorCode.SuggestionDecided]: 409,
  [InventoryErrorCode.BarcodeTaken]: 409,
  [InventoryErrorCode.UnitNotSold]: 400,
  [InventoryErrorCode.PriceListNotFound]: 404,
  [InventoryErrorCode.PriceListNameTaken]: 409,
  [InventoryErrorCode.PriceListInUse]: 409,
  [InventoryErrorCode.PurchaseOrderNotFound]: 404,
};
