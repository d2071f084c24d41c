import { CreateDemoRequests1795300000000 } from './1795300000000-create-demo-requests.js';
import { CreateUsersSettingsApiKeys1795300100000 } from './1795300100000-create-users-settings-api-keys.js';
import { CreateWebhooks1796000000000 } from './1796000000000-create-webhooks.js';
import { Outbox1796500000000 } from './1796500000000-outbox.js';

/** Migrations of the identity schema, in order. Each feature adds its own; never edit a landed one. */
export const identityMigrations = [
  CreateDemoRequests1795300000000,
  CreateUsersSettingsApiKeys1795300100000,
  CreateWebhooks1796000000000,
  Outbox1796500000000,
];
