import { answer, type Answer } from './http.js';
import { newTraceId } from './ids.js';

/**
 * Graph API errors, in Meta's shape:
 * `{ error: { message, type, code, error_subcode?, error_data?: { messaging_product, details }, fbtrace_id } }`.
 */
export interface GraphErrorBody {
  error: {
    message: string;
    type: string;
    code: number;
    error_subcode?: number;
    error_data?: { messaging_product: 'whatsapp'; details: string };
    fbtrace_id: string;
  };
}

interface GraphErrorFields {
  message: string;
  type?: string;
  code: number;
  subcode?: number;
  /** WhatsApp's `error_data.details`. */
  details?: string;
}

export function graphError(status: number, fields: GraphErrorFields, headers?: Record<string, string>): Answer {
  const body: GraphErrorBody = {
    error: {
      message: fields.message,
      type: fields.type ?? 'OAuthException',
      code: fields.code,
      ...(fields.subcode !== undefined ? { error_subcode: fields.subcode } : {}),
      ...(fields.details !== undefined
        ? { error_data: { messaging_product: 'whatsapp', details: fields.details } }
        : {}),
      fbtrace_id: newTraceId(),
    },
  };
  return answer(status, body, headers);
}

/** 401, code 190: no bearer token, or not this number's. Meta adds a WWW-Authenticate header. */
export function invalidAccessToken(present: boolean): Answer {
  const message = present
    ? 'Invalid OAuth access token - Cannot parse access token'
    : 'An access token is required to request this resource.';
  return graphError(
    401,
    { message, code: 190 },
    { 'WWW-Authenticate': `OAuth "Facebook Platform" "invalid_token" "${message}"` },
  );
}

/** 400, code 100 / subcode 33: an id Graph does not know (or a method its node does not take). */
export function unsupportedRequest(method: string, id: string, status = 400): Answer {
  return graphError(status, {
    message:
      `Unsupported ${method.toLowerCase()} request. Object with ID '${id}' does not exist, cannot be loaded due to ` +
      'missing permissions, or does not support this operation. Please read the Graph API documentation at ' +
      'https://developers.facebook.com/docs/graph-api',
    type: 'GraphMethodException',
    code: 100,
    subcode: 33,
  });
}

/** 400, code 100: a malformed message or parameter, with WhatsApp's `error_data.details`. */
export function invalidParameter(message: string, details: string): Answer {
  return graphError(400, { message, code: 100, details });
}

/** What a simulated failure with this HTTP status answers (POST /simulator/faults, fail()). */
export function simulatedFailure(status: number, mediaId?: string): Answer {
  switch (status) {
    case 429:
      return graphError(429, {
        message: '(#130429) Rate limit hit',
        code: 130429,
        details: 'Cloud API message throughput has been reached. (simulated)',
      });
    case 503:
      return graphError(503, { message: '(#2) Service temporarily unavailable', code: 2 });
    case 404:
      return unsupportedRequest('get', mediaId ?? 'unknown', 404);
    default:
      return graphError(status, { message: 'An unknown error has occurred. (simulated)', code: 1 });
  }
}
