import { healthPattern } from '../rpc.js';
import { ServiceName } from '../services.js';

/** Message patterns of the orders service: 'orders.<verb-noun>'. Values are never renamed. */
export const OrdersPatterns = {
  Health: healthPattern(ServiceName.Orders),
} as const;
