import { aiErrorStatus, type AiErrorCode } from './ai-parser/ai-parser.errors.js';
import { billingErrorStatus, type BillingErrorCode } from './billing/billing.errors.js';
import { identityErrorStatus, type IdentityErrorCode } from './identity/identity.errors.js';
import { importErrorStatus, type ImportErrorCode } from './imports/imports.errors.js';
import { inventoryErrorStatus, type InventoryErrorCode } from './inventory/inventory.errors.js';
import { ordersErrorStatus, type OrdersErrorCode } from './orders/orders.errors.js';
import { webhooksErrorStatus, type WebhooksErrorCode } from './webhooks/webhooks.errors.js';

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
  /**
   * An Idempotency-Key sent again with another request (docs/decisions/0019-idempotent-creates.md).
   * Creating an order keeps its own ORDERS_IDEMPOTENCY_KEY_REUSED (the partner API's, never renamed).
   */
  IdempotencyKeyReused: 'IDEMPOTENCY_KEY_REUSED',
} as const;

export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

const genericErrorStatus: Record<ErrorCode, number> = {
  [ErrorCode.ValidationFailed]: 400,
  [ErrorCode.InvalidJson]: 400,
  [ErrorCode.Unauthenticated]: 401,
  [ErrorCode.Forbidden]: 403,
  [ErrorCode.NotFound]: 404,
  [ErrorCode.Conflict]: 409,
  [ErrorCode.PayloadTooLarge]: 413,
  [ErrorCode.UnsupportedMediaType]: 415,
  [ErrorCode.RateLimited]: 429,
  [ErrorCode.ServiceUnavailable]: 503,
  [ErrorCode.Internal]: 500,
  [ErrorCode.IdempotencyKeyReused]: 409,
};

/** Every code the system answers with: what the web app compares against and translates. */
export type AppErrorCode =
  | ErrorCode
  | IdentityErrorCode
  | OrdersErrorCode
  | InventoryErrorCode
  | BillingErrorCode
  | AiErrorCode
  | WebhooksErrorCode
  | ImportErrorCode;

/**
 * The HTTP status of every code, from the one table per errors file (STYLE.md: codes are thrown,
 * transports map them). A code is thrown with its meaning only; the gateway answers with this.
 */
const statusByCode: Record<AppErrorCode, number> = {
  ...genericErrorStatus,
  ...identityErrorStatus,
  ...ordersErrorStatus,
  ...inventoryErrorStatus,
  ...billingErrorStatus,
  ...aiErrorStatus,
  ...webhooksErrorStatus,
  ...importErrorStatus,
};

/** The HTTP status of a code: its table's, else 500 (a code no table knows is a fault of ours). */
export function statusOfCode(code: string): number {
  return Object.hasOwn(statusByCode, code) ? statusByCode[code as AppErrorCode] : 500;
}

/** The generic code of an HTTP status, for failures that arrive as statuses (Fastify's, Nest's). */
export function codeOfStatus(status: number): ErrorCode {
  const generic = (Object.keys(genericErrorStatus) as ErrorCode[]).find(
    (code) =>
      genericErrorStatus[code] === status && code !== ErrorCode.InvalidJson && code !== ErrorCode.IdempotencyKeyReused,
  );
  if (generic) return generic;
  if (status === 405) return ErrorCode.NotFound;
  return status >= 500 ? ErrorCode.Internal : ErrorCode.ValidationFailed;
}

/** The body of every non-2xx answer of the internal API (CONTRACT §3). */
export interface ErrorBody {
  message: string;
  code: AppErrorCode;
  details?: unknown;
}

/** What a service sends back over RPC when a handler fails; `status` is the code's, for logs and tools. */
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
 * The one exception type of the domain: a code, a message naming the problem, and details.
 * Services throw it; it crosses RPC as an RpcErrorPayload; its HTTP status comes from the code's
 * table (statusOfCode), never from where it is thrown.
 */
export class AppException extends Error {
  constructor(
    readonly code: AppErrorCode,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'AppException';
  }

  get status(): number {
    return statusOfCode(this.code);
  }

  static fromRpc(payload: RpcErrorPayload): AppException {
    return new AppException(payload.code, payload.message, payload.details);
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
