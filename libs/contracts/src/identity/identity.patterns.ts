import { healthPattern } from '../rpc.js';
import { ServiceName } from '../services.js';

/** Message patterns of the identity service: 'identity.<verb-noun>'. Values are never renamed. */
export const IdentityPatterns = {
  Health: healthPattern(ServiceName.Identity),
  CreateDemoRequest: 'identity.create-demo-request',
  ListDemoRequests: 'identity.list-demo-requests',
} as const;
