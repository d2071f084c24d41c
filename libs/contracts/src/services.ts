/** The back-end services, each a NestJS microservice on its own TCP port. */
export const ServiceName = {
  Identity: 'identity',
  Orders: 'orders',
  Inventory: 'inventory',
  Billing: 'billing',
  AiParser: 'ai-parser',
} as const;

export type ServiceName = (typeof ServiceName)[keyof typeof ServiceName];

export const serviceNames: readonly ServiceName[] = Object.values(ServiceName);

/** Default TCP ports; each can be changed with <NAME>_PORT (see .env.example). */
export const defaultServicePorts: Record<ServiceName, number> = {
  identity: 4001,
  orders: 4002,
  inventory: 4003,
  billing: 4004,
  'ai-parser': 4005,
};

/** Environment variable prefix of a service: ai-parser -> AI_PARSER. */
export function serviceEnvPrefix(name: ServiceName): string {
  return name.toUpperCase().replace(/-/g, '_');
}

/** The Postgres schema a service owns. */
export function serviceSchema(name: ServiceName): string {
  return name.replace(/-/g, '_');
}
