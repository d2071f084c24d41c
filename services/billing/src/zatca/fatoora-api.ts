import type { ZatcaEnvironment, ZatcaMessage } from '@erp/contracts';

/** ZATCA's e-invoicing gateway per environment; the simulator's is ZATCA_SIMULATOR_URL's. */
export function fatooraBaseUrl(environment: ZatcaEnvironment, simulatorUrl: string): string {
  switch (environment) {
    case 'simulator':
      return `${simulatorUrl.replace(/\/+$/, '')}/e-invoicing/simulator`;
    case 'sandbox':
      return 'https://gw-fatoora.zatca.gov.sa/e-invoicing/developer-portal';
    case 'simulation':
      return 'https://gw-fatoora.zatca.gov.sa/e-invoicing/simulation';
    case 'production':
      return 'https://gw-fatoora.zatca.gov.sa/e-invoicing/core';
  }
}

/** A CSID as ZATCA issues it: the certificate (base64 of its base64 DER) and its secret. */
export interface Csid {
  requestId: string;
  binarySecurityToken: string;
  secret: string;
}

/** What one call to ZATCA came to. */
export type FatooraOutcome<T> =
  | { kind: 'accepted'; status: number; body: T; messages: ZatcaMessage[] }
  | { kind: 'rejected'; status: number; messages: ZatcaMessage[] }
  | { kind: 'unauthorized'; status: number; messages: ZatcaMessage[] }
  | { kind: 'unavailable'; reason: string };

export interface DocumentSubmission {
  invoiceHash: string;
  uuid: string;
  /** The signed XML, base64. */
  invoice: string;
}

interface ValidationAnswer {
  validationResults?: {
    infoMessages?: unknown;
    warningMessages?: unknown;
    errorMessages?: unknown;
  };
  clearanceStatus?: string | null;
  reportingStatus?: string | null;
  clearedInvoice?: string | null;
}

interface CsidAnswer {
  requestID?: string | number;
  binarySecurityToken?: string;
  secret?: string;
}

/**
 * ZATCA's API (compliance CSID, compliance checks, production CSID, clearance, reporting), one
 * method a call. It never throws for an answer: every status comes back as an outcome, a timeout
 * or a refused connection as `unavailable`.
 */
export class FatooraApi {
  /**
   * @param timeoutMs how long one call may wait for its answer.
   * @param deadline when every call must be over (epoch ms), for a sequence that someone waits
   *   for as a whole (the onboarding): a call gets what is left, and none once it has passed.
   */
  constructor(
    private readonly baseUrl: string,
    private readonly timeoutMs: number,
    private readonly deadline: number = Number.POSITIVE_INFINITY,
  ) {}

  complianceCsid(csrPem: string, otp: string): Promise<FatooraOutcome<Csid>> {
    return this.csidCall('POST', '/compliance', { OTP: otp }, { csr: Buffer.from(csrPem).toString('base64') });
  }

  complianceCheck(csid: Csid, submission: DocumentSubmission): Promise<FatooraOutcome<ValidationAnswer>> {
    return this.call('POST', '/compliance/invoices', { Authorization: basicAuth(csid) }, submission);
  }

  productionCsid(compliance: Csid): Promise<FatooraOutcome<Csid>> {
    return this.csidCall(
      'POST',
      '/production/csids',
      { Authorization: basicAuth(compliance) },
      { compliance_request_id: compliance.requestId },
    );
  }

  renewProductionCsid(production: Csid, csrPem: string, otp: string): Promise<FatooraOutcome<Csid>> {
    return this.csidCall(
      'PATCH',
      '/production/csids',
      { Authorization: basicAuth(production), OTP: otp },
      { csr: Buffer.from(csrPem).toString('base64') },
    );
  }

  clear(production: Csid, submission: DocumentSubmission): Promise<FatooraOutcome<ValidationAnswer>> {
    return this.call(
      'POST',
      '/invoices/clearance/single',
      { Authorization: basicAuth(production), 'Clearance-Status': '1' },
      submission,
    );
  }

  report(production: Csid, submission: DocumentSubmission): Promise<FatooraOutcome<ValidationAnswer>> {
    return this.call(
      'POST',
      '/invoices/reporting/single',
      { Authorization: basicAuth(production), 'Clearance-Status': '0' },
      submission,
    );
  }

  private async csidCall(
    method: string,
    route: string,
    headers: Record<string, string>,
    body: unknown,
  ): Promise<FatooraOutcome<Csid>> {
    const outcome = await this.call<CsidAnswer>(method, route, headers, body);
    if (outcome.kind !== 'accepted') return outcome;
    const { requestID, binarySecurityToken, secret } = outcome.body;
    if (requestID === undefined || !binarySecurityToken || !secret) {
      return { kind: 'unavailable', reason: `${route} answered ${outcome.status} without a CSID` };
    }
    return { ...outcome, body: { requestId: String(requestID), binarySecurityToken, secret } };
  }

  private async call<T>(
    method: string,
    route: string,
    headers: Record<string, string>,
    body: unknown,
  ): Promise<FatooraOutcome<T>> {
    const left = this.deadline - Date.now();
    if (left <= 0) return { kind: 'unavailable', reason: `${method} ${route}: no time left to ask ZATCA` };
    const waitMs = Math.min(this.timeoutMs, left);
    let response: Response;
    try {
      response = await fetch(`${this.baseUrl}${route}`, {
        method,
        headers: {
          'Content-Type': 'application/json',
          Accept: 'application/json',
          'Accept-Language': 'en',
          'Accept-Version': 'V2',
          ...headers,
        },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(waitMs),
      });
    } catch (error) {
      const reason = (error as Error).name === 'TimeoutError' ? `no answer in ${waitMs} ms` : String(error);
      return { kind: 'unavailable', reason: `${method} ${route}: ${reason}` };
    }
    const text = await response.text().catch(() => '');
    let parsed: unknown = undefined;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      // a gateway error page: kept as text below
    }
    const messages = messagesOf(parsed, text);
    if (response.status === 200 || response.status === 202) {
      return { kind: 'accepted', status: response.status, body: (parsed ?? {}) as T, messages };
    }
    if (response.status === 401 || response.status === 403) {
      return { kind: 'unauthorized', status: response.status, messages };
    }
    if (response.status === 400 || response.status === 406 || response.status === 409 || response.status === 413) {
      return { kind: 'rejected', status: response.status, messages };
    }
    return { kind: 'unavailable', reason: `${method} ${route} answered ${response.status}` };
  }
}

function basicAuth(csid: Csid): string {
  return `Basic ${Buffer.from(`${csid.binarySecurityToken}:${csid.secret}`).toString('base64')}`;
}

/** ZATCA's messages from any of its answer shapes: validation results, `errors`, or an error code and text. */
export function messagesOf(body: unknown, text = ''): ZatcaMessage[] {
  if (!body || typeof body !== 'object') {
    return text ? [{ type: 'ERROR', code: 'http', category: null, message: text.slice(0, 500) }] : [];
  }
  const answer = body as Record<string, unknown> & ValidationAnswer;
  const results = answer.validationResults;
  const messages: ZatcaMessage[] = [];
  if (results) {
    messages.push(
      ...listOf(results.errorMessages, 'ERROR'),
      ...listOf(results.warningMessages, 'WARNING'),
      ...listOf(results.infoMessages, 'INFO'),
    );
  }
  messages.push(...listOf(answer.errors, 'ERROR'));
  if (typeof answer.errorCode === 'string' || typeof answer.errorMessage === 'string') {
    messages.push({
      type: 'ERROR',
      code: String(answer.errorCode ?? 'error'),
      category: null,
      message: String(answer.errorMessage ?? ''),
    });
  }
  if (messages.length === 0 && typeof answer.message === 'string') {
    messages.push({ type: 'ERROR', code: 'error', category: null, message: answer.message });
  }
  return messages;
}

function listOf(value: unknown, type: ZatcaMessage['type']): ZatcaMessage[] {
  if (!Array.isArray(value)) return [];
  return value
    .filter((item): item is Record<string, unknown> => !!item && typeof item === 'object')
    .map((item) => ({
      type,
      code: String(item.code ?? item.errorCode ?? 'unknown'),
      category: typeof item.category === 'string' ? item.category : null,
      message: String(item.message ?? item.errorMessage ?? ''),
    }));
}
