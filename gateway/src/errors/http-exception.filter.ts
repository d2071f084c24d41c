import { Catch, HttpException, HttpStatus, Logger, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { isPartnerApiPath, routePath } from '../bootstrap/route-path.js';
import { isServerPath, type SpaAssets } from '../web/spa-assets.js';
import { toErrorResponse } from './error-response.js';

/**
 * The one HTTP exception filter: every failure becomes CONTRACT §3's body. A browser path
 * that matches no route gets the SPA's index.html, whose router shows the 404 screen.
 */
@Catch()
export class HttpExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('HttpExceptionFilter');

  constructor(private readonly spa: SpaAssets | null) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const request = host.switchToHttp().getRequest<FastifyRequest>();
    const reply = host.switchToHttp().getResponse<FastifyReply>();
    if (this.spa && this.isBrowserRoute(exception, request)) {
      void reply
        .status(200)
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .send(this.spa.indexHtml);
      return;
    }
    sendError(reply, exception, request, this.logger);
  }

  private isBrowserRoute(exception: unknown, request: FastifyRequest): boolean {
    return (
      exception instanceof HttpException &&
      exception.getStatus() === HttpStatus.NOT_FOUND &&
      (request.method === 'GET' || request.method === 'HEAD') &&
      !isServerPath(routePath(request))
    );
  }
}

/**
 * Writes the contract's error body: `{ message, code, details? }`, or the envelope on /api/v1.
 * Also Fastify's `frameworkErrors` (the router's refusals, which no Nest filter sees).
 */
export function sendError(reply: FastifyReply, error: unknown, request: FastifyRequest, logger: Logger): void {
  const response = toErrorResponse(error, request.id);
  if (response.fault) logger.error({ err: error, requestId: request.id }, 'request failed');
  const { message, ...rest } = response.body;
  // The partner API answers in its envelope, errors included (CONTRACT §3).
  const body = isPartnerApiPath(routePath(request)) ? { success: false, error: message, ...rest } : response.body;
  void reply.status(response.status).headers(response.headers).send(body);
}
