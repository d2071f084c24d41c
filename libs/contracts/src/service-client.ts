import type { ClientProxy } from '@nestjs/microservices';
import { firstValueFrom, timeout, TimeoutError } from 'rxjs';
import { AppException, ErrorCode, isRpcErrorPayload } from './errors.js';
import { healthPattern, type RpcMeta, type RpcRequest, type ServiceHealthDto } from './rpc.js';
import type { ServiceName } from './services.js';

export const DEFAULT_RPC_TIMEOUT_MS = 10_000;

/**
 * Calls that render a document wait for a Chromium page and print within the renderer's own
 * 30 s limit: the caller must wait longer than that, or it answers 503 while the PDF is made.
 */
export const DOCUMENT_RPC_TIMEOUT_MS = 60_000;

const unreachableCodes = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND']);

function isUnreachable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as NodeJS.ErrnoException).code;
  return (code !== undefined && unreachableCodes.has(code)) || /connection closed|socket hang up/i.test(error.message);
}

/**
 * The only place `send()` is written. Typed clients (IdentityClient, ...) extend it with
 * one method per message pattern. Failures come back as AppException: the service's own
 * error, or SERVICE_UNAVAILABLE when it cannot be reached or does not answer in time.
 */
export abstract class ServiceClient {
  protected constructor(
    readonly service: ServiceName,
    private readonly proxy: ClientProxy,
    private readonly timeoutMs = DEFAULT_RPC_TIMEOUT_MS,
  ) {}

  health(meta: RpcMeta): Promise<ServiceHealthDto> {
    return this.send<ServiceHealthDto>(healthPattern(this.service), {}, meta, Math.min(this.timeoutMs, 3_000));
  }

  /** The timeout of a call that renders a document: never shorter than the configured one. */
  protected get documentTimeoutMs(): number {
    return Math.max(this.timeoutMs, DOCUMENT_RPC_TIMEOUT_MS);
  }

  protected async send<TResult, TData = unknown>(
    pattern: string,
    data: TData,
    meta: RpcMeta,
    timeoutMs = this.timeoutMs,
  ): Promise<TResult> {
    const message: RpcRequest<TData> = { meta, data };
    try {
      return await firstValueFrom(
        this.proxy.send<TResult, RpcRequest<TData>>(pattern, message).pipe(timeout(timeoutMs)),
      );
    } catch (error) {
      throw this.toAppException(error);
    }
  }

  private toAppException(error: unknown): AppException {
    if (error instanceof AppException) return error;
    if (isRpcErrorPayload(error)) return AppException.fromRpc(error);
    if (error instanceof TimeoutError) {
      return new AppException(ErrorCode.ServiceUnavailable, `The ${this.service} service did not answer in time`, {
        service: this.service,
      });
    }
    if (isUnreachable(error)) {
      return new AppException(ErrorCode.ServiceUnavailable, `The ${this.service} service is unavailable`, {
        service: this.service,
      });
    }
    const message = error instanceof Error ? error.message : String(error);
    return new AppException(ErrorCode.Internal, `Unexpected answer from the ${this.service} service: ${message}`);
  }
}
