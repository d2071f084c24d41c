import { WebhookHeader } from '@erp/contracts';
import { createHmac } from 'node:crypto';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP } from 'node:net';
import {
  bareHostname,
  guardedLookup,
  isAllowedAddress,
  WebhookAddressRefused,
  type ResolveAll,
  type WebhookUrlPolicy,
} from './webhook-url-policy.js';

/** How much of a refusing receiver's body is kept in the delivery log. */
const ERROR_BODY_CHARACTERS = 300;

/** `sha256=<hex HMAC-SHA256 of "<timestamp>.<body>">` with the endpoint's secret. */
export function webhookSignature(secret: string, timestamp: number, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

export interface WebhookPost {
  url: string;
  secret: string;
  eventType: string;
  deliveryId: string;
  /** The JSON body, exactly as signed and sent. */
  body: string;
  timeoutMs: number;
  policy: WebhookUrlPolicy;
  /** Unix seconds; now unless a test fixes it. */
  timestamp?: number;
  resolve?: ResolveAll;
}

/** What one attempt came to: delivered on any 2xx; else the status (if any) and why. */
export interface WebhookAttempt {
  delivered: boolean;
  status: number | null;
  error: string | null;
  /** True when retrying cannot help as things stand (the address is refused). */
  permanent: boolean;
}

function describeFailure(error: unknown, timeoutMs: number): string {
  if (error instanceof WebhookAddressRefused) return error.message;
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
    return `No answer within ${timeoutMs} ms`;
  }
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  const message = error instanceof Error ? error.message : String(error);
  return code && !message.includes(code) ? `${code}: ${message}` : message;
}

/** Up to `limit` characters of the answer's body, then the socket is let go. */
async function bodyStart(response: IncomingMessage, limit: number): Promise<string> {
  let text = '';
  try {
    for await (const chunk of response) {
      text += String(chunk);
      if (text.length >= limit) break;
    }
  } catch {
    // The body is only for the log.
  } finally {
    response.destroy();
  }
  return text.replace(/\s+/g, ' ').trim().slice(0, limit);
}

/**
 * One POST of an event to an endpoint: signed, a timeout over the whole exchange, redirects not
 * followed, and only to addresses the policy allows (checked on the address actually connected).
 */
export async function postWebhook(post: WebhookPost): Promise<WebhookAttempt> {
  const url = new URL(post.url);
  const host = bareHostname(url);
  if (
    (url.protocol !== 'https:' && !(url.protocol === 'http:' && post.policy.allowLoopbackHttp)) ||
    url.username ||
    url.password
  ) {
    return { delivered: false, status: null, error: 'The URL is no longer allowed', permanent: true };
  }
  // A literal address is connected to without a lookup: judge it here.
  if (isIP(host) !== 0 && !isAllowedAddress(host, post.policy)) {
    return {
      delivered: false,
      status: null,
      error: new WebhookAddressRefused(host, host).message,
      permanent: true,
    };
  }
  const timestamp = post.timestamp ?? Math.floor(Date.now() / 1000);
  const request = url.protocol === 'https:' ? httpsRequest : httpRequest;
  try {
    const response = await new Promise<IncomingMessage>((resolve, reject) => {
      const outgoing = request(url, {
        method: 'POST',
        agent: false,
        lookup: guardedLookup(post.policy, post.resolve),
        signal: AbortSignal.timeout(post.timeoutMs),
        headers: {
          'Content-Type': 'application/json',
          'Content-Length': Buffer.byteLength(post.body),
          'User-Agent': 'Gulf-ERP-Webhooks/1',
          [WebhookHeader.Event]: post.eventType,
          [WebhookHeader.Delivery]: post.deliveryId,
          [WebhookHeader.Timestamp]: String(timestamp),
          [WebhookHeader.Signature]: webhookSignature(post.secret, timestamp, post.body),
        },
      });
      outgoing.once('response', resolve);
      outgoing.once('error', reject);
      outgoing.end(post.body);
    });
    const status = response.statusCode ?? 0;
    if (status >= 200 && status < 300) {
      response.destroy();
      return { delivered: true, status, error: null, permanent: false };
    }
    if (status >= 300 && status < 400) {
      response.destroy();
      const location = response.headers.location ? ` to ${response.headers.location}` : '';
      return { delivered: false, status, error: `HTTP ${status}: redirect${location} not followed`, permanent: false };
    }
    const text = await bodyStart(response, ERROR_BODY_CHARACTERS);
    return { delivered: false, status, error: text ? `HTTP ${status}: ${text}` : `HTTP ${status}`, permanent: false };
  } catch (error) {
    return {
      delivered: false,
      status: null,
      error: describeFailure(error, post.timeoutMs),
      permanent: error instanceof WebhookAddressRefused,
    };
  }
}
