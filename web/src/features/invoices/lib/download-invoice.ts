import { downloadFile } from '../../../lib/download-file';

/** What a download needs from an invoice (an InvoiceDto, or generate-invoice's answer). */
export interface DownloadableInvoice {
  invoiceNumber: string;
  pdfUrl: string;
}

/**
 * A supplier invoice's `pdfUrl` can be the file that was uploaded (docs/api/invoices.md), which
 * may be a photo: it is saved with the extension of what it is, so it opens. Anything else,
 * and every rendered invoice, is a PDF.
 */
const extensionByType: Record<string, string> = {
  'application/pdf': 'pdf',
  'image/jpeg': 'jpg',
  'image/png': 'png',
};

function extensionOf(contentType: string | null): string {
  const type = contentType?.split(';')[0]?.trim().toLowerCase() ?? '';
  return extensionByType[type] ?? 'pdf';
}

/**
 * `invoice-INV-2026-000042-1732268461000.pdf`: the invoice number (anything but letters,
 * digits, `.`, `_` and `-` replaced) and the moment of the download in milliseconds.
 */
export function invoiceFileName(invoiceNumber: string, now: number = Date.now(), extension = 'pdf'): string {
  const safe = invoiceNumber.replace(/[^\w.-]+/g, '_');
  return `invoice-${safe}-${now}.${extension}`;
}

/**
 * Downloads an invoice's file: a GET of `pdfUrl` with the session cookie, saved as
 * `invoice-<invoiceNumber>-<timestamp>.pdf` through an object URL that is revoked 100 ms later.
 * A non-OK answer is thrown as the app's HttpError ("STATUS: body", with the server's
 * `{ message, code }`), so `describeError` can show the server's message.
 * Returns the file name used.
 */
export async function downloadInvoice({ invoiceNumber, pdfUrl }: DownloadableInvoice): Promise<string> {
  return downloadDocument(pdfUrl, (extension) => invoiceFileName(invoiceNumber, Date.now(), extension));
}

/**
 * Downloads any of billing's documents (an invoice, a client's statement, a ZATCA XML) as
 * `downloadInvoice` does; `fileNameOf` names the file from the extension of what the server sent
 * and the name the server suggests.
 */
export function downloadDocument(
  url: string,
  fileNameOf: (extension: string, suggested: string | null) => string,
): Promise<string> {
  return downloadFile(url, (contentType, suggested) => fileNameOf(extensionOf(contentType), suggested));
}
