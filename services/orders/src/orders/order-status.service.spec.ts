import {
  invoiceCreateJobOptions,
  type IdentityClient,
  type InventoryClient,
  type OrderDto,
  type OrderStatus,
  type RpcMeta,
} from '@erp/contracts';
import type { Outbox, OutboxJob } from '@erp/common';
import type { DataSource, EntityManager } from 'typeorm';
import { describe, expect, it } from 'vitest';
import { OrderStatusService } from './order-status.service.js';
import type { CreditLimits } from './credit-limits.js';
import type { OrderEntity } from './order.entity.js';
import type { OrdersRepository } from './orders.repository.js';
import type { OrdersService } from './orders.service.js';

/** An outbox that remembers what was staged, and in which transaction. */
function fakeOutbox(): { outbox: Outbox; staged: Array<OutboxJob & { manager: EntityManager }> } {
  const staged: Array<OutboxJob & { manager: EntityManager }> = [];
  const outbox = {
    stage: async (manager: EntityManager, job: OutboxJob) => {
      staged.push({ ...job, manager });
    },
    stageAlone: async (job: OutboxJob) => {
      staged.push({ ...job, manager: 'alone' as unknown as EntityManager });
    },
  } as unknown as Outbox;
  return { outbox, staged };
}

function serviceWith(status: OrderStatus, syncOrderStock: () => Promise<unknown> = async () => ({})) {
  const order = {
    id: '6f1c1f3e-2a56-4b8e-9d2f-0c1d2e3f4a5b',
    orderNumber: 'ORD-2026-000042',
    status,
    totalAmount: '100.00',
    firstCommittedAt: null,
    commitCount: status === 'pending' ? 0 : 1,
  } as unknown as OrderEntity;
  const repository = {
    lockById: async () => order,
    save: async (saved: OrderEntity) => saved,
    stockLines: async () => [{ stockItemId: 'a3b1c2d4-0000-4000-8000-000000000001', quantity: '2' }],
  } as unknown as OrdersRepository;
  const ordersService = { toDto: async (saved: OrderEntity) => ({ id: saved.id, status: saved.status }) as OrderDto };
  const inventory = { syncOrderStock } as unknown as InventoryClient;
  const identity = { getSettings: async () => ({ allowNegativeStock: false }) } as unknown as IdentityClient;
  const manager = { transaction: 'the change' } as unknown as EntityManager;
  const dataSource = {
    transaction: async <T>(work: (manager: EntityManager) => Promise<T>) => work(manager),
  } as unknown as DataSource;
  const { outbox, staged } = fakeOutbox();
  const service = new OrderStatusService(
    repository,
    ordersService as unknown as OrdersService,
    inventory,
    identity,
    { check: async () => undefined } as unknown as CreditLimits,
    dataSource,
    outbox,
  );
  const invoices = () => staged.filter((job) => job.queue === 'invoice-create');
  return { service, order, manager, staged, invoices };
}

const meta: RpcMeta = { requestId: 'req-1', userId: 'user-1' } as RpcMeta;

describe('OrderStatusService', () => {
  describe('change', () => {
    it("stages billing's invoice job of the cycle in the change's transaction, with a retry window that outlives an outage of the services billing reads", async () => {
      const { service, order, manager, invoices } = serviceWith('pending');
      await service.change(order.id, 'confirmed', meta);
      expect(invoices()).toHaveLength(1);
      expect(invoices()[0]).toMatchObject({
        manager,
        name: 'customer-invoice',
        jobId: `order-${order.id}-1`,
        data: { meta, data: { orderId: order.id, orderNumber: order.orderNumber, cycle: 1 } },
        options: invoiceCreateJobOptions,
      });
    });

    it('stages the invoice job again, under the same jobId, when a committed order is confirmed again', async () => {
      const { service, order, staged } = serviceWith('confirmed');
      await service.change(order.id, 'confirmed', meta);
      expect(staged.map((job) => job.jobId)).toEqual([`order-${order.id}-1`]);
    });

    it('stages the credit note job of the cycle an order leaves, saying why, and no invoice job', async () => {
      const { service, order, manager, invoices } = serviceWith('completed');
      await service.change(order.id, 'cancelled', meta);
      expect(invoices()).toHaveLength(1);
      expect(invoices()[0]).toMatchObject({
        manager,
        name: 'order-credit-note',
        jobId: `order-${order.id}-1-credit`,
        data: { meta, data: { orderId: order.id, cycle: 1, reason: 'order_cancelled' } },
        options: invoiceCreateJobOptions,
      });
    });

    it('stages order.status_changed in the same transaction, from the status it replaced', async () => {
      const { service, order, manager, staged } = serviceWith('pending');
      await service.change(order.id, 'confirmed', meta);
      const events = staged.filter((job) => job.queue === 'webhook-events');
      expect(events).toHaveLength(1);
      expect(events[0]).toMatchObject({
        manager,
        name: 'event',
        data: {
          meta,
          data: {
            type: 'order.status_changed',
            data: { orderId: order.id, status: 'confirmed', previousStatus: 'pending', totalAmount: '100.00' },
          },
        },
      });
      expect(events[0]!.jobId).toBe(`event-${(events[0]!.data as { data: { id: string } }).data.id}`);
    });

    it('stages a repair job on its own when inventory cannot be reached to undo a change whose end was lost', async () => {
      const { service, order, staged } = serviceWith('pending', async () => {
        throw new Error('no answer from inventory');
      });
      await expect(service.change(order.id, 'confirmed', meta)).rejects.toThrow('no answer');
      expect(staged).toEqual([
        {
          manager: 'alone',
          queue: 'order-stock-repair',
          name: 'repair',
          jobId: `order-${order.id}`,
          data: { meta, data: { orderId: order.id } },
          options: { attempts: 12 },
        },
      ]);
    });

    it('stages nothing when the order already has the status asked, unless it is committed', async () => {
      const { service, order, staged } = serviceWith('pending');
      await service.change(order.id, 'pending', meta);
      expect(staged).toEqual([]);
    });
  });
});

describe('invoiceCreateJobOptions', () => {
  it('keeps an invoice job trying for more than half an hour (BullMQ: the n-th retry waits 2^(n-1) × delay)', () => {
    const { attempts, backoff } = invoiceCreateJobOptions;
    const windowMs = Array.from({ length: attempts - 1 }, (_, retry) => backoff.delay * 2 ** retry).reduce(
      (sum, wait) => sum + wait,
      0,
    );
    expect(windowMs).toBeGreaterThan(30 * 60_000);
  });
});
