import { dec, moneyColumn, moneyJson, withTax } from '@erp/common';
import {
  AppException,
  BillingClient,
  committedStatuses,
  IdentityClient,
  OrdersErrorCode,
  type RpcMeta,
} from '@erp/contracts';
import { Injectable, Logger } from '@nestjs/common';
import type { Decimal } from 'decimal.js';
import type { EntityManager } from 'typeorm';
import { ClientEntity } from '../clients/client.entity.js';
import type { OrderEntity } from './order.entity.js';

/**
 * Orders committed this recently whose invoice may still be on its way (the invoice-create job
 * normally issues it within seconds): counted by their own total until billing has the invoice.
 */
const INVOICE_PENDING_WINDOW_HOURS = 24;

/**
 * The credit limit (CONTRACT §11, docs/decisions/0016-payments-and-credit-limits.md): confirming an order may
 * not take what its client owes, VAT included, over the client's limit, unless an admin or
 * owner says so, which is recorded. What the client owes: billing's balance of its issued
 * invoices, plus its orders committed in the last day whose invoice is not issued yet. Checked
 * under a per-client lock, so two confirmations of one client's orders are weighed one after
 * the other.
 */
@Injectable()
export class CreditLimits {
  private readonly logger = new Logger(CreditLimits.name);

  constructor(
    private readonly billing: BillingClient,
    private readonly identity: IdentityClient,
  ) {}

  /** Refuses (409 CREDIT_LIMIT_EXCEEDED) or records the override; the order is being committed in `manager`. */
  async check(order: OrderEntity, override: boolean, meta: RpcMeta, manager: EntityManager): Promise<void> {
    if (!order.clientId) return;
    const client = await manager.getRepository(ClientEntity).findOneBy({ id: order.clientId });
    if (!client || client.creditLimit === null) return;
    await manager.query(`SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`, [`credit-client:${client.id}`]);
    const { taxRate } = await this.identity.getSettings(meta);
    const orderTotal = dec(withTax(order.totalAmount, taxRate).total);
    const balance = await this.owed(client.id, order.id, taxRate, meta, manager);
    const limit = dec(client.creditLimit);
    if (balance.plus(orderTotal).lte(limit)) return;
    const figures = { limit: moneyJson(limit), balance: moneyJson(balance), orderTotal: moneyJson(orderTotal) };
    if (!override) {
      throw new AppException(
        OrdersErrorCode.CreditLimitExceeded,
        `Confirming this order takes ${client.name} over its credit limit of ${figures.limit}: it owes ${figures.balance} and the order is ${figures.orderTotal}`,
        { clientId: client.id, ...figures },
      );
    }
    await manager.query(
      `INSERT INTO orders.credit_limit_overrides
         (order_id, client_id, commit_cycle, credit_limit, balance, order_total, overridden_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [
        order.id,
        client.id,
        order.commitCount + 1,
        moneyColumn(limit),
        moneyColumn(balance),
        moneyColumn(orderTotal),
        meta.userId ?? null,
      ],
    );
    this.logger.log(
      `Order ${order.orderNumber}: confirmed over ${client.name}'s credit limit by ${meta.userId ?? 'unknown'} (${JSON.stringify(figures)})`,
    );
  }

  /** What the client owes: its invoices' balance, and its recently committed orders not invoiced yet. */
  private async owed(
    clientId: string,
    orderId: string,
    taxRate: number,
    meta: RpcMeta,
    manager: EntityManager,
  ): Promise<Decimal> {
    const recent: { id: string; commit_count: number; total_amount: string }[] = await manager.query(
      `SELECT id, commit_count, total_amount FROM orders.orders
        WHERE client_id = $1 AND id <> $2 AND status = ANY($3)
          AND updated_at > now() - make_interval(hours => $4)
        LIMIT 1000`,
      [clientId, orderId, committedStatuses, INVOICE_PENDING_WINDOW_HOURS],
    );
    // Which of them are invoiced is read before the balance, never beside it: an invoice issued
    // between two reads taken together would be in neither (counted as invoiced, missing from the
    // balance) and let an order through over the limit; read in this order, it is at worst in both.
    const invoiced = await this.billing.findInvoicedCycles(
      recent.map((row) => row.id),
      meta,
    );
    const [owed] = await this.billing.getClientBalances([clientId], meta);
    const issued = new Set(invoiced.map((cycle) => `${cycle.orderId}:${cycle.cycle}`));
    return recent
      .filter((row) => !issued.has(`${row.id}:${row.commit_count}`))
      .reduce((sum, row) => sum.plus(withTax(row.total_amount, taxRate).total), dec(owed!.balance));
  }
}
