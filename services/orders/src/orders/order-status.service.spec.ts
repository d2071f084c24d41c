import {
  invoiceCreateJobOptions,
  type IdentityClient,
  type InventoryClient,
  type OrderDto,
  type OrderStatus,
  type RpcMeta,
} from '@erp/contracts';
import type { Queue } from 'bullmq';
import type { DataSource, EntityManager } from 'typeorm';
import { describe, expect, it } from 'vitest';
import { OrderStatusService } from './order-status.service.js';
import type { OrderEntity } from './order.entity.js';
import type { OrdersRepository } from './orders.repository.js';
import type { OrdersService } from './orders.service.js';

interface Added {
  name: string;
  data: unknown;
  options: Record<string, unknown>;
}

/** A queue that remembers what was added to it. */
function fakeQueue(): { queue: Queue; added: Added[] } {
  const added: Added[] = [];
  const queue = {
    add: async (name: string, data: unknown, options: Record<string, unknown>) => {
      added.push({ name, data, options });
      return {};
    },
  } as unknown as Queue;
  return { queue, added };
}

function serviceWith(status: OrderStatus) {
  const order = {
    id: '6f1c1f3e-2a56-4b8e-9d2f-0c1d2e3f4a5b',
    orderNumber: 'ORD-2026-000042',
    status,
    totalAmount: '100.00',
    firstCommittedAt: null,
  } as unknown as OrderEntity;
  const repository = {
    lockById: async () => order,
    save: async (saved: OrderEntity) => saved,
    stockLines: async () => [{ stockItemId: 'a3b1c2d4-0000-4000-8000-000000000001', quantity: '2' }],
  } as unknown as OrdersRepository;
  const ordersService = { toDto: async (saved: OrderEntity) => ({ id: saved.id, status: saved.status }) as OrderDto };
  const inventory = { syncOrderStock: async () => ({}) } as unknown as InventoryClient;
  const identity = { getSettings: async () => ({ allowNegativeStock: false }) } as unknown as IdentityClient;
  const dataSource = {
    transaction: async <T>(work: (manager: EntityManager) => Promise<T>) => work({} as EntityManager),
  } as unknown as DataSource;
  const repairs = fakeQueue();
  const invoices = fakeQueue();
  const events = fakeQueue();
  const service = new OrderStatusService(
    repository,
    ordersService as unknown as OrdersService,
    inventory,
    identity,
    dataSource,
    repairs.queue,
    invoices.queue,
    events.queue,
  );
  return { service, order, invoices: invoices.added };
}

const meta: RpcMeta = { requestId: 'req-1', userId: 'user-1' } as RpcMeta;

describe('OrderStatusService', () => {
  describe('change', () => {
    it("hands billing the order's invoice job with a retry window that outlives an outage of the services billing reads", async () => {
      const { service, order, invoices } = serviceWith('pending');
      await service.change(order.id, 'confirmed', meta);
      expect(invoices).toHaveLength(1);
      expect(invoices[0]!.name).toBe('customer-invoice');
      expect(invoices[0]!.options).toMatchObject({ jobId: `order-${order.id}`, ...invoiceCreateJobOptions });
    });

    it('adds the invoice job again, under the same jobId, when a committed order is confirmed again', async () => {
      const { service, order, invoices } = serviceWith('confirmed');
      await service.change(order.id, 'confirmed', meta);
      expect(invoices.map((added) => added.options.jobId)).toEqual([`order-${order.id}`]);
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
