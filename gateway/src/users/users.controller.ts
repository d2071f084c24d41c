import {
  CreateUserDto,
  IdentityClient,
  UpdateUserDto,
  UpdateUserStatusDto,
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
