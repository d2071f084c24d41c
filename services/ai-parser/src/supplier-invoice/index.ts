/**
 * Supplier invoices read offline into a draft goods receipt (issue #7, CONTRACT §5):
 *
 *   const draft = parseSupplierInvoice(text, catalogIndex, { numbersFromOcr });
 *
 * `text` is what the documents module read (a PDF's text layer or OCR); `catalogIndex` the order
 * parser's index of the stock items (buildCatalogIndex).
 */
export { findDates, type FoundDate } from './dates.js';
export {
  parseSupplierInvoice,
  type ParseSupplierInvoiceOptions,
  type SupplierInvoiceReading,
} from './parse-invoice.js';
