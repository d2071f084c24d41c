import { toHttpError, type HttpError } from './http-error';

/** How long the browser gets to start the download before the object URL is revoked (SPEC §7). */
export const REVOKE_OBJECT_URL_AFTER_MS = 100;

/** The file name a Content-Disposition header suggests (`filename*=UTF-8''…` first, then `filename="…"`), if any. */
export function suggestedFileName(disposition: string | null): string | null {
  if (!disposition) return null;
  const encoded = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(disposition)?.[1];
  if (encoded) {
    try {
      return decodeURIComponent(encoded.trim());
    } catch {
      // a malformed encoding: fall back to the plain name
    }
  }
  const plain = /filename\s*=\s*(?:"([^"]*)"|([^;\s]+))/i.exec(disposition);
  return plain?.[1] ?? plain?.[2] ?? null;
}

/**
 * Downloads a file the API serves: a GET with the session cookie (and `headers`), saved under the
 * name `fileNameOf` gives from the answer's Content-Type and the name its Content-Disposition
 * suggests, through an object URL revoked 100 ms later. A non-OK answer is thrown as the app's HttpError ("STATUS: body", with the server's
 * `{ message, code }`), so `describeError` can show the server's message; no answer at all is a
 * FETCH_ERROR, as the API slice says it. Returns the file name used.
 */
export async function downloadFile(
  url: string,
  fileNameOf: (contentType: string | null, suggested: string | null) => string,
  headers?: Record<string, string>,
): Promise<string> {
  let response: Response;
  try {
    response = await fetch(url, headers ? { credentials: 'include', headers } : { credentials: 'include' });
  } catch (cause) {
    const reason = cause instanceof Error ? cause.message : String(cause);
    const error: HttpError = { status: 'FETCH_ERROR', message: `FETCH_ERROR: ${reason}` };
    throw error;
  }
  if (!response.ok) {
    throw toHttpError(response.status, response.statusText, await response.text(), response.headers.get('Retry-After'));
  }
  const fileName = fileNameOf(
    response.headers.get('Content-Type'),
    suggestedFileName(response.headers.get('Content-Disposition')),
  );
  saveBlob(await response.blob(), fileName);
  return fileName;
}

/** Saves a file made or fetched in the page under `fileName`, through an object URL revoked 100 ms later. */
export function saveBlob(blob: Blob, fileName: string): void {
  const objectUrl = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = objectUrl;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  try {
    link.click();
  } finally {
    link.remove();
    window.setTimeout(() => URL.revokeObjectURL(objectUrl), REVOKE_OBJECT_URL_AFTER_MS);
  }
}
