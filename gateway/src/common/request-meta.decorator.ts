import type { RpcMeta } from '@erp/contracts';
import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';

/** The RpcMeta of the current request: its id (and, once signed in, the user). */
export const RequestMeta = createParamDecorator((_data: unknown, context: ExecutionContext): RpcMeta => {
  const request = context.switchToHttp().getRequest<FastifyRequest>();
  return { requestId: request.id };
});
