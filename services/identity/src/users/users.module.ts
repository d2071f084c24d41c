import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { SessionsStore } from '../sessions/sessions.store.js';
import { OwnerBootstrap } from './owner-bootstrap.js';
import { Passwords } from './passwords.js';
import { UserEntity } from './user.entity.js';
import { UsersController } from './users.controller.js';
import { UsersRepository } from './users.repository.js';
import { UsersService } from './users.service.js';

@Module({
  imports: [TypeOrmModule.forFeature([UserEntity])],
  controllers: [UsersController],
  providers: [Passwords, UsersRepository, UsersService, OwnerBootstrap, SessionsStore],
  exports: [Passwords, UsersRepository, SessionsStore],
})
export class UsersModule {}
