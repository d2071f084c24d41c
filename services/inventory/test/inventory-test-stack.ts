import { InventoryClient, ServiceName } from '@erp/contracts';
import { startTestService, testRedisUrl, testServiceClient, TestEnvironment } from '@erp/testing';
import { Queue } from 'bullmq';
import { InventoryConfig } from '../src/inventory.config.js';
import { InventoryModule } from '../src/inventory.module.js';

export interface InventoryTestStack {
  environment: TestEnvironment;
  inventory: InventoryClient;
  /** A BullMQ queue on this environment's Redis prefix, to look at what the service queued. */
  queue(name: string): Queue;
  stop(): Promise<void>;
}

/** The inventory service started for real in its own database and Redis prefix, with its typed client. */
export async function startInventory(env: Record<string, string> = {}): Promise<InventoryTestStack> {
  const environment = await TestEnvironment.create([ServiceName.Inventory], env);
  const service = await startTestService(environment, ServiceName.Inventory, InventoryConfig, (config) =>
    InventoryModule.forRoot(config),
  );
  const { client, close } = testServiceClient(environment, ServiceName.Inventory, InventoryClient);
  const queues: Queue[] = [];
  return {
    environment,
    inventory: client,
    queue(name) {
      const queue = new Queue(name, { connection: { url: testRedisUrl() }, prefix: `${environment.redisPrefix}:bull` });
      queues.push(queue);
      return queue;
    },
    async stop() {
      await Promise.all(queues.map((queue) => queue.close()));
      await close();
      await service.close();
      await environment.cleanup();
    },
  };
}
