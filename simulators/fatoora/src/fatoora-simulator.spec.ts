import { createPrivateKey, randomUUID, X509Certificate, type KeyObject } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FIRST_PIH,
  buildEgsCsr,
  invoiceHashOf,
  generateStampKey,
  readStampCertificate,
  signInvoice,
  writeZatcaDocument,
  type ZatcaDocumentInput,
  type ZatcaKind,
  type ZatcaTypeCode,
} from '@erp/common';
import { apiBasePath, startFatooraSimulator, type FatooraSimulator } from './fatoora-simulator.js';

const samplesDir = new URL('../../../libs/common/src/zatca/sdk-samples/', import.meta.url);

const seller = {
  name: 'شركة النور التجارية',
  vatNumber: '310123456700003',
  crn: '1010123456',
  address: {
    street: 'طريق الملك فهد',
    buildingNumber: '2322',
    additionalNumber: '8012',
    district: 'العليا',
    city: 'الرياض',
    postalCode: '12211',
    countryCode: 'SA',
  },
};
const buyer = { name: 'Al-Rayyan Foodstuff Est.', vatNumber: '300000000000003', address: seller.address };

interface Reply {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the tests read ZATCA's JSON answers freely
  body: any;
}

interface Csid {
  requestID: number;
  token: string;
  secret: string;
}

interface EgsUnit {
  serial: string;
  privateKey: KeyObject;
  csr: string;
}

/** The stamp of a CSID: its certificate (from the token) and the unit's key. */
const stampOf = (unit: EgsUnit, csid: Csid) => ({
  privateKey: unit.privateKey,
  certificate: readStampCertificate(Buffer.from(csid.token, 'base64').toString('utf8')),
});
const basic = (csid: Pick<Csid, 'token' | 'secret'>) =>
  `Basic ${Buffer.from(`${csid.token}:${csid.secret}`).toString('base64')}`;

function newEgsUnit(serial = `1-GulfERP|2-1.0|3-${randomUUID()}`, invoiceTypes = '1100'): EgsUnit {
  const key = generateStampKey();
  const pem = buildEgsCsr(
    {
      commonName: 'EGS1-310123456700003',
      egsSerial: serial,
      vatNumber: seller.vatNumber,
      organizationUnit: 'Riyadh Branch',
      organizationName: 'Al Noor Trading Co.',
      invoiceTypes,
      location: 'RRRD2929',
      industry: 'Food wholesale',
      template: 'PREZATCA-Code-Signing',
    },
    key.privateKey,
    key.publicKey,
  );
  return { serial, privateKey: key.privateKey, csr: Buffer.from(pem).toString('base64') };
}

/** Now in Saudi time, a minute ago: the issue date and time of a fresh document. */
function saudiNow(): { issueDate: string; issueTime: string } {
  const iso = new Date(Date.now() + 3 * 3_600_000 - 60_000).toISOString();
  return { issueDate: iso.slice(0, 10), issueTime: iso.slice(11, 19) };
}

function documentInput(overrides: Partial<ZatcaDocumentInput> = {}): ZatcaDocumentInput {
  const kind: ZatcaKind = overrides.kind ?? 'simplified';
  const typeCode: ZatcaTypeCode = overrides.typeCode ?? 388;
  return {
    kind,
    typeCode,
    number: `DOC-${randomUUID().slice(0, 8)}`,
    uuid: randomUUID(),
    ...saudiNow(),
    icv: 1,
    pih: FIRST_PIH,
    seller,
    buyer: kind === 'standard' ? buyer : { name: 'Walk-in customer' },
    billingReference: typeCode === 388 ? null : 'INV-2026-000001',
    reason: typeCode === 388 ? null : 'Goods returned damaged',
    paymentMeansCode: '10',
    vatRate: '15.00',
    lines: [
      { name: 'حليب المراعي 1 لتر', quantity: '12', unitCode: 'PCE', unitPrice: '6.50', netAmount: '78.00' },
      { name: 'Sugar 5 kg', quantity: '2.5', unitCode: 'PCE', unitPrice: '33.33', netAmount: '77.08' },
    ],
    ...overrides,
  };
}

/** The API body of a signed document: `{ invoiceHash, uuid, invoice }`, and its XML. */
function submission(input: ZatcaDocumentInput, stamp: ReturnType<typeof stampOf>, edit?: (xml: string) => string) {
  const signed = signInvoice(writeZatcaDocument(input), stamp, new Date());
  const xml = edit ? edit(signed.xml) : signed.xml;
  return {
    xml,
    invoiceHash: signed.invoiceHash,
    body: { invoiceHash: signed.invoiceHash, uuid: input.uuid, invoice: Buffer.from(xml).toString('base64') },
  };
}

const kinds: Array<[ZatcaKind, ZatcaTypeCode]> = [
  ['standard', 388],
  ['standard', 381],
  ['standard', 383],
  ['simplified', 388],
  ['simplified', 381],
  ['simplified', 383],
];

describe('the Fatoora simulator', () => {
  let dataDir: string;
  let simulator: FatooraSimulator;

  async function call(
    method: string,
    path: string,
    options: { body?: unknown; raw?: string; headers?: Record<string, string>; auth?: string; otp?: string } = {},
  ): Promise<Reply> {
    const headers: Record<string, string> = {
      'Accept-Version': 'V2',
      'Content-Type': 'application/json',
      ...(options.auth ? { Authorization: options.auth } : {}),
      ...(options.otp ? { OTP: options.otp } : {}),
      ...options.headers,
    };
    const url = path.startsWith('/simulator') ? `${simulator.url}${path}` : `${simulator.url}${apiBasePath}${path}`;
    const response = await fetch(url, {
      method,
      headers,
      body: options.raw ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
    });
    return { status: response.status, body: await response.json() };
  }

  const report = (csid: Csid, body: unknown) => call('POST', '/invoices/reporting/single', { auth: basic(csid), body });
  const clear = (csid: Csid, body: unknown) =>
    call('POST', '/invoices/clearance/single', { auth: basic(csid), body, headers: { 'Clearance-Status': '1' } });
  const errorCodes = (reply: Reply): string[] =>
    reply.body.validationResults.errorMessages.map((message: { code: string }) => message.code);

  async function complianceCsid(unit: EgsUnit): Promise<Csid> {
    const reply = await call('POST', '/compliance', { otp: '123345', body: { csr: unit.csr } });
    expect(reply.status).toBe(200);
    return { requestID: reply.body.requestID, token: reply.body.binarySecurityToken, secret: reply.body.secret };
  }

  async function passComplianceChecks(unit: EgsUnit, csid: Csid): Promise<void> {
    for (const [kind, typeCode] of kinds) {
      const { body } = submission(documentInput({ kind, typeCode }), stampOf(unit, csid));
      const reply = await call('POST', '/compliance/invoices', { auth: basic(csid), body });
      expect(reply.status, `${kind} ${typeCode}: ${JSON.stringify(reply.body.validationResults)}`).toBe(200);
    }
  }

  /** A unit onboarded to production: compliance CSID, the six checks, production CSID. */
  async function onboard(unit = newEgsUnit()): Promise<{ unit: EgsUnit; production: Csid }> {
    const compliance = await complianceCsid(unit);
    await passComplianceChecks(unit, compliance);
    const reply = await call('POST', '/production/csids', {
      auth: basic(compliance),
      body: { compliance_request_id: String(compliance.requestID) },
    });
    expect(reply.status).toBe(200);
    return {
      unit,
      production: { requestID: reply.body.requestID, token: reply.body.binarySecurityToken, secret: reply.body.secret },
    };
  }

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'fatoora-simulator-'));
    simulator = await startFatooraSimulator({ port: 0, dataDir });
  });

  afterAll(async () => {
    await simulator?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  describe('onboarding', () => {
    it('refuses a wrong or missing OTP, and a request without Accept-Version: V2', async () => {
      const unit = newEgsUnit();
      const wrong = await call('POST', '/compliance', { otp: '999999', body: { csr: unit.csr } });
      expect(wrong.status).toBe(400);
      expect(wrong.body.errorCode).toBe('Invalid-OTP');
      expect((await call('POST', '/compliance', { body: { csr: unit.csr } })).body.errorCode).toBe('Invalid-OTP');
      const noVersion = await call('POST', '/compliance', {
        otp: '123345',
        body: { csr: unit.csr },
        headers: { 'Accept-Version': 'V1' },
      });
      expect(noVersion.status).toBe(400);
    });

    it('issues a compliance CSID: a certificate of its own CA with the CSR subject and alternative name', async () => {
      const unit = newEgsUnit();
      const reply = await call('POST', '/compliance', { otp: '123345', body: { csr: unit.csr } });
      expect(reply.status).toBe(200);
      expect(reply.body).toMatchObject({ dispositionMessage: 'ISSUED', errors: null, requestID: expect.any(Number) });
      expect(reply.body.secret).toEqual(expect.any(String));
      const x509 = new X509Certificate(
        Buffer.from(Buffer.from(reply.body.binarySecurityToken, 'base64').toString('utf8'), 'base64'),
      );
      expect(x509.issuer).toContain('CN=Fatoora Simulator CA');
      expect(x509.subject).toContain('CN=EGS1-310123456700003');
      expect(x509.subject).toContain('C=SA');
      expect(x509.subjectAltName).toContain(unit.serial);
      expect(x509.verify(x509.publicKey)).toBe(false);
    });

    it('refuses a CSR that is not one, or lacks the VAT number, serial, invoice types or template', async () => {
      const refused = async (csr: string) =>
        (await call('POST', '/compliance', { otp: '123345', body: { csr } })).body.errors.map(
          (problem: { code: string }) => problem.code,
        );
      expect(await refused(Buffer.from('hello').toString('base64'))).toEqual(['Invalid-CSR']);
      const key = generateStampKey();
      const fields = {
        commonName: 'EGS1',
        egsSerial: '1-GulfERP|2-1.0|3-x',
        vatNumber: seller.vatNumber,
        organizationUnit: 'Riyadh',
        organizationName: 'Al Noor',
        invoiceTypes: '1100',
        location: 'Riyadh',
        industry: 'Food',
        template: 'PREZATCA-Code-Signing' as const,
      };
      const csr = (overrides: Partial<typeof fields>) =>
        Buffer.from(buildEgsCsr({ ...fields, ...overrides }, key.privateKey, key.publicKey)).toString('base64');
      expect(await refused(csr({ vatNumber: '' }))).toEqual(['Missing-VAT-Number']);
      expect(await refused(csr({ vatNumber: '123456789012345' }))).toEqual(['Invalid-VAT-Number']);
      expect(await refused(csr({ egsSerial: '' }))).toEqual(['Missing-EGS-Serial']);
      expect(await refused(csr({ invoiceTypes: '' }))).toEqual(['Missing-Invoice-Type']);
      expect(await refused(csr({ template: 'SOMETHING-ELSE' as never }))).toEqual(['Missing-Certificate-Template']);
      const other = generateStampKey();
      const badlySigned = buildEgsCsr(fields, other.privateKey, key.publicKey);
      expect(await refused(Buffer.from(badlySigned).toString('base64'))).toEqual(['Invalid-CSR-Signature']);
    });

    it('refuses the production CSID until the six kinds passed, naming those missing; then issues it, once', async () => {
      const unit = newEgsUnit();
      const compliance = await complianceCsid(unit);
      const ask = () =>
        call('POST', '/production/csids', {
          auth: basic(compliance),
          body: { compliance_request_id: String(compliance.requestID) },
        });
      const before = await ask();
      expect(before.status).toBe(400);
      expect(before.body.errors[0].code).toBe('Missing-Compliance-Steps');
      expect(before.body.errors[0].message).toContain('standard-388');
      expect(before.body.errors[0].message).toContain('simplified-383');

      for (const [kind, typeCode] of kinds.slice(0, 5)) {
        const { body } = submission(documentInput({ kind, typeCode }), stampOf(unit, compliance));
        const reply = await call('POST', '/compliance/invoices', { auth: basic(compliance), body });
        expect(reply.status).toBe(200);
        expect(reply.body).toMatchObject({
          reportingStatus: kind === 'simplified' ? 'REPORTED' : null,
          clearanceStatus: kind === 'standard' ? 'CLEARED' : null,
          qrSellertStatus: null,
          qrBuyertStatus: null,
        });
        expect(reply.body.validationResults.status).toBe('PASS');
      }
      const almost = await ask();
      expect(almost.status).toBe(400);
      expect(almost.body.errors[0].message).toContain('simplified-383');
      expect(almost.body.errors[0].message).not.toContain('simplified-381');

      const { body } = submission(documentInput({ kind: 'simplified', typeCode: 383 }), stampOf(unit, compliance));
      expect((await call('POST', '/compliance/invoices', { auth: basic(compliance), body })).status).toBe(200);
      const issued = await ask();
      expect(issued.status).toBe(200);
      expect(issued.body).toMatchObject({
        tokenType: 'http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-x509-token-profile-1.0#X509v3',
        dispositionMessage: 'ISSUED',
      });
      expect(issued.body.binarySecurityToken).not.toBe(compliance.token);
      const again = await ask();
      expect(again.body.binarySecurityToken).toBe(issued.body.binarySecurityToken);
      const wrongRequest = await call('POST', '/production/csids', {
        auth: basic(compliance),
        body: { compliance_request_id: '1' },
      });
      expect(wrongRequest.body.errors[0].code).toBe('Invalid-Request-ID');
    });

    it("does not count a compliance document with errors, and refuses ZATCA's own sample only for its certificate", async () => {
      const unit = newEgsUnit();
      const compliance = await complianceCsid(unit);
      const xml = readFileSync(new URL('Simplified_Invoice.xml', samplesDir), 'utf8');
      const hash = invoiceHashOf(xml); // the hash its QR carries (tag 6): right, unlike its certificate
      const reply = await call('POST', '/compliance/invoices', {
        auth: basic(compliance),
        body: {
          invoiceHash: hash,
          uuid: '8e6000cf-1a98-4174-b3e7-b5d5954bc10d',
          invoice: Buffer.from(xml).toString('base64'),
        },
      });
      expect(reply.status).toBe(400);
      expect(reply.body.reportingStatus).toBe('NOT_REPORTED');
      expect(errorCodes(reply)).toEqual(['certificate-mismatch']);
      const state = await call('GET', '/simulator/state');
      expect(state.body.complianceRequests[String(compliance.requestID)].passedKinds).toEqual([]);
    });

    it('renews a production CSID with the OTP and a new CSR of the same unit; the chain goes on', async () => {
      const { unit, production } = await onboard();
      const first = submission(documentInput(), stampOf(unit, production));
      expect((await report(production, first.body)).status).toBe(200);

      const renewed = newEgsUnit(unit.serial);
      const wrongOtp = await call('PATCH', '/production/csids', {
        auth: basic(production),
        otp: '000000',
        body: { csr: renewed.csr },
      });
      expect(wrongOtp.body.errorCode).toBe('Invalid-OTP');
      const otherUnit = await call('PATCH', '/production/csids', {
        auth: basic(production),
        otp: '123345',
        body: { csr: newEgsUnit().csr },
      });
      expect(otherUnit.body.errors[0].code).toBe('Invalid-EGS-Serial');
      const reply = await call('PATCH', '/production/csids', {
        auth: basic(production),
        otp: '123345',
        body: { csr: renewed.csr },
      });
      expect(reply.status).toBe(200);
      const next: Csid = { requestID: 0, token: reply.body.binarySecurityToken, secret: reply.body.secret };
      const second = submission(documentInput({ icv: 2, pih: first.invoiceHash }), stampOf(renewed, next));
      const accepted = await report(next, second.body);
      expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    });
  });

  describe('reporting and clearance', () => {
    let unit: EgsUnit;
    let production: Csid;
    let icv = 0;
    let pih = FIRST_PIH;

    beforeAll(async () => {
      ({ unit, production } = await onboard());
    });

    /** The next document of the unit's chain (not yet sent). */
    const next = (overrides: Partial<ZatcaDocumentInput> = {}, edit?: (xml: string) => string) =>
      submission(documentInput({ icv: icv + 1, pih, ...overrides }), stampOf(unit, production), edit);
    /** The document took its place in the chain (accepted, or refused for its content only). */
    const chained = (document: { invoiceHash: string }) => {
      icv += 1;
      pih = document.invoiceHash;
    };

    it('reports a simplified invoice and its successor in the chain', async () => {
      const first = next();
      const reply = await report(production, first.body);
      expect(reply.status).toBe(200);
      expect(reply.body.reportingStatus).toBe('REPORTED');
      expect(reply.body.validationResults.status).toBe('PASS');
      chained(first);
      const second = next({ typeCode: 381 });
      expect((await report(production, second.body)).status).toBe(200);
      chained(second);
      const state = await call('GET', '/simulator/state');
      expect(state.body.egsUnits[unit.serial]).toEqual({
        lastIcv: 2,
        lastInvoiceHash: second.invoiceHash,
        acceptedDocuments: 2,
      });
    });

    it('refuses a broken chain: a wrong PIH (BR-KSA-26), a skipped ICV (BR-KSA-33)', async () => {
      const wrongPih = await report(production, next({ pih: FIRST_PIH }).body);
      expect(wrongPih.status).toBe(400);
      expect(wrongPih.body.reportingStatus).toBe('NOT_REPORTED');
      expect(errorCodes(wrongPih)).toEqual(['BR-KSA-26']);
      const skipped = await report(production, next({ icv: icv + 2 }).body);
      expect(errorCodes(skipped)).toEqual(['BR-KSA-33']);
      expect((await call('GET', '/simulator/state')).body.egsUnits[unit.serial].lastIcv).toBe(icv);
    });

    it('answers a document sent twice as the first time, with already-submitted, and counts it once', async () => {
      const document = next();
      const first = await report(production, document.body);
      expect(first.status).toBe(200);
      chained(document);
      const again = await report(production, document.body);
      expect(again.status).toBe(200);
      expect(again.body.reportingStatus).toBe('REPORTED');
      expect(again.body.validationResults.infoMessages.map((message: { code: string }) => message.code)).toContain(
        'already-submitted',
      );
      const state = await call('GET', '/simulator/state');
      expect(state.body.egsUnits[unit.serial].lastIcv).toBe(icv);
      expect(state.body.egsUnits[unit.serial].acceptedDocuments).toBe(icv);
      expect(state.body.submissions[document.body.uuid]).toEqual({ submitted: 2, accepted: 1 });
    });

    it('accepts with 202 a document with warnings only (BR-KSA-F-06), and chains it', async () => {
      const lines = [{ name: 'x'.repeat(1001), quantity: '1', unitCode: 'PCE', unitPrice: '10', netAmount: '10.00' }];
      const document = next({ lines });
      const reply = await report(production, document.body);
      expect(reply.status).toBe(202);
      expect(reply.body.reportingStatus).toBe('REPORTED');
      expect(reply.body.validationResults.warningMessages[0].code).toBe('BR-KSA-F-06');
      chained(document);
    });

    it('clears a standard invoice and answers the cleared document; refuses the wrong API for each kind', async () => {
      const simplified = await clear(production, next().body);
      expect(simplified.status).toBe(400);
      expect(simplified.body.clearanceStatus).toBe('NOT_CLEARED');
      expect(errorCodes(simplified)).toContain('invoice-type');
      const standardReported = await report(production, next({ kind: 'standard' }).body);
      expect(standardReported.status).toBe(400);
      expect(errorCodes(standardReported)).toContain('invoice-type');
      const noHeader = await call('POST', '/invoices/clearance/single', {
        auth: basic(production),
        body: next({ kind: 'standard' }).body,
      });
      expect(noHeader.status).toBe(400);

      const document = next({ kind: 'standard' });
      const reply = await clear(production, document.body);
      expect(reply.status).toBe(200);
      expect(reply.body.clearanceStatus).toBe('CLEARED');
      expect(Buffer.from(reply.body.clearedInvoice, 'base64').toString('utf8')).toBe(document.xml);
      chained(document);
    });

    it('refuses a tampered document (invalid-invoice-hash) and one signed with a certificate it did not issue', async () => {
      const tampered = await report(production, next({}, (xml) => xml.replace('Sugar 5 kg', 'Sugar 6 kg')).body);
      expect(tampered.status).toBe(400);
      expect(errorCodes(tampered)).toContain('invalid-invoice-hash');

      const zatcaStamp = {
        certificate: readStampCertificate(readFileSync(new URL('cert.pem', samplesDir), 'utf8')),
        privateKey: createPrivateKey(
          `-----BEGIN EC PRIVATE KEY-----\n${readFileSync(new URL('ec-secp256k1-priv-key.pem', samplesDir), 'utf8').trim()}\n-----END EC PRIVATE KEY-----`,
        ),
      };
      const input = documentInput({ icv: icv + 1, pih });
      const signed = signInvoice(writeZatcaDocument(input), zatcaStamp, new Date());
      const foreign = await report(production, {
        invoiceHash: signed.invoiceHash,
        uuid: input.uuid,
        invoice: Buffer.from(signed.xml).toString('base64'),
      });
      expect(foreign.status).toBe(400);
      expect(errorCodes(foreign)).toEqual(['certificate-mismatch']);
    });

    it('refuses a document breaking a business rule, with its code', async () => {
      const document = next({ seller: { ...seller, address: { ...seller.address, buildingNumber: '12' } } });
      const reply = await report(production, document.body);
      expect(reply.status).toBe(400);
      expect(errorCodes(reply)).toEqual(['BR-KSA-37']);
      // Refused for its content, it still takes its place: the next document chains to it.
      chained(document);
      const successor = next();
      expect((await report(production, successor.body)).status).toBe(200);
      chained(successor);
    });

    it('answers 401 to missing or wrong credentials and to a CSID of the wrong kind', async () => {
      const document = next().body;
      expect((await call('POST', '/invoices/reporting/single', { body: document })).status).toBe(401);
      const wrongSecret = await report({ ...production, secret: 'nope' }, document);
      expect(wrongSecret.status).toBe(401);
      expect(wrongSecret.body.message).toEqual(expect.any(String));
      expect((await report({ ...production, token: Buffer.from('MIIB').toString('base64') }, document)).status).toBe(
        401,
      );
      const compliance = await complianceCsid(newEgsUnit());
      expect((await report(compliance, document)).status).toBe(401);
    });

    it('never answers 500 to bad input: not JSON, not base64 XML, over 5 MB', async () => {
      const auth = basic(production);
      const notJson = await call('POST', '/invoices/reporting/single', { auth, raw: '{"invoice":' });
      expect(notJson.status).toBe(400);
      const notXml = await report(production, { invoiceHash: 'x', uuid: randomUUID(), invoice: '%%%not base64' });
      expect(notXml.status).toBe(400);
      expect(errorCodes(notXml)).toEqual(['xml-invalid']);
      const text = await report(production, {
        invoiceHash: 'x',
        uuid: randomUUID(),
        invoice: Buffer.from('hello').toString('base64'),
      });
      expect(errorCodes(text)).toEqual(['xml-invalid']);
      const notInvoice = await report(production, {
        invoiceHash: 'x',
        uuid: randomUUID(),
        invoice: Buffer.from('<a/>').toString('base64'),
      });
      expect(errorCodes(notInvoice)).toEqual(['xml-invalid']);
      const missing = await report(production, { uuid: randomUUID() });
      expect(missing.status).toBe(400);
      const huge = await call('POST', '/invoices/reporting/single', {
        auth,
        raw: JSON.stringify({ invoice: 'A'.repeat(6 * 1024 * 1024) }),
      });
      expect(huge.status).toBe(413);
      expect((await call('GET', '/nowhere')).status).toBe(404);
    });

    it('applies the faults set under /simulator: reject, unavailable, timeout; DELETE clears them', async () => {
      expect((await call('POST', '/simulator/faults', { body: { next: 'explode', count: 1 } })).status).toBe(400);
      await call('POST', '/simulator/faults', { body: { next: 'reject', count: 1 } });
      const document = next();
      const rejected = await report(production, document.body);
      expect(rejected.status).toBe(400);
      expect(errorCodes(rejected)).toEqual(['simulated-rejection']);
      chained(document);
      // A rejected document is not sent again: it has had its place in the chain.
      expect(errorCodes(await report(production, document.body))).toEqual(['BR-KSA-33', 'BR-KSA-26']);
      const replacement = next();
      expect((await report(production, replacement.body)).status).toBe(200);
      chained(replacement);

      await call('POST', '/simulator/faults', { body: { next: 'unavailable', count: 2 } });
      expect((await report(production, next().body)).status).toBe(503);
      expect((await call('GET', '/simulator/state')).body.faults).toEqual({ next: 'unavailable', remaining: 1 });
      await call('DELETE', '/simulator/faults');
      expect((await call('GET', '/simulator/state')).body.faults).toBeNull();

      await call('POST', '/simulator/faults', { body: { next: 'timeout', count: 1 } });
      const held = fetch(`${simulator.url}${apiBasePath}/invoices/reporting/single`, {
        method: 'POST',
        headers: { 'Accept-Version': 'V2', Authorization: basic(production), 'Content-Type': 'application/json' },
        body: JSON.stringify(next().body),
        signal: AbortSignal.timeout(500),
      });
      await expect(held).rejects.toThrow();
      const after = next();
      expect((await report(production, after.body)).status).toBe(200);
      chained(after);
    });

    it('keeps its CA, CSIDs and chains across a restart on the same data dir', async () => {
      await simulator.close();
      simulator = await startFatooraSimulator({ port: 0, dataDir });
      const state = await call('GET', '/simulator/state');
      expect(state.body.egsUnits[unit.serial].lastIcv).toBe(icv);
      const document = next();
      const reply = await report(production, document.body);
      expect(reply.status, JSON.stringify(reply.body)).toBe(200);
      chained(document);
    });
  });

  it('answers 401 to a CSID whose certificate has expired', async () => {
    const shortDir = mkdtempSync(join(tmpdir(), 'fatoora-simulator-'));
    const shortLived = await startFatooraSimulator({ port: 0, dataDir: shortDir, certificateDays: 0 });
    try {
      const unit = newEgsUnit();
      const issued = await fetch(`${shortLived.url}${apiBasePath}/compliance`, {
        method: 'POST',
        headers: { 'Accept-Version': 'V2', OTP: '123345', 'Content-Type': 'application/json' },
        body: JSON.stringify({ csr: unit.csr }),
      }).then((response) => response.json() as Promise<{ binarySecurityToken: string; secret: string }>);
      const csid = { requestID: 0, token: issued.binarySecurityToken, secret: issued.secret };
      const { body } = submission(documentInput(), stampOf(unit, csid));
      const response = await fetch(`${shortLived.url}${apiBasePath}/compliance/invoices`, {
        method: 'POST',
        headers: { 'Accept-Version': 'V2', Authorization: basic(csid), 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
      expect(response.status).toBe(401);
      expect(((await response.json()) as { message: string }).message).toContain('expired');
    } finally {
      await shortLived.close();
      rmSync(shortDir, { recursive: true, force: true });
    }
  });
});
