import { AppException, ErrorCode } from '@erp/contracts';
import { NotFoundException } from '@nestjs/common';
import { QueryFailedError } from 'typeorm';
import { describe, expect, it } from 'vitest';
import { isDependencyUnavailable } from './dependency-unavailable.js';
import { AllRpcExceptionsFilter } from './rpc-exception.filter.js';

/** What node-postgres throws: an Error with the server's SQLSTATE or the socket's code. */
function pgError(message: string, code?: string): Error {
  return Object.assign(new Error(message), code ? { code } : {});
}

describe('AllRpcExceptionsFilter', () => {
  const filter = new AllRpcExceptionsFilter('orders');

  describe('toPayload', () => {
    it('keeps a domain error as it is, with the status its code’s table gives', () => {
      const error = new AppException('ORDERS_ORDER_NOT_FOUND', 'Order not found', { id: 'x' });
      expect(filter.toPayload(error)).toEqual({
        status: 404,
        code: 'ORDERS_ORDER_NOT_FOUND',
        message: 'Order not found',
        details: { id: 'x' },
      });
    });

    it('maps an HTTP exception to its code and status', () => {
      expect(filter.toPayload(new NotFoundException('gone'))).toMatchObject({ code: ErrorCode.NotFound, status: 404 });
    });

    it('answers 503 SERVICE_UNAVAILABLE, naming the service, while PostgreSQL is shutting down', () => {
      expect(filter.toPayload(pgError('the database system is shutting down', '57P03'))).toEqual({
        status: 503,
        code: ErrorCode.ServiceUnavailable,
        message: 'The orders service cannot reach its database or Redis; try again shortly',
        details: { service: 'orders' },
      });
    });

    it('answers 503 when PostgreSQL refuses connections, through TypeORM', () => {
      const refused = pgError('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED');
      const error = new QueryFailedError('SELECT 1', [], refused);
      expect(filter.toPayload(error)).toMatchObject({ status: 503, code: ErrorCode.ServiceUnavailable });
    });

    it('answers 500 INTERNAL without the message for any other fault', () => {
      expect(filter.toPayload(new TypeError("Cannot read properties of undefined (reading 'id')"))).toEqual({
        status: 500,
        code: ErrorCode.Internal,
        message: 'Internal error',
      });
    });

    it('answers 500 for a query the database refused (a bug, not an outage)', () => {
      const error = new QueryFailedError('SELECT nope', [], pgError('column "nope" does not exist', '42703'));
      expect(filter.toPayload(error)).toMatchObject({ status: 500, code: ErrorCode.Internal });
    });
  });
});

describe('isDependencyUnavailable', () => {
  it.each([
    ['an administrator shutdown (57P01)', pgError('terminating connection due to administrator command', '57P01')],
    ['a server starting up (57P03)', pgError('the database system is starting up', '57P03')],
    ['a connection failure (08006)', pgError('connection failure', '08006')],
    ['a dropped connection', pgError('Connection terminated unexpectedly')],
    ["the pool's connect timeout", pgError('timeout exceeded when trying to connect')],
    ['a reset socket', pgError('read ECONNRESET', 'ECONNRESET')],
    [
      "TypeORM's released query runner",
      Object.assign(new Error('Query runner already released. Cannot run queries anymore.'), {
        name: 'QueryRunnerAlreadyReleasedError',
      }),
    ],
    [
      "TypeORM's released query runner provider",
      Object.assign(new Error('Database connection provided by a query runner was already released'), {
        name: 'QueryRunnerProviderAlreadyReleasedError',
      }),
    ],
    ['a refused connection as a cause', new Error('query failed', { cause: pgError('connect', 'ECONNREFUSED') })],
  ])('is true for %s', (_what, error) => {
    expect(isDependencyUnavailable(error)).toBe(true);
  });

  it.each([
    ['a unique violation (23505)', pgError('duplicate key value violates unique constraint', '23505')],
    ['a serialization failure (40001)', pgError('could not serialize access', '40001')],
    ['a plain error', new Error('boom')],
    ['a string', 'ECONNREFUSED'],
  ])('is false for %s', (_what, error) => {
    expect(isDependencyUnavailable(error)).toBe(false);
  });
});
