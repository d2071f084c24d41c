import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { LoginLimiter } from '../sessions/login-limiter.js';
import { SessionsStore } from '../sessions/sessions.store.js';
import { OwnerBootstrap } from './owner-bootstrap.js';
import { PasswordPolicy } from './password-policy.js';
import { Passwords } from './passwords.js';
import { UserEntity } from './user.entity.js';
import { UsersController } from './users.controller.js';
import { UsersRepository } from './users.repository.js';
import { UserStamps } from './user-stamps.js';
import { UsersService } from './users.service.js';

@Module({
  imports: [TypeOrmModule.forFeature([UserEntity])],
  controllers: [UsersController],
  providers: [
    Passwords,
    PasswordPolicy,
    UsersRepository,
    UsersService,
    OwnerBootstrap,
    SessionsStore,
    LoginLimiter,
    UserStamps,
  ],
  exports: [Passwords, UsersRepository, UsersService, SessionsStore, LoginLimiter, UserStamps],
})
export class UsersModule {}
