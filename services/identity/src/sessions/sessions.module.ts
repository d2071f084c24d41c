import { Module } from '@nestjs/common';
import { UsersModule } from '../users/users.module.js';
import { LoginLimiter } from './login-limiter.js';
import { SessionsController } from './sessions.controller.js';
import { SessionsService } from './sessions.service.js';

@Module({
  imports: [UsersModule],
  controllers: [SessionsController],
  providers: [SessionsService, LoginLimiter],
})
export class SessionsModule {}
