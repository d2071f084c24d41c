import {
  ServiceName,
  type InvoiceDto,
  type OrderDto,
  type OrderItemDto,
  type OrderReturnDto,
  type StockItemDto,
} from '@erp/contracts';
import { addDays, businessDate } from '@erp/common';
import { TEST_OWNER_PASSWORD } from '@erp/testing';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GatewayStack } from './gateway-stack.js';
import { HttpClient, json } from './http-client.js';

let serial = 0;

describe('returns of goods through the gateway: stock back into its batches, a credit note, never more than delivered', () => {
  let stack: GatewayStack;
  let owner: HttpClient;
  const today = businessDate('Asia/Riyadh');

  /** Milk counted in bottles and sold in cartons of 12, with two batches: 36 expiring soon, 48 later. */
  async function milk(): Promise<StockItemDto> {
    serial += 1;
    const created = await owner.post('/api/stock', {
      name: `Almarai Fresh Milk 1L ${serial}`,
      nameAr: `حليب المراعي ١ لتر ${serial}`,
      sku: `MILK-RET-${serial}`,
      unit: 'piece',
      quantity: 0,
      costPrice: '4.50',
      sellingPrice: '6.00',
      packs: [{ unit: 'carton', factor: 12, sellingPrice: '69.00' }],
    });
    expect(created.status, JSON.stringify(await created.clone().json())).toBe(201);
    const item = await json<StockItemDto>(created);
    for (const [batchNumber, quantity, days] of [
      ['SOON', 36, 10],
      ['LATER', 48, 40],
    ] as const) {
      const received = await owner.post('/api/stock/receipts', {
        receiptId: randomUUID(),
        supplierName: 'Almarai Company',
        invoiceNumber: `SUP-${serial}-${batchNumber}`,
        invoiceDate: today,
        lines: [
          {
            stockItemId: item.id,
            name: item.name,
            quantity,
            unit: 'piece',
            unitPrice: '4.50',
            batchNumber,
            expiryDate: addDays(today, days),
          },
        ],
      });
      expect(received.status, JSON.stringify(await received.clone().json())).toBe(201);
    }
    return item;
  }

  async function batches(itemId: string): Promise<Record<string, number>> {
    const rows = await stack.environment.database.query<{ batch_number: string; quantity: string }>(
      `SELECT batch_number, quantity FROM inventory.stock_batches WHERE stock_item_id = $1`,
      [itemId],
    );
    return Object.fromEntries(rows.map((row) => [row.batch_number, Number(row.quantity)]));
  }

  async function onHand(itemId: string): Promise<number> {
    return (await json<StockItemDto>(await owner.get(`/api/stock/${itemId}`))).quantity;
  }

  /** A confirmed order of `cartons` cartons of the item, and its one line. */
  async function confirmedOrder(item: StockItemDto, cartons: number): Promise<{ order: OrderDto; line: OrderItemDto }> {
    const placed = await owner.post('/api/orders/manual', {
      clientName: 'Al Waha Supermarket',
      items: [{ stockItemId: item.id, itemName: item.name, quantity: cartons, unit: 'carton' }],
    });
    expect(placed.status, JSON.stringify(await placed.clone().json())).toBe(201);
    const order = await json<OrderDto>(placed);
    expect((await owner.patch(`/api/orders/${order.id}/status`, { status: 'confirmed' })).status).toBe(200);
    const [line] = await json<OrderItemDto[]>(await owner.get(`/api/orders/${order.id}/items`));
    return { order, line: line! };
  }

  function giveBack(orderId: string, body: Record<string, unknown>): Promise<Response> {
    return owner.post(`/api/orders/${orderId}/returns`, body);
  }

  async function documents(orderId: string): Promise<InvoiceDto[]> {
    return json<InvoiceDto[]>(await owner.get(`/api/invoices?orderId=${orderId}`));
  }

  beforeAll(async () => {
    stack = await GatewayStack.start();
    owner = new HttpClient(stack.baseUrl);
    expect((await owner.login('owner', TEST_OWNER_PASSWORD)).status).toBe(200);
  });

  afterAll(async () => {
    await stack?.stop();
  });

  it('restocks returned cartons into the batches they left, writes others off, credits them, and a cancel puts back only the rest', async () => {
    const item = await milk();
    const { order, line } = await confirmedOrder(item, 5); // 60 bottles: 36 SOON + 24 LATER, 345.00 + 51.75 VAT
    expect(await batches(item.id)).toEqual({ SOON: 0, LATER: 24 });
    expect(await onHand(item.id)).toBe(24);

    const restocked = await giveBack(order.id, {
      reason: 'Two cartons delivered to the wrong branch',
      lines: [{ orderItemId: line.id, quantity: 2, restock: true }],
    });
    expect(restocked.status, JSON.stringify(await restocked.clone().json())).toBe(201);
    const first = await json<OrderReturnDto>(restocked);
    expect(first).toMatchObject({
      orderId: order.id,
      cycle: 1,
      reason: 'Two cartons delivered to the wrong branch',
      lines: [{ orderItemId: line.id, quantity: 2, unit: 'carton', baseQuantity: 24, restock: true }],
    });
    expect(first.creditNoteNumber).toMatch(/^CN-\d{4}-\d{6}$/);
    // The last drawn first: the 24 bottles taken from LATER go back there.
    expect(await batches(item.id)).toEqual({ SOON: 0, LATER: 48 });
    expect(await onHand(item.id)).toBe(48);

    const writtenOff = await giveBack(order.id, {
      reason: 'Crushed in the van',
      lines: [{ orderItemId: line.id, quantity: 1, restock: false }],
    });
    expect(writtenOff.status).toBe(201);
    expect(await batches(item.id)).toEqual({ SOON: 0, LATER: 48 });
    const ledger = await stack.environment.database.query<{
      reason: string;
      quantity_change: string;
      notes: string | null;
    }>(
      `SELECT reason, quantity_change, notes FROM inventory.stock_updates
        WHERE stock_item_id = $1 AND reason LIKE 'order-return%' ORDER BY created_at`,
      [item.id],
    );
    expect(ledger).toEqual([
      { reason: 'order-return', quantity_change: '24.000', notes: null },
      { reason: 'order-return-written-off', quantity_change: '0.000', notes: '12.000 piece returned and written off' },
    ]);

    // 5 delivered, 3 back: 2 left to return.
    const tooMany = await giveBack(order.id, {
      reason: 'again',
      lines: [{ orderItemId: line.id, quantity: 3, restock: true }],
    });
    expect(tooMany.status).toBe(409);
    expect(await json(tooMany)).toMatchObject({
      code: 'ORDERS_RETURN_EXCEEDS_DELIVERED',
      details: { lines: [{ orderItemId: line.id, delivered: 5, returned: 3, asked: 3 }] },
    });

    const notes = (await documents(order.id)).filter((doc) => doc.type === 'credit_note');
    expect(notes.map((note) => [note.totalAmount, note.reason, note.reasonText]).sort()).toEqual([
      ['158.70', 'goods_returned', 'Two cartons delivered to the wrong branch'], // 2 × 69.00 + 15%
      ['79.35', 'goods_returned', 'Crushed in the van'],
    ]);
    const invoice = (await documents(order.id)).find((doc) => doc.type === 'customer')!;
    expect(invoice).toMatchObject({ totalAmount: '396.75', creditedAmount: '238.05', balanceDue: '158.70' });

    const listed = await json<OrderReturnDto[]>(await owner.get(`/api/orders/${order.id}/returns`));
    expect(listed.map((entry) => [entry.reason, entry.creditNoteNumber])).toEqual([
      ['Two cartons delivered to the wrong branch', first.creditNoteNumber],
      ['Crushed in the van', expect.stringMatching(/^CN-/) as string],
    ]);

    // Cancelled: only the 2 cartons still out come back, and the last credit note takes the rest to the cent.
    expect((await owner.patch(`/api/orders/${order.id}/status`, { status: 'cancelled' })).status).toBe(200);
    expect(await onHand(item.id)).toBe(72);
    expect(await batches(item.id)).toEqual({ SOON: 24, LATER: 48 });
    let settled = invoice;
    for (let attempt = 0; attempt < 100 && settled.balanceDue !== '0.00'; attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      settled = (await documents(order.id)).find((doc) => doc.type === 'customer')!;
    }
    expect(settled).toMatchObject({ creditedAmount: '396.75', balanceDue: '0.00', paymentStatus: 'credited' });
    const cancelled = await giveBack(order.id, {
      reason: 'late',
      lines: [{ orderItemId: line.id, quantity: 1, restock: true }],
    });
    expect(cancelled.status).toBe(409);
    expect(await json(cancelled)).toMatchObject({ code: 'ORDERS_NOT_RETURNABLE' });
  });

  it("issues a return's credit note from the job staged with it when billing could not be asked", async () => {
    const item = await milk();
    const { order, line } = await confirmedOrder(item, 3);
    await stack.stopService(ServiceName.Billing);
    let returned: OrderReturnDto;
    try {
      const answer = await giveBack(order.id, {
        reason: 'Billing was down',
        lines: [{ orderItemId: line.id, quantity: 1, restock: true }],
      });
      expect(answer.status, JSON.stringify(await answer.clone().json())).toBe(201);
      returned = await json<OrderReturnDto>(answer);
      expect(returned).toMatchObject({ creditNoteId: null, creditNoteNumber: null });
      const staged = await stack.environment.database.query(
        `SELECT queue, job_name FROM orders.outbox WHERE job_id = $1`,
        [`return-${returned.id}`],
      );
      expect(staged).toEqual([{ queue: 'invoice-create', job_name: 'return-credit-note' }]);
    } finally {
      await stack.restartService(ServiceName.Billing);
    }
    let listed: OrderReturnDto[] = [];
    for (let attempt = 0; attempt < 150 && !listed[0]?.creditNoteNumber; attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      listed = await json<OrderReturnDto[]>(await owner.get(`/api/orders/${order.id}/returns`));
    }
    expect(listed).toEqual([
      expect.objectContaining({ id: returned.id, creditNoteNumber: expect.stringMatching(/^CN-/) }),
    ]);
    const notes = (await documents(order.id)).filter((doc) => doc.type === 'credit_note');
    expect(notes.map((note) => [note.totalAmount, note.reasonText])).toEqual([['79.35', 'Billing was down']]);
  });

  it('refuses a pending order, an unknown line and a bad body, changing nothing', async () => {
    const item = await milk();
    const placed = await owner.post('/api/orders/manual', {
      clientName: 'Al Waha Supermarket',
      items: [{ stockItemId: item.id, itemName: item.name, quantity: 1, unit: 'carton' }],
    });
    const pending = await json<OrderDto>(placed);
    const [pendingLine] = await json<OrderItemDto[]>(await owner.get(`/api/orders/${pending.id}/items`));
    const notYet = await giveBack(pending.id, {
      reason: 'x',
      lines: [{ orderItemId: pendingLine!.id, quantity: 1, restock: true }],
    });
    expect(notYet.status).toBe(409);
    expect(await json(notYet)).toMatchObject({ code: 'ORDERS_NOT_RETURNABLE' });

    const { order, line } = await confirmedOrder(item, 2);
    const unknown = randomUUID();
    const stranger = await giveBack(order.id, {
      reason: 'x',
      lines: [{ orderItemId: unknown, quantity: 1, restock: true }],
    });
    expect(stranger.status).toBe(400);
    expect(await json(stranger)).toMatchObject({
      code: 'ORDERS_RETURN_LINE_UNKNOWN',
      details: { orderItemIds: [unknown] },
    });
    for (const bad of [
      { lines: [{ orderItemId: line.id, quantity: 1, restock: true }] },
      { reason: '  ', lines: [{ orderItemId: line.id, quantity: 1, restock: true }] },
      { reason: 'x', lines: [] },
      { reason: 'x', lines: [{ orderItemId: line.id, quantity: 0, restock: true }] },
      { reason: 'x', lines: [{ orderItemId: line.id, quantity: 1 }] },
      { reason: 'x', lines: [{ orderItemId: 'not-an-id', quantity: 1, restock: true }] },
    ]) {
      expect((await giveBack(order.id, bad)).status, JSON.stringify(bad)).toBe(400);
    }
    expect(
      (await giveBack(randomUUID(), { reason: 'x', lines: [{ orderItemId: line.id, quantity: 1, restock: true }] }))
        .status,
    ).toBe(404);
    expect(await json<OrderReturnDto[]>(await owner.get(`/api/orders/${order.id}/returns`))).toEqual([]);
    expect(await onHand(item.id)).toBe(84 - 24);
  });

  it('never returns more than delivered when returns arrive at once', async () => {
    const item = await milk();
    const { order, line } = await confirmedOrder(item, 3);
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        giveBack(order.id, {
          reason: 'one carton back',
          lines: [{ orderItemId: line.id, quantity: 1, restock: true }],
        }),
      ),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 201, 201, 409, 409, 409]);
    expect(await onHand(item.id)).toBe(84);
    const invoice = (await documents(order.id)).find((doc) => doc.type === 'customer')!;
    expect(invoice).toMatchObject({ totalAmount: '238.05', creditedAmount: '238.05', balanceDue: '0.00' });
  });
});
