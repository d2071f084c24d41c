import type { RpcMeta, UserDto } from '@erp/contracts';
import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';

/** The RpcMeta of the current request: its id and, when signed in, the user's id. */
export const RequestMeta = createParamDecorator((_data: unknown, context: ExecutionContext): RpcMeta => {
  const request = context.switchToHttp().getRequest<FastifyRequest>();
  return request.user ? { requestId: request.id, userId: request.user.id } : { requestId: request.id };
});

/** The signed-in user (routes that are not public only). */
export const CurrentUser = createParamDecorator((_data: unknown, context: ExecutionContext): UserDto => {
  const user = context.switchToHttp().getRequest<FastifyRequest>().user;
  if (!user) throw new Error('CurrentUser used on a route without a signed-in user');
  return user;
});
