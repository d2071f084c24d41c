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
  type UserRole,
  type UserStatus,
} from '@erp/contracts';
import { Body, Controller, Delete, Get, Headers, HttpCode, Param, Patch, Post, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { AdminOnly } from '../auth/access.decorators.js';
import { ParseIdPipe } from '../common/parse-id.pipe.js';
import { RequestMeta } from '../common/request-meta.decorator.js';
import {
  exportLanguageOf,
  ExportFormatParam,
  sendTableFile,
  tableFile,
  type ExportColumn,
  type ExportFormat,
  type ExportLanguage,
} from '../common/table-export.js';
import { GatewayConfig } from '../config/gateway.config.js';

class UsersQuery {
  @ExportFormatParam()
  format?: ExportFormat;
}

const roleLabels: Record<ExportLanguage, Record<UserRole, string>> = {
  en: { owner: 'Owner', admin: 'Admin', staff: 'Staff' },
  ar: { owner: 'مالك', admin: 'مدير', staff: 'موظف' },
};

const statusLabels: Record<ExportLanguage, Record<UserStatus, string>> = {
  en: { pending: 'Pending approval', approved: 'Approved', rejected: 'Rejected' },
  ar: { pending: 'قيد الاعتماد', approved: 'معتمد', rejected: 'مرفوض' },
};

/** The columns of the users export: who, their role and status, and their permissions by code. */
function userColumns(language: ExportLanguage): Array<ExportColumn<UserDto>> {
  return [
    { header: { en: 'Full name', ar: 'الاسم الكامل' }, width: 28, value: (user) => user.fullName },
    { header: { en: 'Username', ar: 'اسم المستخدم' }, value: (user) => user.username },
    { header: { en: 'Email', ar: 'البريد الإلكتروني' }, width: 28, value: (user) => user.email },
    { header: { en: 'Phone', ar: 'الجوال' }, value: (user) => user.phone },
    { header: { en: 'Role', ar: 'الدور' }, value: (user) => roleLabels[language][user.role] },
    { header: { en: 'Status', ar: 'الحالة' }, value: (user) => statusLabels[language][user.status] },
    { header: { en: 'Permissions', ar: 'الصلاحيات' }, width: 48, value: (user) => user.permissions.join(', ') },
    { header: { en: 'Added', ar: 'تاريخ الإضافة' }, kind: 'date', value: (user) => user.createdAt },
  ];
}

/** Users & Permissions (/users-permissions). */
@AdminOnly()
@Controller('users')
export class UsersController {
  constructor(
    private readonly identity: IdentityClient,
    private readonly config: GatewayConfig,
  ) {}

  /** Every user; `format=csv|xlsx` downloads them (headers in the language of Accept-Language). */
  @Get()
  async list(
    @Query() query: UsersQuery,
    @Headers('accept-language') acceptLanguage: string | undefined,
    @RequestMeta() meta: RpcMeta,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<UserDto[] | Buffer> {
    const users = await this.identity.listUsers(meta);
    if (!query.format) return users;
    const language = exportLanguageOf(acceptLanguage);
    const table = { format: query.format, language, timeZone: this.config.BUSINESS_TIME_ZONE };
    return sendTableFile(reply, query.format, 'users', await tableFile(table, userColumns(language), users));
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
