import { FIRST_PIH } from '@erp/common';
import { authenticate, isAnswer } from './csid-auth.js';
import { checkDocument, readSubmissionBody, type DocumentCheck } from './document-check.js';
import type { Faults } from './faults.js';
import { answer, header, type Answer, type SimulatorRequest } from './http.js';
import { requiredKinds } from './onboarding.js';
import type { SimulatorContext } from './simulator-context.js';
import type { CsidRecord } from './state-store.js';
import {
  error,
  info,
  statusCodeOf,
  toValidationResults,
  warning,
  type ValidationMessage,
  type ValidationResults,
} from './validation-messages.js';

/** compliance: POST /compliance/invoices; clearance and reporting: the production APIs. */
export type SubmissionEndpoint = 'compliance' | 'clearance' | 'reporting';

/** Simplified documents are reported within 24 hours of their issue (ZATCA warns after that). */
const reportingWindowMs = 24 * 3_600_000;

/**
 * A document sent to one of the three invoice APIs: authenticated by the right kind of CSID,
 * checked (document-check.ts), and in production chained per EGS unit. Answers ZATCA's shapes:
 * 200 passed, 202 accepted with warnings, 400 refused.
 */
export async function submitDocument(
  context: SimulatorContext,
  request: SimulatorRequest,
  endpoint: SubmissionEndpoint,
  faults: Faults,
): Promise<Answer> {
  const csid = authenticate(context, request.headers, endpoint === 'compliance' ? 'compliance' : 'production');
  if (isAnswer(csid)) return csid;
  if (endpoint === 'clearance' && header(request.headers, 'Clearance-Status') !== '1') {
    const refusal = error('clearance-status', 'REQUEST', 'Clearance-Status must be 1 to clear a standard document.');
    return reply(endpoint, 'standard', toValidationResults([refusal]), undefined);
  }
  const body = readSubmissionBody(request.body);
  if ('type' in body) return reply(endpoint, kindFor(endpoint), toValidationResults([body]), undefined);

  const state = context.store.state;
  const counts = (state.submissions[body.uuid] ??= { submitted: 0, accepted: 0 });
  counts.submitted += 1;
  const now = context.now();
  const check = checkDocument(body, csid, context.ca, now);
  if (faults.take('reject')) {
    // A rejection of the document's content, as any other: in production it still takes its place in the chain.
    check.messages.push(
      error('simulated-rejection', 'SIMULATOR', 'Rejected by the simulator (POST /simulator/faults).'),
    );
  }
  const kind = check.document?.kind === 'unknown' ? kindFor(endpoint) : (check.document?.kind ?? kindFor(endpoint));
  if (endpoint === 'compliance') {
    const results = toValidationResults(check.messages);
    const compliance = state.complianceRequests[csid.requestID];
    const kindCode = check.document?.kindCode ?? '';
    if (results.status !== 'ERROR' && compliance && requiredKinds('1100').includes(kindCode)) {
      if (!compliance.passedKinds.includes(kindCode)) compliance.passedKinds.push(kindCode);
    }
    await context.store.save();
    return reply(endpoint, kind, results, check.document?.xml);
  }

  const messages = [...check.messages];
  if (check.document && check.document.kind !== 'unknown' && check.document.kind !== kindFor(endpoint)) {
    messages.push(
      error(
        'invoice-type',
        'KSA',
        endpoint === 'clearance'
          ? 'A simplified document is reported (POST /invoices/reporting/single), not cleared.'
          : 'A standard document is cleared (POST /invoices/clearance/single), not reported.',
      ),
    );
  }
  const outcome = chain(context, csid, check, messages, endpoint, now);
  await context.store.save();
  return reply(endpoint, kind, outcome.results, check.document?.xml, outcome.statusCode);
}

/**
 * The EGS unit's chain: a document accepted before (same uuid and hash) is answered as then,
 * with an INFO already-submitted, and not counted again; otherwise its ICV must follow the last
 * chained one (the first is 1) and its PIH be that one's hash (the first FIRST_PIH). A document
 * in its right place takes that place even when refused for its content (a business rule): the
 * EGS unit generated and signed it, so the next document chains to it, and a rejected invoice is
 * replaced by a new one, never sent again. A document that is not authentic (hash, signature,
 * certificate) or went to the wrong API takes no place.
 */
function chain(
  context: SimulatorContext,
  csid: CsidRecord,
  check: DocumentCheck,
  messages: ValidationMessage[],
  endpoint: SubmissionEndpoint,
  now: Date,
): { results: ValidationResults; statusCode?: 200 | 202 | 400 } {
  const state = context.store.state;
  const document = check.document;
  if (!document) return { results: toValidationResults(messages) };
  const key = `${document.uuid} ${document.invoiceHash}`;
  const earlier = Object.hasOwn(state.accepted, key) ? state.accepted[key] : undefined;
  const hasErrors = messages.some((message) => message.type === 'ERROR');
  if (earlier && earlier.egsSerial === csid.egsSerial && !hasErrors) {
    const again = info(
      'already-submitted',
      'SUBMISSION',
      `This document (ICV ${earlier.icv}) was accepted on ${earlier.acceptedAt}; it is not counted again.`,
    );
    const results = earlier.validationResults;
    return {
      results: { ...results, infoMessages: [...results.infoMessages, again] },
      statusCode: earlier.statusCode,
    };
  }
  const unit = state.egsUnits[csid.egsSerial] ?? { lastIcv: 0, lastInvoiceHash: FIRST_PIH, acceptedDocuments: 0 };
  if (document.icv !== undefined && document.icv !== unit.lastIcv + 1) {
    messages.push(
      error(
        'BR-KSA-33',
        'KSA',
        `The ICV must be ${unit.lastIcv + 1} (the last document in this EGS unit's chain had ${unit.lastIcv}); it is ${document.icv}.`,
      ),
    );
  }
  if (document.pih !== '' && document.pih !== unit.lastInvoiceHash) {
    messages.push(
      error(
        'BR-KSA-26',
        'KSA',
        `The PIH must be the hash of the last document in this EGS unit's chain (${unit.lastInvoiceHash}).`,
      ),
    );
  }
  if (
    endpoint === 'reporting' &&
    document.issuedAt &&
    now.getTime() - document.issuedAt.getTime() > reportingWindowMs
  ) {
    messages.push(
      warning('BR-KSA-98', 'KSA', 'A simplified document should be reported within 24 hours of its issue.'),
    );
  }
  const results = toValidationResults(messages);
  const statusCode = statusCodeOf(results);
  const inPlace = document.icv === unit.lastIcv + 1 && document.pih === unit.lastInvoiceHash;
  if (inPlace && messages.every((message) => message.type !== 'ERROR' || isContentRule(message.code))) {
    state.egsUnits[csid.egsSerial] = {
      lastIcv: document.icv!,
      lastInvoiceHash: document.invoiceHash,
      acceptedDocuments: unit.acceptedDocuments + (statusCode !== 400 ? 1 : 0),
    };
  }
  if (statusCode !== 400 && document.icv !== undefined) {
    state.accepted[key] = {
      egsSerial: csid.egsSerial,
      uuid: document.uuid,
      invoiceHash: document.invoiceHash,
      icv: document.icv,
      statusCode,
      validationResults: results,
      acceptedAt: now.toISOString(),
    };
    state.submissions[document.uuid] ??= { submitted: 0, accepted: 0 };
    state.submissions[document.uuid]!.accepted += 1;
  }
  return { results };
}

/** A refusal of the document's content (a BR rule, or the simulator's own), not of its form or origin. */
function isContentRule(code: string): boolean {
  return code.startsWith('BR-') || code === 'simulated-rejection';
}

function kindFor(endpoint: SubmissionEndpoint): 'standard' | 'simplified' {
  return endpoint === 'clearance' ? 'standard' : 'simplified';
}

/** ZATCA's answer of each API for these results. */
function reply(
  endpoint: SubmissionEndpoint,
  kind: 'standard' | 'simplified',
  validationResults: ValidationResults,
  xml: string | undefined,
  statusCode = statusCodeOf(validationResults),
): Answer {
  const passed = statusCode !== 400;
  if (endpoint === 'clearance') {
    return answer(statusCode, {
      validationResults,
      clearanceStatus: passed ? 'CLEARED' : 'NOT_CLEARED',
      clearedInvoice: passed && xml !== undefined ? Buffer.from(xml, 'utf8').toString('base64') : null,
    });
  }
  if (endpoint === 'reporting') {
    return answer(statusCode, { validationResults, reportingStatus: passed ? 'REPORTED' : 'NOT_REPORTED' });
  }
  return answer(statusCode, {
    validationResults,
    reportingStatus: kind === 'simplified' ? (passed ? 'REPORTED' : 'NOT_REPORTED') : null,
    clearanceStatus: kind === 'standard' ? (passed ? 'CLEARED' : 'NOT_CLEARED') : null,
    qrSellertStatus: null,
    qrBuyertStatus: null,
  });
}
