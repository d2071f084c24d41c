import type { ClientDto, InvoiceDto, OrderDto, StockItemDto, ZatcaSettingsDto } from '@erp/contracts';
import { decodeQrTags, FIRST_PIH, invoiceHashOf, verifySignedInvoice } from '@erp/common';
import { TEST_OWNER_PASSWORD } from '@erp/testing';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFatooraSimulator, type FatooraSimulator } from '../../simulators/fatoora/src/index.js';
import { GatewayStack } from './gateway-stack.js';
import { HttpClient, json } from './http-client.js';

const settings = {
  environment: 'simulator',
  sellerNameAr: 'شركة النور التجارية',
  sellerNameEn: 'Al Noor Trading Co.',
  vatNumber: '310122393500003',
  crn: '1010010000',
  address: {
    street: 'طريق الملك فهد',
    buildingNumber: '1234',
    additionalNumber: '5678',
    district: 'العليا',
    city: 'الرياض',
    postalCode: '12211',
    countryCode: 'SA',
  },
  egs: { serial: '1-GulfERP|2-1.0|3-zatca-int-spec', name: 'EGS1-Riyadh', model: 'GulfERP', industry: 'Wholesale' },
};

interface SimulatorState {
  egsUnits: Record<string, { lastIcv: number; lastInvoiceHash: string; acceptedDocuments: number }>;
  submissions: Record<string, { submitted: number; accepted: number }>;
  complianceRequests: Record<string, unknown>;
}

/**
 * ZATCA phase 2 end to end (CONTRACT §12): the gateway, the real services, PostgreSQL and Redis,
 * and the local Fatoora simulator as ZATCA (it checks hashes, signatures against the certificates
 * it issued, the ICV/PIH chain and the main BR-KSA rules).
 */
describe('ZATCA phase 2 against the Fatoora simulator', () => {
  let simulator: FatooraSimulator;
  let simulatorDir: string;
  let stack: GatewayStack;
  let owner: HttpClient;
  let serial = 0;

  const simulatorCall = (method: string, path: string, body?: unknown) =>
    fetch(`${simulator.url}${path}`, {
      method,
      headers: { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const simulatorState = async () => (await (await simulatorCall('GET', '/simulator/state')).json()) as SimulatorState;

  async function confirmedInvoice(clientName = 'بقالة الريان', signed = true, clientId?: string): Promise<InvoiceDto> {
    serial += 1;
    const item = await json<StockItemDto>(
      await owner.post('/api/stock', {
        name: `Basmati Rice 5kg ${serial}`,
        nameAr: `أرز بسمتي ٥ كغ ${serial}`,
        sku: `RICE-ZATCA-${serial}`,
        unit: 'bag',
        quantity: 100,
        costPrice: '30.00',
        sellingPrice: '42.00',
      }),
    );
    const created = await owner.post('/api/orders/manual', {
      clientName,
      ...(clientId ? { clientId } : {}),
      items: [{ itemName: item.name, quantity: 3, unitPrice: 42, discountPercent: 5, stockItemId: item.id }],
    });
    expect(created.status, await created.clone().text()).toBe(201);
    const order = await json<OrderDto>(created);
    expect((await owner.patch(`/api/orders/${order.id}/status`, { status: 'confirmed' })).status).toBe(200);
    return eventually(async () => {
      const [invoice] = await json<InvoiceDto[]>(await owner.get(`/api/invoices?orderId=${order.id}`));
      return invoice && (invoice.zatca || !signed) ? invoice : undefined;
    });
  }

  async function eventually<T>(probe: () => Promise<T | undefined>, timeoutMs = 30_000): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const value = await probe();
      if (value !== undefined) return value;
      if (Date.now() > deadline) throw new Error('never happened');
      await new Promise((resolve) => setTimeout(resolve, 150));
    }
  }

  const invoiceById = async (id: string) => json<InvoiceDto>(await owner.get(`/api/invoices/${id}`));
  const settled = (id: string) =>
    eventually(async () => {
      const invoice = await invoiceById(id);
      return invoice.zatca && invoice.zatca.status !== 'pending' ? invoice : undefined;
    });

  beforeAll(async () => {
    simulatorDir = mkdtempSync(join(tmpdir(), 'fatoora-simulator-'));
    simulator = await startFatooraSimulator({ port: 0, dataDir: simulatorDir, otp: '123345' });
    stack = await GatewayStack.start(
      {},
      { ZATCA_SIMULATOR_URL: simulator.url, ZATCA_TIMEOUT_MS: '1500', ZATCA_SWEEP_MS: '1000' },
    );
    owner = new HttpClient(stack.baseUrl);
    expect((await owner.login('owner', TEST_OWNER_PASSWORD)).status).toBe(200);
  });

  afterAll(async () => {
    await stack?.stop();
    await simulator?.close();
    rmSync(simulatorDir, { recursive: true, force: true });
  });

  it('issues no ZATCA document before onboarding, and refuses to onboard with incomplete settings', async () => {
    const before = await confirmedInvoice('Al Waha Supermarket', false);
    expect(before.zatca).toBeNull();
    const refused = await owner.post('/api/settings/zatca/onboard', { otp: '123345' });
    expect(refused.status).toBe(400);
    expect(await json(refused)).toMatchObject({ code: 'ZATCA_SETTINGS_INVALID' });
  }, 60_000);

  it('refuses a malformed OTP (400) and a wrong one with ZATCA’s message, keeping the unit not onboarded', async () => {
    expect((await owner.request('PUT', '/api/settings/zatca', settings)).status).toBe(200);
    expect((await owner.post('/api/settings/zatca/onboard', { otp: '12ab' })).status).toBe(400);
    const wrong = await owner.post('/api/settings/zatca/onboard', { otp: '999999' });
    expect(wrong.status).toBe(400);
    const body = await json<{ code: string; message: string }>(wrong);
    expect(body.code).toBe('ZATCA_ONBOARDING_FAILED');
    expect(body.message).toMatch(/OTP/i);
    const state = await json<ZatcaSettingsDto>(await owner.get('/api/settings/zatca'));
    expect(state.onboarding.status).toBe('failed');
  });

  it('onboards: compliance CSID, the six compliance checks, production CSID; secrets never answered', async () => {
    const onboarded = await owner.post('/api/settings/zatca/onboard', { otp: '123345' });
    expect(onboarded.status, await onboarded.clone().text()).toBe(200);
    const text = await onboarded.clone().text();
    const body = JSON.parse(text) as ZatcaSettingsDto;
    expect(body.onboarding.status).toBe('onboarded');
    expect(new Date(body.onboarding.certificateExpiresAt!).getTime()).toBeGreaterThan(Date.now());
    expect(text).not.toMatch(/PRIVATE|secret|binarySecurityToken/i);
    const [row] = await stack.environment.database.query<{ private_key_enc: string }>(
      'SELECT private_key_enc FROM billing.zatca_settings',
    );
    expect(row!.private_key_enc).toMatch(/^v1:/);
    expect(row!.private_key_enc).not.toContain('BEGIN');
  }, 60_000);

  it('signs a confirmed order’s invoice, reports it, and serves its XML, with a phase-2 QR on the PDF', async () => {
    const invoice = await confirmedInvoice();
    expect(invoice.zatca).toMatchObject({ kind: 'simplified', icv: 1, pih: FIRST_PIH });
    const reported = await settled(invoice.id);
    expect(reported.zatca!.status).toBe('reported');
    const xmlResponse = await owner.get(`/api/invoices/${invoice.id}/xml`);
    expect(xmlResponse.status).toBe(200);
    expect(xmlResponse.headers.get('content-type')).toMatch(/application\/xml/);
    expect(xmlResponse.headers.get('content-disposition')).toContain(`310122393500003_`);
    const xml = await xmlResponse.text();
    expect(invoiceHashOf(xml)).toBe(invoice.zatca!.invoiceHash);
    expect(verifySignedInvoice(xml).problems).toEqual([]);
    expect(xml).toContain('<cbc:InvoiceTypeCode name="0200000">388</cbc:InvoiceTypeCode>');
    const qr = decodeQrTags(/<cbc:ID>QR<\/cbc:ID>[\s\S]*?mimeCode="text\/plain">([^<]+)</.exec(xml)![1]!);
    expect([...qr.keys()]).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(qr.get(4)!.toString()).toBe(invoice.totalAmount);
    const pdf = await owner.get(`/api/invoices/${invoice.id}/pdf`);
    expect(pdf.status).toBe(200);
    const [stored] = await stack.environment.database.query<{ qr: string }>(
      'SELECT qr FROM billing.zatca_documents WHERE invoice_id = $1',
      [invoice.id],
    );
    expect(
      Buffer.from(stored!.qr, 'base64').equals(
        Buffer.concat([...qr].map(([tag, value]) => Buffer.concat([Buffer.from([tag, value.length]), value]))),
      ),
    ).toBe(true);
    expect((await simulatorState()).submissions[invoice.zatca!.uuid]).toMatchObject({ accepted: 1 });
  }, 60_000);

  it('gives 50 concurrent confirmations ICVs without gap or repeat and an unbroken PIH chain, each reported once', async () => {
    const [{ last }] = await stack.environment.database.query<{ last: number }>(
      'SELECT max(icv)::int AS last FROM billing.zatca_documents',
    );
    const invoices = await Promise.all(Array.from({ length: 50 }, () => confirmedInvoice()));
    const settledAll = await Promise.all(invoices.map((invoice) => settled(invoice.id)));
    expect(settledAll.every((invoice) => invoice.zatca!.status === 'reported')).toBe(true);
    const rows = await stack.environment.database.query<{ icv: number; pih: string; invoice_hash: string }>(
      'SELECT icv, pih, invoice_hash FROM billing.zatca_documents ORDER BY icv',
    );
    expect(rows.map((row) => row.icv)).toEqual(Array.from({ length: last + 50 }, (_, index) => index + 1));
    rows.forEach((row, index) => expect(row.pih).toBe(index === 0 ? FIRST_PIH : rows[index - 1]!.invoice_hash));
    const state = await simulatorState();
    const unit = state.egsUnits[settings.egs.serial]!;
    expect(unit.lastIcv).toBe(last + 50);
    for (const invoice of settledAll) expect(state.submissions[invoice.zatca!.uuid]!.accepted).toBe(1);
  }, 180_000);

  it('keeps a rejection with ZATCA’s messages, announces nothing as cleared, and goes on with the chain', async () => {
    expect((await simulatorCall('POST', '/simulator/faults', { next: 'reject', count: 1 })).status).toBe(200);
    const rejected = await settled((await confirmedInvoice()).id);
    expect(rejected.zatca!.status).toBe('rejected');
    expect(rejected.zatca!.messages.map((message) => message.code)).toContain('simulated-rejection');
    const next = await settled((await confirmedInvoice()).id);
    expect(next.zatca!.status).toBe('reported');
    expect(next.zatca!.pih).toBe(rejected.zatca!.invoiceHash);
  }, 60_000);

  it('sends a document again after a timeout, first and unchanged, and ZATCA counts it once', async () => {
    expect((await simulatorCall('POST', '/simulator/faults', { next: 'timeout', count: 1 })).status).toBe(200);
    const invoice = await confirmedInvoice();
    const reported = await settled(invoice.id);
    expect(reported.zatca!.status).toBe('reported');
    const [row] = await stack.environment.database.query<{ attempts: number }>(
      'SELECT attempts FROM billing.zatca_documents WHERE invoice_id = $1',
      [invoice.id],
    );
    expect(row!.attempts).toBeGreaterThanOrEqual(2);
    expect((await simulatorState()).submissions[invoice.zatca!.uuid]).toMatchObject({ accepted: 1 });
  }, 90_000);

  it('signs and reports a cancelled order’s credit note as a 381 naming its invoice and the reason', async () => {
    const invoice = await confirmedInvoice();
    expect((await owner.patch(`/api/orders/${invoice.orderId}/status`, { status: 'cancelled' })).status).toBe(200);
    const note = await eventually(async () => {
      const notes = await json<InvoiceDto[]>(
        await owner.get(`/api/invoices?orderId=${invoice.orderId}&type=credit_note`),
      );
      return notes[0]?.zatca ? notes[0] : undefined;
    });
    const reported = await settled(note.id);
    expect(reported.zatca!.status).toBe('reported');
    const xml = await (await owner.get(`/api/invoices/${note.id}/xml`)).text();
    expect(xml).toContain('<cbc:InvoiceTypeCode name="0200000">381</cbc:InvoiceTypeCode>');
    expect(xml).toContain(`<cbc:ID>${invoice.invoiceNumber}</cbc:ID>`);
    expect(xml).toMatch(/<cbc:InstructionNote>[^<]+<\/cbc:InstructionNote>/);
    expect(xml).toContain(`<cbc:TaxInclusiveAmount currencyID="SAR">${note.totalAmount}</cbc:TaxInclusiveAmount>`);
  }, 60_000);

  describe('a VAT-registered client: standard tax invoices, cleared before release', () => {
    const nationalAddress = {
      street: 'King Abdulaziz Road',
      buildingNumber: '٣٧٠٩',
      additionalNumber: '1004',
      district: 'Al Mursalat',
      city: 'Riyadh',
      postalCode: '١١٥٦٤',
    };

    it('refuses a VAT number without a national address, and a malformed one, with VALIDATION_FAILED', async () => {
      const missing = await owner.post('/api/clients', { name: 'Al Marai Stores', vatNumber: '300075588700003' });
      expect(missing.status).toBe(400);
      expect(await json(missing)).toMatchObject({
        code: 'VALIDATION_FAILED',
        details: { fields: [{ field: 'nationalAddress' }] },
      });
      const short = await owner.post('/api/clients', {
        name: 'Al Marai Stores',
        vatNumber: '30007558870000',
        nationalAddress: { ...nationalAddress, postalCode: '1156' },
      });
      expect(short.status).toBe(400);
      expect(JSON.stringify(await json(short))).toMatch(/vatNumber[\s\S]*postalCode|postalCode[\s\S]*vatNumber/);
    });

    it('clears the invoice before its PDF is released, keeps the cleared XML, and clears its credit note too', async () => {
      const created = await owner.post('/api/clients', {
        name: 'Al-Rayyan Foodstuff Est.',
        nameAr: 'مؤسسة الريان للمواد الغذائية',
        vatNumber: '٣٠٠٠٧٥٥٨٨٧٠٠٠٠٣',
        nationalAddress,
      });
      expect(created.status, await created.clone().text()).toBe(201);
      const client = await json<ClientDto>(created);
      expect(client).toMatchObject({
        vatNumber: '300075588700003',
        nationalAddress: { buildingNumber: '3709', postalCode: '11564', countryCode: 'SA' },
      });

      // The first submission times out: the invoice stays pending, and its PDF is held back meanwhile.
      expect((await simulatorCall('POST', '/simulator/faults', { next: 'timeout', count: 1 })).status).toBe(200);
      const invoice = await confirmedInvoice('Al-Rayyan Foodstuff Est.', true, client.id);
      expect(invoice.zatca).toMatchObject({ kind: 'standard', status: 'pending' });
      expect(invoice.buyer).toMatchObject({ vatNumber: '300075588700003', nameAr: 'مؤسسة الريان للمواد الغذائية' });
      const held = await owner.get(`/api/invoices/${invoice.id}/pdf`);
      expect(held.status).toBe(409);
      expect(await json(held)).toMatchObject({ code: 'ZATCA_NOT_CLEARED' });

      const cleared = await settled(invoice.id);
      expect(cleared.zatca!.status).toBe('cleared');
      const xml = await (await owner.get(`/api/invoices/${invoice.id}/xml`)).text();
      const [row] = await stack.environment.database.query<{ cleared_xml: string | null }>(
        'SELECT cleared_xml FROM billing.zatca_documents WHERE invoice_id = $1',
        [invoice.id],
      );
      expect(row!.cleared_xml).toBe(xml);
      expect(xml).toContain('<cbc:InvoiceTypeCode name="0100000">388</cbc:InvoiceTypeCode>');
      expect(xml).toContain('<cbc:CompanyID>300075588700003</cbc:CompanyID>');
      expect(xml).toContain('<cbc:BuildingNumber>3709</cbc:BuildingNumber>');
      expect(xml).toContain('<cbc:RegistrationName>مؤسسة الريان للمواد الغذائية</cbc:RegistrationName>');
      // A standard document's QR has no tag 9 (the CSID's signature is for simplified ones).
      const qr = decodeQrTags(/<cbc:ID>QR<\/cbc:ID>[\s\S]*?mimeCode="text\/plain">([^<]+)</.exec(xml)![1]!);
      expect([...qr.keys()]).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
      const pdf = await owner.get(`/api/invoices/${invoice.id}/pdf`);
      expect(pdf.status).toBe(200);
      expect(pdf.headers.get('content-type')).toMatch(/application\/pdf/);

      // Once the client's record changes, the issued invoice keeps the buyer it was issued to.
      expect((await owner.patch(`/api/clients/${client.id}`, { vatNumber: null })).status).toBe(200);
      expect((await invoiceById(invoice.id)).buyer).toMatchObject({ vatNumber: '300075588700003' });

      expect((await owner.patch(`/api/orders/${invoice.orderId}/status`, { status: 'cancelled' })).status).toBe(200);
      const note = await eventually(async () => {
        const notes = await json<InvoiceDto[]>(
          await owner.get(`/api/invoices?orderId=${invoice.orderId}&type=credit_note`),
        );
        return notes[0]?.zatca ? notes[0] : undefined;
      });
      expect(note.zatca!.kind).toBe('standard');
      expect((await settled(note.id)).zatca!.status).toBe('cleared');
      const noteXml = await (await owner.get(`/api/invoices/${note.id}/xml`)).text();
      expect(noteXml).toContain('<cbc:InvoiceTypeCode name="0100000">381</cbc:InvoiceTypeCode>');
      expect(noteXml).toContain('<cbc:CompanyID>300075588700003</cbc:CompanyID>');
    }, 90_000);
  });

  it('onboards again from the start (a new compliance CSID) once the certificate has expired, and signing goes on', async () => {
    const before = Object.keys((await simulatorState()).complianceRequests).length;
    await stack.environment.database.query(
      `UPDATE billing.zatca_settings SET certificate_expires_at = now() - interval '1 day'`,
    );
    const onboarded = await owner.post('/api/settings/zatca/onboard', { otp: '123345' });
    expect(onboarded.status, await onboarded.clone().text()).toBe(200);
    const body = await json<ZatcaSettingsDto>(onboarded);
    expect(body.onboarding.status).toBe('onboarded');
    expect(new Date(body.onboarding.certificateExpiresAt!).getTime()).toBeGreaterThan(Date.now());
    expect(Object.keys((await simulatorState()).complianceRequests)).toHaveLength(before + 1);
    const next = await settled((await confirmedInvoice()).id);
    expect(next.zatca!.status).toBe('reported');
  }, 90_000);

  describe('settings saved after onboarding', () => {
    const sellerVat = (xml: string) =>
      /<cac:AccountingSupplierParty>[\s\S]*?<cbc:CompanyID>(\d+)<\/cbc:CompanyID>/.exec(xml)?.[1];
    const xmlOf = async (id: string) => (await owner.get(`/api/invoices/${id}/xml`)).text();

    it('keeps signing while an onboarding again is refused half-way (a compliance check rejected)', async () => {
      const saved = await owner.request('PUT', '/api/settings/zatca', { ...settings, vatNumber: '399999999900003' });
      expect(saved.status, await saved.clone().text()).toBe(200);
      expect((await simulatorCall('POST', '/simulator/faults', { next: 'reject', count: 1 })).status).toBe(200);
      const refused = await owner.post('/api/settings/zatca/onboard', { otp: '123345' });
      expect(refused.status).toBe(400);
      expect(await json(refused)).toMatchObject({ code: 'ZATCA_ONBOARDING_FAILED' });
      const state = await json<ZatcaSettingsDto>(await owner.get('/api/settings/zatca'));
      expect(state.onboarding).toMatchObject({ status: 'onboarded', changedSinceOnboarding: ['vatNumber'] });

      const meanwhile = await settled((await confirmedInvoice()).id);
      expect(meanwhile.zatca!.status).toBe('reported');
      expect(sellerVat(await xmlOf(meanwhile.id))).toBe('310122393500003');
      expect((await owner.request('PUT', '/api/settings/zatca', settings)).status).toBe(200);
    }, 90_000);

    it('signs in the onboarded name until the unit is onboarded again, which starts from a new compliance CSID', async () => {
      const saved = await owner.request('PUT', '/api/settings/zatca', {
        ...settings,
        vatNumber: '399999999900003',
        address: { ...settings.address, city: 'جدة' },
      });
      expect(saved.status, await saved.clone().text()).toBe(200);
      expect((await json<ZatcaSettingsDto>(saved)).onboarding.changedSinceOnboarding).toEqual([
        'vatNumber',
        'address.city',
      ]);

      const meanwhile = await settled((await confirmedInvoice()).id);
      expect(meanwhile.zatca!.status).toBe('reported');
      expect(sellerVat(await xmlOf(meanwhile.id))).toBe('310122393500003');
      // Its file is named by the VAT number it carries, not by the settings saved since.
      expect((await owner.get(`/api/invoices/${meanwhile.id}/xml`)).headers.get('content-disposition')).toMatch(
        new RegExp(`filename="310122393500003_\\d{8}T\\d{6}_${meanwhile.invoiceNumber}\\.xml"`),
      );

      const before = Object.keys((await simulatorState()).complianceRequests).length;
      const onboarded = await owner.post('/api/settings/zatca/onboard', { otp: '123345' });
      expect(onboarded.status, await onboarded.clone().text()).toBe(200);
      expect((await json<ZatcaSettingsDto>(onboarded)).onboarding.changedSinceOnboarding).toEqual([]);
      // A certificate names its VAT number: a new one is not a renewal.
      expect(Object.keys((await simulatorState()).complianceRequests)).toHaveLength(before + 1);

      const after = await settled((await confirmedInvoice()).id);
      expect(after.zatca!.status).toBe('reported');
      expect(after.zatca!.icv).toBe(meanwhile.zatca!.icv + 1);
      expect(sellerVat(await xmlOf(after.id))).toBe('399999999900003');
    }, 90_000);

    it('refuses to onboard a new EGS unit while the old one has documents waiting, then starts its own chain', async () => {
      const newSerial = '1-GulfERP|2-1.0|3-zatca-int-spec-2';
      expect((await simulatorCall('POST', '/simulator/faults', { next: 'unavailable', count: 100_000 })).status).toBe(
        200,
      );
      const saved = await owner.request('PUT', '/api/settings/zatca', {
        ...settings,
        vatNumber: '399999999900003',
        egs: { ...settings.egs, serial: newSerial },
      });
      expect(saved.status, await saved.clone().text()).toBe(200);
      const waiting = await confirmedInvoice();
      expect(waiting.zatca!.status).toBe('pending');

      const refused = await owner.post('/api/settings/zatca/onboard', { otp: '123345' });
      expect(refused.status).toBe(409);
      expect(await json(refused)).toMatchObject({
        code: 'ZATCA_DOCUMENTS_WAITING',
        message: expect.stringContaining('still waiting for ZATCA') as unknown,
      });

      expect((await simulatorCall('DELETE', '/simulator/faults')).status).toBe(200);
      expect((await settled(waiting.id)).zatca!.status).toBe('reported');
      const onboarded = await owner.post('/api/settings/zatca/onboard', { otp: '123345' });
      expect(onboarded.status, await onboarded.clone().text()).toBe(200);

      const first = await settled((await confirmedInvoice()).id);
      expect(first.zatca).toMatchObject({ status: 'reported', icv: 1, pih: FIRST_PIH });
      expect((await simulatorState()).egsUnits[newSerial]).toMatchObject({ lastIcv: 1, acceptedDocuments: 1 });
    }, 90_000);
  });

  it('answers 404 ZATCA_NO_DOCUMENT for the XML of a supplier invoice or an invoice from before onboarding', async () => {
    const [old] = await stack.environment.database.query<{ id: string }>(
      `SELECT i.id FROM billing.invoices i LEFT JOIN billing.zatca_documents d ON d.invoice_id = i.id WHERE d.invoice_id IS NULL LIMIT 1`,
    );
    const response = await owner.get(`/api/invoices/${old!.id}/xml`);
    expect(response.status).toBe(404);
    expect(await json(response)).toMatchObject({ code: 'ZATCA_NO_DOCUMENT' });
  });
});
