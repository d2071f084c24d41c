import {
  AppException,
  ChangePasswordDto,
  ErrorCode,
  IdentityClient,
  LoginDto,
  RegisterDto,
  type RpcMeta,
  type UserDto,
} from '@erp/contracts';
import { Body, Controller, Get, Header, HttpCode, Inject, Post, Req, Res, UseGuards } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CurrentUser, RequestMeta } from '../common/request-meta.decorator.js';
import { GatewayConfig } from '../config/gateway.config.js';
import { Public, SignedIn } from './access.decorators.js';
import { PublicWritesGuard } from './public-writes.guard.js';
import { clearSessionCookie, sessionToken, setSessionCookie, type SessionClaims } from './session-cookie.js';

@Controller()
export class AuthController {
  constructor(
    private readonly identity: IdentityClient,
    private readonly jwt: JwtService,
    @Inject(GatewayConfig) private readonly config: GatewayConfig,
  ) {}

  /** CONTRACT §1: staff, pending, default permissions; does not sign in. */
  @Public()
  @UseGuards(PublicWritesGuard)
  @Post('register')
  @HttpCode(201)
  async register(@Body() dto: RegisterDto, @RequestMeta() meta: RpcMeta): Promise<{ message: string; user: UserDto }> {
    const user = await this.identity.register(dto, meta);
    return { message: 'Your account has been created and is awaiting approval by an administrator.', user };
  }

  @Public()
  @Post('login')
  @HttpCode(200)
  @Header('cache-control', 'no-store')
  async login(
    @Body() dto: LoginDto,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
    @RequestMeta() meta: RpcMeta,
  ): Promise<UserDto> {
    const { user, sessionId } = await this.identity.login({ ...dto, ip: request.ip }, meta);
    const claims: SessionClaims = { sid: sessionId };
    const token = await this.jwt.signAsync(claims, { subject: user.id, expiresIn: this.config.SESSION_TTL_SECONDS });
    setSessionCookie(request, reply, token, this.config.SESSION_TTL_SECONDS);
    return user;
  }

  /** Both paths of the spec; revokes the session on the server so a copied cookie stops working. */
  @Public()
  @Post(['logout', 'auth/logout'])
  @HttpCode(204)
  async logout(
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
    @RequestMeta() meta: RpcMeta,
  ): Promise<void> {
    const token = sessionToken(request);
    const claims = token ? await this.jwt.verifyAsync<SessionClaims>(token).catch(() => null) : null;
    if (claims && typeof claims.sid === 'string') await this.identity.revokeSession(claims.sid, meta);
    clearSessionCookie(request, reply);
  }

  @SignedIn()
  @Get('user')
  currentUser(@CurrentUser() user: UserDto): UserDto {
    return user;
  }

  /** CONTRACT §14: one's own password; the user's other sessions end, this one stays. */
  @SignedIn()
  @Post('user/password')
  @HttpCode(204)
  async changePassword(
    @Body() dto: ChangePasswordDto,
    @Req() request: FastifyRequest,
    @RequestMeta() meta: RpcMeta,
  ): Promise<void> {
    if (!request.sessionId) throw new AppException(ErrorCode.Unauthenticated, 'Please sign in');
    await this.identity.changePassword({ ...dto, keepSessionId: request.sessionId, ip: request.ip }, meta);
  }
}
