import type { ServiceName } from '@erp/contracts';
import type { DynamicModule, INestMicroservice } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { Transport, type MicroserviceOptions } from '@nestjs/microservices';
import type { ClassConstructor } from 'class-transformer';
import { Logger } from 'nestjs-pino';
import type { ServiceConfig } from '../config/base.config.js';
import { loadConfig } from '../config/load-config.js';
import { serviceAddress } from '../config/service-address.js';
import { AllRpcExceptionsFilter } from '../rpc/rpc-exception.filter.js';
import { createValidationPipe } from '../validation/validation.pipe.js';
import { exitOnConfigError } from './exit-on-config-error.js';

/** Creates a service's TCP microservice with the pipes, filters and logger every service uses. */
export async function createServiceApp(
  service: ServiceName,
  root: DynamicModule,
  config: ServiceConfig,
): Promise<INestMicroservice> {
  const { host, port } = serviceAddress(config, service);
  const app = await NestFactory.createMicroservice<MicroserviceOptions>(root, {
    transport: Transport.TCP,
    options: { host, port },
    bufferLogs: true,
  });
  app.useLogger(app.get(Logger));
  app.useGlobalPipes(createValidationPipe());
  app.useGlobalFilters(new AllRpcExceptionsFilter(service));
  app.enableShutdownHooks();
  return app;
}

/** main.ts of every service: validated config, then listen; a bad config exits with one line. */
export async function startService<C extends ServiceConfig>(
  service: ServiceName,
  configType: ClassConstructor<C>,
  rootModule: (config: C) => DynamicModule,
): Promise<INestMicroservice> {
  const config = exitOnConfigError(service, () => loadConfig(configType));
  const app = await createServiceApp(service, rootModule(config), config);
  await app.listen();
  const { host, port } = serviceAddress(config, service);
  app.get(Logger).log(`${service} listening on tcp://${host}:${port}`);
  return app;
}
