import { healthPattern } from '../rpc.js';
import { ServiceName } from '../services.js';

/** Message patterns of the inventory service: 'inventory.<verb-noun>'. Values are never renamed. */
export const InventoryPatterns = {
  Health: healthPattern(ServiceName.Inventory),
} as const;
