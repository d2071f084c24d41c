import { serviceEnvPrefix, type ServiceName } from '@erp/contracts';
import type { ServiceAddressesConfig } from './base.config.js';

export interface ServiceAddress {
  host: string;
  port: number;
}

export function serviceAddress(config: ServiceAddressesConfig, service: ServiceName): ServiceAddress {
  const prefix = serviceEnvPrefix(service);
  const values = config as unknown as Record<string, string | number>;
  return { host: String(values[`${prefix}_HOST`]), port: Number(values[`${prefix}_PORT`]) };
}
