import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';

/** What a handler answers: a status and a JSON body. */
export interface Answer {
  status: number;
  body: unknown;
}

export const answer = (status: number, body: unknown): Answer => ({ status, body });

/** A request as the handlers see it: headers and the parsed JSON body. */
export interface SimulatorRequest {
  headers: IncomingHttpHeaders;
  body: unknown;
}

/** The largest body accepted (ZATCA's documents are far smaller). */
export const bodyLimitBytes = 5 * 1024 * 1024;

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

export function send(res: ServerResponse, reply: Answer, headers: Record<string, string> = {}): void {
  if (res.headersSent || res.destroyed) return;
  const text = JSON.stringify(reply.body);
  res.writeHead(reply.status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
    ...headers,
  });
  res.end(text);
}

/** `Authorization: Basic base64(binarySecurityToken:secret)`, or undefined when it is not that. */
export function basicCredentials(headers: IncomingHttpHeaders): { token: string; secret: string } | undefined {
  const match = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(headers.authorization ?? '');
  if (!match) return undefined;
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon <= 0) return undefined;
  return { token: decoded.slice(0, colon), secret: decoded.slice(colon + 1) };
}

export function header(headers: IncomingHttpHeaders, name: string): string | undefined {
  const value = headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
}
