/**
 * Error codes shared by every service, the gateway and the web app (which translates them).
 * Values are part of the wire contract: add new ones, never rename.
 */
export const ErrorCode = {
  ValidationFailed: 'VALIDATION_FAILED',
  InvalidJson: 'INVALID_JSON',
  Unauthenticated: 'UNAUTHENTICATED',
  Forbidden: 'FORBIDDEN',
  NotFound: 'NOT_FOUND',
  Conflict: 'CONFLICT',
  PayloadTooLarge: 'PAYLOAD_TOO_LARGE',
  UnsupportedMediaType: 'UNSUPPORTED_MEDIA_TYPE',
  RateLimited: 'RATE_LIMITED',
  ServiceUnavailable: 'SERVICE_UNAVAILABLE',
  Internal: 'INTERNAL',
} as const;

export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode] | `${Uppercase<string>}_${string}`;

/** HTTP status for the generic codes; domain codes declare theirs where they are thrown. */
const statusByCode: Record<string, number> = {
  VALIDATION_FAILED: 400,
  INVALID_JSON: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  SERVICE_UNAVAILABLE: 503,
  INTERNAL: 500,
};

/** The body of every non-2xx answer of the internal API (CONTRACT §3). */
export interface ErrorBody {
  message: string;
  code: string;
  details?: unknown;
}

/** What a service sends back over RPC when a handler fails. */
export interface RpcErrorPayload extends ErrorBody {
  status: number;
}

export function isRpcErrorPayload(value: unknown): value is RpcErrorPayload {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Record<string, unknown>;
  return (
    typeof candidate.code === 'string' && typeof candidate.message === 'string' && typeof candidate.status === 'number'
  );
}

/**
 * The one exception type of the domain. Services throw it; it crosses RPC as an
 * RpcErrorPayload and the gateway maps it to an HTTP answer once.
 */
export class AppException extends Error {
  readonly status: number;

  constructor(
    readonly code: string,
    message: string,
    readonly details?: unknown,
    status?: number,
  ) {
    super(message);
    this.name = 'AppException';
    this.status = status ?? statusByCode[code] ?? 500;
  }

  static fromRpc(payload: RpcErrorPayload): AppException {
    return new AppException(payload.code, payload.message, payload.details, payload.status);
  }

  toRpc(): RpcErrorPayload {
    const payload: RpcErrorPayload = { status: this.status, code: this.code, message: this.message };
    if (this.details !== undefined) payload.details = this.details;
    return payload;
  }

  toBody(): ErrorBody {
    const body: ErrorBody = { message: this.message, code: this.code };
    if (this.details !== undefined) body.details = this.details;
    return body;
  }
}

/** One field that failed validation, as sent in `details`. */
export interface FieldError {
  field: string;
  messages: string[];
}
