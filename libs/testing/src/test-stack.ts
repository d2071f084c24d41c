import { createServiceApp, loadConfig, type ServiceConfig } from '@erp/common';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AppException, serviceEnvPrefix, type ServiceName } from '@erp/contracts';
import type { DynamicModule, INestMicroservice } from '@nestjs/common';
import { ClientProxyFactory, Transport, type ClientProxy } from '@nestjs/microservices';
import type { ClassConstructor } from 'class-transformer';
import { freePort } from './free-port.js';
import { createTestDatabase, type TestDatabase } from './test-database.js';
import { createTestRedisPrefix, deleteRedisPrefix } from './test-redis.js';
import { testRedisUrl } from './test-env.js';

/** The owner every test environment starts with (username `owner`). */
export const TEST_OWNER_PASSWORD = 'owner-password-for-tests';

/**
 * The environment of one test file: its own database and Redis prefix, and a free TCP port
 * for every service, so services and the gateway can be started for real inside the test.
 */
export class TestEnvironment {
  private constructor(
    readonly database: TestDatabase,
    readonly redisPrefix: string,
    readonly env: Record<string, string>,
  ) {}

  static async create(services: readonly ServiceName[], extra: Record<string, string> = {}): Promise<TestEnvironment> {
    const database = await createTestDatabase();
    const redisPrefix = createTestRedisPrefix();
    const env: Record<string, string> = {
      DATABASE_URL: database.url,
      REDIS_URL: testRedisUrl(),
      REDIS_PREFIX: redisPrefix,
      LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
      SESSION_SECRET: randomBytes(32).toString('hex'),
      ERP_DATA_DIR: mkdtempSync(join(tmpdir(), 'erp-test-data-')),
      ERP_OWNER_PASSWORD: TEST_OWNER_PASSWORD,
      // The cheapest argon2id the config allows: tests check behaviour, not cost.
      ARGON2_MEMORY_KIB: '8192',
      ARGON2_TIME_COST: '1',
      ...extra,
    };
    for (const service of services) {
      const prefix = serviceEnvPrefix(service);
      env[`${prefix}_HOST`] = '127.0.0.1';
      env[`${prefix}_PORT`] = String(await freePort());
    }
    return new TestEnvironment(database, redisPrefix, env);
  }

  config<T extends object>(type: ClassConstructor<T>, overrides: Record<string, string> = {}): T {
    return loadConfig(type, { ...this.env, ...overrides });
  }

  async cleanup(): Promise<void> {
    rmSync(this.env.ERP_DATA_DIR!, { recursive: true, force: true });
    await this.database.drop();
    await deleteRedisPrefix(this.redisPrefix);
  }
}

/** Starts one service for real: its TCP microservice on its port in this environment. */
export async function startTestService<C extends ServiceConfig>(
  environment: TestEnvironment,
  service: ServiceName,
  configType: ClassConstructor<C>,
  rootModule: (config: C) => DynamicModule,
): Promise<INestMicroservice> {
  const config = environment.config(configType);
  const app = await createServiceApp(service, rootModule(config), config);
  await app.listen();
  return app;
}

/** A typed client (IdentityClient, InventoryClient, ...) of a service started in this environment, over real TCP. */
export function testServiceClient<T>(
  environment: TestEnvironment,
  service: ServiceName,
  type: new (proxy: ClientProxy) => T,
): { client: T; close: () => Promise<void> } {
  const proxy = ClientProxyFactory.create({
    transport: Transport.TCP,
    options: { host: '127.0.0.1', port: Number(environment.env[`${serviceEnvPrefix(service)}_PORT`]) },
  });
  return { client: new type(proxy), close: () => proxy.close() };
}

/** The AppException a call fails with, as the calling service would see it; throws if it succeeds. */
export async function failureOf(call: Promise<unknown>): Promise<AppException> {
  try {
    await call;
  } catch (error) {
    if (error instanceof AppException) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
}
