import 'reflect-metadata';
import { exitOnConfigError, loadConfig } from '@erp/common';
import { Logger } from 'nestjs-pino';
import { createGatewayApp } from './bootstrap/create-gateway-app.js';
import { GatewayConfig } from './config/gateway.config.js';

const config = exitOnConfigError('gateway', () => loadConfig(GatewayConfig));
const app = await createGatewayApp(config);
await app.listen({ port: config.PORT, host: config.HOST });
app.get(Logger).log(`gateway listening on http://${config.HOST}:${config.PORT}`);
