import {
  AppException,
  InventoryClient,
  type RpcMeta,
  type StockItemDto,
  type StockMoveResultDto,
  type StockShortageDto,
  type TakeStockDto,
} from '@erp/contracts';
import { failureOf, outboxSent, type TestEnvironment } from '@erp/testing';
import { Queue } from 'bullmq';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, businessDate } from '@erp/common';
import { startInventory, type InventoryTestStack } from './inventory-test-stack.js';

const userId = randomUUID();
const meta: RpcMeta = { requestId: 'stock-moves-test', userId };
const today = businessDate('Asia/Riyadh');
let serial = 0;

describe('inventory stock moves over TCP, on real PostgreSQL and Redis', () => {
  let environment: TestEnvironment;
  let stack: InventoryTestStack;
  let inventory: InventoryClient;

  const query = <T extends Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]> =>
    environment.database.query<T>(sql, params);

  /** A stock item created through the service, with no stock yet. */
  async function createItem(overrides: Record<string, unknown> = {}): Promise<StockItemDto> {
    serial += 1;
    return inventory.createStockItem(
      { name: `Basmati rice ${serial}`, sku: `RICE-${serial}`, unit: 'kg', costPrice: '4.10', ...overrides } as never,
      meta,
    );
  }

  /** Writes a batch row and adds it to the item's quantity, as a goods receipt will. */
  async function addBatch(
    stockItemId: string,
    batch: { batchNumber: string; quantity: string; expiresInDays: number | null },
  ): Promise<string> {
    const expiry = batch.expiresInDays === null ? null : addDays(today, batch.expiresInDays);
    const [row] = await query<{ id: string }>(
      `INSERT INTO inventory.stock_batches (stock_item_id, batch_number, quantity, received_quantity, expiry_date)
       VALUES ($1, $2, $3, $3, $4) RETURNING id`,
      [stockItemId, batch.batchNumber, batch.quantity, expiry],
    );
    await query('UPDATE inventory.stock_items SET quantity = quantity + $2 WHERE id = $1', [
      stockItemId,
      batch.quantity,
    ]);
    return row!.id;
  }

  /** Unbatched stock: on hand but in no batch. */
  async function addUnbatched(stockItemId: string, quantity: string): Promise<void> {
    await query('UPDATE inventory.stock_items SET quantity = quantity + $2 WHERE id = $1', [stockItemId, quantity]);
  }

  async function quantityOf(stockItemId: string): Promise<string> {
    const [row] = await query<{ quantity: string }>('SELECT quantity FROM inventory.stock_items WHERE id = $1', [
      stockItemId,
    ]);
    return row!.quantity;
  }

  async function batchQuantities(stockItemId: string): Promise<Record<string, string>> {
    const rows = await query<{ batch_number: string; quantity: string }>(
      'SELECT batch_number, quantity FROM inventory.stock_batches WHERE stock_item_id = $1',
      [stockItemId],
    );
    return Object.fromEntries(rows.map((row) => [row.batch_number, row.quantity]));
  }

  /** Every row a move can touch, to prove that a refused move changed nothing. */
  async function snapshot(): Promise<unknown> {
    return {
      items: await query('SELECT id, quantity, updated_at FROM inventory.stock_items ORDER BY id'),
      batches: await query('SELECT id, quantity FROM inventory.stock_batches ORDER BY id'),
      updates: await query('SELECT id FROM inventory.stock_updates ORDER BY id'),
      moves: await query('SELECT id, move_key FROM inventory.stock_moves ORDER BY id'),
      lines: await query('SELECT id FROM inventory.stock_move_lines ORDER BY id'),
    };
  }

  function take(orderId: string, lines: TakeStockDto['lines'], extra: Partial<TakeStockDto> = {}) {
    return inventory.takeStock({ moveKey: `order:${orderId}:confirm:1`, orderId, lines, ...extra }, meta);
  }

  beforeAll(async () => {
    stack = await startInventory();
    ({ environment, inventory } = stack);
  });

  afterAll(async () => {
    await stack?.stop();
  });

  describe('take-stock', () => {
    it('takes the earliest expiry first across three batches, then undated batches, then unbatched stock', async () => {
      const item = await createItem();
      const late = await addBatch(item.id, { batchNumber: 'LATE', quantity: '10', expiresInDays: 40 });
      const early = await addBatch(item.id, { batchNumber: 'EARLY', quantity: '10', expiresInDays: 10 });
      const middle = await addBatch(item.id, { batchNumber: 'MIDDLE', quantity: '10', expiresInDays: 20 });
      const undated = await addBatch(item.id, { batchNumber: 'UNDATED', quantity: '5', expiresInDays: null });
      await addUnbatched(item.id, '3');

      const orderId = randomUUID();
      const first = await take(orderId, [{ stockItemId: item.id, quantity: 27 }]);
      expect(first).toEqual({
        moveKey: `order:${orderId}:confirm:1`,
        repeated: false,
        skippedExpiredBatches: [],
        lines: [
          {
            stockItemId: item.id,
            quantity: 27,
            batches: [
              { batchId: early, batchNumber: 'EARLY', quantity: 10, expiryDate: addDays(today, 10) },
              { batchId: middle, batchNumber: 'MIDDLE', quantity: 10, expiryDate: addDays(today, 20) },
              { batchId: late, batchNumber: 'LATE', quantity: 7, expiryDate: addDays(today, 40) },
            ],
          },
        ],
      });
      expect(await batchQuantities(item.id)).toEqual({
        EARLY: '0.000',
        MIDDLE: '0.000',
        LATE: '3.000',
        UNDATED: '5.000',
      });
      expect(await quantityOf(item.id)).toBe('11.000');

      const second = await inventory.takeStock(
        { moveKey: `order:${orderId}:confirm:2`, orderId, lines: [{ stockItemId: item.id, quantity: '10' }] },
        meta,
      );
      expect(second.lines[0]?.batches).toEqual([
        { batchId: late, batchNumber: 'LATE', quantity: 3, expiryDate: addDays(today, 40) },
        { batchId: undated, batchNumber: 'UNDATED', quantity: 5, expiryDate: null },
        { batchId: null, batchNumber: null, quantity: 2, expiryDate: null },
      ]);
      expect(await quantityOf(item.id)).toBe('1.000');

      const ledger = await query(
        `SELECT quantity_change, new_quantity, new_cost_price, reason, reference, created_by
           FROM inventory.stock_updates WHERE stock_item_id = $1 ORDER BY created_at, new_quantity DESC`,
        [item.id],
      );
      expect(ledger).toEqual([
        {
          quantity_change: '-27.000',
          new_quantity: '11.000',
          new_cost_price: '4.10',
          reason: 'order',
          reference: orderId,
          created_by: userId,
        },
        {
          quantity_change: '-10.000',
          new_quantity: '1.000',
          new_cost_price: '4.10',
          reason: 'order',
          reference: orderId,
          created_by: userId,
        },
      ]);
    });

    it('never sells an expired batch, names it in the answer, and still sells a batch on its expiry day', async () => {
      const item = await createItem();
      const expired = await addBatch(item.id, { batchNumber: 'EXPIRED', quantity: '5', expiresInDays: -3 });
      const lastDay = await addBatch(item.id, { batchNumber: 'LAST-DAY', quantity: '2', expiresInDays: 0 });
      const fresh = await addBatch(item.id, { batchNumber: 'FRESH', quantity: '4', expiresInDays: 30 });

      const result = await take(randomUUID(), [{ stockItemId: item.id, quantity: 3 }]);
      expect(result.lines[0]?.batches.map((batch) => [batch.batchId, batch.quantity])).toEqual([
        [lastDay, 2],
        [fresh, 1],
      ]);
      expect(result.skippedExpiredBatches).toEqual([
        { stockItemId: item.id, batchId: expired, batchNumber: 'EXPIRED', quantity: 5, expiryDate: addDays(today, -3) },
      ]);
      expect(await batchQuantities(item.id)).toEqual({ EXPIRED: '5.000', 'LAST-DAY': '0.000', FRESH: '3.000' });

      const short = await failureOf(take(randomUUID(), [{ stockItemId: item.id, quantity: 4 }]));
      expect(short.code).toBe('INVENTORY_INSUFFICIENT_STOCK');
      expect((short.details as { shortages: StockShortageDto[] }).shortages).toEqual([
        { stockItemId: item.id, name: item.name, nameAr: null, sku: item.sku, available: 3, needed: 4 },
      ]);
    });

    it('refuses a shortage with 409 naming each short item, changes nothing, and keeps the key unused', async () => {
      const short = await createItem({ name: 'Sunflower oil 1.8 L', unit: 'piece' });
      await addBatch(short.id, { batchNumber: 'OIL-1', quantity: '3', expiresInDays: 90 });
      await addUnbatched(short.id, '2');
      const plenty = await createItem({ name: 'Sugar 10 kg', unit: 'bag' });
      await addUnbatched(plenty.id, '10');
      const before = await snapshot();

      const orderId = randomUUID();
      const lines = [
        { stockItemId: plenty.id, quantity: 4 },
        { stockItemId: short.id, quantity: 6 },
      ];
      const error = await failureOf(take(orderId, lines));
      expect(error.status).toBe(409);
      expect(error.code).toBe('INVENTORY_INSUFFICIENT_STOCK');
      expect(error.message).toContain('Sunflower oil 1.8 L (available 5, needed 6)');
      expect(error.details).toEqual({
        shortages: [
          { stockItemId: short.id, name: 'Sunflower oil 1.8 L', nameAr: null, sku: short.sku, available: 5, needed: 6 },
        ],
      });
      expect(await snapshot()).toEqual(before);

      // The refused take did not use up its key: once the order fits, the same key moves stock.
      const fits = await take(orderId, [lines[0]!, { stockItemId: short.id, quantity: 5 }]);
      expect(fits.repeated).toBe(false);
      expect(await quantityOf(short.id)).toBe('0.000');
      expect(await quantityOf(plenty.id)).toBe('6.000');
    });

    it('takes the rest below zero out of unbatched stock when negative stock is allowed', async () => {
      const item = await createItem();
      const batch = await addBatch(item.id, { batchNumber: 'NEG-1', quantity: '2', expiresInDays: 10 });
      const result = await take(randomUUID(), [{ stockItemId: item.id, quantity: 5 }], { allowNegative: true });
      expect(result.lines[0]?.batches).toEqual([
        { batchId: batch, batchNumber: 'NEG-1', quantity: 2, expiryDate: addDays(today, 10) },
        { batchId: null, batchNumber: null, quantity: 3, expiryDate: null },
      ]);
      expect(await quantityOf(item.id)).toBe('-3.000');
      expect((await inventory.getStockItem(item.id, meta)).status).toBe('low');
    });

    it('takes fractional kilograms exactly, from numbers and numeric strings', async () => {
      const item = await createItem({ unit: 'kg' });
      await addBatch(item.id, { batchNumber: 'KG-A', quantity: '1.25', expiresInDays: 5 });
      await addBatch(item.id, { batchNumber: 'KG-B', quantity: '2.5', expiresInDays: 9 });
      const result = await take(randomUUID(), [
        { stockItemId: item.id, quantity: 1.5 },
        { stockItemId: item.id, quantity: '0.625' },
      ]);
      expect(result.lines).toHaveLength(1);
      expect(result.lines[0]?.quantity).toBe(2.125);
      expect(result.lines[0]?.batches.map((batch) => batch.quantity)).toEqual([1.25, 0.875]);
      expect(await batchQuantities(item.id)).toEqual({ 'KG-A': '0.000', 'KG-B': '1.625' });
      expect(await quantityOf(item.id)).toBe('1.625');
    });

    it('answers 404 for an unknown item and moves nothing', async () => {
      const item = await createItem();
      await addUnbatched(item.id, '5');
      const before = await snapshot();
      const unknown = randomUUID();
      const error = await failureOf(
        take(randomUUID(), [
          { stockItemId: item.id, quantity: 1 },
          { stockItemId: unknown, quantity: 1 },
        ]),
      );
      expect(error.status).toBe(404);
      expect(error.code).toBe('INVENTORY_STOCK_ITEM_NOT_FOUND');
      expect(error.details).toEqual({ ids: [unknown] });
      expect(await snapshot()).toEqual(before);
    });

    it('refuses a malformed message with 400 naming the field', async () => {
      const error = await failureOf(take(randomUUID(), [{ stockItemId: randomUUID(), quantity: 0 }]));
      expect(error.status).toBe(400);
      expect(error.message).toBe('lines.0.quantity must be greater than 0');
      expect(error.details).toMatchObject({ fields: [{ field: 'lines.0.quantity' }] });
      const tooPrecise = await failureOf(take(randomUUID(), [{ stockItemId: randomUUID(), quantity: 0.0001 }]));
      expect(tooPrecise.message).toBe('lines.0.quantity must have at most 3 decimal places');
    });
  });

  describe('exactly once', () => {
    it('moves stock once when the same message comes twice, and answers the first answer again', async () => {
      const item = await createItem();
      await addBatch(item.id, { batchNumber: 'ONCE-1', quantity: '4', expiresInDays: 10 });
      await addBatch(item.id, { batchNumber: 'ONCE-EXPIRED', quantity: '1', expiresInDays: -1 });
      await addUnbatched(item.id, '6');
      const orderId = randomUUID();

      const first = await take(orderId, [{ stockItemId: item.id, quantity: 7 }]);
      const again = await take(orderId, [{ stockItemId: item.id, quantity: 7 }]);
      expect(first.repeated).toBe(false);
      expect(again).toEqual({ ...first, repeated: true });
      expect(await quantityOf(item.id)).toBe('4.000');
      const moves = await query('SELECT id FROM inventory.stock_moves WHERE order_id = $1', [orderId]);
      expect(moves).toHaveLength(1);
      const updates = await query('SELECT id FROM inventory.stock_updates WHERE reference = $1', [orderId]);
      expect(updates).toHaveLength(1);
    });

    it('moves stock once when takes with the same key race each other', async () => {
      const item = await createItem();
      await addBatch(item.id, { batchNumber: 'RACE-1', quantity: '10', expiresInDays: 15 });
      await addUnbatched(item.id, '10');
      const orderId = randomUUID();

      const results = await Promise.all(
        Array.from({ length: 6 }, () => take(orderId, [{ stockItemId: item.id, quantity: 3 }])),
      );
      expect(results.filter((result) => !result.repeated)).toHaveLength(1);
      for (const result of results) expect({ ...result, repeated: false }).toEqual({ ...results[0], repeated: false });
      expect(await quantityOf(item.id)).toBe('17.000');
      expect(await batchQuantities(item.id)).toEqual({ 'RACE-1': '7.000' });
      const updates = await query('SELECT id FROM inventory.stock_updates WHERE reference = $1', [orderId]);
      expect(updates).toHaveLength(1);
    });

    it('never oversells when many orders take the same item at once', async () => {
      const item = await createItem();
      await addBatch(item.id, { batchNumber: 'RUSH-1', quantity: '8', expiresInDays: 20 });
      await addUnbatched(item.id, '12');
      const other = await createItem();
      await addUnbatched(other.id, '100');

      const settled = await Promise.allSettled(
        Array.from({ length: 10 }, (_, index) =>
          take(
            randomUUID(),
            // Items in both orders, so transactions lock overlapping rows: they must not deadlock.
            index % 2 === 0
              ? [
                  { stockItemId: item.id, quantity: 3 },
                  { stockItemId: other.id, quantity: 1 },
                ]
              : [
                  { stockItemId: other.id, quantity: 1 },
                  { stockItemId: item.id, quantity: 3 },
                ],
          ),
        ),
      );
      const taken = settled.filter((result) => result.status === 'fulfilled');
      const refused = settled.flatMap((result) =>
        result.status === 'rejected' ? [result.reason as AppException] : [],
      );
      expect(taken).toHaveLength(6);
      expect(refused.map((error) => error.code)).toEqual(Array(4).fill('INVENTORY_INSUFFICIENT_STOCK'));
      expect(await quantityOf(item.id)).toBe('2.000');
      expect(await quantityOf(other.id)).toBe('94.000');
    });
  });

  describe('put-back-stock', () => {
    async function takenOrder(): Promise<{
      item: StockItemDto;
      orderId: string;
      taken: StockMoveResultDto;
      batches: string[];
    }> {
      const item = await createItem();
      const batches = [
        await addBatch(item.id, { batchNumber: 'PB-1', quantity: '3', expiresInDays: 5 }),
        await addBatch(item.id, { batchNumber: 'PB-2', quantity: '4', expiresInDays: 25 }),
        await addBatch(item.id, { batchNumber: 'PB-3', quantity: '5', expiresInDays: 45 }),
      ];
      await addUnbatched(item.id, '1');
      const orderId = randomUUID();
      const taken = await take(orderId, [{ stockItemId: item.id, quantity: 8 }]);
      return { item, orderId, taken, batches };
    }

    it('returns exactly what the take took, to the same batches, and records who and why', async () => {
      const { item, orderId, taken, batches } = await takenOrder();
      expect(await batchQuantities(item.id)).toEqual({ 'PB-1': '0.000', 'PB-2': '0.000', 'PB-3': '4.000' });

      const back = await inventory.putBackStock(
        { moveKey: `order:${orderId}:cancel:1`, orderId, takeMoveKey: taken.moveKey },
        meta,
      );
      expect(back.repeated).toBe(false);
      expect(back.lines).toEqual(taken.lines);
      expect(back.lines[0]?.batches.map((batch) => batch.batchId)).toEqual(batches);
      expect(await batchQuantities(item.id)).toEqual({ 'PB-1': '3.000', 'PB-2': '4.000', 'PB-3': '5.000' });
      expect(await quantityOf(item.id)).toBe('13.000');
      const [row] = await query(
        `SELECT quantity_change, new_quantity, reference, created_by FROM inventory.stock_updates
          WHERE stock_item_id = $1 AND reason = 'order-put-back'`,
        [item.id],
      );
      expect(row).toEqual({ quantity_change: '8.000', new_quantity: '13.000', reference: orderId, created_by: userId });
    });

    it('puts back once: a repeat answers again, another key for the same take is refused', async () => {
      const { item, orderId, taken } = await takenOrder();
      const putBack = { moveKey: `order:${orderId}:cancel:1`, orderId, takeMoveKey: taken.moveKey };
      const [first, concurrent] = await Promise.all([
        inventory.putBackStock(putBack, meta),
        inventory.putBackStock(putBack, meta),
      ]);
      expect([first.repeated, concurrent.repeated].sort()).toEqual([false, true]);
      expect(await quantityOf(item.id)).toBe('13.000');
      const again = await inventory.putBackStock(putBack, meta);
      expect(again).toEqual({ ...first, repeated: true });
      expect(await quantityOf(item.id)).toBe('13.000');

      const before = await snapshot();
      const second = await failureOf(
        inventory.putBackStock({ ...putBack, moveKey: `order:${orderId}:cancel:2` }, meta),
      );
      expect(second.status).toBe(409);
      expect(second.code).toBe('INVENTORY_ALREADY_PUT_BACK');
      expect(second.details).toEqual({ takeMoveKey: taken.moveKey, putBackMoveKey: putBack.moveKey });
      expect(await snapshot()).toEqual(before);
    });

    it('puts nothing back for a take that never happened', async () => {
      const before = await snapshot();
      const orderId = randomUUID();
      const result = await inventory.putBackStock(
        { moveKey: `order:${orderId}:cancel:1`, orderId, takeMoveKey: `order:${orderId}:confirm:1` },
        meta,
      );
      expect(result).toEqual({
        moveKey: `order:${orderId}:cancel:1`,
        lines: [],
        skippedExpiredBatches: [],
        repeated: false,
      });
      const after = (await snapshot()) as { items: unknown; batches: unknown; updates: unknown };
      const was = before as typeof after;
      expect([after.items, after.batches, after.updates]).toEqual([was.items, was.batches, was.updates]);
    });

    it('refuses a key used for another order or another kind of move', async () => {
      const { orderId, taken } = await takenOrder();
      const otherOrder = randomUUID();
      const sameKey = await failureOf(
        inventory.takeStock({ moveKey: taken.moveKey, orderId: otherOrder, lines: [] }, meta),
      );
      expect(sameKey.status).toBe(409);
      expect(sameKey.code).toBe('INVENTORY_MOVE_KEY_CONFLICT');
      const putWithTakeKey = await failureOf(
        inventory.putBackStock({ moveKey: taken.moveKey, orderId, takeMoveKey: taken.moveKey }, meta),
      );
      expect(putWithTakeKey.code).toBe('INVENTORY_MOVE_KEY_CONFLICT');
      const otherOrdersTake = await failureOf(
        inventory.putBackStock(
          { moveKey: `order:${otherOrder}:cancel:1`, orderId: otherOrder, takeMoveKey: taken.moveKey },
          meta,
        ),
      );
      expect(otherOrdersTake.code).toBe('INVENTORY_MOVE_KEY_CONFLICT');
      expect(otherOrdersTake.details).toEqual({ field: 'takeMoveKey', takeMoveKey: taken.moveKey });
    });
  });

  describe('sync-order-stock', () => {
    const sync = (orderId: string, hold: boolean, lines: TakeStockDto['lines']) =>
      inventory.syncOrderStock({ orderId, hold, lines }, meta);

    it('takes once however often the order asks to hold, puts back once, and takes again under a new key', async () => {
      const item = await createItem();
      await addBatch(item.id, { batchNumber: 'SY-1', quantity: '10', expiresInDays: 20 });
      const orderId = randomUUID();
      const lines = [{ stockItemId: item.id, quantity: 4 }];

      const first = await sync(orderId, true, lines);
      expect(first.held).toBe(true);
      expect(first.move?.moveKey).toBe(`order:${orderId}:take:1`);
      expect(await sync(orderId, true, lines)).toEqual({ held: true, move: null });
      expect(await quantityOf(item.id)).toBe('6.000');

      const released = await sync(orderId, false, []);
      expect(released.move?.moveKey).toBe(`order:${orderId}:return:1`);
      expect(await sync(orderId, false, [])).toEqual({ held: false, move: null });
      expect(await quantityOf(item.id)).toBe('10.000');

      const again = await sync(orderId, true, [{ stockItemId: item.id, quantity: 3 }]);
      expect(again.move?.moveKey).toBe(`order:${orderId}:take:2`);
      expect(await quantityOf(item.id)).toBe('7.000');
    });

    it('takes once when the same order asks to hold from many callers at once', async () => {
      const item = await createItem();
      await addUnbatched(item.id, '50');
      const orderId = randomUUID();
      const answers = await Promise.all(
        Array.from({ length: 8 }, () => sync(orderId, true, [{ stockItemId: item.id, quantity: 5 }])),
      );
      expect(answers.filter((answer) => answer.move !== null)).toHaveLength(1);
      expect(await quantityOf(item.id)).toBe('45.000');
    });

    it('releasing an order that holds nothing moves nothing; a shortage leaves it holding nothing', async () => {
      const item = await createItem();
      await addUnbatched(item.id, '2');
      const orderId = randomUUID();
      expect(await sync(orderId, false, [])).toEqual({ held: false, move: null });
      const before = await snapshot();
      const short = await failureOf(sync(orderId, true, [{ stockItemId: item.id, quantity: 3 }]));
      expect(short.code).toBe('INVENTORY_INSUFFICIENT_STOCK');
      expect(await snapshot()).toEqual(before);
      expect((await sync(orderId, true, [{ stockItemId: item.id, quantity: 2 }])).move?.moveKey).toBe(
        `order:${orderId}:take:1`,
      );
    });
  });

  describe('product.stock_changed through the outbox (docs/decisions/0018)', () => {
    interface StagedEvent {
      job_id: string;
      payload: { meta: { userId?: string }; data: { id: string; type: string; data: Record<string, unknown> } };
    }

    /** The stock events staged for an item, oldest first. */
    const eventsOf = (stockItemId: string) =>
      query<StagedEvent & Record<string, unknown>>(
        `SELECT job_id, payload FROM inventory.outbox
          WHERE queue = 'webhook-events' AND payload -> 'data' -> 'data' ->> 'productId' = $1 ORDER BY id`,
        [stockItemId],
      );

    it('stages one event per item with the take, none for a refused take or a hold that moves nothing', async () => {
      const rice = await createItem();
      const oil = await createItem({ unit: 'piece' });
      await addBatch(rice.id, { batchNumber: 'EV-1', quantity: '10', expiresInDays: 30 });
      await addUnbatched(oil.id, '2');
      const orderId = randomUUID();
      const lines = [
        { stockItemId: rice.id, quantity: 4 },
        { stockItemId: oil.id, quantity: 3 },
      ];

      expect((await failureOf(inventory.syncOrderStock({ orderId, hold: true, lines }, meta))).status).toBe(409);
      expect(await eventsOf(rice.id)).toEqual([]);
      expect(await eventsOf(oil.id)).toEqual([]);

      const held = [lines[0]!, { stockItemId: oil.id, quantity: 2 }];
      await inventory.syncOrderStock({ orderId, hold: true, lines: held }, meta);
      await inventory.syncOrderStock({ orderId, hold: true, lines: held }, meta); // holds already: moves nothing
      const [riceEvent, ...moreRice] = await eventsOf(rice.id);
      const [oilEvent, ...moreOil] = await eventsOf(oil.id);
      expect([moreRice, moreOil]).toEqual([[], []]);
      expect(riceEvent!.payload.data).toMatchObject({
        type: 'product.stock_changed',
        data: {
          productId: rice.id,
          sku: rice.sku,
          previousQuantity: 10,
          quantity: 6,
          reason: 'order',
          reference: orderId,
        },
      });
      expect(riceEvent!.payload.meta.userId).toBe(userId);
      expect(oilEvent!.payload.data.data).toMatchObject({ previousQuantity: 2, quantity: 0 });
      expect(riceEvent!.job_id).toBe(`event-${riceEvent!.payload.data.id}`);

      // The relay puts them on webhook-events under those jobIds, as they are (identity fans them out).
      await outboxSent(environment.database, 'inventory');
      const events = new Queue('webhook-events', {
        connection: { url: environment.env.REDIS_URL! },
        prefix: `${environment.redisPrefix}:bull`,
      });
      try {
        const job = await events.getJob(riceEvent!.job_id);
        expect(job?.name).toBe('event');
        expect(job?.data).toEqual(riceEvent!.payload);
      } finally {
        await events.close();
      }
    });
  });

  describe('for other services', () => {
    it('gives items by id, leaving unknown ids out, and counts low-stock items', async () => {
      const lowBefore = await inventory.countLowStock(meta);
      const low = await createItem({ quantity: 4, lowStockThreshold: 5, sellingPrice: 12.5 });
      const atThreshold = await createItem({ quantity: '5', lowStockThreshold: '5' });
      const fine = await createItem({ quantity: 50 });
      expect(await inventory.countLowStock(meta)).toBe(lowBefore + 2);

      const items = await inventory.getItems([fine.id, randomUUID(), low.id, atThreshold.id], meta);
      expect(items.map((item) => item.id).sort()).toEqual([low.id, atThreshold.id, fine.id].sort());
      expect(items.find((item) => item.id === low.id)).toMatchObject({
        status: 'low',
        sellingPrice: '12.50',
        costPrice: '4.10',
        quantity: 4,
      });
      expect(items.find((item) => item.id === atThreshold.id)?.status).toBe('low');
      expect(items.find((item) => item.id === fine.id)?.status).toBe('in_stock');
    });
  });
});
