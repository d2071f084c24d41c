import { randomBytes, randomInt } from 'node:crypto';
import { issueCertificate } from './certificate-authority.js';
import { authenticate, isAnswer } from './csid-auth.js';
import { allowedKinds, readEgsCsr, type EgsCsr } from './egs-csr.js';
import { answer, header, type Answer, type SimulatorRequest } from './http.js';
import type { SimulatorContext } from './simulator-context.js';
import type { CsidRecord } from './state-store.js';

const tokenType = 'http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-x509-token-profile-1.0#X509v3';
const typeCodes = [
  ['388', 'invoice'],
  ['381', 'credit note'],
  ['383', 'debit note'],
] as const;

/** The kinds of documents an EGS unit must pass before its production CSID: e.g. "standard-388". */
export function requiredKinds(invoiceTypes: string): string[] {
  return allowedKinds(invoiceTypes).flatMap((kind) => typeCodes.map(([code]) => `${kind}-${code}`));
}

/** POST /compliance: OTP and CSR → a compliance CSID. */
export async function issueComplianceCsid(context: SimulatorContext, request: SimulatorRequest): Promise<Answer> {
  const otpRefusal = checkOtp(context, request);
  if (otpRefusal) return otpRefusal;
  const csrField = field(request.body, 'csr');
  const reading = readEgsCsr(csrField);
  if (!reading.csr) return answer(400, { errors: reading.problems });
  const csid = issueCsid(context, reading.csr, 'compliance');
  context.store.state.complianceRequests[csid.requestID] = {
    requestID: csid.requestID,
    csr: csrField as string,
    egsSerial: csid.egsSerial,
    invoiceTypes: csid.invoiceTypes,
    passedKinds: [],
  };
  await context.store.save();
  return answer(200, {
    requestID: Number(csid.requestID),
    dispositionMessage: 'ISSUED',
    binarySecurityToken: tokenOf(csid),
    secret: csid.secret,
    errors: null,
  });
}

/**
 * POST /production/csids (Basic auth of the compliance CSID): `{ compliance_request_id }` → the
 * production CSID, once every kind the CSR's invoice types require passed the compliance
 * checks. Asked again for the same request, it answers the CSID already issued.
 */
export async function issueProductionCsid(context: SimulatorContext, request: SimulatorRequest): Promise<Answer> {
  const csid = authenticate(context, request.headers, 'compliance');
  if (isAnswer(csid)) return csid;
  const requestId = field(request.body, 'compliance_request_id');
  if ((typeof requestId !== 'string' && typeof requestId !== 'number') || String(requestId).trim() === '') {
    return refuse('Missing-Request-ID', 'The body must carry compliance_request_id.');
  }
  if (String(requestId).trim() !== csid.requestID) {
    return refuse(
      'Invalid-Request-ID',
      `compliance_request_id ${requestId} is not the request of this compliance CSID.`,
    );
  }
  const compliance = context.store.state.complianceRequests[csid.requestID]!;
  const missing = requiredKinds(compliance.invoiceTypes).filter((kind) => !compliance.passedKinds.includes(kind));
  if (missing.length > 0) {
    return refuse(
      'Missing-Compliance-Steps',
      `These compliance checks have not passed yet: ${missing.map(describeKind).join(', ')}.`,
    );
  }
  const issued = compliance.productionToken ? context.store.state.csids[compliance.productionToken] : undefined;
  if (issued && new Date(issued.notAfter).getTime() > context.now().getTime()) return productionAnswer(issued);
  const reading = readEgsCsr(compliance.csr);
  if (!reading.csr) return answer(400, { errors: reading.problems });
  const production = issueCsid(context, reading.csr, 'production');
  compliance.productionToken = tokenOf(production);
  await context.store.save();
  return productionAnswer(production);
}

/**
 * PATCH /production/csids (Basic auth of the production CSID, OTP, `{ csr }`): a new production
 * CSID for the same EGS unit (same SAN serial), whose chain goes on.
 */
export async function renewProductionCsid(context: SimulatorContext, request: SimulatorRequest): Promise<Answer> {
  const csid = authenticate(context, request.headers, 'production');
  if (isAnswer(csid)) return csid;
  const otpRefusal = checkOtp(context, request);
  if (otpRefusal) return otpRefusal;
  const reading = readEgsCsr(field(request.body, 'csr'));
  if (!reading.csr) return answer(400, { errors: reading.problems });
  if (reading.csr.egsSerial !== csid.egsSerial) {
    return refuse(
      'Invalid-EGS-Serial',
      `The CSR is for the EGS unit ${reading.csr.egsSerial}, not ${csid.egsSerial} of the authenticating CSID.`,
    );
  }
  const production = issueCsid(context, reading.csr, 'production');
  await context.store.save();
  return productionAnswer(production);
}

function issueCsid(context: SimulatorContext, csr: EgsCsr, kind: CsidRecord['kind']): CsidRecord {
  const now = context.now();
  const certificate = issueCertificate(context.ca, csr, context.certificateDays, now);
  const csid: CsidRecord = {
    kind,
    requestID: newRequestId(context),
    secret: randomBytes(32).toString('base64'),
    certificate,
    egsSerial: csr.egsSerial,
    invoiceTypes: csr.invoiceTypes,
    notAfter: new Date(now.getTime() + context.certificateDays * 86_400_000).toISOString(),
    issuedAt: now.toISOString(),
  };
  context.store.state.csids[tokenOf(csid)] = csid;
  return csid;
}

function productionAnswer(csid: CsidRecord): Answer {
  return answer(200, {
    requestID: Number(csid.requestID),
    tokenType,
    dispositionMessage: 'ISSUED',
    binarySecurityToken: tokenOf(csid),
    secret: csid.secret,
  });
}

/** ZATCA's binarySecurityToken: the certificate's base64 DER text, base64 once more. */
function tokenOf(csid: CsidRecord): string {
  return Buffer.from(csid.certificate, 'utf8').toString('base64');
}

function checkOtp(context: SimulatorContext, request: SimulatorRequest): Answer | undefined {
  const otp = header(request.headers, 'OTP');
  if (otp === context.otp) return undefined;
  return answer(400, {
    errorCode: 'Invalid-OTP',
    errorMessage: otp ? 'The OTP is not valid.' : 'The OTP header is missing.',
  });
}

/** A 13-digit request id, as ZATCA's look, not used before. */
function newRequestId(context: SimulatorContext): string {
  const taken = new Set(Object.values(context.store.state.csids).map((csid) => csid.requestID));
  for (;;) {
    const id = `${randomInt(1, 10)}${String(randomInt(0, 1_000_000)).padStart(6, '0')}${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;
    if (!taken.has(id)) return id;
  }
}

function describeKind(kind: string): string {
  const [name, code] = kind.split('-');
  return `${name} ${typeCodes.find(([typeCode]) => typeCode === code)?.[1] ?? code} (${kind})`;
}

function field(body: unknown, name: string): unknown {
  return typeof body === 'object' && body !== null ? (body as Record<string, unknown>)[name] : undefined;
}

const refuse = (code: string, message: string) => answer(400, { errors: [{ code, message }] });
