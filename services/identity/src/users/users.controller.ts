import {
  ChangePasswordRequestDto,
  CreateUserDto,
  GetUserNamesDto,
  IdDto,
  IdentityPatterns,
  RegisterDto,
  ResetPasswordRequestDto,
  UpdateUserRequestDto,
  UpdateUserStatusRequestDto,
  type RpcMeta,
  type UserDto,
  type UserNameDto,
} from '@erp/contracts';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { UsersService } from './users.service.js';

@Controller()
export class UsersController {
  constructor(private readonly users: UsersService) {}

  @MessagePattern(IdentityPatterns.Register)
  register(@Payload('data') dto: RegisterDto): Promise<UserDto> {
    return this.users.register(dto);
  }

  @MessagePattern(IdentityPatterns.GetUserNames)
  names(@Payload('data') dto: GetUserNamesDto): Promise<UserNameDto[]> {
    return this.users.names(dto.ids);
  }

  @MessagePattern(IdentityPatterns.ListUsers)
  list(@Payload('meta') meta: RpcMeta): Promise<UserDto[]> {
    return this.users.list(meta.userId);
  }

  @MessagePattern(IdentityPatterns.CreateUser)
  create(@Payload('data') dto: CreateUserDto, @Payload('meta') meta: RpcMeta): Promise<UserDto> {
    return this.users.create(dto, meta.userId);
  }

  @MessagePattern(IdentityPatterns.UpdateUser)
  update(@Payload('data') dto: UpdateUserRequestDto, @Payload('meta') meta: RpcMeta): Promise<UserDto> {
    const { id, ...changes } = dto;
    return this.users.update(id, changes, meta.userId);
  }

  @MessagePattern(IdentityPatterns.UpdateUserStatus)
  updateStatus(@Payload('data') dto: UpdateUserStatusRequestDto, @Payload('meta') meta: RpcMeta): Promise<UserDto> {
    return this.users.update(dto.id, { status: dto.status }, meta.userId);
  }

  @MessagePattern(IdentityPatterns.ChangePassword)
  async changePassword(@Payload('data') dto: ChangePasswordRequestDto, @Payload('meta') meta: RpcMeta): Promise<null> {
    await this.users.changePassword(dto, meta.userId);
    return null;
  }

  @MessagePattern(IdentityPatterns.ResetPassword)
  async resetPassword(@Payload('data') dto: ResetPasswordRequestDto, @Payload('meta') meta: RpcMeta): Promise<null> {
    await this.users.resetPassword(dto.id, dto.newPassword, meta.userId);
    return null;
  }

  @MessagePattern(IdentityPatterns.DeleteUser)
  async delete(@Payload('data') dto: IdDto, @Payload('meta') meta: RpcMeta): Promise<null> {
    await this.users.delete(dto.id, meta.userId);
    return null;
  }
}
