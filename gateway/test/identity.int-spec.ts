import { IdentityClient, ServiceName, type ApiKeyDto, type CreatedApiKeyDto, type UserDto } from '@erp/contracts';
import { TEST_OWNER_PASSWORD, testServiceClient } from '@erp/testing';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGatewayApp } from '../src/bootstrap/create-gateway-app.js';
import { GatewayConfig } from '../src/config/gateway.config.js';
import { GatewayStack } from './gateway-stack.js';
import { HttpClient, json } from './http-client.js';

const meta = { requestId: 'identity-test' };
let counter = 0;

function newUser(overrides: Record<string, unknown> = {}): Record<string, string> {
  counter += 1;
  return {
    username: `buyer${counter}`,
    password: 'secret-password-1',
    email: `buyer${counter}@alnoor.example`,
    fullName: `Buyer ${counter}`,
    ...overrides,
  } as Record<string, string>;
}

describe('identity and access through the gateway', () => {
  let stack: GatewayStack;
  let owner: HttpClient;
  let closeIdentity: (() => Promise<void>) | undefined;
  let identity: IdentityClient;

  const client = (): HttpClient => new HttpClient(stack.baseUrl);

  /** Registers a user and has the owner approve it; returns a signed-in client and the user. */
  async function approvedStaff(overrides: Record<string, unknown> = {}): Promise<{ http: HttpClient; user: UserDto }> {
    const details = newUser(overrides);
    const registered = await json<{ user: UserDto }>(await client().post('/api/register', details));
    expect((await owner.patch(`/api/admin/users/${registered.user.id}/status`, { status: 'approved' })).status).toBe(
      200,
    );
    const http = client();
    const login = await http.login(details.username!, details.password!);
    expect(login.status).toBe(200);
    return { http, user: await json<UserDto>(login) };
  }

  beforeAll(async () => {
    stack = await GatewayStack.start();
    owner = client();
    expect((await owner.login('owner', TEST_OWNER_PASSWORD)).status).toBe(200);
    ({ client: identity, close: closeIdentity } = testServiceClient(
      stack.environment,
      ServiceName.Identity,
      IdentityClient,
    ));
  });

  afterAll(async () => {
    await closeIdentity?.();
    await stack?.stop();
  });

  describe('the owner', () => {
    it('is created at start from ERP_OWNER_* with every permission, and never leaves with a hash', async () => {
      const response = await owner.get('/api/user');
      expect(response.status).toBe(200);
      const text = await response.clone().text();
      expect(text).not.toMatch(/password|argon2/i);
      expect(await json(response)).toMatchObject({ username: 'owner', role: 'owner', status: 'approved' });
      expect((await json<UserDto>(await owner.get('/api/user'))).permissions).toHaveLength(10);
    });

    it('is not created twice or overwritten when identity starts again', async () => {
      await stack.stopService(ServiceName.Identity);
      await stack.restartService(ServiceName.Identity);
      const owners = await stack.environment.database.query("SELECT id FROM identity.users WHERE role = 'owner'");
      expect(owners).toHaveLength(1);
      expect((await client().login('owner', TEST_OWNER_PASSWORD)).status).toBe(200);
    });
  });

  describe('registration', () => {
    it('creates a pending staff user with the default permissions, ignores a role, and does not sign in', async () => {
      const response = await client().post('/api/register', newUser({ role: 'owner', phone: '+971 50 123 4567' }));
      expect(response.status).toBe(201);
      expect(response.headers.get('set-cookie')).toBeNull();
      const body = await json<{ message: string; user: UserDto }>(response);
      expect(body.message).toMatch(/approval/);
      expect(body.user).toMatchObject({ role: 'staff', status: 'pending', phone: '+971 50 123 4567' });
      expect(body.user.permissions.sort()).toEqual(
        ['clients:read', 'clients:write', 'invoices:read', 'orders:read', 'orders:write', 'stock:read'].sort(),
      );
    });

    it('answers 409 naming the username or the email that is taken', async () => {
      const details = newUser();
      expect((await client().post('/api/register', details)).status).toBe(201);
      const sameName = await client().post('/api/register', {
        ...newUser(),
        username: details.username!.toUpperCase(),
      });
      expect(sameName.status).toBe(409);
      expect(await json(sameName)).toMatchObject({ code: 'IDENTITY_USERNAME_TAKEN', details: { field: 'username' } });
      const sameEmail = await client().post('/api/register', { ...newUser(), email: details.email!.toUpperCase() });
      expect(sameEmail.status).toBe(409);
      expect(await json(sameEmail)).toMatchObject({ code: 'IDENTITY_EMAIL_TAKEN', details: { field: 'email' } });
    });

    // A password too short or too weak is the password policy's (accounts.int-spec.ts), with a code per rule.
    it('refuses missing, oversized, unknown and wrongly typed fields with 400 naming the field', async () => {
      const cases: Array<[Record<string, unknown>, RegExp]> = [
        [{ ...newUser(), password: 'x'.repeat(201) }, /^password must be shorter than or equal to 200/],
        [{ ...newUser(), email: undefined }, /^email /],
        [{ ...newUser(), fullName: 'x'.repeat(121) }, /^fullName must be shorter/],
        [{ ...newUser(), isAdmin: true }, /^property isAdmin should not exist/],
        [{ ...newUser(), username: 42 }, /^username /],
      ];
      for (const [body, message] of cases) {
        const response = await client().post('/api/register', body);
        expect(response.status, JSON.stringify(body)).toBe(400);
        const error = await json<{ code: string; message: string }>(response);
        expect(error.code).toBe('VALIDATION_FAILED');
        expect(error.message).toMatch(message);
      }
    });
  });

  describe('sign-in and sessions', () => {
    it('sets an httpOnly, SameSite=Lax session cookie on path /', async () => {
      const { user } = await approvedStaff();
      const response = await client().login(user.username, 'secret-password-1');
      const cookie = response.headers.get('set-cookie') ?? '';
      expect(cookie).toMatch(/^erp_session=/);
      expect(cookie).toMatch(/HttpOnly/i);
      expect(cookie).toMatch(/SameSite=Lax/i);
      expect(cookie).toMatch(/Path=\//);
      expect(cookie).not.toMatch(/Secure/i);
    });

    it('marks the cookie Secure when the request came over HTTPS (behind a proxy with TRUST_PROXY)', async () => {
      const { user } = await approvedStaff();
      const config = stack.environment.config(GatewayConfig, { PORT: '0', HOST: '127.0.0.1', TRUST_PROXY: 'true' });
      const proxied = await createGatewayApp(config);
      try {
        await proxied.listen({ port: 0, host: '127.0.0.1' });
        const response = await fetch(`${await proxied.getUrl()}/api/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-proto': 'https' },
          body: JSON.stringify({ username: user.username, password: 'secret-password-1' }),
        });
        expect(response.status).toBe(200);
        const cookie = response.headers.get('set-cookie') ?? '';
        expect(cookie).toMatch(/^erp_session=/);
        expect(cookie).toMatch(/; Secure/i);
        expect(cookie).toMatch(/HttpOnly/i);
      } finally {
        await proxied.close();
      }
    });

    it('says the same for an unknown user and a wrong password', async () => {
      const { user } = await approvedStaff();
      for (const [username, password] of [
        ['nobody-here', 'secret-password-1'],
        [user.username, 'wrong-password'],
      ]) {
        const response = await client().login(username!, password!);
        expect(response.status).toBe(401);
        expect(await json(response)).toEqual({
          code: 'IDENTITY_INVALID_CREDENTIALS',
          message: 'Invalid username or password',
        });
      }
    });

    it('tells a pending and a rejected user why, only with the right password', async () => {
      const pending = newUser();
      await client().post('/api/register', pending);
      const waiting = await client().login(pending.username!, pending.password!);
      expect(waiting.status).toBe(403);
      expect(await json(waiting)).toMatchObject({ message: 'Your account is awaiting approval' });
      expect((await client().login(pending.username!, 'not-the-password')).status).toBe(401);

      const rejected = newUser();
      const { user } = await json<{ user: UserDto }>(await client().post('/api/register', rejected));
      await owner.patch(`/api/admin/users/${user.id}/status`, { status: 'rejected' });
      const refused = await client().login(rejected.username!, rejected.password!);
      expect(refused.status).toBe(403);
      expect(await json(refused)).toMatchObject({ message: 'Your account has been rejected' });
    });

    it('answers GET /api/user with 401 without a session', async () => {
      const response = await client().get('/api/user');
      expect(response.status).toBe(401);
      expect(await json(response)).toMatchObject({ code: 'UNAUTHENTICATED' });
      const forged = client().withCookie('erp_session=eyJhbGciOiJub25lIn0.eyJzaWQiOiJ4In0.');
      expect((await forged.get('/api/user')).status).toBe(401);
    });

    it.each(['/api/logout', '/api/auth/logout'])(
      '%s revokes the session on the server: a copied cookie stops working',
      async (path) => {
        const { http } = await approvedStaff();
        const copy = http.withCookie(http.sessionCookie);
        expect((await copy.get('/api/user')).status).toBe(200);
        const logout = await http.post(path);
        expect(logout.status).toBe(204);
        expect(logout.headers.get('set-cookie')).toMatch(/erp_session=;/);
        expect((await copy.get('/api/user')).status).toBe(401);
      },
    );

    it('limits failed sign-ins per username: 429 with Retry-After, even for the right password', async () => {
      const { user } = await approvedStaff();
      for (let attempt = 0; attempt < 10; attempt += 1) {
        expect((await client().login(user.username, 'wrong-password')).status).toBe(401);
      }
      const limited = await client().login(user.username, 'secret-password-1');
      expect(limited.status).toBe(429);
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(800);
      expect(await json(limited)).toMatchObject({ code: 'IDENTITY_LOGIN_RATE_LIMITED' });
    });
  });

  describe('changes take effect on the next request', () => {
    it('a user set to rejected loses their session at once', async () => {
      const { http, user } = await approvedStaff();
      expect((await http.get('/api/user')).status).toBe(200);
      await owner.patch(`/api/users/${user.id}`, { status: 'rejected' });
      expect((await http.get('/api/user')).status).toBe(401);
    });

    it('a permission removed is gone from the next answer', async () => {
      const { http, user } = await approvedStaff();
      await owner.patch(`/api/users/${user.id}`, { permissions: ['orders:read'] });
      expect((await json<UserDto>(await http.get('/api/user'))).permissions).toEqual(['orders:read']);
    });

    it('a deleted user is signed out', async () => {
      const { http, user } = await approvedStaff();
      expect((await owner.delete(`/api/users/${user.id}`)).status).toBe(204);
      expect((await http.get('/api/user')).status).toBe(401);
      expect((await owner.delete(`/api/users/${user.id}`)).status).toBe(404);
    });
  });

  describe('administration rules', () => {
    it('keeps staff out of the administration calls', async () => {
      const { http } = await approvedStaff();
      for (const path of ['/api/users', '/api/admin/users', '/api/admin/demo-requests']) {
        const response = await http.get(path);
        expect(response.status, path).toBe(403);
      }
      expect((await http.post('/api/users', newUser())).status).toBe(403);
    });

    it('lets an admin manage staff but not touch, create or promote an owner', async () => {
      const adminDetails = newUser({ role: 'admin' });
      expect((await owner.post('/api/users', adminDetails)).status).toBe(201);
      const admin = client();
      expect((await admin.login(adminDetails.username!, adminDetails.password!)).status).toBe(200);

      const staff = await json<UserDto>(await admin.post('/api/users', newUser()));
      expect(staff).toMatchObject({ role: 'staff', status: 'approved' });
      expect((await admin.patch(`/api/users/${staff.id}`, { status: 'pending' })).status).toBe(200);

      const ownerUser = await json<UserDto>(await owner.get('/api/user'));
      for (const attempt of [
        () => admin.patch(`/api/users/${ownerUser.id}`, { role: 'staff' }),
        () => admin.patch(`/api/admin/users/${ownerUser.id}/status`, { status: 'rejected' }),
        () => admin.delete(`/api/users/${ownerUser.id}`),
        () => admin.post('/api/users', newUser({ role: 'owner' })),
        () => admin.patch(`/api/users/${staff.id}`, { role: 'owner' }),
      ]) {
        const response = await attempt();
        expect(response.status).toBe(403);
        expect(await json(response)).toMatchObject({ code: 'IDENTITY_OWNER_PROTECTED' });
      }
    });

    it('lets nobody delete themselves or the last owner', async () => {
      const ownerUser = await json<UserDto>(await owner.get('/api/user'));
      const self = await owner.delete(`/api/users/${ownerUser.id}`);
      expect(self.status).toBe(403);
      expect(await json(self)).toMatchObject({ code: 'IDENTITY_CANNOT_DELETE_SELF' });
      const demote = await owner.patch(`/api/users/${ownerUser.id}`, { role: 'admin' });
      expect(demote.status).toBe(409);
      expect(await json(demote)).toMatchObject({ code: 'IDENTITY_LAST_OWNER' });
      expect((await json<UserDto>(await owner.get('/api/user'))).role).toBe('owner');
    });

    it('lists users and demo requests for the approvals screen', async () => {
      await stack.postJson('/api/demo-requests', {
        fullName: 'Umm Saad',
        email: 'saad@example.com',
        phone: '+965 5000 1234',
        company: 'Saad Foods',
      });
      const users = await json<UserDto[]>(await owner.get('/api/admin/users'));
      expect(users.length).toBeGreaterThan(1);
      expect(JSON.stringify(users)).not.toMatch(/password/i);
      const demos = await json<Array<{ company: string }>>(await owner.get('/api/admin/demo-requests'));
      expect(demos.map((demo) => demo.company)).toContain('Saad Foods');
    });

    it('answers 404 for an unknown or malformed user id', async () => {
      expect(
        (await owner.patch('/api/users/00000000-0000-4000-8000-000000000000', { status: 'approved' })).status,
      ).toBe(404);
      expect((await owner.patch('/api/users/not-an-id', { status: 'approved' })).status).toBe(404);
    });
  });

  describe('company settings', () => {
    it('gives every signed-in user the settings with their defaults', async () => {
      const { http } = await approvedStaff();
      const settings = await json(await http.get('/api/settings'));
      expect(settings).toMatchObject({ taxRate: 15, currency: 'SAR', allowNegativeStock: false, logoUrl: null });
      expect((await client().get('/api/settings')).status).toBe(401);
    });

    it('lets only admins and owners change them, with the VAT number and tax rate checked', async () => {
      const { http } = await approvedStaff();
      expect((await http.patch('/api/settings', { companyName: 'Mine' })).status).toBe(403);
      const badVat = await owner.patch('/api/settings', { vatNumber: '123456789012345' });
      expect(badVat.status).toBe(400);
      expect(await json(badVat)).toMatchObject({ message: 'vatNumber must be 15 digits starting and ending with 3' });
      expect((await owner.patch('/api/settings', { taxRate: 101 })).status).toBe(400);
      const saved = await owner.patch('/api/settings', {
        companyName: 'Al Noor Trading',
        companyNameAr: 'شركة النور التجارية',
        vatNumber: '300000000000003',
        taxRate: 5,
        currency: 'AED',
      });
      expect(saved.status).toBe(200);
      expect(await json(await http.get('/api/settings'))).toMatchObject({
        companyNameAr: 'شركة النور التجارية',
        vatNumber: '300000000000003',
        taxRate: 5,
        currency: 'AED',
      });
    });

    it('stores a PNG logo and serves it from a public path that cannot run as a page', async () => {
      const png = readFileSync(join(import.meta.dirname, 'fixtures/logo.png'));
      const response = await owner.post('/api/settings/upload-logo', {
        imageBase64: `data:image/png;base64,${png.toString('base64')}`,
      });
      expect(response.status).toBe(200);
      const { logoUrl } = await json<{ logoUrl: string }>(response);
      expect(logoUrl).toMatch(/^\/uploads\/logos\/[0-9a-f]{24}\.png$/);
      const file = await fetch(`${stack.baseUrl}${logoUrl}`);
      expect(file.status).toBe(200);
      expect(Buffer.from(await file.arrayBuffer()).equals(png)).toBe(true);
      expect(file.headers.get('content-security-policy')).toContain("default-src 'none'");
    });

    it('refuses a text file named .png, a 6 MB image and anything that is not a data URL', async () => {
      const text = Buffer.from('this is not an image at all').toString('base64');
      const fake = await owner.post('/api/settings/upload-logo', { imageBase64: `data:image/png;base64,${text}` });
      expect(fake.status).toBe(400);
      expect(await json(fake)).toMatchObject({ code: 'IDENTITY_INVALID_LOGO' });

      const big = Buffer.concat([
        Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
        Buffer.alloc(6 * 1024 * 1024),
      ]);
      const tooLarge = await owner.post('/api/settings/upload-logo', {
        imageBase64: `data:image/png;base64,${big.toString('base64')}`,
      });
      expect(tooLarge.status).toBe(413);
      expect(await json(tooLarge)).toMatchObject({ code: 'IDENTITY_LOGO_TOO_LARGE' });

      expect(
        (await owner.post('/api/settings/upload-logo', { imageBase64: 'https://example.com/logo.png' })).status,
      ).toBe(400);
      const { http } = await approvedStaff();
      expect(
        (await http.post('/api/settings/upload-logo', { imageBase64: `data:image/png;base64,${text}` })).status,
      ).toBe(403);
    });

    it('strips scripts, event handlers and external references from an SVG logo', async () => {
      const svg = `<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="400" height="200" onload="alert(1)"><script>alert(2)</script><rect width="400" height="200" fill="#0b6e4f"/><image xlink:href="https://evil.example/x.png"/><foreignObject><iframe src="javascript:alert(3)"></iframe></foreignObject><text x="20" y="100">النور</text></svg>`;
      const response = await owner.post('/api/settings/upload-logo', {
        imageBase64: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
      });
      expect(response.status).toBe(200);
      const { logoUrl } = await json<{ logoUrl: string }>(response);
      expect(logoUrl).toMatch(/\.svg$/);
      const stored = await (await fetch(`${stack.baseUrl}${logoUrl}`)).text();
      expect(stored).toContain('<rect');
      expect(stored).toContain('النور');
      expect(stored).not.toMatch(/script|onload|alert|evil\.example|foreignObject|iframe/i);
    });
  });

  describe('API keys', () => {
    it('shows a new key once, then only masked, and lists only the caller’s own keys', async () => {
      const { http } = await approvedStaff();
      const created = await http.post('/api/api-keys', {
        name: 'Online shop',
        permissions: ['orders:read', 'products:read'],
      });
      expect(created.status).toBe(201);
      const key = await json<CreatedApiKeyDto>(created);
      expect(key.key).toMatch(/^wsk_[A-Za-z0-9_-]{43}$/);
      const listed = await json<ApiKeyDto[]>(await http.get('/api/api-keys'));
      expect(listed).toHaveLength(1);
      expect(JSON.stringify(listed)).not.toContain(key.key);
      expect(listed[0]?.maskedKey.startsWith(key.key.slice(0, 10))).toBe(true);
      expect(await json<ApiKeyDto[]>(await owner.get('/api/api-keys'))).not.toContainEqual(
        expect.objectContaining({ id: key.id }),
      );
      const stored = await stack.environment.database.query<{ key_hash: string }>(
        'SELECT key_hash FROM identity.api_keys WHERE id = $1',
        [key.id],
      );
      expect(stored[0]?.key_hash).not.toContain(key.key);
    });

    it('refuses permissions the user does not hold, naming them', async () => {
      const { http } = await approvedStaff();
      const response = await http.post('/api/api-keys', {
        name: 'POS',
        permissions: ['products:read', 'products:sync'],
      });
      expect(response.status).toBe(403);
      expect(await json(response)).toMatchObject({
        code: 'IDENTITY_PERMISSION_NOT_HELD',
        details: { permissions: ['products:sync'] },
      });
      const past = await http.post('/api/api-keys', {
        name: 'Old',
        permissions: ['orders:read'],
        expiresAt: '2020-01-01T00:00:00Z',
      });
      expect(past.status).toBe(400);
    });

    it('verifies a key for the v1 API, and stops at once when it is deleted, expired or its user changes', async () => {
      const { http, user } = await approvedStaff();
      const key = await json<CreatedApiKeyDto>(
        await http.post('/api/api-keys', { name: 'ERP link', permissions: ['orders:read', 'orders:write'] }),
      );

      const verified = await identity.verifyApiKey(key.key, meta);
      expect(verified).toMatchObject({
        keyId: key.id,
        permissions: ['orders:read', 'orders:write'],
        user: { id: user.id },
      });
      expect(await identity.verifyApiKey(`${key.key}x`, meta)).toBeNull();
      expect(await identity.verifyApiKey('not-a-key', meta)).toBeNull();
      const used = await stack.environment.database.query<{ last_used_at: Date | null }>(
        'SELECT last_used_at FROM identity.api_keys WHERE id = $1',
        [key.id],
      );
      expect(used[0]?.last_used_at).not.toBeNull();

      await owner.patch(`/api/users/${user.id}`, { permissions: ['orders:read'] });
      expect((await identity.verifyApiKey(key.key, meta))?.permissions).toEqual(['orders:read']);

      await owner.patch(`/api/users/${user.id}`, { status: 'rejected' });
      expect(await identity.verifyApiKey(key.key, meta)).toBeNull();
      await owner.patch(`/api/users/${user.id}`, { status: 'approved' });
      expect(await identity.verifyApiKey(key.key, meta)).not.toBeNull();

      await stack.environment.database.query(
        "UPDATE identity.api_keys SET expires_at = now() - interval '1 minute' WHERE id = $1",
        [key.id],
      );
      await stack.environment.database.query('SELECT 1');
      const again = new HttpClient(stack.baseUrl);
      await again.login(user.username, 'secret-password-1');
      expect((await again.delete(`/api/api-keys/${key.id}`)).status).toBe(204);
      expect(await identity.verifyApiKey(key.key, meta)).toBeNull();
      expect((await again.delete(`/api/api-keys/${key.id}`)).status).toBe(404);
    });

    it('treats an expired key as not working', async () => {
      const { http } = await approvedStaff();
      const key = await json<CreatedApiKeyDto>(
        await http.post('/api/api-keys', {
          name: 'Short',
          permissions: ['orders:read'],
          expiresAt: new Date(Date.now() + 1500).toISOString(),
        }),
      );
      expect(await identity.verifyApiKey(key.key, meta)).not.toBeNull();
      await new Promise((resolve) => setTimeout(resolve, 1600));
      expect(await identity.verifyApiKey(key.key, meta)).toBeNull();
    });
  });
});
