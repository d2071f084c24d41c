import { ServiceName, type ApiKeyDto, type CreatedApiKeyDto, type UserDto } from '@erp/contracts';
import { TestEnvironment } from '@erp/testing';
import { Logger } from '@nestjs/common';
import argon2 from 'argon2';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { GatewayStack, startService } from './gateway-stack.js';
import { HttpClient, json } from './http-client.js';

/** Passwords the policy takes: long, not the account's names, not on the common list. */
const strong = (n: number | string): string => `amber-dune-${n}-caravan`;

let counter = 0;

function details(overrides: Record<string, unknown> = {}): Record<string, string> {
  counter += 1;
  return {
    username: `account${counter}`,
    password: strong(counter),
    email: `account${counter}@alnoor.example`,
    fullName: `Account ${counter}`,
    ...overrides,
  } as Record<string, string>;
}

describe('accounts: password policy, change and reset, and other users’ API keys (CONTRACT §14)', () => {
  let stack: GatewayStack;
  let owner: HttpClient;
  let ownerUser: UserDto;
  let ownerPassword = '';
  /** The password identity printed when it created the owner (no ERP_OWNER_PASSWORD). */
  let generatedPassword = '';

  const client = (): HttpClient => new HttpClient(stack.baseUrl);

  /** A user made by the owner, signed in. */
  async function member(
    overrides: Record<string, unknown> = {},
  ): Promise<{ http: HttpClient; user: UserDto; password: string }> {
    const body = details(overrides);
    const created = await owner.post('/api/users', body);
    expect(created.status, await created.clone().text()).toBe(201);
    const http = client();
    expect((await http.login(body.username!, body.password!)).status).toBe(200);
    return { http, user: await json<UserDto>(created), password: body.password! };
  }

  /** CONTRACT §3's body with this status and code (and `details.field`); returns its message. */
  async function expectRefused(response: Response, status: number, code: string, field?: string): Promise<string> {
    const text = await response.text();
    expect(response.status, text).toBe(status);
    const body = JSON.parse(text) as { code: string; message: string; details?: { field?: string } };
    expect(body.code, text).toBe(code);
    expect(body.message.length).toBeGreaterThan(0);
    if (field) expect(body.details?.field, text).toBe(field);
    return body.message;
  }

  beforeAll(async () => {
    const warn = vi.spyOn(Logger.prototype, 'warn');
    stack = await GatewayStack.start({}, { ERP_OWNER_PASSWORD: undefined });
    const printed = warn.mock.calls
      .map(([message]) => String(message))
      .find((line) => /Owner account created/.test(line));
    warn.mockRestore();
    generatedPassword = /the password: (\S+)$/.exec(printed ?? '')?.[1] ?? '';
    expect(generatedPassword).not.toBe('');
    owner = client();
    expect((await owner.login('owner', generatedPassword)).status).toBe(200);
    ownerUser = await json<UserDto>(await owner.get('/api/user'));
    ownerPassword = generatedPassword;
  });

  afterAll(async () => {
    await stack?.stop();
  });

  describe('changing one’s own password', () => {
    it('lets the owner replace the generated first password; the old one stops working', async () => {
      const chosen = strong('owner');
      const changed = await owner.post('/api/user/password', {
        currentPassword: generatedPassword,
        newPassword: chosen,
      });
      expect(changed.status, await changed.clone().text()).toBe(204);
      ownerPassword = chosen;
      expect((await owner.get('/api/user')).status).toBe(200);
      expect((await client().login('owner', generatedPassword)).status).toBe(401);
      expect((await client().login('owner', chosen)).status).toBe(200);
    });

    it('ends the user’s other sessions and keeps the one it was made with', async () => {
      const { http, user, password } = await member();
      const otherBrowser = client();
      expect((await otherBrowser.login(user.username, password)).status).toBe(200);
      const copyOfCurrent = http.withCookie(http.sessionCookie);
      const someoneElse = await member();

      const next = strong('changed-a');
      const changed = await http.post('/api/user/password', { currentPassword: password, newPassword: next });
      expect(changed.status).toBe(204);

      expect((await http.get('/api/user')).status).toBe(200);
      expect((await copyOfCurrent.get('/api/user')).status).toBe(200);
      expect((await otherBrowser.get('/api/user')).status).toBe(401);
      expect((await someoneElse.http.get('/api/user')).status).toBe(200);
      expect((await client().login(user.username, password)).status).toBe(401);
      expect((await client().login(user.username, next)).status).toBe(200);
    });

    it('refuses a wrong current password with 400 naming the field, and changes nothing', async () => {
      const { http, user, password } = await member();
      const other = client();
      await other.login(user.username, password);
      const response = await http.post('/api/user/password', {
        currentPassword: 'not-the-current-one',
        newPassword: strong('never-set'),
      });
      await expectRefused(response, 400, 'IDENTITY_WRONG_CURRENT_PASSWORD', 'currentPassword');
      expect((await other.get('/api/user')).status).toBe(200);
      expect((await client().login(user.username, password)).status).toBe(200);
      expect((await client().login(user.username, strong('never-set'))).status).toBe(401);
    });

    it('counts wrong current passwords against the sign-in limit: 429 for both, even with the right password', async () => {
      const { http, user, password } = await member();
      for (let attempt = 0; attempt < 10; attempt += 1) {
        const wrong = await http.post('/api/user/password', {
          currentPassword: `guess-number-${attempt}`,
          newPassword: strong('brute'),
        });
        expect(wrong.status).toBe(400);
      }
      const change = await http.post('/api/user/password', { currentPassword: password, newPassword: strong('b') });
      await expectRefused(change, 429, 'IDENTITY_LOGIN_RATE_LIMITED');
      expect(Number(change.headers.get('retry-after'))).toBeGreaterThan(0);
      const login = await client().login(user.username, password);
      expect(login.status).toBe(429);
      expect((await http.get('/api/user')).status).toBe(200);
    });

    it('is refused after ten failed sign-ins of the same user', async () => {
      const { http, user, password } = await member();
      for (let attempt = 0; attempt < 10; attempt += 1) {
        expect((await client().login(user.username, `wrong-${attempt}`)).status).toBe(401);
      }
      const change = await http.post('/api/user/password', { currentPassword: password, newPassword: strong('c') });
      await expectRefused(change, 429, 'IDENTITY_LOGIN_RATE_LIMITED');
    });

    it('applies the password policy to the new password', async () => {
      const { http, user, password } = await member();
      const cases: Array<[string, string]> = [
        ['short-pw', 'IDENTITY_PASSWORD_TOO_SHORT'],
        [' '.repeat(12), 'IDENTITY_PASSWORD_BLANK'],
        [user.email.toUpperCase(), 'IDENTITY_PASSWORD_LIKE_ACCOUNT'],
        ['Password123', 'IDENTITY_PASSWORD_TOO_COMMON'],
      ];
      for (const [newPassword, code] of cases) {
        const response = await http.post('/api/user/password', { currentPassword: password, newPassword });
        await expectRefused(response, 400, code, 'newPassword');
      }
      expect((await client().login(user.username, password)).status).toBe(200);
    });

    it('refuses a body without both fields with 400 naming the field', async () => {
      const { http } = await member();
      const response = await http.post('/api/user/password', { newPassword: strong('x') });
      expect(await expectRefused(response, 400, 'VALIDATION_FAILED')).toMatch(/^currentPassword /);
    });
  });

  describe('the password policy on registration and user creation', () => {
    const weak = (account: Record<string, string>): Array<[string, string]> => [
      ['password', 'IDENTITY_PASSWORD_TOO_SHORT'],
      ['12345678', 'IDENTITY_PASSWORD_TOO_SHORT'],
      [' '.repeat(8), 'IDENTITY_PASSWORD_BLANK'],
      ['\t'.repeat(12), 'IDENTITY_PASSWORD_BLANK'],
      [account.username!.toUpperCase(), 'IDENTITY_PASSWORD_LIKE_ACCOUNT'],
      [account.email!, 'IDENTITY_PASSWORD_LIKE_ACCOUNT'],
      [account.email!.split('@')[0]!, 'IDENTITY_PASSWORD_LIKE_ACCOUNT'],
      ['qwertyuiop', 'IDENTITY_PASSWORD_TOO_COMMON'],
      ['Password123', 'IDENTITY_PASSWORD_TOO_COMMON'],
      [' 1234567890 ', 'IDENTITY_PASSWORD_TOO_COMMON'],
    ];

    it('refuses weak passwords on registration with 400 and a code naming the rule; creates nobody', async () => {
      const account = details({ username: 'weakling.one', email: 'weakling.one.mail@alnoor.example' });
      for (const [password, code] of weak(account)) {
        const response = await client().post('/api/register', { ...account, password });
        await expectRefused(response, 400, code, 'password');
      }
      const users = await json<UserDto[]>(await owner.get('/api/users'));
      expect(users.map((user) => user.username)).not.toContain('weakling.one');
    });

    it('refuses weak passwords when an admin or owner creates a user', async () => {
      const account = details({ username: 'weakling.two', email: 'weakling.two.mail@alnoor.example' });
      for (const [password, code] of weak(account)) {
        const response = await owner.post('/api/users', { ...account, password });
        await expectRefused(response, 400, code, 'password');
      }
    });

    it('takes ten characters that are none of these', async () => {
      const account = details();
      const response = await client().post('/api/register', { ...account, password: 'kd8#Lm2qPz' });
      expect(response.status, await response.clone().text()).toBe(201);
    });

    it('still lets an existing user whose password is weak sign in', async () => {
      const { user } = await member();
      const weakHash = await argon2.hash('password', { type: argon2.argon2id, memoryCost: 8192, timeCost: 1 });
      await stack.environment.database.query('UPDATE identity.users SET password_hash = $1 WHERE id = $2', [
        weakHash,
        user.id,
      ]);
      expect((await client().login(user.username, 'password')).status).toBe(200);
    });
  });

  describe('the first owner’s password', () => {
    it('stops the identity service from starting with a weak ERP_OWNER_PASSWORD, saying why', async () => {
      const environment = await TestEnvironment.create([ServiceName.Identity], { ERP_OWNER_PASSWORD: 'Password123' });
      try {
        await expect(startService(environment, ServiceName.Identity)).rejects.toThrow(
          /^ERP_OWNER_PASSWORD does not meet the password policy \(it is too common/,
        );
        expect(await environment.database.query("SELECT id FROM identity.users WHERE role = 'owner'")).toEqual([]);
      } finally {
        await environment.cleanup();
      }
    });
  });

  describe('resetting another user’s password (admin/owner)', () => {
    it('sets the new password and ends every session of that user', async () => {
      const { http, user, password } = await member();
      const other = client();
      await other.login(user.username, password);
      const next = strong('reset-a');
      const reset = await owner.post(`/api/users/${user.id}/password`, { newPassword: next });
      expect(reset.status, await reset.clone().text()).toBe(204);
      expect((await http.get('/api/user')).status).toBe(401);
      expect((await other.get('/api/user')).status).toBe(401);
      expect((await owner.get('/api/user')).status).toBe(200);
      expect((await client().login(user.username, password)).status).toBe(401);
      expect((await client().login(user.username, next)).status).toBe(200);
    });

    it('lets a locked-out user sign in with the password an admin set', async () => {
      const { user } = await member();
      for (let attempt = 0; attempt < 10; attempt += 1) await client().login(user.username, `forgot-${attempt}`);
      expect((await client().login(user.username, 'forgot-again')).status).toBe(429);
      const next = strong('reset-b');
      expect((await owner.post(`/api/users/${user.id}/password`, { newPassword: next })).status).toBe(204);
      expect((await client().login(user.username, next)).status).toBe(200);
    });

    it('keeps §2’s owner protections: an admin cannot reset an owner; nobody resets themselves', async () => {
      const admin = await member({ role: 'admin' });
      const otherAdmin = await member({ role: 'admin' });
      const secondOwner = await member({ role: 'owner' });

      await expectRefused(
        await admin.http.post(`/api/users/${ownerUser.id}/password`, { newPassword: strong('hijack') }),
        403,
        'IDENTITY_OWNER_PROTECTED',
      );
      await expectRefused(
        await admin.http.post(`/api/users/${secondOwner.user.id}/password`, { newPassword: strong('hijack') }),
        403,
        'IDENTITY_OWNER_PROTECTED',
      );
      expect((await client().login('owner', strong('hijack'))).status).toBe(401);
      expect((await client().login('owner', ownerPassword)).status).toBe(200);

      await expectRefused(
        await admin.http.post(`/api/users/${admin.user.id}/password`, { newPassword: strong('self') }),
        403,
        'IDENTITY_CANNOT_RESET_OWN_PASSWORD',
      );
      await expectRefused(
        await owner.post(`/api/users/${ownerUser.id}/password`, { newPassword: strong('self') }),
        403,
        'IDENTITY_CANNOT_RESET_OWN_PASSWORD',
      );

      // An admin resets another admin; an owner resets another owner.
      expect(
        (await admin.http.post(`/api/users/${otherAdmin.user.id}/password`, { newPassword: strong('adm') })).status,
      ).toBe(204);
      expect(
        (await owner.post(`/api/users/${secondOwner.user.id}/password`, { newPassword: strong('own') })).status,
      ).toBe(204);
      expect((await client().login(secondOwner.user.username, strong('own'))).status).toBe(200);
    });

    it('keeps staff out, applies the policy, and answers 404 for an unknown user', async () => {
      const staff = await member();
      const target = await member();
      await expectRefused(
        await staff.http.post(`/api/users/${target.user.id}/password`, { newPassword: strong('staff') }),
        403,
        'FORBIDDEN',
      );
      await expectRefused(
        await owner.post(`/api/users/${target.user.id}/password`, { newPassword: target.user.email }),
        400,
        'IDENTITY_PASSWORD_LIKE_ACCOUNT',
        'newPassword',
      );
      await expectRefused(
        await owner.post('/api/users/00000000-0000-4000-8000-000000000000/password', { newPassword: strong('nobody') }),
        404,
        'IDENTITY_USER_NOT_FOUND',
      );
      expect((await target.http.get('/api/user')).status).toBe(200);
    });
  });

  describe('API keys of other users (admin/owner)', () => {
    async function keyOf(http: HttpClient, name: string): Promise<CreatedApiKeyDto> {
      const created = await http.post('/api/api-keys', { name, permissions: ['products:read', 'orders:read'] });
      expect(created.status).toBe(201);
      return json<CreatedApiKeyDto>(created);
    }

    const products = (key: string): Promise<Response> =>
      fetch(`${stack.baseUrl}/api/v1/products?limit=1`, { headers: { 'x-api-key': key } });

    it('lists a user’s keys, masked, with their permissions, use, expiry and state', async () => {
      const staff = await member();
      const key = await keyOf(staff.http, 'Warehouse link');
      expect((await products(key.key)).status).toBe(200);

      const response = await owner.get(`/api/users/${staff.user.id}/api-keys`);
      expect(response.status).toBe(200);
      const text = await response.clone().text();
      expect(text).not.toContain(key.key);
      expect(text).not.toMatch(/hash/i);
      const listed = await json<ApiKeyDto[]>(response);
      expect(listed).toEqual([
        {
          id: key.id,
          name: 'Warehouse link',
          maskedKey: expect.stringMatching(new RegExp(`^${key.key.slice(0, 10)}`)) as string,
          permissions: ['products:read', 'orders:read'],
          createdAt: key.createdAt,
          lastUsedAt: expect.any(String) as string,
          expiresAt: null,
          isActive: true,
        },
      ]);
      expect(await json<ApiKeyDto[]>(await owner.get(`/api/users/${ownerUser.id}/api-keys`))).toEqual([]);
    });

    it('revokes a user’s key: it stops working at once, cached or not', async () => {
      const staff = await member();
      const key = await keyOf(staff.http, 'Online shop');
      const kept = await keyOf(staff.http, 'POS');
      // Used first, so the identity service holds it in its Redis cache.
      expect((await products(key.key)).status).toBe(200);

      const revoked = await owner.delete(`/api/users/${staff.user.id}/api-keys/${key.id}`);
      expect(revoked.status, await revoked.clone().text()).toBe(204);
      expect((await products(key.key)).status).toBe(401);
      expect((await products(kept.key)).status).toBe(200);
      const own = await json<ApiKeyDto[]>(await staff.http.get('/api/api-keys'));
      expect(own.map((listed) => listed.id)).toEqual([kept.id]);
      await expectRefused(
        await owner.delete(`/api/users/${staff.user.id}/api-keys/${key.id}`),
        404,
        'IDENTITY_API_KEY_NOT_FOUND',
      );
    });

    it('answers 404 for a key of another user and for an unknown user', async () => {
      const first = await member();
      const second = await member();
      const key = await keyOf(first.http, 'Mine');
      await expectRefused(
        await owner.delete(`/api/users/${second.user.id}/api-keys/${key.id}`),
        404,
        'IDENTITY_API_KEY_NOT_FOUND',
      );
      expect((await products(key.key)).status).toBe(200);
      await expectRefused(
        await owner.get('/api/users/00000000-0000-4000-8000-000000000000/api-keys'),
        404,
        'IDENTITY_USER_NOT_FOUND',
      );
    });

    it('lets an admin see an owner’s keys but not revoke them; staff get neither', async () => {
      const admin = await member({ role: 'admin' });
      const staff = await member();
      const ownerKey = await keyOf(owner, 'Owner integration');
      const listed = await admin.http.get(`/api/users/${ownerUser.id}/api-keys`);
      expect(listed.status).toBe(200);
      expect((await json<ApiKeyDto[]>(listed)).map((key) => key.id)).toContain(ownerKey.id);
      await expectRefused(
        await admin.http.delete(`/api/users/${ownerUser.id}/api-keys/${ownerKey.id}`),
        403,
        'IDENTITY_OWNER_PROTECTED',
      );
      expect((await products(ownerKey.key)).status).toBe(200);

      const staffKey = await keyOf(staff.http, 'Staff link');
      expect((await admin.http.delete(`/api/users/${staff.user.id}/api-keys/${staffKey.id}`)).status).toBe(204);
      await expectRefused(await staff.http.get(`/api/users/${admin.user.id}/api-keys`), 403, 'FORBIDDEN');
    });
  });
});
