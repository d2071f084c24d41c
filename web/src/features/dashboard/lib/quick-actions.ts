/**
 * Where the dashboard's Quick Actions go. The target screens read the query parameter, open
 * their dialog and then drop the parameter (replace), so Back or a reload does not reopen it:
 * - /orders?new=1  -> the Orders screen opens Create Manual Order;
 * - /stock?upload=1 -> the Stock screen opens Upload Supplier Invoice.
 */
export const NEW_ORDER_PATH = '/orders?new=1';
export const UPLOAD_INVOICE_PATH = '/stock?upload=1';
export const STOCK_PATH = '/stock';
