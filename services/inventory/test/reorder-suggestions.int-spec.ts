import {
  InventoryClient,
  JobName,
  QueueName,
  type ReorderSuggestionEntryDto,
  type RpcMeta,
  type StockItemDto,
} from '@erp/contracts';
import { failureOf, type TestEnvironment } from '@erp/testing';
import { Queue } from 'bullmq';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, businessDate } from '@erp/common';
import { startInventory, type InventoryTestStack } from './inventory-test-stack.js';

const userId = randomUUID();
const meta: RpcMeta = { requestId: 'reorder-test', userId };
const today = businessDate('Asia/Riyadh');
/** Item A's pack, as every answer about A carries it. */
const palletOfA = { unit: 'pallet', factor: 40, sellingPrice: '900.00', price: '900.00', barcode: null };

/**
 * A known history, made of real takes moved back in time: every item with demand had 40, 50
 * and 30 taken 25, 15 and 5 days ago (120 in the 30-day window: 4 a day), 20 taken 40 days ago
 * (outside the window), and item A also 25 taken 10 days ago and put back (no consumption).
 * Lead time 7 days, coverage 30 days (the defaults).
 */
describe('reorder suggestions over TCP, computed by the BullMQ job on real PostgreSQL and Redis', () => {
  let environment: TestEnvironment;
  let stack: InventoryTestStack;
  let inventory: InventoryClient;
  let queue: Queue;
  const items: Record<string, StockItemDto> = {};

  const query = <T extends Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]> =>
    environment.database.query<T>(sql, params);

  async function backdate(moveKey: string, daysAgo: number): Promise<void> {
    await query(`UPDATE inventory.stock_moves SET created_at = now() - make_interval(days => $2) WHERE move_key = $1`, [
      moveKey,
      daysAgo,
    ]);
  }

  /** One order per day of history taking `quantity` of each item, moved back in time. */
  async function takeDaysAgo(ids: string[], quantity: number, daysAgo: number): Promise<string> {
    const orderId = randomUUID();
    const moveKey = `order:${orderId}:confirm:1`;
    await inventory.takeStock({ moveKey, orderId, lines: ids.map((stockItemId) => ({ stockItemId, quantity })) }, meta);
    await backdate(moveKey, daysAgo);
    return orderId;
  }

  async function addBatch(stockItemId: string, quantity: number, expiresInDays: number): Promise<void> {
    await query(
      `INSERT INTO inventory.stock_batches (stock_item_id, batch_number, quantity, received_quantity, expiry_date)
       VALUES ($1, $2, $3, $3, $4)`,
      [stockItemId, `EXP${expiresInDays}`, quantity, addDays(today, expiresInDays)],
    );
    await query('UPDATE inventory.stock_items SET quantity = quantity + $2 WHERE id = $1', [stockItemId, quantity]);
  }

  async function pending(): Promise<Map<string, ReorderSuggestionEntryDto['suggestion']>> {
    const list = await inventory.listReorderSuggestions(meta);
    return new Map(list.map((entry) => [entry.stockItem.id, entry.suggestion]));
  }

  beforeAll(async () => {
    stack = await startInventory({ REORDER_WAIT_TIMEOUT_MS: '4000' });
    ({ environment, inventory } = stack);
    queue = stack.queue(QueueName.ReorderGenerate);

    // What is left unbatched after the history (initial quantity = 140 + this).
    const left: Record<string, number> = { A: 6, B: 0, C: 12, D: 24, E: 100, F: 200 };
    for (const [key, rest] of Object.entries(left)) {
      items[key] = await inventory.createStockItem(
        {
          name: `Item ${key}`,
          nameAr: `صنف ${key}`,
          sku: `ITEM-${key}`,
          unit: 'carton',
          quantity: 140 + rest,
          // A is also sold by the pallet: its suggestion and batches carry the pack.
          ...(key === 'A' ? { packs: [{ unit: 'pallet' as const, factor: 40, sellingPrice: '900.00' }] } : {}),
        },
        meta,
      );
    }
    items.G = await inventory.createStockItem({ name: 'Item G', sku: 'ITEM-G', unit: 'kg', quantity: 5 }, meta);
    const withDemand = ['A', 'B', 'C', 'D', 'E', 'F'].map((key) => items[key]!.id);
    const putBackOrder = await takeDaysAgo([items.A!.id], 25, 10);
    await inventory.putBackStock(
      {
        moveKey: `order:${putBackOrder}:cancel:1`,
        orderId: putBackOrder,
        takeMoveKey: `order:${putBackOrder}:confirm:1`,
      },
      meta,
    );
    await takeDaysAgo(withDemand, 20, 40);
    await takeDaysAgo(withDemand, 40, 25);
    await takeDaysAgo(withDemand, 50, 15);
    await takeDaysAgo(withDemand, 30, 5);
    // A: 5 already expired, 10 that sell in time (3 days × 4 ≥ 10), 50 of which 16 expire
    // unsold (60 through day 11 against 44 sold): waste 21, usable 71 − 21 = 50, 12.5 days.
    await addBatch(items.A!.id, 5, -3);
    await addBatch(items.A!.id, 10, 2);
    await addBatch(items.A!.id, 50, 10);
    // B: nothing but an expired batch.
    await addBatch(items.B!.id, 10, -1);
  });

  afterAll(async () => {
    await stack?.stop();
  });

  it('computes consumption, usable stock net of what expires unsold, days left and the reorder quantity', async () => {
    expect(await inventory.generateReorderSuggestions(meta)).toEqual({ generated: 6 });
    const suggestions = await pending();
    expect(suggestions.get(items.A!.id)).toEqual({
      id: expect.any(String),
      stockItemId: items.A!.id,
      suggestedQuantity: 98, // ceil(4 × (7 + 30) − 50)
      reason: 'Sells 4 a day; 50 usable (21 expire before they can be sold): about 13 days left, lead time 7 days.',
      reasonAr:
        'يُباع منه 4 يومياً، والصالح للبيع 50 (إضافة إلى 21 تنتهي صلاحيتها قبل بيعها): يكفي نحو 13 يوماً، ومدة التوريد 7 أيام.',
      urgency: 'medium',
      estimatedStockoutDate: addDays(today, 12),
      averageDailyConsumption: 4,
      daysOfStockRemaining: 12.5,
      status: 'pending',
      createdAt: expect.any(String),
      approvedQuantity: null,
      purchaseOrder: null,
    });
    expect(
      await query(`SELECT created_by::text, status FROM inventory.reorder_suggestions WHERE stock_item_id = $1`, [
        items.A!.id,
      ]),
    ).toEqual([{ created_by: userId, status: 'pending' }]);
  });

  it('grades urgency by days left against the lead time and the threshold, and skips items that need nothing', async () => {
    await inventory.generateReorderSuggestions(meta);
    const suggestions = await pending();
    const figures = (key: string) => {
      const suggestion = suggestions.get(items[key]!.id);
      return suggestion
        ? {
            urgency: suggestion.urgency,
            days: suggestion.daysOfStockRemaining,
            quantity: suggestion.suggestedQuantity,
            stockout: suggestion.estimatedStockoutDate,
          }
        : null;
    };
    // Nothing usable (only an expired batch) with demand: critical, the whole need.
    expect(figures('B')).toEqual({ urgency: 'critical', days: 0, quantity: 148, stockout: today });
    // 3 days ≤ half the lead time: critical.
    expect(figures('C')).toEqual({ urgency: 'critical', days: 3, quantity: 136, stockout: addDays(today, 3) });
    // 6 days ≤ the lead time: high.
    expect(figures('D')).toEqual({ urgency: 'high', days: 6, quantity: 124, stockout: addDays(today, 6) });
    // 25 days ≤ lead time + coverage: low.
    expect(figures('E')).toEqual({ urgency: 'low', days: 25, quantity: 48, stockout: addDays(today, 25) });
    // 50 days: nothing to suggest.
    expect(figures('F')).toBeNull();
    // No sales, at or below the threshold: medium, back to twice the threshold.
    expect(figures('G')).toEqual({ urgency: 'medium', days: null, quantity: 15, stockout: null });
    expect(suggestions.get(items.B!.id)?.reason).toBe(
      'Sells 4 a day; 0 usable (10 expire before they can be sold): nothing left to sell, lead time 7 days.',
    );
    expect(suggestions.get(items.G!.id)).toMatchObject({
      averageDailyConsumption: 0,
      reason: 'No sales in the last 30 days; 5 in stock, at or below the low-stock threshold of 10.',
      reasonAr: 'لا مبيعات خلال آخر 30 يوماً؛ المتوفر 5، وهو عند حد المخزون المنخفض (10) أو دونه.',
    });
  });

  it('lists pending suggestions most urgent first, with their items', async () => {
    await inventory.generateReorderSuggestions(meta);
    const list = await inventory.listReorderSuggestions(meta);
    expect(list.map((entry) => entry.stockItem.name)).toEqual([
      'Item B',
      'Item C',
      'Item D',
      'Item A',
      'Item G',
      'Item E',
    ]);
    expect(list[0]!.stockItem).toEqual({
      id: items.B!.id,
      name: 'Item B',
      nameAr: 'صنف B',
      sku: 'ITEM-B',
      quantity: 10,
      unit: 'carton',
      packs: [],
    });
    expect(list.find((entry) => entry.stockItem.id === items.A!.id)?.stockItem.packs).toEqual([palletOfA]);
  });

  it("lists expiring batches with their item's packs, quantities still in the base unit", async () => {
    const expiring = (await inventory.listExpiring(30, meta)).filter((batch) =>
      [items.A!.id, items.B!.id].includes(batch.stockItemId),
    );
    expect(expiring.map((batch) => [batch.stockItemId, batch.unit, batch.packs])).toEqual([
      [items.A!.id, 'carton', [palletOfA]],
      [items.B!.id, 'carton', []],
      [items.A!.id, 'carton', [palletOfA]],
      [items.A!.id, 'carton', [palletOfA]],
    ]);
  });

  it('runs as a job of the reorder-generate queue, and registers the daily run', async () => {
    const result = await inventory.generateReorderSuggestions(meta);
    const completed = await queue.getJobs(['completed']);
    const run = completed.find((job) => job.data.meta.requestId === meta.requestId);
    expect(run?.name).toBe(JobName.GenerateReorderSuggestions);
    expect(run?.returnvalue).toEqual(result);
    const schedulers = await queue.getJobSchedulers();
    expect(schedulers).toEqual([
      expect.objectContaining({ key: 'reorder-daily', name: 'generate', pattern: '0 3 * * *', tz: 'Asia/Riyadh' }),
    ]);
  });

  it('replaces an item’s pending suggestion on a new run instead of adding another, and drops those no longer needed', async () => {
    await inventory.generateReorderSuggestions(meta);
    const before = await pending();
    // E is restocked: it needs nothing any more.
    await inventory.updateStockItem(items.E!.id, { quantity: 1000 }, meta);
    expect(await inventory.generateReorderSuggestions(meta)).toEqual({ generated: 5 });
    const after = await pending();
    expect(after.has(items.E!.id)).toBe(false);
    expect(after.get(items.A!.id)?.id).toBe(before.get(items.A!.id)?.id);
    const rows = await query<{ stock_item_id: string; n: number }>(
      `SELECT stock_item_id, count(*)::int AS n FROM inventory.reorder_suggestions GROUP BY stock_item_id`,
    );
    expect(rows.every((row) => row.n === 1)).toBe(true);
    expect(rows).toHaveLength(5);
  });

  it('approves and dismisses pending suggestions once; a decided one is a 409 and a new run suggests again', async () => {
    await inventory.generateReorderSuggestions(meta);
    const suggestions = await pending();
    const a = suggestions.get(items.A!.id)!;
    const c = suggestions.get(items.C!.id)!;
    expect(await inventory.decideReorderSuggestion(a.id, { status: 'approved' }, meta)).toMatchObject({
      id: a.id,
      status: 'approved',
      approvedQuantity: a.suggestedQuantity,
      purchaseOrder: null,
    });
    expect(await inventory.decideReorderSuggestion(c.id, { status: 'dismissed' }, meta)).toMatchObject({
      id: c.id,
      status: 'dismissed',
    });
    const decided = await failureOf(inventory.decideReorderSuggestion(a.id, { status: 'dismissed' }, meta));
    expect(decided).toMatchObject({ code: 'INVENTORY_SUGGESTION_DECIDED', status: 409 });
    expect(
      await query(`SELECT status, decided_by::text FROM inventory.reorder_suggestions WHERE id = $1`, [a.id]),
    ).toEqual([{ status: 'approved', decided_by: userId }]);
    expect((await pending()).has(items.A!.id)).toBe(false);

    await inventory.generateReorderSuggestions(meta);
    const again = (await pending()).get(items.A!.id);
    expect(again?.id).not.toBe(a.id);
    expect(
      await query(`SELECT status FROM inventory.reorder_suggestions WHERE stock_item_id = $1 ORDER BY status`, [
        items.A!.id,
      ]),
    ).toEqual([{ status: 'approved' }, { status: 'pending' }]);
  });

  it('answers 404 for an unknown suggestion', async () => {
    const missing = await failureOf(inventory.decideReorderSuggestion(randomUUID(), { status: 'approved' }, meta));
    expect(missing).toMatchObject({ code: 'INVENTORY_SUGGESTION_NOT_FOUND', status: 404 });
  });

  it('answers 503 when the run does not finish in time', async () => {
    await queue.pause();
    try {
      const late = await failureOf(inventory.generateReorderSuggestions(meta));
      expect(late).toMatchObject({ code: 'SERVICE_UNAVAILABLE', status: 503 });
    } finally {
      await queue.resume();
    }
  });
});
