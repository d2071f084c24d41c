import { defaultServicePorts } from '@erp/contracts';
import { IsIn, IsInt, IsNumber, IsOptional, IsString, Matches, Max, Min } from 'class-validator';

const postgresUrl = /^postgres(ql)?:\/\/\S+$/;
const redisUrl = /^rediss?:\/\/\S+$/;

export const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof logLevels)[number];

/** Where each service listens; the gateway reads all of them, a service its own. */
export class ServiceAddressesConfig {
  @IsString() IDENTITY_HOST: string = '127.0.0.1';
  @IsInt() @Min(1) @Max(65535) IDENTITY_PORT: number = defaultServicePorts.identity;
  @IsString() ORDERS_HOST: string = '127.0.0.1';
  @IsInt() @Min(1) @Max(65535) ORDERS_PORT: number = defaultServicePorts.orders;
  @IsString() INVENTORY_HOST: string = '127.0.0.1';
  @IsInt() @Min(1) @Max(65535) INVENTORY_PORT: number = defaultServicePorts.inventory;
  @IsString() BILLING_HOST: string = '127.0.0.1';
  @IsInt() @Min(1) @Max(65535) BILLING_PORT: number = defaultServicePorts.billing;
  @IsString() AI_PARSER_HOST: string = '127.0.0.1';
  @IsInt() @Min(1) @Max(65535) AI_PARSER_PORT: number = defaultServicePorts['ai-parser'];
}

/** What every back-end process needs: Redis, logging. */
export class ProcessConfig extends ServiceAddressesConfig {
  @Matches(redisUrl, { message: '$property must be a redis:// URL' }) REDIS_URL: string;
  /** Prefix of every Redis key and BullMQ queue: lets several systems (or test files) share one Redis. */
  @Matches(/^[a-z0-9][a-z0-9_-]{0,40}$/i, { message: '$property must be letters, digits, - or _' })
  REDIS_PREFIX: string = 'erp';
  @IsIn(logLevels) LOG_LEVEL: LogLevel = 'info';
}

/** What every service needs on top: its database, and the relay of its outbox (docs/decisions/0018). */
export class ServiceConfig extends ProcessConfig {
  @Matches(postgresUrl, { message: '$property must be a postgres:// URL' }) DATABASE_URL: string;
  /** How often the outbox relay looks for rows it was not woken for (another process's, retries), in ms. */
  @IsInt() @Min(10) @Max(60_000) OUTBOX_RELAY_INTERVAL_MS: number = 250;
  /** Outbox rows the relay claims and adds to BullMQ per transaction. */
  @IsInt() @Min(1) @Max(1_000) OUTBOX_BATCH_SIZE: number = 100;
  /** Days a sent outbox row is kept (to look at, and for reconciliation) before the relay deletes it. */
  @IsNumber() @Min(0) @Max(365) OUTBOX_RETENTION_DAYS: number = 7;
  /**
   * Fault suite only, ignored when NODE_ENV is production: a folder where a file named after the
   * service's schema makes its next commit that staged outbox rows kill the process before the
   * relay publishes them (libs/common/src/outbox/crash-after-commit.ts).
   */
  @IsOptional() @IsString() FAULT_CRASH_DIR?: string;
}
