import { QueueName, type JobEnvelope, type RepairOrderStockJobData } from '@erp/contracts';
import { Processor, WorkerHost } from '@nestjs/bullmq';
import type { Job } from 'bullmq';
import { OrderStatusService } from './order-status.service.js';

/** Works the order-stock-repair queue: an order's stock made to match its status, retried with backoff. */
@Processor(QueueName.OrderStockRepair)
export class OrderStockRepairProcessor extends WorkerHost {
  constructor(private readonly status: OrderStatusService) {
    super();
  }

  async process(job: Job<JobEnvelope<RepairOrderStockJobData>>): Promise<void> {
    await this.status.matchStockToStatus(job.data.data.orderId, job.data.meta);
  }
}
