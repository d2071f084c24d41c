import { ErrorCode } from '@erp/contracts';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';

/** An error of Node's HTTP parser: the bytes it had read are on `rawPacket` (a Buffer). */
export interface ClientError extends Error {
  code?: string;
  rawPacket?: unknown;
}

/**
 * The raw HTTP answer to a request Node's parser refuses before Fastify sees it (a URL or headers
 * past the 16 kB limit, a malformed request line), in CONTRACT §3's shape: the envelope when the
 * request line names /api/v1, else `{ message, code }`. Fastify's default is `{ error, statusCode }`.
 */
export function clientErrorResponse(error: ClientError): string {
  const [status, code, message] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, ErrorCode.PayloadTooLarge, 'The URL and headers of the request are too large']
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, ErrorCode.ValidationFailed, 'The request was not received in time']
        : [400, ErrorCode.ValidationFailed, 'Malformed HTTP request'];
  const requestLine = Buffer.isBuffer(error.rawPacket) ? error.rawPacket.toString('latin1', 0, 40) : '';
  const partner = /^[A-Z]+ \/api\/v1(?:[/?\s]|$)/.test(requestLine);
  const body = JSON.stringify(partner ? { success: false, error: message, code } : { message, code });
  return [
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}`,
    'content-type: application/json; charset=utf-8',
    `content-length: ${Buffer.byteLength(body)}`,
    'x-content-type-options: nosniff',
    'connection: close',
    '',
    body,
  ].join('\r\n');
}

/** Fastify's `clientErrorHandler`: answers in the contract's shape, then closes the connection. */
export function handleClientError(error: ClientError, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  if (socket.writable) socket.end(clientErrorResponse(error));
  else socket.destroy(error);
}
