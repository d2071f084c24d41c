import { toHttpError, type HttpError } from './http-error';

/** How long the browser gets to start the download before the object URL is revoked (SPEC §7). */
export const REVOKE_OBJECT_URL_AFTER_MS = 100;

/**
 * Downloads a file the API serves: a GET with the session cookie (and `headers`), saved under the
 * name `fileNameOf` gives from the answer's Content-Type, through an object URL revoked 100 ms
 * later. A non-OK answer is thrown as the app's HttpError ("STATUS: body", with the server's
 * `{ message, code }`), so `describeError` can show the server's message; no answer at all is a
 * FETCH_ERROR, as the API slice says it. Returns the file name used.
 */
export async function downloadFile(
  url: string,
  fileNameOf: (contentType: string | null) => string,
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
  const fileName = fileNameOf(response.headers.get('Content-Type'));
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
