import { AppException, codeOfStatus, ErrorCode, type ErrorBody } from '@erp/contracts';
import { HttpException } from '@nestjs/common';

export interface ErrorResponse {
  status: number;
  body: ErrorBody;
  headers: Record<string, string>;
  /** A fault of ours (not the caller's): logged with its stack. */
  fault: boolean;
}

/** Errors raised by Fastify itself before a route runs (body parsing, limits, media types). */
interface FastifyError extends Error {
  code: string;
  statusCode: number;
}

function isFastifyError(error: unknown): error is FastifyError {
  return (
    error instanceof Error &&
    typeof (error as Partial<FastifyError>).statusCode === 'number' &&
    String((error as Partial<FastifyError>).code ?? '').startsWith('FST_')
  );
}

function fromFastify(error: FastifyError): AppException {
  const status = error.statusCode;
  // The router's own refusals, before any route runs: a path parameter past its length names
  // nothing (like a malformed id, CONTRACT §3's 404), and a malformed URL is the caller's error.
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') return new AppException(ErrorCode.NotFound, 'Not found');
  if (error.code === 'FST_ERR_BAD_URL') return new AppException(ErrorCode.ValidationFailed, 'Malformed URL');
  if (status === 413) return new AppException(ErrorCode.PayloadTooLarge, 'Request body is too large');
  if (status === 415) {
    return new AppException(ErrorCode.UnsupportedMediaType, 'Request body must be sent as application/json');
  }
  if (status === 400 && /JSON/i.test(error.code + error.message)) {
    return new AppException(ErrorCode.InvalidJson, 'Request body is not valid JSON');
  }
  if (status >= 400 && status < 500) {
    return new AppException(codeOfStatus(status), error.message);
  }
  return new AppException(ErrorCode.Internal, 'Internal error');
}

function fromHttp(error: HttpException): AppException {
  const status = error.getStatus();
  // Nest's own JSON body parser reports a malformed body as a plain 400.
  if (status === 400 && /json/i.test(error.message)) {
    return new AppException(ErrorCode.InvalidJson, 'Request body is not valid JSON');
  }
  const code = codeOfStatus(status);
  return new AppException(code, status >= 500 ? 'Internal error' : error.message);
}

/**
 * CONTRACT §3 for every failure of the internal API: `{ message, code, details? }` with the
 * right status. Anything unknown is a 500 INTERNAL carrying only the request id.
 */
export function toErrorResponse(error: unknown, requestId: string): ErrorResponse {
  let exception: AppException;
  if (error instanceof AppException) exception = error;
  else if (isFastifyError(error)) exception = fromFastify(error);
  else if (error instanceof HttpException) exception = fromHttp(error);
  else exception = new AppException(ErrorCode.Internal, 'Internal error');

  const fault = exception.status >= 500 && exception.code === ErrorCode.Internal;
  const body = fault
    ? { message: 'Internal error', code: ErrorCode.Internal, details: { requestId } }
    : exception.toBody();
  const headers: Record<string, string> = {};
  const retryAfter = (exception.details as { retryAfterSeconds?: unknown } | undefined)?.retryAfterSeconds;
  if (typeof retryAfter === 'number') headers['retry-after'] = String(Math.ceil(retryAfter));
  return { status: exception.status, body, headers, fault };
}
