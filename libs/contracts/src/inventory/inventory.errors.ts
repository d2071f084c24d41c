/** Error codes of the inventory service (translated by the web app). Values are never renamed. */
export const InventoryErrorCode = {
  StockItemNotFound: 'INVENTORY_STOCK_ITEM_NOT_FOUND',
  SkuTaken: 'INVENTORY_SKU_TAKEN',
  InsufficientStock: 'INVENTORY_INSUFFICIENT_STOCK',
  MoveKeyConflict: 'INVENTORY_MOVE_KEY_CONFLICT',
  AlreadyPutBack: 'INVENTORY_ALREADY_PUT_BACK',
  ReceiptLineUnmatched: 'INVENTORY_RECEIPT_LINE_UNMATCHED',
  SuggestionNotFound: 'INVENTORY_SUGGESTION_NOT_FOUND',
  SuggestionDecided: 'INVENTORY_SUGGESTION_DECIDED',
} as const;

export type InventoryErrorCode = (typeof InventoryErrorCode)[keyof typeof InventoryErrorCode];
