/** SPEC §2/§9, CONTRACT §6: a supplier invoice is a JPG, PNG or PDF of at most 10 MB. */
export const MAX_INVOICE_BYTES = 10 * 1024 * 1024;
export const INVOICE_TYPES: readonly string[] = ['image/jpeg', 'image/png', 'application/pdf'];
/** Extensions too, for systems that give PDFs or photos no MIME type. */
export const INVOICE_ACCEPT = [...INVOICE_TYPES, '.jpg', '.jpeg', '.png', '.pdf'].join(',');

const extensionTypes: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  pdf: 'application/pdf',
};

export type InvoiceFileProblem = 'type' | 'size';

/** Why a picked file cannot be a supplier invoice, or null when it can (the server checks the bytes again). */
export function checkInvoiceFile(file: Pick<File, 'name' | 'type' | 'size'>): InvoiceFileProblem | null {
  const extension = /\.([a-z0-9]+)$/i.exec(file.name)?.[1]?.toLowerCase() ?? '';
  const type = file.type || extensionTypes[extension] || '';
  if (!INVOICE_TYPES.includes(type)) return 'type';
  if (file.size > MAX_INVOICE_BYTES) return 'size';
  return null;
}
