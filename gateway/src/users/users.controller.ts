import {
  CreateUserDto,
  IdentityClient,
  ResetPasswordDto,
  UpdateUserDto,
  UpdateUserStatusDto,
  type ApiKeyDto,
  type DemoRequestDto,
  type RpcMeta,
  type UserDto,
} from '@erp/contracts';
import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post } from '@nestjs/common';
import { AdminOnly } from '../auth/access.decorators.js';
import { ParseIdPipe } from '../common/parse-id.pipe.js';
import { RequestMeta } from '../common/request-meta.decorator.js';

/** Users & Permissions (/users-permissions). */
@AdminOnly()
@Controller('users')
export class UsersController {
  constructor(private readonly identity: IdentityClient) {}

  @Get()
  list(@RequestMeta() meta: RpcMeta): Promise<UserDto[]> {
    return this.identity.listUsers(meta);
  }

  @Post()
  @HttpCode(201)
  create(@Body() dto: CreateUserDto, @RequestMeta() meta: RpcMeta): Promise<UserDto> {
    return this.identity.createUser(dto, meta);
  }

  @Patch(':id')
  update(
    @Param('id', ParseIdPipe) id: string,
    @Body() dto: UpdateUserDto,
    @RequestMeta() meta: RpcMeta,
  ): Promise<UserDto> {
    return this.identity.updateUser(id, dto, meta);
  }

  @Delete(':id')
  @HttpCode(204)
  async delete(@Param('id', ParseIdPipe) id: string, @RequestMeta() meta: RpcMeta): Promise<void> {
    await this.identity.deleteUser(id, meta);
  }

  /** CONTRACT §14: another user's password (never one's own, never an owner's by an admin); ends their sessions. */
  @Post(':id/password')
  @HttpCode(204)
  async resetPassword(
    @Param('id', ParseIdPipe) id: string,
    @Body() dto: ResetPasswordDto,
    @RequestMeta() meta: RpcMeta,
  ): Promise<void> {
    await this.identity.resetPassword(id, dto, meta);
  }

  /** CONTRACT §14: a user's API keys, masked, so an admin can see what still works for whom. */
  @Get(':id/api-keys')
  apiKeys(@Param('id', ParseIdPipe) id: string, @RequestMeta() meta: RpcMeta): Promise<ApiKeyDto[]> {
    return this.identity.listUserApiKeys(id, meta);
  }

  /** Revokes one of them at once (an owner's only by an owner). */
  @Delete(':id/api-keys/:keyId')
  @HttpCode(204)
  async revokeApiKey(
    @Param('id', ParseIdPipe) id: string,
    @Param('keyId', ParseIdPipe) keyId: string,
    @RequestMeta() meta: RpcMeta,
  ): Promise<void> {
    await this.identity.revokeUserApiKey(id, keyId, meta);
  }
}

/** User Approvals (/admin/users): users and demo requests. */
@AdminOnly()
@Controller('admin')
export class AdminController {
  constructor(private readonly identity: IdentityClient) {}

  @Get('users')
  users(@RequestMeta() meta: RpcMeta): Promise<UserDto[]> {
    return this.identity.listUsers(meta);
  }

  @Get('demo-requests')
  demoRequests(@RequestMeta() meta: RpcMeta): Promise<DemoRequestDto[]> {
    return this.identity.listDemoRequests(meta);
  }

  @Patch('users/:id/status')
  updateStatus(
    @Param('id', ParseIdPipe) id: string,
    @Body() dto: UpdateUserStatusDto,
    @RequestMeta() meta: RpcMeta,
  ): Promise<UserDto> {
    return this.identity.updateUserStatus(id, dto.status, meta);
  }
}
