import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';

/** What a handler answers: a status and a JSON body, or raw bytes (a media download). */
export interface Answer {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

export const answer = (status: number, body: unknown, headers?: Record<string, string>): Answer => ({
  status,
  body,
  headers,
});

/** The largest body accepted: media uploaded through /simulator/media (WhatsApp takes audio up to 16 MB). */
export const bodyLimitBytes = 32 * 1024 * 1024;

export class BodyTooLargeError extends Error {}

/**
 * Reads the whole body. One over the limit is refused (BodyTooLargeError) once it has been read
 * to its end, so that the client gets its 413 rather than a reset; past ten times the limit the
 * connection is cut.
 */
export function readBody(req: IncomingMessage, limit = bodyLimitBytes): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) chunks.push(chunk);
      else if (size > limit * 10) req.destroy();
    });
    req.on('end', () => (size > limit ? reject(new BodyTooLargeError()) : resolve(Buffer.concat(chunks))));
    req.on('error', reject);
    req.on('close', () => {
      if (!req.complete) reject(new BodyTooLargeError());
    });
  });
}

/** Writes an answer: a Buffer body as it is (its Content-Type in `headers`), anything else as JSON. */
export function send(res: ServerResponse, reply: Answer): void {
  if (res.headersSent || res.destroyed) return;
  const bytes = Buffer.isBuffer(reply.body) ? reply.body : Buffer.from(JSON.stringify(reply.body));
  res.writeHead(reply.status, {
    ...(Buffer.isBuffer(reply.body) ? {} : { 'Content-Type': 'application/json; charset=UTF-8' }),
    'Content-Length': String(bytes.length),
    ...reply.headers,
  });
  res.end(bytes);
}

export function header(headers: IncomingHttpHeaders, name: string): string | undefined {
  const value = headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
}

/** The token of `Authorization: Bearer <token>`, or undefined. */
export function bearerToken(headers: IncomingHttpHeaders): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header(headers, 'authorization') ?? '');
  return match?.[1];
}

/** Whether a peer address is on this machine (127.0.0.0/8, ::1, or IPv4 loopback mapped into IPv6). */
export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.startsWith('::ffff:') ? address.slice(7) : address;
  return v4.startsWith('127.') || address === '::1';
}
