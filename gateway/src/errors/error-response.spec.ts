import { AppException, ErrorCode } from '@erp/contracts';
import { NotFoundException } from '@nestjs/common';
import { describe, expect, it } from 'vitest';
import { toErrorResponse } from './error-response.js';

describe('toErrorResponse', () => {
  it('keeps a domain error’s code, status and details', () => {
    const error = new AppException('INVENTORY_INSUFFICIENT_STOCK', 'Not enough stock', { short: 1 });
    expect(toErrorResponse(error, 'r1')).toEqual({
      status: 409,
      body: { message: 'Not enough stock', code: 'INVENTORY_INSUFFICIENT_STOCK', details: { short: 1 } },
      headers: {},
      fault: false,
    });
  });

  it('hides an unknown failure behind INTERNAL with the request id only', () => {
    const response = toErrorResponse(new TypeError('secret internals at line 3'), 'r2');
    expect(response).toMatchObject({ status: 500, fault: true });
    expect(response.body).toEqual({
      message: 'Internal error',
      code: ErrorCode.Internal,
      details: { requestId: 'r2' },
    });
  });

  it('maps Nest’s not-found to NOT_FOUND', () => {
    expect(toErrorResponse(new NotFoundException('Cannot GET /api/x'), 'r3').body).toEqual({
      message: 'Cannot GET /api/x',
      code: ErrorCode.NotFound,
    });
  });

  it('sets Retry-After when a rate limit says when to come back', () => {
    const limited = new AppException(ErrorCode.RateLimited, 'Too many attempts', { retryAfterSeconds: 41.2 });
    expect(toErrorResponse(limited, 'r4')).toMatchObject({ status: 429, headers: { 'retry-after': '42' } });
  });

  it('maps the router’s refusals: an over-long path parameter names nothing (404), a malformed URL is a 400', () => {
    const tooLong = Object.assign(new Error("'/api/orders/aaa' is exceeding the max param length"), {
      code: 'FST_ERR_MAX_PARAM_LENGTH',
      statusCode: 414,
    });
    expect(toErrorResponse(tooLong, 'r5')).toMatchObject({
      status: 404,
      body: { message: 'Not found', code: ErrorCode.NotFound },
    });
    const badUrl = Object.assign(new Error("'/%E0%A4%A' is not a valid url component"), {
      code: 'FST_ERR_BAD_URL',
      statusCode: 400,
    });
    expect(toErrorResponse(badUrl, 'r6')).toMatchObject({ status: 400, body: { message: 'Malformed URL' } });
  });
});
