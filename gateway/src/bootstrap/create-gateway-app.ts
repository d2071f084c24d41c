import { createValidationPipe } from '@erp/common';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import { Logger as NestLogger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { Logger } from 'nestjs-pino';
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { IncomingMessage } from 'node:http';
import type { GatewayConfig } from '../config/gateway.config.js';
import { HttpExceptionFilter, sendError } from '../errors/http-exception.filter.js';
import { GatewayModule } from '../gateway.module.js';
import { GatewayMetrics } from '../metrics/metrics.js';
import { SpaAssets } from '../web/spa-assets.js';
import { assertEveryRouteDeclaresAccess } from '../auth/route-table.js';
import { refuseCrossSite } from './refuse-cross-site.js';
import { handleClientError } from './client-error.js';
import { requireJsonBody } from './require-json-body.js';

const saneRequestId = /^[A-Za-z0-9._-]{1,64}$/;

/** A caller's X-Request-Id when it is sane, else a new uuid. */
function requestId(request: IncomingMessage): string {
  const given = request.headers['x-request-id'];
  return typeof given === 'string' && saneRequestId.test(given) ? given : randomUUID();
}

/** The Content-Security-Policy of the SPA: no inline script, nothing from elsewhere. */
const contentSecurityPolicy = {
  directives: {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    // MUI (Emotion) writes style elements at run time.
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:'],
    fontSrc: ["'self'", 'data:'],
    connectSrc: ["'self'"],
    mediaSrc: ["'self'", 'blob:'],
    objectSrc: ["'none'"],
    frameAncestors: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    // Served over plain HTTP on a LAN address too: upgrading would break the app there.
    upgradeInsecureRequests: null,
  },
};

/** Builds the gateway: Fastify with limits, headers, request ids, metrics, errors and the SPA. */
export async function createGatewayApp(config: GatewayConfig): Promise<NestFastifyApplication> {
  const errorLogger = new NestLogger('HttpExceptionFilter');
  const adapter = new FastifyAdapter({
    bodyLimit: config.BODY_LIMIT_BYTES,
    genReqId: requestId,
    trustProxy: config.TRUST_PROXY,
    return503OnClosing: true,
    logger: false,
    // What is refused before any route or filter runs answers in CONTRACT §3's shape too: the
    // router's (an over-long path parameter, a malformed URL) and Node's parser's (a 1 MB URL).
    frameworkErrors: (error: FastifyError, request: FastifyRequest, reply: FastifyReply) =>
      sendError(reply, error, request, errorLogger),
    clientErrorHandler: handleClientError,
  });
  const metrics = new GatewayMetrics();
  const spa = SpaAssets.load(config.WEB_DIST_DIR);
  const app = await NestFactory.create<NestFastifyApplication>(GatewayModule.forRoot(config, metrics), adapter, {
    bufferLogs: true,
  });
  app.useLogger(app.get(Logger));

  const fastify = app.getHttpAdapter().getInstance();
  fastify.removeContentTypeParser('text/plain');
  // Cross-site first: a cross-site form post is told why (403), not only that its type is wrong (415).
  fastify.addHook('onRequest', refuseCrossSite);
  fastify.addHook('onRequest', requireJsonBody);
  fastify.addHook('onRequest', async (request: FastifyRequest, reply) => {
    void reply.header('x-request-id', request.id);
  });
  metrics.instrument(fastify);
  await app.register(helmet, { contentSecurityPolicy, crossOriginEmbedderPolicy: false });
  await app.register(cookie);

  app.setGlobalPrefix('api', { exclude: ['health', 'ready', 'metrics'] });
  app.useGlobalPipes(createValidationPipe());
  app.useGlobalFilters(new HttpExceptionFilter(spa));
  serveUploads(app, config);
  if (spa) {
    app.useStaticAssets({ root: spa.root, prefix: '/', wildcard: false, index: ['index.html'] });
  }
  app.enableShutdownHooks();
  await app.init();
  assertEveryRouteDeclaresAccess(app);
  return app;
}

/**
 * The company logo, under ERP_DATA_DIR/uploads/logos, public (it is printed on every invoice) and
 * never run as a page. The other files there (intake uploads) are the business's own documents:
 * they are served to signed-in users only, by IntakeFilesController.
 */
function serveUploads(app: NestFastifyApplication, config: GatewayConfig): void {
  const root = join(resolve(config.ERP_DATA_DIR), 'uploads');
  mkdirSync(root, { recursive: true });
  app.useStaticAssets({
    root,
    prefix: '/uploads/',
    decorateReply: false,
    index: false,
    dotfiles: 'deny',
    allowedPath: (pathName: string) => pathName.startsWith('/logos/'),
    // @fastify/static 10 hands over Fastify's reply here; Nest's typing still describes Node's response.
    setHeaders: (response) => {
      const reply = response as unknown as FastifyReply;
      void reply.header(
        'content-security-policy',
        "default-src 'none'; img-src data:; style-src 'unsafe-inline'; sandbox",
      );
      void reply.header('x-content-type-options', 'nosniff');
      void reply.header('cache-control', 'public, max-age=31536000, immutable');
    },
  });
}
