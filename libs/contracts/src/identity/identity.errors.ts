/** Error codes of the identity service (translated by the web app). Values are never renamed. */
export const IdentityErrorCode = {
  InvalidCredentials: 'IDENTITY_INVALID_CREDENTIALS',
  AccountPending: 'IDENTITY_ACCOUNT_PENDING',
  AccountRejected: 'IDENTITY_ACCOUNT_REJECTED',
  UsernameTaken: 'IDENTITY_USERNAME_TAKEN',
  EmailTaken: 'IDENTITY_EMAIL_TAKEN',
  LoginRateLimited: 'IDENTITY_LOGIN_RATE_LIMITED',
  UserNotFound: 'IDENTITY_USER_NOT_FOUND',
  OwnerProtected: 'IDENTITY_OWNER_PROTECTED',
  CannotDeleteSelf: 'IDENTITY_CANNOT_DELETE_SELF',
  LastOwner: 'IDENTITY_LAST_OWNER',
  AdminRequired: 'IDENTITY_ADMIN_REQUIRED',
  PermissionRequired: 'IDENTITY_PERMISSION_REQUIRED',
  PermissionNotHeld: 'IDENTITY_PERMISSION_NOT_HELD',
  ApiKeyNotFound: 'IDENTITY_API_KEY_NOT_FOUND',
  InvalidApiKey: 'IDENTITY_INVALID_API_KEY',
  InvalidLogo: 'IDENTITY_INVALID_LOGO',
  LogoTooLarge: 'IDENTITY_LOGO_TOO_LARGE',
} as const;

export type IdentityErrorCode = (typeof IdentityErrorCode)[keyof typeof IdentityErrorCode];
