import type { ServiceName } from './services.js';

/** Who asked, carried with every RPC message and job so logs and audit rows can name it. */
export interface RpcMeta {
  requestId: string;
  userId?: string;
}

/** Every RPC message is `{ meta, data }`; handlers read `@Payload('data')`. */
export interface RpcRequest<T> {
  meta: RpcMeta;
  data: T;
}

export interface DependencyHealth {
  ok: boolean;
  latencyMs: number;
  error?: string;
}

/** Answer of every service's health pattern. */
export interface ServiceHealthDto {
  service: ServiceName;
  status: 'ok' | 'degraded';
  uptimeSeconds: number;
  checks: { database: DependencyHealth; redis: DependencyHealth };
}

/** Message pattern of a service's health check: `'<service>.health'`. */
export function healthPattern(service: ServiceName): string {
  return `${service}.health`;
}
