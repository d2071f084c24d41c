import { describe, expect, it } from 'vitest';
import { AiErrorCode, aiErrorStatus } from './ai-parser/ai-parser.errors.js';
import { BillingErrorCode, billingErrorStatus } from './billing/billing.errors.js';
import { AppException, codeOfStatus, ErrorCode, statusOfCode } from './errors.js';
import { IdentityErrorCode, identityErrorStatus } from './identity/identity.errors.js';
import { InventoryErrorCode, inventoryErrorStatus } from './inventory/inventory.errors.js';
import { OrdersErrorCode, ordersErrorStatus } from './orders/orders.errors.js';
import { WebhooksErrorCode, webhooksErrorStatus } from './webhooks/webhooks.errors.js';

describe('error codes and their statuses', () => {
  const tables: Array<[string, Record<string, string>, Record<string, number>]> = [
    ['identity', IdentityErrorCode, identityErrorStatus],
    ['orders', OrdersErrorCode, ordersErrorStatus],
    ['inventory', InventoryErrorCode, inventoryErrorStatus],
    ['billing', BillingErrorCode, billingErrorStatus],
    ['ai', AiErrorCode, aiErrorStatus],
    ['webhooks', WebhooksErrorCode, webhooksErrorStatus],
  ];

  it('gives every code of every errors file a 4xx or 503 status, and no code to two files', () => {
    const seen = new Set<string>(Object.values(ErrorCode));
    for (const [name, codes, statuses] of tables) {
      for (const code of Object.values(codes)) {
        expect(seen.has(code), `${code} (${name}) is declared twice`).toBe(false);
        seen.add(code);
        expect(statuses[code], `${code} has a status`).toBeDefined();
        expect(statusOfCode(code) === 503 || (statusOfCode(code) >= 400 && statusOfCode(code) < 500), code).toBe(true);
      }
    }
  });

  it('derives an exception’s status from its code, never from where it is thrown', () => {
    expect(new AppException(OrdersErrorCode.NotEditable, 'Only pending orders can be edited').status).toBe(409);
    expect(new AppException(IdentityErrorCode.LoginRateLimited, 'Too many').toRpc()).toMatchObject({ status: 429 });
    expect(AppException.fromRpc({ code: 'INVENTORY_SKU_TAKEN', message: 'taken', status: 500 }).status).toBe(409);
    expect(statusOfCode('NOT_A_CODE')).toBe(500);
  });

  it('maps the statuses of Fastify’s and Nest’s own failures onto the generic codes', () => {
    expect(codeOfStatus(400)).toBe(ErrorCode.ValidationFailed);
    expect(codeOfStatus(404)).toBe(ErrorCode.NotFound);
    expect(codeOfStatus(405)).toBe(ErrorCode.NotFound);
    expect(codeOfStatus(413)).toBe(ErrorCode.PayloadTooLarge);
    expect(codeOfStatus(418)).toBe(ErrorCode.ValidationFailed);
    expect(codeOfStatus(502)).toBe(ErrorCode.Internal);
  });
});
