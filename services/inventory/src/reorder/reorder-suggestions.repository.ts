import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { EntityManager, Repository } from 'typeorm';
import { StockItemEntity } from '../stock-items/stock-item.entity.js';
import { ReorderSuggestionEntity } from './reorder-suggestion.entity.js';

export interface ReorderRun {
  /** The business date the figures are computed for (YYYY-MM-DD). */
  today: string;
  leadTimeDays: number;
  coverageDays: number;
  /** Consumption is what orders took out over this many days, divided by it. */
  windowDays: number;
  actorId: string | null;
}

/** A number for a sentence: rounded to `scale` decimals, without trailing zeros. */
const shown = (expression: string, scale: number): string => `trim_scale(round(${expression}, ${scale}))::text`;

/** "n days" in Arabic, with the noun agreeing with the number. */
const arabicDays = (expression: string): string => `
  CASE WHEN ${expression} = 1 THEN 'يوم واحد'
       WHEN ${expression} = 2 THEN 'يومين'
       WHEN ${expression} % 100 BETWEEN 3 AND 10 THEN (${expression})::text || ' أيام'
       WHEN ${expression} % 100 BETWEEN 11 AND 99 THEN (${expression})::text || ' يوماً'
       ELSE (${expression})::text || ' يوم' END`;

/**
 * One set-based statement for every item (docs/decisions/0007):
 * - demand: per item, what takes of the last window took out (their move lines), less what was
 *   put back of those very takes, divided by the window: the average daily consumption r;
 * - waste: the item's dated batches walked in FEFO order; with Q_k the stock of batches 1..k
 *   and d_k the days batch k can still be sold (through its expiry date, 0 when expired),
 *   what expires unsold at rate r is max(0, max_k(Q_k − r·d_k));
 * - usable = quantity − waste, days = usable / r, urgency and quantity by the rule of 0007;
 * - written with an upsert on the partial unique index of pending suggestions.
 * $1 today, $2 lead time, $3 coverage, $4 window days, $5 the run's timestamp, $6 who asked.
 */
const generateSql = `
WITH since AS (
  SELECT now() - make_interval(days => $4::int) AS at
), taken AS (
  SELECT l.stock_item_id, l.quantity
    FROM inventory.stock_moves m
    JOIN inventory.stock_move_lines l ON l.move_id = m.id
   WHERE m.kind = 'take' AND m.created_at >= (SELECT at FROM since)
  UNION ALL
  SELECT l.stock_item_id, -l.quantity
    FROM inventory.stock_moves t
    JOIN inventory.stock_moves p ON p.take_move_id = t.id
    JOIN inventory.stock_move_lines l ON l.move_id = p.id
   WHERE t.kind = 'take' AND t.created_at >= (SELECT at FROM since)
), demand AS (
  SELECT stock_item_id, greatest(sum(quantity), 0) / $4::numeric AS rate
    FROM taken GROUP BY stock_item_id
), item AS (
  SELECT i.id, i.quantity, i.low_stock_threshold AS threshold, coalesce(d.rate, 0) AS rate
    FROM inventory.stock_items i
    LEFT JOIN demand d ON d.stock_item_id = i.id
), walk AS (
  SELECT b.stock_item_id,
         sum(b.quantity) OVER (PARTITION BY b.stock_item_id ORDER BY b.expiry_date, b.created_at, b.id) AS through,
         greatest(b.expiry_date - $1::date + 1, 0) AS days
    FROM inventory.stock_batches b
   WHERE b.quantity > 0 AND b.expiry_date IS NOT NULL
), waste AS (
  SELECT w.stock_item_id, greatest(max(w.through - it.rate * w.days), 0) AS waste
    FROM walk w JOIN item it ON it.id = w.stock_item_id
   GROUP BY w.stock_item_id
), figures AS (
  SELECT it.id, it.quantity, it.threshold, it.rate,
         coalesce(ws.waste, 0) AS waste,
         it.quantity - coalesce(ws.waste, 0) AS usable,
         CASE WHEN it.rate > 0 THEN greatest(it.quantity - coalesce(ws.waste, 0), 0) / it.rate END AS days
    FROM item it
    LEFT JOIN waste ws ON ws.stock_item_id = it.id
), judged AS (
  SELECT f.*,
         CASE
           WHEN f.rate > 0 AND (f.usable <= 0 OR f.days <= $2::numeric / 2) THEN 'critical'
           WHEN f.rate > 0 AND f.days <= $2::numeric THEN 'high'
           WHEN (f.rate > 0 AND f.days <= $2::numeric + 7) OR f.quantity <= f.threshold THEN 'medium'
           WHEN f.rate > 0 AND f.days <= $2::numeric + $3::numeric THEN 'low'
         END AS urgency,
         round(f.days)::int AS whole_days
    FROM figures f
), written AS (
  INSERT INTO inventory.reorder_suggestions AS s
    (stock_item_id, suggested_quantity, reason, reason_ar, urgency, estimated_stockout_date,
     average_daily_consumption, days_of_stock_remaining, status, created_at, created_by)
  SELECT j.id,
         CASE WHEN j.rate > 0 THEN greatest(ceil(j.rate * ($2::numeric + $3::numeric) - j.usable), 1)
              ELSE greatest(ceil(2 * j.threshold - j.quantity), 1) END,
         CASE WHEN j.rate > 0 THEN format('Sells %s a day; %s usable%s: %s, lead time %s days.',
                ${shown('j.rate', 2)}, ${shown('greatest(j.usable, 0)', 3)},
                CASE WHEN j.waste > 0 THEN format(' (%s expire before they can be sold)', ${shown('j.waste', 3)}) ELSE '' END,
                CASE WHEN j.usable <= 0 THEN 'nothing left to sell'
                     WHEN j.whole_days < 1 THEN 'less than a day left'
                     WHEN j.whole_days = 1 THEN 'about 1 day left'
                     ELSE format('about %s days left', j.whole_days) END,
                $2::int)
              ELSE format('No sales in the last %s days; %s in stock, at or below the low-stock threshold of %s.',
                $4::int, ${shown('j.quantity', 3)}, ${shown('j.threshold', 3)}) END,
         CASE WHEN j.rate > 0 THEN format('يُباع منه %s يومياً، والصالح للبيع %s%s: %s، ومدة التوريد %s.',
                ${shown('j.rate', 2)}, ${shown('greatest(j.usable, 0)', 3)},
                CASE WHEN j.waste > 0 THEN format(' (إضافة إلى %s تنتهي صلاحيتها قبل بيعها)', ${shown('j.waste', 3)}) ELSE '' END,
                CASE WHEN j.usable <= 0 THEN 'لم يبقَ شيء للبيع'
                     WHEN j.whole_days < 1 THEN 'يكفي أقل من يوم'
                     ELSE 'يكفي نحو ' || ${arabicDays('j.whole_days')} END,
                ${arabicDays('$2::int')})
              ELSE format('لا مبيعات خلال آخر %s؛ المتوفر %s، وهو عند حد المخزون المنخفض (%s) أو دونه.',
                ${arabicDays('$4::int')}, ${shown('j.quantity', 3)}, ${shown('j.threshold', 3)}) END,
         j.urgency,
         CASE WHEN j.rate > 0 THEN $1::date + floor(j.days)::int END,
         round(j.rate, 3),
         round(j.days, 1),
         'pending', $5::timestamptz, $6::uuid
    FROM judged j
   WHERE j.urgency IS NOT NULL
  ON CONFLICT (stock_item_id) WHERE status = 'pending' DO UPDATE SET
    suggested_quantity = EXCLUDED.suggested_quantity,
    reason = EXCLUDED.reason,
    reason_ar = EXCLUDED.reason_ar,
    urgency = EXCLUDED.urgency,
    estimated_stockout_date = EXCLUDED.estimated_stockout_date,
    average_daily_consumption = EXCLUDED.average_daily_consumption,
    days_of_stock_remaining = EXCLUDED.days_of_stock_remaining,
    created_at = EXCLUDED.created_at,
    created_by = EXCLUDED.created_by
  RETURNING 1
)
SELECT count(*)::int AS generated FROM written`;

@Injectable()
export class ReorderSuggestionsRepository {
  constructor(@InjectRepository(ReorderSuggestionEntity) private readonly rows: Repository<ReorderSuggestionEntity>) {}

  /**
   * One run, in the caller's transaction: runs one at a time (a transaction-level advisory
   * lock), writes every item's suggestion in one statement and removes the pending ones of
   * items that no longer need one. Returns how many pending suggestions it wrote.
   */
  async generate(run: ReorderRun, manager: EntityManager): Promise<number> {
    await manager.query(`SELECT pg_advisory_xact_lock(hashtext('inventory.reorder-generate'))`);
    const [{ at }] = (await manager.query(`SELECT clock_timestamp() AS at`)) as [{ at: Date }];
    const [{ generated }] = (await manager.query(generateSql, [
      run.today,
      run.leadTimeDays,
      run.coverageDays,
      run.windowDays,
      at,
      run.actorId,
    ])) as [{ generated: number }];
    await manager.query(
      `DELETE FROM inventory.reorder_suggestions WHERE status = 'pending' AND created_at <> $1::timestamptz`,
      [at],
    );
    return generated;
  }

  /** Pending suggestions with their items, most urgent first, then fewest days left, then by name. */
  async findPendingWithItems(): Promise<Array<{ suggestion: ReorderSuggestionEntity; item: StockItemEntity }>> {
    const suggestions = await this.rows
      .createQueryBuilder('s')
      .where(`s.status = 'pending'`)
      .orderBy(`array_position(ARRAY['critical', 'high', 'medium', 'low'], s.urgency)`)
      .addOrderBy('s.daysOfStockRemaining', 'ASC', 'NULLS LAST')
      .addOrderBy('s.createdAt')
      .addOrderBy('s.id')
      .getMany();
    if (suggestions.length === 0) return [];
    const items = await this.rows.manager
      .getRepository(StockItemEntity)
      .createQueryBuilder('item')
      .where('item.id IN (:...ids)', { ids: suggestions.map((s) => s.stockItemId) })
      .getMany();
    const byId = new Map(items.map((item) => [item.id, item]));
    return suggestions.flatMap((suggestion) => {
      const item = byId.get(suggestion.stockItemId);
      return item ? [{ suggestion, item }] : [];
    });
  }

  lockById(id: string, manager: EntityManager): Promise<ReorderSuggestionEntity | null> {
    return manager
      .getRepository(ReorderSuggestionEntity)
      .createQueryBuilder('s')
      .setLock('pessimistic_write')
      .where('s.id = :id', { id })
      .getOne();
  }

  save(row: ReorderSuggestionEntity, manager: EntityManager): Promise<ReorderSuggestionEntity> {
    return manager.getRepository(ReorderSuggestionEntity).save(row);
  }
}
