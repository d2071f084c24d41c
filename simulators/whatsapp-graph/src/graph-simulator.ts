import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadConnection, type GraphConnection } from './connection-store.js';
import { Faults, faultProblem, timeoutHoldMs, type FaultHow, type FaultKind } from './faults.js';
import {
  graphError,
  invalidAccessToken,
  invalidParameter,
  simulatedFailure,
  unsupportedRequest,
} from './graph-errors.js';
import {
  answer,
  bearerToken,
  BodyTooLargeError,
  bodyLimitBytes,
  header,
  isLoopback,
  readBody,
  send,
  type Answer,
} from './http.js';
import { digitsOf, newMessageId, newNumericId } from './ids.js';
import { StatusCallbacks } from './status-callbacks.js';

/** The Graph API version the simulator's base URL names (any `vNN.N` in a path is served alike). */
export const graphApiVersion = 'v23.0';

export interface GraphSimulatorOptions {
  /** 0 picks a free port (see `url`). */
  port: number;
  /** [127.0.0.1] */
  host?: string;
  /** Where connection.json is kept; when absent, a fresh random connection each start (tests). */
  dataDir?: string;
  /** Override parts of the connection (tests pass fixed values). */
  connection?: Partial<GraphConnection>;
  /** Where status callbacks for sent messages are POSTed (signed); none when unset. */
  webhookUrl?: string;
  /** The gap before each status callback, in ms [200]. */
  statusDelayMs?: number;
  /** What GET /{phone-number-id} calls the business [Al Noor Trading Co.]. */
  verifiedName?: string;
  /** Called once per request answered (method, path, status, ms), for a log. */
  onRequest?: (entry: { method: string; path: string; status: number; ms: number }) => void;
  /** Called with a request that failed inside the simulator (answered 500) and with failed status callbacks. */
  onError?: (error: unknown) => void;
}

/** A message the ERP sent through POST /{phone-number-id}/messages. */
export interface SentMessage {
  /** The wamid the simulator answered. */
  id: string;
  /** `to` as posted. */
  to: string;
  type: 'text' | 'template';
  /** The JSON the ERP posted. */
  body: Record<string, unknown>;
  /** When it came (ISO 8601). */
  at: string;
}

export interface GraphSimulator {
  /** e.g. http://127.0.0.1:4020 */
  url: string;
  /** `${url}/v23.0`: what the ERP stores as its Graph base URL. */
  graphBaseUrl: string;
  connection: GraphConnection;
  /** Keeps bytes as a media object and returns its media id (what a webhook message refers to). */
  addMedia(bytes: Buffer, mimeType: string): string;
  /** Messages the ERP sent through POST /{phone-number-id}/messages, oldest first. */
  sentMessages(): SentMessage[];
  /**
   * Makes the next `count` requests of a kind fail: `media` (GET /{media-id}), `download`, `messages`;
   * with an HTTP status (Graph's error body) or `timeout` (held unanswered for 60 s, then dropped).
   */
  fail(kind: FaultKind, count: number, how: FaultHow): void;
  close(): Promise<void>;
}

interface MediaObject {
  bytes: Buffer;
  mimeType: string;
  sha256: string;
}

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The fields GET /{phone-number-id} knows, and what it answers when no `fields` are asked for. */
const phoneNumberFields = [
  'verified_name',
  'code_verification_status',
  'display_phone_number',
  'quality_rating',
  'platform_type',
  'throughput',
  'id',
] as const;

/** A Graph path: `/v23.0/{id}` or `/v23.0/{id}/{edge}`. */
const graphPath = /^\/(v\d+\.\d+)\/([^/]+)(?:\/([^/]+))?$/;
const downloadPath = /^\/media-download\/([^/]+)$/;
/** The longest text body WhatsApp sends. */
const textBodyLimit = 4096;

/**
 * Starts the local stand-in for Meta's WhatsApp Business Cloud API (the Graph API side): the
 * phone number, media objects and their downloads, sending messages (with signed status
 * callbacks to `webhookUrl`), plus the control endpoints under /simulator (loopback only).
 */
export async function startGraphSimulator(options: GraphSimulatorOptions): Promise<GraphSimulator> {
  const connection: GraphConnection = { ...(await loadConnection(options.dataDir)), ...options.connection };
  const verifiedName = options.verifiedName ?? 'Al Noor Trading Co.';
  const media = new Map<string, MediaObject>();
  const sent: SentMessage[] = [];
  const faults = new Faults();
  const held = new Set<NodeJS.Timeout>();
  const urlSecret = randomBytes(16);
  const onError = options.onError ?? (() => undefined);
  const callbacks = options.webhookUrl
    ? new StatusCallbacks(options.webhookUrl, connection, options.statusDelayMs ?? 200, onError)
    : undefined;
  let baseUrl = '';

  function addMedia(bytes: Buffer, mimeType: string): string {
    const id = newNumericId(16);
    media.set(id, { bytes: Buffer.from(bytes), mimeType, sha256: createHash('sha256').update(bytes).digest('hex') });
    return id;
  }

  function fail(kind: FaultKind, count: number, how: FaultHow): void {
    const problem = faultProblem(kind, count, how);
    if (problem) throw new Error(`fail(): ${problem}`);
    faults.set(kind, count, how);
  }

  /** Whether the request carries this connection's token (Graph also takes `?access_token=`). */
  function authorized(req: IncomingMessage, query: URLSearchParams | undefined): Answer | undefined {
    const given = bearerToken(req.headers) ?? query?.get('access_token') ?? undefined;
    if (given === undefined) return invalidAccessToken(false);
    const expected = Buffer.from(connection.accessToken);
    const actual = Buffer.from(given);
    if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) return invalidAccessToken(true);
    return undefined;
  }

  // ------------------------------------------------------------------ Graph routes

  function phoneNumber(query: URLSearchParams): Answer {
    const all: Record<(typeof phoneNumberFields)[number], unknown> = {
      verified_name: verifiedName,
      code_verification_status: 'VERIFIED',
      display_phone_number: connection.displayPhoneNumber,
      quality_rating: 'GREEN',
      platform_type: 'CLOUD_API',
      throughput: { level: 'STANDARD' },
      id: connection.phoneNumberId,
    };
    const asked = query.get('fields');
    if (!asked) return answer(200, all);
    const wanted = asked
      .split(',')
      .map((field) => field.trim())
      .filter(Boolean);
    const unknown = wanted.find((field) => !(phoneNumberFields as readonly string[]).includes(field));
    if (unknown) {
      return graphError(400, {
        message: `(#100) Tried accessing nonexisting field (${unknown}) on node type (WhatsAppBusinessPhoneNumber)`,
        code: 100,
      });
    }
    const body: Json = {};
    for (const field of wanted) body[field] = all[field as keyof typeof all];
    body.id = connection.phoneNumberId;
    return answer(200, body);
  }

  /** The download URL of a media object, as lookaside.fbsbx.com's: `?mid=…&ext=<expiry>&hash=…`. */
  function downloadUrl(req: IncomingMessage, id: string): string {
    const host = header(req.headers, 'host');
    const origin = host && /^[\w.:[\]-]+$/.test(host) ? `http://${host}` : baseUrl;
    const expires = String(Math.floor(Date.now() / 1000) + 300);
    const hash = createHmac('sha256', urlSecret).update(`${id}:${expires}`).digest('base64url').slice(0, 22);
    return `${origin}/media-download/${id}?mid=${id}&ext=${expires}&hash=${hash}`;
  }

  function mediaInfo(req: IncomingMessage, id: string): Answer {
    const object = media.get(id);
    if (!object) return unsupportedRequest('get', id);
    return answer(200, {
      url: downloadUrl(req, id),
      mime_type: object.mimeType,
      sha256: object.sha256,
      file_size: object.bytes.length,
      id,
      messaging_product: 'whatsapp',
    });
  }

  function sendMessage(raw: Buffer): Answer {
    let body: unknown;
    try {
      body = raw.length === 0 ? {} : JSON.parse(raw.toString('utf8'));
    } catch {
      return invalidParameter('(#100) Invalid parameter', 'The request body is not valid JSON.');
    }
    const problem = messageProblem(body);
    if (problem) return problem;
    const message = body as Json;
    const to = String(message.to);
    const type = (message.type ?? 'text') as 'text' | 'template';
    const id = newMessageId(to);
    sent.push({ id, to, type, body: message, at: new Date().toISOString() });
    callbacks?.notify(id, digitsOf(to));
    return answer(200, {
      messaging_product: 'whatsapp',
      contacts: [{ input: to, wa_id: digitsOf(to) }],
      messages: [type === 'template' ? { id, message_status: 'accepted' } : { id }],
    });
  }

  // ------------------------------------------------------------------ control routes (not Meta's)

  async function control(req: IncomingMessage, method: string, pathname: string): Promise<Answer> {
    const route = `${method} ${pathname}`;
    switch (route) {
      case 'GET /simulator/connection':
        return answer(200, { ...connection, graphBaseUrl: `${baseUrl}/${graphApiVersion}` });
      case 'GET /simulator/messages':
        return answer(200, sent);
      case 'POST /simulator/media': {
        const mimeType = header(req.headers, 'content-type')?.trim();
        const bytes = await readBody(req);
        if (!mimeType) return answer(400, { message: 'Send the bytes with their Content-Type header.' });
        if (bytes.length === 0) return answer(400, { message: 'The body is empty: send the media bytes.' });
        return answer(200, { id: addMedia(bytes, mimeType) });
      }
      case 'POST /simulator/faults': {
        let body: unknown;
        try {
          body = JSON.parse((await readBody(req)).toString('utf8') || '{}');
        } catch {
          return answer(400, { message: 'The body is not JSON.' });
        }
        const record = isObject(body) ? body : {};
        const count = record.count ?? 1;
        const problem = faultProblem(record.kind, count, record.how);
        if (problem) return answer(400, { message: `${problem}.` });
        faults.set(record.kind as FaultKind, count as number, record.how as FaultHow);
        return answer(200, { faults: faults.describe() });
      }
      case 'DELETE /simulator/faults':
        faults.clear();
        return answer(200, { faults: faults.describe() });
      default:
        return answer(404, { message: `No route ${route}.` });
    }
  }

  // ------------------------------------------------------------------ dispatch

  /** Holds a request unanswered (the `timeout` fault), then drops its connection. */
  function hold(req: IncomingMessage, res: ServerResponse): void {
    req.resume();
    const timer = setTimeout(() => {
      held.delete(timer);
      res.destroy();
    }, timeoutHoldMs);
    held.add(timer);
  }

  /** The fault this request suffers, as an answer; 'held' when it is held unanswered. */
  function faulted(
    kind: FaultKind,
    req: IncomingMessage,
    res: ServerResponse,
    id: string,
  ): Answer | 'held' | undefined {
    const how = faults.take(kind);
    if (how === undefined) return undefined;
    if (how === 'timeout') {
      hold(req, res);
      return 'held';
    }
    req.resume();
    return simulatedFailure(how, id);
  }

  async function route(req: IncomingMessage, res: ServerResponse, method: string, url: URL): Promise<Answer | 'held'> {
    const pathname = url.pathname.replace(/\/+$/, '') || '/';
    if (pathname.startsWith('/simulator/')) {
      if (!isLoopback(req.socket.remoteAddress)) {
        req.resume();
        return answer(403, { message: 'The control endpoints answer only on this machine.' });
      }
      return control(req, method, pathname);
    }

    const download = downloadPath.exec(pathname);
    if (download) {
      const id = decodeURIComponent(download[1]!);
      if (method !== 'GET') return answer(405, { message: 'GET only.' }, { Allow: 'GET' });
      const fault = faulted('download', req, res, id);
      if (fault) return fault;
      const refused = authorized(req, undefined);
      if (refused) return refused;
      const object = media.get(id);
      if (!object) return answer(404, { message: `No media ${id}.` });
      return answer(200, object.bytes, { 'Content-Type': object.mimeType });
    }

    const graph = graphPath.exec(pathname);
    if (!graph) {
      req.resume();
      return graphError(400, { message: `Unknown path components: ${pathname}`, code: 2500 });
    }
    const id = decodeURIComponent(graph[2]!);
    const edge = graph[3];
    const isPhoneNumber = id === connection.phoneNumberId;
    if (method === 'GET' && !edge && !isPhoneNumber) {
      const fault = faulted('media', req, res, id);
      if (fault) return fault;
    }
    if (method === 'POST' && edge === 'messages' && isPhoneNumber) {
      const fault = faulted('messages', req, res, id);
      if (fault) return fault;
    }
    const refused = authorized(req, url.searchParams);
    if (refused) {
      req.resume();
      return refused;
    }
    if (method === 'GET' && !edge) {
      return isPhoneNumber ? phoneNumber(url.searchParams) : mediaInfo(req, id);
    }
    if (method === 'POST' && edge === 'messages') {
      const raw = await readBody(req);
      return isPhoneNumber ? sendMessage(raw) : unsupportedRequest('post', id);
    }
    req.resume();
    return unsupportedRequest(method, edge ? `${id}/${edge}` : id);
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const started = performance.now();
    const method = req.method ?? 'GET';
    const url = new URL(req.url ?? '/', 'http://simulator');
    let reply: Answer | 'held';
    try {
      reply = await route(req, res, method, url);
    } catch (error) {
      if (!(error instanceof BodyTooLargeError)) throw error;
      reply = answer(413, { message: `The body is over ${bodyLimitBytes} bytes.` }, { Connection: 'close' });
    }
    if (reply === 'held') return;
    send(res, reply);
    options.onRequest?.({
      method,
      path: url.pathname,
      status: reply.status,
      ms: Math.round(performance.now() - started),
    });
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      onError(error);
      send(res, graphError(500, { message: 'An unknown error has occurred.', code: 1 }));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host ?? '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  baseUrl = `http://${host}:${address.port}`;

  return {
    url: baseUrl,
    graphBaseUrl: `${baseUrl}/${graphApiVersion}`,
    connection,
    addMedia,
    sentMessages: () => sent.map((message) => ({ ...message })),
    fail,
    close: async () => {
      held.forEach((timer) => clearTimeout(timer));
      held.clear();
      await callbacks?.close();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}

/** Graph's 400 for a message the Cloud API would refuse, or undefined when it is one this simulator sends. */
function messageProblem(body: unknown): Answer | undefined {
  if (!isObject(body)) return invalidParameter('(#100) Invalid parameter', 'The request body must be a JSON object.');
  const required = (name: string) =>
    invalidParameter(`(#100) The parameter ${name} is required.`, `The parameter ${name} is required.`);
  if (body.messaging_product === undefined) return required('messaging_product');
  if (body.messaging_product !== 'whatsapp') {
    const message = `(#100) Param messaging_product must be one of {WHATSAPP} - got "${String(body.messaging_product)}".`;
    return invalidParameter(message, message.slice(6));
  }
  if (body.to === undefined || body.to === '') return required('to');
  if (typeof body.to !== 'string' || !/^\+?[\d\s()-]+$/.test(body.to) || !/^\d{7,15}$/.test(digitsOf(body.to))) {
    return invalidParameter('(#100) Invalid parameter', `Invalid WhatsApp phone number: ${JSON.stringify(body.to)}.`);
  }
  if (body.recipient_type !== undefined && body.recipient_type !== 'individual') {
    const message = `(#100) Param recipient_type must be one of {INDIVIDUAL, GROUP} - got "${String(body.recipient_type)}".`;
    return invalidParameter(message, message.slice(6));
  }
  const type = body.type ?? 'text';
  if (type === 'text') {
    if (!isObject(body.text) || body.text.body === undefined) return required("text['body']");
    if (typeof body.text.body !== 'string' || body.text.body.trim() === '') {
      return invalidParameter('(#100) Invalid parameter', "Param text['body'] must be a non-empty string.");
    }
    if (body.text.body.length > textBodyLimit) {
      const message = `(#100) Param text['body'] must be at most ${textBodyLimit} characters long.`;
      return invalidParameter(message, message.slice(6));
    }
    return undefined;
  }
  if (type === 'template') {
    const template = body.template;
    if (!isObject(template)) return required('template');
    if (typeof template.name !== 'string' || template.name === '') return required("template['name']");
    if (!isObject(template.language)) return required("template['language']");
    if (typeof template.language.code !== 'string' || template.language.code === '') {
      return required("template['language']['code']");
    }
    if (template.components !== undefined && !Array.isArray(template.components)) {
      return invalidParameter('(#100) Invalid parameter', "Param template['components'] must be an array.");
    }
    return undefined;
  }
  const known = ['audio', 'contacts', 'document', 'image', 'interactive', 'location', 'reaction', 'sticker', 'video'];
  if (typeof type === 'string' && known.includes(type)) {
    return invalidParameter(
      '(#100) Invalid parameter',
      `This simulator sends text and template messages only (type "${type}" is Meta's, but not simulated).`,
    );
  }
  const message = `(#100) Param type must be one of {AUDIO, CONTACTS, DOCUMENT, IMAGE, INTERACTIVE, LOCATION, REACTION, STICKER, TEMPLATE, TEXT, VIDEO} - got "${String(type)}".`;
  return invalidParameter(message, message.slice(6));
}
