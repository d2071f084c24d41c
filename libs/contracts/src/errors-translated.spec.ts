import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AiErrorCode } from './ai-parser/ai-parser.errors.js';
import { BillingErrorCode } from './billing/billing.errors.js';
import { ErrorCode } from './errors.js';
import { IdentityErrorCode } from './identity/identity.errors.js';
import { ImportErrorCode } from './imports/imports.errors.js';
import { InventoryErrorCode } from './inventory/inventory.errors.js';
import { OrdersErrorCode } from './orders/orders.errors.js';
import { WebhooksErrorCode } from './webhooks/webhooks.errors.js';

const locales = join(import.meta.dirname, '../../../web/src/locales');

/** Every key of every JSON file of one language, at any depth. */
function keysOf(language: string): Set<string> {
  const keys = new Set<string>();
  const visit = (value: unknown): void => {
    if (typeof value !== 'object' || value === null) return;
    for (const [key, inner] of Object.entries(value)) {
      keys.add(key);
      visit(inner);
    }
  };
  for (const file of readdirSync(join(locales, language))) {
    visit(JSON.parse(readFileSync(join(locales, language, file), 'utf8')));
  }
  return keys;
}

describe('the web app speaks every error code', () => {
  const codes = [
    ErrorCode,
    IdentityErrorCode,
    OrdersErrorCode,
    InventoryErrorCode,
    BillingErrorCode,
    AiErrorCode,
    WebhooksErrorCode,
    ImportErrorCode,
  ].flatMap((table) => Object.values(table));

  it.each(['en', 'ar'])('has a %s text for each code the server can answer with', (language) => {
    const keys = keysOf(language);
    expect(codes.filter((code) => !keys.has(code))).toEqual([]);
  });
});
