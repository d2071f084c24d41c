import type { UserDto, ZatcaSettingsDto } from '@erp/contracts';
import { TEST_OWNER_PASSWORD } from '@erp/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GatewayStack } from './gateway-stack.js';
import { HttpClient, json } from './http-client.js';

const valid = {
  environment: 'sandbox',
  sellerNameAr: 'شركة النور التجارية',
  sellerNameEn: 'Al Noor Trading Co.',
  vatNumber: '310122393500003',
  crn: '1010010000',
  address: {
    street: 'King Fahd Road',
    buildingNumber: '1234',
    additionalNumber: '5678',
    district: 'Al Olaya',
    city: 'Riyadh',
    postalCode: '12211',
    countryCode: 'SA',
  },
  egs: { serial: '1-GulfERP|2-1.0|3-7f1c9a52', name: 'EGS1-Riyadh', model: 'GulfERP', industry: 'Wholesale' },
};

type Body = typeof valid;

function changed(change: (body: Body) => void): Body {
  const body = structuredClone(valid);
  change(body);
  return body;
}

describe('ZATCA settings (CONTRACT §12) through the gateway', () => {
  let stack: GatewayStack;
  let owner: HttpClient;
  let staff: HttpClient;
  let admin: HttpClient;

  const client = (): HttpClient => new HttpClient(stack.baseUrl);
  const put = (http: HttpClient, body: unknown): Promise<Response> => http.request('PUT', '/api/settings/zatca', body);

  /** A user created by the owner with this role, signed in. */
  async function signedIn(username: string, role: 'staff' | 'admin'): Promise<HttpClient> {
    const password = 'zatca-settings-password';
    const created = await owner.post('/api/users', {
      username,
      password,
      email: `${username}@alnoor.example`,
      fullName: username,
      role,
    });
    expect(created.status).toBe(201);
    expect((await json<UserDto>(created)).role).toBe(role);
    const http = client();
    expect((await http.login(username, password)).status).toBe(200);
    return http;
  }

  beforeAll(async () => {
    stack = await GatewayStack.start();
    owner = client();
    expect((await owner.login('owner', TEST_OWNER_PASSWORD)).status).toBe(200);
    staff = await signedIn('zatca-staff', 'staff');
    admin = await signedIn('zatca-admin', 'admin');
  });

  afterAll(async () => {
    await stack?.stop();
  });

  it('answers 401 without a session', async () => {
    expect((await client().get('/api/settings/zatca')).status).toBe(401);
    expect((await put(client(), valid)).status).toBe(401);
  });

  it('answers 403 to staff', async () => {
    for (const response of [await staff.get('/api/settings/zatca'), await put(staff, valid)]) {
      expect(response.status).toBe(403);
      expect(await json(response)).toMatchObject({ code: 'FORBIDDEN' });
    }
  });

  it('answers the defaults before anything is saved, with an EGS serial kept from one read to the next', async () => {
    const response = await admin.get('/api/settings/zatca');
    expect(response.status).toBe(200);
    const settings = await json<ZatcaSettingsDto>(response);
    expect(settings).toMatchObject({
      environment: 'simulator',
      sellerNameAr: '',
      vatNumber: '',
      crn: '',
      address: { street: '', buildingNumber: '', district: '', city: '', postalCode: '', countryCode: 'SA' },
      onboarding: { status: 'not_onboarded', certificateExpiresAt: null, message: null, onboardedAt: null },
    });
    expect(settings.egs.serial).toMatch(/^1-GulfERP\|2-1\.0\|3-[0-9a-f]{8}-[0-9a-f-]{27}$/);
    expect((await json<ZatcaSettingsDto>(await owner.get('/api/settings/zatca'))).egs.serial).toBe(settings.egs.serial);
  });

  it('saves the settings and reads them back; the onboarding block sent back is ignored', async () => {
    const saved = await put(owner, { ...valid, onboarding: { status: 'onboarded' } });
    expect(saved.status).toBe(200);
    const expected = { ...valid, onboarding: { status: 'not_onboarded' } };
    expect(await json(saved)).toMatchObject(expected);
    expect(await json(await admin.get('/api/settings/zatca'))).toMatchObject(expected);
    const [row] = await stack.environment.database.query<Record<string, unknown>>(
      'SELECT vat_number, updated_by, private_key_enc FROM billing.zatca_settings',
    );
    expect(row).toMatchObject({ vat_number: '310122393500003', private_key_enc: null });
    expect(row!.updated_by).toEqual(expect.any(String));
  });

  it('never answers the columns the onboarding keeps secret', async () => {
    await stack.environment.database.query(
      "UPDATE billing.zatca_settings SET private_key_enc = 'enc-key', compliance_csid_enc = 'enc-ccsid', production_csid_enc = 'enc-pcsid', certificate = 'MIIB-cert'",
    );
    const text = await (await owner.get('/api/settings/zatca')).text();
    expect(text).not.toMatch(/enc-|MIIB|privateKey|csid|"certificate"/i);
    expect(await (await put(owner, valid)).text()).not.toMatch(/enc-|MIIB/);
  });

  it.each([
    ['environment', 'ZATCA-ENVIRONMENT', (b: Body) => void (b.environment = 'live')],
    ['sellerNameAr', 'BR-06', (b: Body) => void (b.sellerNameAr = '   ')],
    ['sellerNameAr', 'ZATCA-SELLER-NAME-AR', (b: Body) => void (b.sellerNameAr = 'Al Noor Trading')],
    ['vatNumber', 'BR-KSA-39', (b: Body) => void (b.vatNumber = '310122393500004')],
    ['vatNumber', 'BR-KSA-39', (b: Body) => void (b.vatNumber = '31012239350000')],
    ['crn', 'BR-KSA-08', (b: Body) => void (b.crn = '10100100')],
    ['crn', 'BR-KSA-08', (b: Body) => void (b.crn = '10100100AB')],
    ['address.street', 'BR-KSA-09', (b: Body) => void (b.address.street = '')],
    ['address.buildingNumber', 'BR-KSA-37', (b: Body) => void (b.address.buildingNumber = '12345')],
    ['address.district', 'BR-KSA-09', (b: Body) => void (b.address.district = '')],
    ['address.city', 'BR-KSA-09', (b: Body) => void (b.address.city = ' ')],
    ['address.postalCode', 'BR-KSA-66', (b: Body) => void (b.address.postalCode = '1221')],
    ['egs.serial', 'ZATCA-CSR-SERIAL', (b: Body) => void (b.egs.serial = '1-GulfERP|2-1.0')],
  ])('refuses a broken %s with 400 naming rule %s', async (field, rule, change) => {
    const response = await put(owner, changed(change));
    expect(response.status).toBe(400);
    const body = await json<{ code: string; message: string; details: unknown }>(response);
    expect(body).toMatchObject({ code: 'ZATCA_SETTINGS_INVALID', details: { field, rule } });
    expect(body.message).toContain(field);
  });

  it('refuses a missing or wrongly typed field and an unknown one with VALIDATION_FAILED', async () => {
    for (const body of [
      changed((b) => delete (b as Partial<Body>).crn),
      { ...valid, vatNumber: 310122393500003 },
      { ...valid, address: { ...valid.address, floor: '2' } },
      { ...valid, sellerLogo: 'x' },
    ]) {
      const response = await put(owner, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(await json(response)).toMatchObject({ code: 'VALIDATION_FAILED' });
    }
  });

  it('accepts Arabic-Indic and Persian digits in the numbers and keeps them as ASCII digits', async () => {
    const response = await put(
      admin,
      changed((b) => {
        b.vatNumber = '٣١٠١٢٢٣٩٣٥٠٠٠٠٣';
        b.crn = '۱۰۱۰۰۱۰۰۰۰';
        b.address.buildingNumber = '٤٣٢١';
        b.address.additionalNumber = '٨٧٦٥';
        b.address.postalCode = '١٢٢١١';
      }),
    );
    expect(response.status).toBe(200);
    expect(await json(response)).toMatchObject({
      vatNumber: '310122393500003',
      crn: '1010010000',
      address: { buildingNumber: '4321', additionalNumber: '8765', postalCode: '12211' },
    });
  });
});
