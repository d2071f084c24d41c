import type { InvoiceDto } from '@erp/contracts';
import type { APIRequestContext } from 'playwright-core';
import { expect } from 'vitest';

/** What a spec sells: bags of rice at 40.00, under its own SKU, to a client named (and linked, with an id). */
export interface RiceOrder {
  sku: string;
  bags: number;
  client: { id?: string; name: string };
}

/**
 * A stock item of rice and an order of it, placed and confirmed over the API as the Orders screen
 * does (the confirmation issues the invoice). Answers the order's id.
 */
export async function confirmedRiceOrder(api: APIRequestContext, { sku, bags, client }: RiceOrder): Promise<string> {
  const item = await api.post('/api/stock', {
    data: {
      name: `Basmati Rice 5kg ${sku}`,
      nameAr: 'أرز بسمتي ٥ كغ',
      sku,
      unit: 'bag',
      quantity: 100,
      costPrice: '30.00',
      sellingPrice: '40.00',
    },
  });
  expect(item.status(), await item.text()).toBe(201);
  const rice = (await item.json()) as { id: string; name: string };
  const placed = await api.post('/api/orders/manual', {
    data: {
      ...(client.id ? { clientId: client.id } : {}),
      clientName: client.name,
      items: [{ stockItemId: rice.id, itemName: rice.name, quantity: bags, unit: 'bag', unitPrice: '40.00' }],
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const order = (await placed.json()) as { id: string };
  const confirmed = await api.patch(`/api/orders/${order.id}/status`, { data: { status: 'confirmed' } });
  expect(confirmed.status(), await confirmed.text()).toBe(200);
  return order.id;
}

/** The order's customer invoice, once it exists and `ready` says it is what the spec waits for. */
export async function invoiceOfOrder(
  api: APIRequestContext,
  orderId: string,
  ready: (invoice: InvoiceDto) => boolean = () => true,
  timeout = 15_000,
): Promise<InvoiceDto> {
  let invoice: InvoiceDto | undefined;
  await expect
    .poll(
      async () => {
        const list = (await (await api.get(`/api/invoices?orderId=${orderId}&type=customer`)).json()) as InvoiceDto[];
        invoice = list[0];
        return invoice !== undefined && ready(invoice);
      },
      { timeout },
    )
    .toBe(true);
  return invoice!;
}
