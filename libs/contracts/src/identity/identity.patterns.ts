import { healthPattern } from '../rpc.js';
import { ServiceName } from '../services.js';

/** Message patterns of the identity service: 'identity.<verb-noun>'. Values are never renamed. */
export const IdentityPatterns = {
  Health: healthPattern(ServiceName.Identity),
  CreateDemoRequest: 'identity.create-demo-request',
  ListDemoRequests: 'identity.list-demo-requests',
  Register: 'identity.register',
  Login: 'identity.login',
  ResolveSession: 'identity.resolve-session',
  RevokeSession: 'identity.revoke-session',
  ListUsers: 'identity.list-users',
  /** Names of users by id, for records that say who did something (any caller: names only). */
  GetUserNames: 'identity.get-user-names',
  CreateUser: 'identity.create-user',
  UpdateUser: 'identity.update-user',
  UpdateUserStatus: 'identity.update-user-status',
  DeleteUser: 'identity.delete-user',
  ChangePassword: 'identity.change-password',
  ResetPassword: 'identity.reset-password',
  GetSettings: 'identity.get-settings',
  UpdateSettings: 'identity.update-settings',
  UploadLogo: 'identity.upload-logo',
  ListApiKeys: 'identity.list-api-keys',
  CreateApiKey: 'identity.create-api-key',
  DeleteApiKey: 'identity.delete-api-key',
  VerifyApiKey: 'identity.verify-api-key',
  ListUserApiKeys: 'identity.list-user-api-keys',
  RevokeUserApiKey: 'identity.revoke-user-api-key',
} as const;
