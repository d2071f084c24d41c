import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createCertificateAuthority, loadCertificateAuthority } from './certificate-authority.js';
import { Faults, faultKinds, timeoutHoldMs, type FaultKind } from './faults.js';
import {
  answer,
  BodyTooLargeError,
  bodyLimitBytes,
  header,
  readBody,
  send,
  type Answer,
  type SimulatorRequest,
} from './http.js';
import { issueComplianceCsid, issueProductionCsid, renewProductionCsid } from './onboarding.js';
import type { SimulatorContext } from './simulator-context.js';
import { StateStore } from './state-store.js';
import { submitDocument } from './submissions.js';

export interface FatooraSimulatorOptions {
  /** 0 picks a free port (see `url`). */
  port: number;
  /** [127.0.0.1] */
  host?: string;
  /** Where state.json (CA, CSIDs, chains, submissions) is kept. */
  dataDir: string;
  /** The OTP onboarding and renewal accept [123345]. */
  otp?: string;
  /** Validity of the certificates issued, in days [365]. */
  certificateDays?: number;
  /** Called once per request answered (method, path, status, ms), for a log. */
  onRequest?: (entry: { method: string; path: string; status: number; ms: number }) => void;
  /** Called with a request that failed inside the simulator (answered 500). */
  onError?: (error: unknown) => void;
}

export interface FatooraSimulator {
  /** e.g. http://127.0.0.1:4010; ZATCA's paths are under `${url}/e-invoicing/simulator`. */
  url: string;
  close(): Promise<void>;
}

/** ZATCA's API paths are served under this base, as gw-fatoora.zatca.gov.sa serves /e-invoicing/core. */
export const apiBasePath = '/e-invoicing/simulator';

type Handler = (request: SimulatorRequest) => Promise<Answer>;

/**
 * Starts the local Fatoora simulator: ZATCA's onboarding (compliance and production CSIDs,
 * renewal), compliance invoice checks, clearance and reporting, with its own CA, plus the
 * control endpoints under /simulator. Its state survives restarts in `dataDir`.
 */
export async function startFatooraSimulator(options: FatooraSimulatorOptions): Promise<FatooraSimulator> {
  const store = await StateStore.open(options.dataDir, () => ({
    version: 1,
    ca: createCertificateAuthority(new Date()),
    csids: {},
    complianceRequests: {},
    egsUnits: {},
    accepted: {},
    submissions: {},
  }));
  const context: SimulatorContext = {
    store,
    ca: loadCertificateAuthority(store.state.ca),
    otp: options.otp ?? '123345',
    certificateDays: options.certificateDays ?? 365,
    now: () => new Date(),
  };
  const faults = new Faults();
  const held = new Set<NodeJS.Timeout>();

  const api: Record<string, Partial<Record<string, Handler>>> = {
    '/compliance': { POST: (request) => issueComplianceCsid(context, request) },
    '/compliance/invoices': { POST: (request) => submitDocument(context, request, 'compliance', faults) },
    '/production/csids': {
      POST: (request) => issueProductionCsid(context, request),
      PATCH: (request) => renewProductionCsid(context, request),
    },
    '/invoices/clearance/single': { POST: (request) => submitDocument(context, request, 'clearance', faults) },
    '/invoices/reporting/single': { POST: (request) => submitDocument(context, request, 'reporting', faults) },
  };
  const control: Record<string, Partial<Record<string, Handler>>> = {
    '/simulator/state': { GET: async () => answer(200, stateSummary(context, faults)) },
    '/simulator/faults': {
      POST: async (request) => setFault(faults, request.body),
      DELETE: async () => {
        faults.clear();
        return answer(200, { faults: null });
      },
    },
  };

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const started = performance.now();
    const method = req.method ?? 'GET';
    const pathname = new URL(req.url ?? '/', 'http://simulator').pathname.replace(/\/+$/, '') || '/';
    const finish = (reply: Answer, headers?: Record<string, string>) => {
      send(res, reply, headers);
      options.onRequest?.({
        method,
        path: pathname,
        status: reply.status,
        ms: Math.round(performance.now() - started),
      });
    };
    const isApi = pathname.startsWith(`${apiBasePath}/`);
    const table = isApi ? api : control;
    const route = isApi ? pathname.slice(apiBasePath.length) : pathname;
    const routes = Object.hasOwn(table, route) ? table[route] : undefined;
    if (!routes) return finish(answer(404, { message: `No route ${method} ${pathname}.` }));
    const handler = Object.hasOwn(routes, method) ? routes[method] : undefined;
    if (!handler) {
      return finish(answer(405, { message: `${pathname} takes ${Object.keys(routes).join(', ')}.` }), {
        Allow: Object.keys(routes).join(', '),
      });
    }
    if (isApi) {
      if (faults.take('unavailable')) {
        return finish(answer(503, { message: 'Service unavailable (simulated by POST /simulator/faults).' }));
      }
      if (faults.take('timeout')) {
        req.resume();
        const timer = setTimeout(() => {
          held.delete(timer);
          res.destroy();
        }, timeoutHoldMs);
        held.add(timer);
        return;
      }
      if (header(req.headers, 'Accept-Version') !== 'V2') {
        req.resume();
        return finish(
          answer(400, { errors: [{ code: 'Invalid-Version', message: 'The Accept-Version header must be V2.' }] }),
        );
      }
    }
    let body: unknown;
    try {
      const raw = await readBody(req);
      body = raw.length === 0 ? undefined : JSON.parse(raw.toString('utf8'));
    } catch (error) {
      if (error instanceof BodyTooLargeError) {
        return finish(answer(413, { message: `The body is over ${bodyLimitBytes} bytes.` }), { Connection: 'close' });
      }
      if (error instanceof SyntaxError) return finish(answer(400, { message: 'The body is not JSON.' }));
      throw error;
    }
    finish(await handler({ headers: req.headers, body }));
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      options.onError?.(error);
      send(res, answer(500, { message: 'The simulator failed on this request.' }));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host ?? '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return {
    url: `http://${host}:${address.port}`,
    close: async () => {
      held.forEach((timer) => clearTimeout(timer));
      held.clear();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await store.save();
    },
  };
}

function setFault(faults: Faults, body: unknown): Answer {
  const record = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const next = record.next;
  const count = record.count ?? 1;
  if (typeof next !== 'string' || !faultKinds.includes(next as FaultKind)) {
    return answer(400, { message: `next must be one of ${faultKinds.join(', ')}.` });
  }
  if (typeof count !== 'number' || !Number.isInteger(count) || count < 1) {
    return answer(400, { message: 'count must be a whole number from 1.' });
  }
  faults.set(next as FaultKind, count);
  return answer(200, { faults: faults.describe() });
}

/** GET /simulator/state: each EGS unit's chain, each document's submissions, the fault pending. */
function stateSummary(context: SimulatorContext, faults: Faults) {
  const state = context.store.state;
  return {
    egsUnits: Object.fromEntries(
      Object.entries(state.egsUnits).map(([serial, unit]) => [
        serial,
        { lastIcv: unit.lastIcv, lastInvoiceHash: unit.lastInvoiceHash, acceptedDocuments: unit.acceptedDocuments },
      ]),
    ),
    submissions: state.submissions,
    complianceRequests: Object.fromEntries(
      Object.values(state.complianceRequests).map((request) => [
        request.requestID,
        {
          egsSerial: request.egsSerial,
          invoiceTypes: request.invoiceTypes,
          passedKinds: request.passedKinds,
          productionCsidIssued: request.productionToken !== undefined,
        },
      ]),
    ),
    faults: faults.describe(),
  };
}
