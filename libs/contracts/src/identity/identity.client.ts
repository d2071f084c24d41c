import type { ClientProxy } from '@nestjs/microservices';
import type { RpcMeta } from '../rpc.js';
import { ServiceClient } from '../service-client.js';
import { ServiceName } from '../services.js';
import type { ApiKeyDto, CreateApiKeyDto, CreatedApiKeyDto, VerifiedApiKeyDto } from './api-key.dto.js';
import type { CreateDemoRequestDto, DemoRequestDto } from './demo-request.dto.js';
import { IdentityPatterns } from './identity.patterns.js';
import type { LoginRequestDto, LoginResultDto, ResolvedSessionDto } from './session.dto.js';
import type { CompanySettingsDto, UpdateSettingsDto } from './settings.dto.js';
import type {
  ChangePasswordRequestDto,
  CreateUserDto,
  RegisterDto,
  ResetPasswordDto,
  UpdateUserDto,
  UserDto,
  GetUserNamesDto,
  UserNameDto,
} from './user.dto.js';
import type { UserStatus } from '../permissions.js';

/** Typed RPC client of the identity service. Calls made for a user carry their id in `meta.userId`. */
export class IdentityClient extends ServiceClient {
  constructor(proxy: ClientProxy, timeoutMs?: number) {
    super(ServiceName.Identity, proxy, timeoutMs);
  }

  createDemoRequest(dto: CreateDemoRequestDto, meta: RpcMeta): Promise<DemoRequestDto> {
    return this.send(IdentityPatterns.CreateDemoRequest, dto, meta);
  }

  listDemoRequests(meta: RpcMeta): Promise<DemoRequestDto[]> {
    return this.send(IdentityPatterns.ListDemoRequests, {}, meta);
  }

  register(dto: RegisterDto, meta: RpcMeta): Promise<UserDto> {
    return this.send(IdentityPatterns.Register, dto, meta);
  }

  login(dto: LoginRequestDto, meta: RpcMeta): Promise<LoginResultDto> {
    return this.send(IdentityPatterns.Login, dto, meta);
  }

  resolveSession(sessionId: string, meta: RpcMeta): Promise<ResolvedSessionDto> {
    return this.send(IdentityPatterns.ResolveSession, { sessionId }, meta);
  }

  revokeSession(sessionId: string, meta: RpcMeta): Promise<void> {
    return this.send(IdentityPatterns.RevokeSession, { sessionId }, meta);
  }

  getUserNames(dto: GetUserNamesDto, meta: RpcMeta): Promise<UserNameDto[]> {
    return this.send(IdentityPatterns.GetUserNames, dto, meta);
  }

  listUsers(meta: RpcMeta): Promise<UserDto[]> {
    return this.send(IdentityPatterns.ListUsers, {}, meta);
  }

  createUser(dto: CreateUserDto, meta: RpcMeta): Promise<UserDto> {
    return this.send(IdentityPatterns.CreateUser, dto, meta);
  }

  updateUser(id: string, changes: UpdateUserDto, meta: RpcMeta): Promise<UserDto> {
    return this.send(IdentityPatterns.UpdateUser, { ...changes, id }, meta);
  }

  updateUserStatus(id: string, status: UserStatus, meta: RpcMeta): Promise<UserDto> {
    return this.send(IdentityPatterns.UpdateUserStatus, { id, status }, meta);
  }

  deleteUser(id: string, meta: RpcMeta): Promise<void> {
    return this.send(IdentityPatterns.DeleteUser, { id }, meta);
  }

  /** The caller's own password; their other sessions end. */
  changePassword(dto: ChangePasswordRequestDto, meta: RpcMeta): Promise<void> {
    return this.send(IdentityPatterns.ChangePassword, dto, meta);
  }

  /** Another user's password, by an admin or owner; all that user's sessions end. */
  resetPassword(id: string, dto: ResetPasswordDto, meta: RpcMeta): Promise<void> {
    return this.send(IdentityPatterns.ResetPassword, { ...dto, id }, meta);
  }

  getSettings(meta: RpcMeta): Promise<CompanySettingsDto> {
    return this.send(IdentityPatterns.GetSettings, {}, meta);
  }

  updateSettings(dto: UpdateSettingsDto, meta: RpcMeta): Promise<CompanySettingsDto> {
    return this.send(IdentityPatterns.UpdateSettings, dto, meta);
  }

  uploadLogo(imageBase64: string, meta: RpcMeta): Promise<CompanySettingsDto> {
    return this.send(IdentityPatterns.UploadLogo, { imageBase64 }, meta);
  }

  listApiKeys(meta: RpcMeta): Promise<ApiKeyDto[]> {
    return this.send(IdentityPatterns.ListApiKeys, {}, meta);
  }

  createApiKey(dto: CreateApiKeyDto, meta: RpcMeta): Promise<CreatedApiKeyDto> {
    return this.send(IdentityPatterns.CreateApiKey, dto, meta);
  }

  deleteApiKey(id: string, meta: RpcMeta): Promise<void> {
    return this.send(IdentityPatterns.DeleteApiKey, { id }, meta);
  }

  /** Any user's keys, for an admin or owner. */
  listUserApiKeys(userId: string, meta: RpcMeta): Promise<ApiKeyDto[]> {
    return this.send(IdentityPatterns.ListUserApiKeys, { id: userId }, meta);
  }

  revokeUserApiKey(userId: string, keyId: string, meta: RpcMeta): Promise<void> {
    return this.send(IdentityPatterns.RevokeUserApiKey, { userId, keyId }, meta);
  }

  verifyApiKey(key: string, meta: RpcMeta): Promise<VerifiedApiKeyDto | null> {
    return this.send(IdentityPatterns.VerifyApiKey, { key }, meta);
  }
}
