import { AppException, codeOfStatus, ErrorCode, type RpcErrorPayload } from '@erp/contracts';
import { Catch, HttpException, Logger, type RpcExceptionFilter } from '@nestjs/common';
import { throwError, type Observable } from 'rxjs';
import { isDependencyUnavailable } from './dependency-unavailable.js';

/**
 * Every failure of a message handler leaves the service as an RpcErrorPayload. Domain errors
 * keep their code; validation errors (the global pipe) are already AppExceptions; a dependency
 * that cannot be reached (PostgreSQL stopped or restarting) is SERVICE_UNAVAILABLE, a 503 the
 * client may retry; anything else is a fault: logged here with its stack, sent as INTERNAL without it.
 */
@Catch()
export class AllRpcExceptionsFilter implements RpcExceptionFilter<unknown> {
  private readonly logger = new Logger('RpcExceptions');

  /** `service` names the service in the 503's message. */
  constructor(private readonly service?: string) {}

  catch(exception: unknown): Observable<RpcErrorPayload> {
    return throwError(() => this.toPayload(exception));
  }

  toPayload(exception: unknown): RpcErrorPayload {
    if (exception instanceof AppException) return exception.toRpc();
    if (exception instanceof HttpException) {
      return new AppException(codeOfStatus(exception.getStatus()), exception.message).toRpc();
    }
    if (isDependencyUnavailable(exception)) {
      // One line, not a stack per request: during an outage every request says the same.
      this.logger.warn(`dependency unavailable: ${exception instanceof Error ? exception.message : String(exception)}`);
      const who = this.service ? `The ${this.service} service` : 'The service';
      return new AppException(
        ErrorCode.ServiceUnavailable,
        `${who} cannot reach its database or Redis; try again shortly`,
        this.service ? { service: this.service } : undefined,
      ).toRpc();
    }
    this.logger.error(exception instanceof Error ? exception.stack : String(exception));
    return new AppException(ErrorCode.Internal, 'Internal error').toRpc();
  }
}
