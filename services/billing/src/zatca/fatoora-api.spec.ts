import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FatooraApi } from './fatoora-api.js';

/** A ZATCA that takes the request and never answers. */
describe('FatooraApi', () => {
  let silent: Server;
  let url: string;

  beforeAll(async () => {
    silent = createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(silent.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    silent.closeAllConnections();
    await new Promise((resolve) => silent.close(resolve));
  });

  it('answers unavailable once a call has waited its timeout', async () => {
    const outcome = await new FatooraApi(url, 200).complianceCsid('csr', '123345');
    expect(outcome).toMatchObject({ kind: 'unavailable', reason: expect.stringContaining('no answer in 200 ms') });
  });

  it('gives a call only what is left before the deadline, and none after it', async () => {
    const started = Date.now();
    const api = new FatooraApi(url, 60_000, started + 300);
    const first = await api.complianceCsid('csr', '123345');
    expect(first.kind).toBe('unavailable');
    const second = await api.complianceCsid('csr', '123345');
    expect(second).toMatchObject({ kind: 'unavailable', reason: expect.stringContaining('no time left') });
  });
});
