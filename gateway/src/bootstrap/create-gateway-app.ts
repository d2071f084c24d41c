import { createValidationPipe } from '@erp/common';
import { IMPORT_BODY_LIMIT_BYTES } from '@erp/contracts';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import { Logger as NestLogger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Logger } from 'nestjs-pino';
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { IncomingMessage } from 'node:http';
import type { GatewayConfig } from '../config/gateway.config.js';
import { fastifyTrustProxy } from '../config/trust-proxy.js';
import { HttpExceptionFilter, sendError } from '../errors/http-exception.filter.js';
import { GatewayModule } from '../gateway.module.js';
import { GatewayMetrics } from '../metrics/metrics.js';
import { SpaAssets } from '../web/spa-assets.js';
import { assertEveryRouteDeclaresAccess } from '../auth/route-table.js';
import { refuseCrossSite } from './refuse-cross-site.js';
import { handleClientError } from './client-error.js';
import { requireJsonBody } from './require-json-body.js';
import { keepRawBody } from '../channels/raw-body.js';

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
    trustProxy: fastifyTrustProxy(config.TRUST_PROXY),
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
    // Nest would add a form (urlencoded) parser: the gateway parses JSON and nothing else.
    bodyParser: false,
  });
  app.useLogger(app.get(Logger));

  const fastify = app.getHttpAdapter().getInstance();
  // A spreadsheet import carries its file (up to 20 MB) in base64: its one route takes a larger body.
  fastify.addHook('onRoute', (route) => {
    if (route.url === '/api/imports' && route.method === 'POST') route.bodyLimit = IMPORT_BODY_LIMIT_BYTES;
  });
  acceptJsonBodiesOnly(fastify);
  // Cross-site first: a cross-site form post is told why (403), not only that its type is wrong (415).
  fastify.addHook('onRequest', refuseCrossSite);
  fastify.addHook('onRequest', requireJsonBody);
  fastify.addHook('onRequest', async (request: FastifyRequest, reply) => {
    void reply.header('x-request-id', request.id);
  });
  fastify.addHook('onSend', privateAnswersAndHttpsOnlyHsts);
  metrics.instrument(fastify);
  // HSTS is added per answer, over HTTPS only (privateAnswersAndHttpsOnlyHsts).
  await app.register(helmet, {
    contentSecurityPolicy,
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: false,
  });
  await app.register(cookie);

  app.setGlobalPrefix('api', { exclude: ['health', 'ready', 'metrics'] });
  app.useGlobalPipes(createValidationPipe({ edge: true }));
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
 * CONTRACT §14: what a signed-in user or a key is answered is theirs alone, and no cache on the
 * way (a shared proxy, the browser's disk) may keep it: `no-store`, unless the route chose its
 * own policy (the intake files' private cache). HSTS only over HTTPS (directly, or through a
 * trusted proxy): sent over plain HTTP it means nothing, and on a LAN address it is wrong.
 */
async function privateAnswersAndHttpsOnlyHsts(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  if (request.user !== undefined && !reply.hasHeader('cache-control')) void reply.header('cache-control', 'no-store');
  if (request.protocol === 'https') {
    void reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
  }
}

/**
 * JSON is the only body the gateway reads (CONTRACT §1): any other type is refused by Fastify
 * with 415 before a route runs, so no form, text or multipart body reaches a handler. An empty
 * JSON body is no body (CONTRACT §9): what many HTTP libraries send on DELETE and body-less POST.
 */
function acceptJsonBodiesOnly(fastify: FastifyInstance): void {
  const parseJson = fastify.getDefaultJsonParser('error', 'error');
  fastify.removeAllContentTypeParsers();
  fastify.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    keepRawBody(request, body as string);
    if (body.length === 0) done(null, undefined);
    else void parseJson(request, body as string, done);
  });
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
