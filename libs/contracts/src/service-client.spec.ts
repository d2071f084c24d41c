import type { ClientProxy } from '@nestjs/microservices';
import { NEVER } from 'rxjs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BillingClient } from './billing/billing.client.js';
import { AppException, ErrorCode } from './errors.js';
import { DEFAULT_RPC_TIMEOUT_MS, DOCUMENT_RPC_TIMEOUT_MS } from './service-client.js';

const meta = { requestId: 'r-1' };

/** A service that never answers. */
const silent = { send: () => NEVER } as unknown as ClientProxy;

async function settledAfter(call: Promise<unknown>, ms: number): Promise<unknown> {
  let outcome: unknown = 'pending';
  call.then(
    (value) => (outcome = value),
    (error: unknown) => (outcome = error),
  );
  await vi.advanceTimersByTimeAsync(ms);
  return outcome;
}

describe('ServiceClient timeouts', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('gives an ordinary call the configured timeout, then answers SERVICE_UNAVAILABLE', async () => {
    const outcome = await settledAfter(new BillingClient(silent).getInvoice('1', meta), DEFAULT_RPC_TIMEOUT_MS + 1);
    expect(outcome).toBeInstanceOf(AppException);
    expect((outcome as AppException).code).toBe(ErrorCode.ServiceUnavailable);
  });

  it('waits longer than the renderer does for a PDF', async () => {
    const call = new BillingClient(silent).getInvoicePdf('1', meta);
    expect(await settledAfter(call, DEFAULT_RPC_TIMEOUT_MS * 3 + 1)).toBe('pending');
    const outcome = await settledAfter(call, DOCUMENT_RPC_TIMEOUT_MS);
    expect((outcome as AppException).code).toBe(ErrorCode.ServiceUnavailable);
  });

  it('never shortens a longer configured timeout for documents', async () => {
    const call = new BillingClient(silent, DOCUMENT_RPC_TIMEOUT_MS * 2).getStatementPdf('1', {}, meta);
    expect(await settledAfter(call, DOCUMENT_RPC_TIMEOUT_MS + 1)).toBe('pending');
    expect(await settledAfter(call, DOCUMENT_RPC_TIMEOUT_MS)).toBeInstanceOf(AppException);
  });
});
