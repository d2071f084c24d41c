// @erp/common's barrel loads decorated classes (contracts, Nest) that need the metadata API.
import 'reflect-metadata';
import { resolve } from 'node:path';
import { pino } from 'pino';
import { apiBasePath, startFatooraSimulator } from './fatoora-simulator.js';

/**
 * The simulator as a process (npm start runs it): FATOORA_SIMULATOR_PORT [4010],
 * FATOORA_SIMULATOR_HOST [127.0.0.1], FATOORA_SIMULATOR_OTP [123345], state in
 * <ERP_DATA_DIR>/fatoora-simulator/.
 */
const log = pino({ name: 'fatoora-simulator', level: process.env.LOG_LEVEL || 'info' });
const portText = process.env.FATOORA_SIMULATOR_PORT || '4010';
const port = Number(portText);
if (!/^\d+$/.test(portText) || port < 1 || port > 65535) {
  log.fatal(`FATOORA_SIMULATOR_PORT must be a port number (1-65535), got "${portText}"`);
  process.exit(1);
}
const dataDir = resolve(process.env.ERP_DATA_DIR || '.data', 'fatoora-simulator');
const simulator = await startFatooraSimulator({
  port,
  host: process.env.FATOORA_SIMULATOR_HOST || '127.0.0.1',
  dataDir,
  otp: process.env.FATOORA_SIMULATOR_OTP || '123345',
  onRequest: (entry) => log.info(entry, 'request'),
  onError: (error) => log.error({ err: error }, 'request failed'),
});
log.info({ url: `${simulator.url}${apiBasePath}`, dataDir }, 'listening');

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    simulator.close().then(
      () => process.exit(0),
      (error: unknown) => {
        log.error({ err: error }, 'stopping failed');
        process.exit(1);
      },
    );
  });
}
