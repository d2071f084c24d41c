import { toHttpError } from '../../../lib/http-error';

/** How long the browser gets to start the download before its object URL is revoked (SPEC §7). */
export const REVOKE_AFTER_MS = 100;

/** `invoice-INV-2026-000042-1732268461000.pdf`: the invoice number and the moment of download. */
export function invoiceFileName(invoiceNumber: string, now: number = Date.now()): string {
  const safe = invoiceNumber.replace(/[^\w.-]+/g, '_');
  return `invoice-${safe}-${now}.pdf`;
}

/**
 * Fetches a file with the session cookie and saves it under `fileName`. A non-OK answer
 * is thrown as the app's HttpError ("STATUS: body", with the server's `{ message, code }`).
 */
export async function downloadFile(url: string, fileName: string): Promise<void> {
  const response = await fetch(url, { credentials: 'include' });
  if (!response.ok) throw toHttpError(response.status, response.statusText, await response.text());
  const objectUrl = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = objectUrl;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(objectUrl), REVOKE_AFTER_MS);
}
