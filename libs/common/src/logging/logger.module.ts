import { RequestMethod, type DynamicModule, type ExecutionContext } from '@nestjs/common';
import type { RpcRequest } from '@erp/contracts';
import { LoggerModule } from 'nestjs-pino';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { LogLevel } from '../config/base.config.js';

/** Paths never written to the logs. */
export const redactedPaths = [
  'req.headers.cookie',
  'req.headers.authorization',
  'req.headers["x-api-key"]',
  'res.headers["set-cookie"]',
  '*.password',
  '*.passwordHash',
  '*.apiKey',
];

type RequestWithId = IncomingMessage & { id?: string };

function rpcRequestId(context: ExecutionContext): string {
  const message = context.switchToRpc().getData<Partial<RpcRequest<unknown>> | undefined>();
  const requestId = message?.meta?.requestId;
  return typeof requestId === 'string' && requestId.length > 0 ? requestId : randomUUID();
}

/**
 * One logging setup for every app: JSON lines with the app's name, the request id of the
 * HTTP request (gateway) or of the RPC message that carried it (services).
 */
export function createLoggerModule(name: string, level: LogLevel): DynamicModule {
  return LoggerModule.forRoot({
    // Probes and scrapes come every few seconds: not worth a line each.
    exclude: ['health', 'ready', 'metrics'].map((path) => ({ method: RequestMethod.ALL, path })),
    pinoHttp: {
      name,
      level,
      redact: { paths: redactedPaths, censor: '[redacted]' },
      // The gateway's Fastify sets the id (from a sane X-Request-Id or a new uuid); keep it.
      genReqId: (req: RequestWithId) => req.id ?? randomUUID(),
      customAttributeKeys: { reqId: 'requestId' },
      quietReqLogger: true,
      // A dependency that is down (503) is worth a warning; any other 5xx is our fault.
      customLogLevel: (_req, res, error) =>
        res.statusCode === 503 ? 'warn' : res.statusCode >= 500 || error ? 'error' : 'info',
      serializers: {
        req: (req: { method: string; url: string }) => ({ method: req.method, url: req.url }),
        res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
      },
    },
    microservice: {
      genReqId: rpcRequestId,
      customAttributeKeys: { reqId: 'requestId' },
      quietRpcLogger: true,
      // A domain error is an answer, not a fault: log it at info; anything else at error.
      customLogLevel: (_context, error) =>
        error === undefined ? 'debug' : error.name === 'AppException' ? 'info' : 'error',
    },
  });
}
