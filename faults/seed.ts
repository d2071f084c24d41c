/** What every case starts from, made through the API as a user would: stock received in batches, a key, a webhook. */
import { randomUUID } from 'node:crypto';
import { call, labelOf, signIn, type Outcome } from './api.js';
import { OWNER, ports, ZATCA_EGS_SERIAL, ZATCA_SIMULATOR_OTP, type SeededItem } from './settings.js';

const PLENTIFUL = 10;
const SCARCE = 2;

function must<T>(outcome: Outcome<T>, what: string): T {
  if (outcome.status < 200 || outcome.status >= 300) {
    throw new Error(`${what}: ${labelOf(outcome)} ${outcome.message ?? ''}`);
  }
  return outcome.body as T;
}

function isoDate(daysFromNow: number): string {
  return new Date(Date.now() + daysFromNow * 86_400_000).toISOString().slice(0, 10);
}

interface ReceiptAnswer {
  lines: Array<{ stockItemId: string; batchId: string; quantity: number }>;
}

/**
 * Twelve items, each received in two batches by two goods receipts (an early expiry, then a late
 * one, so orders take across batches, FEFO). Two items are scarce (50 in all), so some confirms are
 * refused for a shortage while the faults happen.
 */
export async function seed(
  baseUrl: string,
): Promise<{ items: SeededItem[]; apiKey: string; webhookEndpointId: string }> {
  const cookie = await signIn(baseUrl, OWNER.username, OWNER.password);
  const headers = { cookie };
  await onboardWithZatca(baseUrl, headers);
  const plan = Array.from({ length: PLENTIFUL + SCARCE }, (_, index) => {
    const scarce = index >= PLENTIFUL;
    const number = String(index + 1).padStart(2, '0');
    return {
      sku: `FLT-${number}`,
      name: `${scarce ? 'Scarce' : 'Fault'} item ${number}`,
      nameAr: `صنف اختبار ${number}`,
      unitPrice: `${(5 + index * 1.25).toFixed(2)}`,
      early: scarce ? 30 : 400,
      late: scarce ? 20 : 1_000_000,
      scarce,
    };
  });

  const first = must(
    await call<ReceiptAnswer>(baseUrl, 'POST', '/api/stock/receipts', {
      headers,
      body: {
        receiptId: randomUUID(),
        supplierName: 'Faults Supplier',
        invoiceNumber: 'FLT-RCV-1',
        invoiceDate: isoDate(-2),
        createMissingItems: true,
        lines: plan.map((item, index) => ({
          name: item.name,
          nameAr: item.nameAr,
          sku: item.sku,
          quantity: item.early,
          unit: 'piece',
          unitPrice: item.unitPrice,
          batchNumber: `A-${index + 1}`,
          expiryDate: isoDate(60),
          manufactureDate: isoDate(-30),
        })),
      },
    }),
    'first goods receipt',
  );
  const ids = first.lines.map((line) => line.stockItemId);
  must(
    await call(baseUrl, 'POST', '/api/stock/receipts', {
      headers,
      body: {
        receiptId: randomUUID(),
        supplierName: 'Faults Supplier',
        invoiceNumber: 'FLT-RCV-2',
        invoiceDate: isoDate(-1),
        createMissingItems: false,
        lines: plan.map((item, index) => ({
          stockItemId: ids[index],
          name: item.name,
          sku: item.sku,
          quantity: item.late,
          unit: 'piece',
          unitPrice: item.unitPrice,
          batchNumber: `B-${index + 1}`,
          expiryDate: isoDate(365),
          manufactureDate: isoDate(-10),
        })),
      },
    }),
    'second goods receipt',
  );

  const key = must(
    await call<{ key: string }>(baseUrl, 'POST', '/api/api-keys', {
      headers,
      body: { name: 'faults partner', permissions: ['products:read', 'orders:read', 'orders:write'] },
    }),
    'API key',
  );
  const endpoint = must(
    await call<{ id: string }>(baseUrl, 'POST', '/api/webhooks', {
      headers,
      body: {
        url: `http://127.0.0.1:${ports.webhookReceiver}/hook`,
        events: ['order.status_changed', 'product.stock_changed'],
      },
    }),
    'webhook endpoint',
  );

  return {
    items: plan.map((item, index) => ({
      id: ids[index]!,
      sku: item.sku,
      name: item.name,
      unitPrice: item.unitPrice,
      received: item.early + item.late,
      scarce: item.scarce,
    })),
    apiKey: key.key,
    webhookEndpointId: endpoint.id,
  };
}

/**
 * ZATCA phase 2 against the simulator npm start runs: from here on every customer invoice and
 * credit note is signed, chained and reported, so each case also checks that reporting loses and
 * doubles nothing (reconcile.ts).
 */
async function onboardWithZatca(baseUrl: string, headers: Record<string, string>): Promise<void> {
  must(
    await call(baseUrl, 'PUT', '/api/settings/zatca', {
      headers,
      body: {
        environment: 'simulator',
        sellerNameAr: 'شركة اختبار الأعطال',
        sellerNameEn: 'Faults Trading Co.',
        vatNumber: '310122393500003',
        crn: '1010010000',
        address: {
          street: 'طريق الملك فهد',
          buildingNumber: '1234',
          additionalNumber: '5678',
          district: 'العليا',
          city: 'الرياض',
          postalCode: '12211',
          countryCode: 'SA',
        },
        egs: { serial: ZATCA_EGS_SERIAL, name: 'EGS1-Faults', model: 'GulfERP', industry: 'Wholesale' },
      },
    }),
    'ZATCA settings',
  );
  must(
    await call(baseUrl, 'POST', '/api/settings/zatca/onboard', { headers, body: { otp: ZATCA_SIMULATOR_OTP } }),
    'ZATCA onboarding',
  );
}
