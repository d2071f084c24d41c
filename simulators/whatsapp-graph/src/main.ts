import { resolve } from 'node:path';
import { pino } from 'pino';
import { startGraphSimulator } from './graph-simulator.js';

/**
 * The simulator as a process (npm start runs it): WHATSAPP_SIMULATOR_PORT [4020],
 * WHATSAPP_SIMULATOR_HOST [127.0.0.1], the connection in <ERP_DATA_DIR>/whatsapp-simulator/,
 * status callbacks to WHATSAPP_WEBHOOK_URL (none when unset).
 */
const log = pino({ name: 'whatsapp-simulator', level: process.env.LOG_LEVEL || 'info' });
const portText = process.env.WHATSAPP_SIMULATOR_PORT || '4020';
const port = Number(portText);
if (!/^\d+$/.test(portText) || port < 1 || port > 65535) {
  log.fatal(`WHATSAPP_SIMULATOR_PORT must be a port number (1-65535), got "${portText}"`);
  process.exit(1);
}
const webhookUrl = process.env.WHATSAPP_WEBHOOK_URL || undefined;
if (webhookUrl !== undefined && !/^https?:\/\/[^\s/?#]+/.test(webhookUrl)) {
  log.fatal(`WHATSAPP_WEBHOOK_URL must be an http(s) URL, got "${webhookUrl}"`);
  process.exit(1);
}
const dataDir = resolve(process.env.ERP_DATA_DIR || '.data', 'whatsapp-simulator');
const simulator = await startGraphSimulator({
  port,
  host: process.env.WHATSAPP_SIMULATOR_HOST || '127.0.0.1',
  dataDir,
  webhookUrl,
  onRequest: (entry) => log.info(entry, 'request'),
  onError: (error) => log.error({ err: error }, 'failed'),
});
log.info(
  {
    url: simulator.url,
    graphBaseUrl: simulator.graphBaseUrl,
    phoneNumberId: simulator.connection.phoneNumberId,
    webhookUrl: webhookUrl ?? null,
    dataDir,
  },
  'listening',
);

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
