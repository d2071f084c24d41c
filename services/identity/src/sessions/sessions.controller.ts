import {
  IdentityPatterns,
  LoginRequestDto,
  SessionIdDto,
  type LoginResultDto,
  type ResolvedSessionDto,
} from '@erp/contracts';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { SessionsService } from './sessions.service.js';

@Controller()
export class SessionsController {
  constructor(private readonly sessions: SessionsService) {}

  @MessagePattern(IdentityPatterns.Login)
  login(@Payload('data') dto: LoginRequestDto): Promise<LoginResultDto> {
    return this.sessions.login(dto);
  }

  @MessagePattern(IdentityPatterns.ResolveSession)
  resolve(@Payload('data') dto: SessionIdDto): Promise<ResolvedSessionDto> {
    return this.sessions.resolve(dto.sessionId);
  }

  @MessagePattern(IdentityPatterns.RevokeSession)
  async revoke(@Payload('data') dto: SessionIdDto): Promise<null> {
    await this.sessions.revoke(dto.sessionId);
    return null;
  }
}
