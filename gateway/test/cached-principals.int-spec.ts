import { ServiceName, type CreatedApiKeyDto, type UserDto } from '@erp/contracts';
import { TEST_OWNER_PASSWORD } from '@erp/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GatewayStack } from './gateway-stack.js';
import { HttpClient, json } from './http-client.js';

/**
 * The gateway keeps a resolved session or API key for a minute (docs/decisions/0025): these check
 * that everything identity promises to act at once still does, on a principal the gateway kept.
 */
describe('principals kept by the gateway', () => {
  let stack: GatewayStack;
  let owner: HttpClient;
  let serial = 0;

  async function approvedStaff(permissions: string[]): Promise<{ http: HttpClient; user: UserDto }> {
    serial += 1;
    const details = {
      username: `kept${serial}`,
      password: 'secret-password-1',
      email: `kept${serial}@alnoor.example`,
      fullName: `Kept ${serial}`,
    };
    const { user } = await json<{ user: UserDto }>(await new HttpClient(stack.baseUrl).post('/api/register', details));
    expect((await owner.patch(`/api/users/${user.id}`, { status: 'approved', permissions })).status).toBe(200);
    const http = new HttpClient(stack.baseUrl);
    expect((await http.login(details.username, details.password)).status).toBe(200);
    return { http, user };
  }

  async function keyOf(http: HttpClient, body: Record<string, unknown>): Promise<string> {
    const created = await http.post('/api/api-keys', { name: `key ${serial}`, ...body });
    expect(created.status, await created.clone().text()).toBe(201);
    return (await json<CreatedApiKeyDto>(created)).key;
  }

  async function products(key: string): Promise<number> {
    const response = await new HttpClient(stack.baseUrl).request('GET', '/api/v1/products?limit=1', undefined, {
      'x-api-key': key,
    });
    return response.status;
  }

  beforeAll(async () => {
    stack = await GatewayStack.start();
    owner = new HttpClient(stack.baseUrl);
    expect((await owner.login('owner', TEST_OWNER_PASSWORD)).status).toBe(200);
  });

  afterAll(async () => {
    await stack?.stop();
  });

  it('keeps a key: calls go on while identity is down, and stop the moment identity says so', async () => {
    const { user, http } = await approvedStaff(['stock:read', 'orders:read']);
    const key = await keyOf(http, { permissions: ['products:read'] });
    expect(await products(key)).toBe(200);
    expect(await products(key)).toBe(200);

    // Kept: identity is not asked again within the minute.
    await stack.stopService(ServiceName.Identity);
    try {
      expect(await products(key)).toBe(200);
    } finally {
      await stack.restartService(ServiceName.Identity);
    }

    // The user loses the permission the key needs: refused on the next call.
    expect((await owner.patch(`/api/users/${user.id}`, { permissions: ['orders:read'] })).status).toBe(200);
    expect(await products(key)).toBe(403);
    expect((await owner.patch(`/api/users/${user.id}`, { permissions: ['stock:read', 'orders:read'] })).status).toBe(
      200,
    );
    expect(await products(key)).toBe(200);

    // The user is no longer approved.
    expect((await owner.patch(`/api/users/${user.id}`, { status: 'rejected' })).status).toBe(200);
    expect(await products(key)).toBe(401);
    expect((await owner.patch(`/api/users/${user.id}`, { status: 'approved' })).status).toBe(200);
    expect(await products(key)).toBe(200);

    // The key is deleted by an administrator.
    const [listed] = await json<Array<{ id: string }>>(await owner.get(`/api/users/${user.id}/api-keys`));
    expect((await owner.delete(`/api/users/${user.id}/api-keys/${listed!.id}`)).status).toBe(204);
    expect(await products(key)).toBe(401);
  });

  it('refuses a kept key the moment it expires', async () => {
    const expiresAt = new Date(Date.now() + 1500).toISOString();
    const key = await keyOf(owner, { permissions: ['products:read'], expiresAt });
    expect(await products(key)).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, Date.parse(expiresAt) - Date.now() + 50));
    expect(await products(key)).toBe(401);
  });

  it('keeps a session: a user changed or signed out elsewhere is seen on the next call', async () => {
    const { user, http } = await approvedStaff(['stock:read']);
    expect((await json<UserDto>(await http.get('/api/user'))).permissions).toEqual(['stock:read']);
    expect((await http.get('/api/stock?limit=1')).status).toBe(200);

    await stack.stopService(ServiceName.Identity);
    try {
      expect((await http.get('/api/user')).status).toBe(200);
    } finally {
      await stack.restartService(ServiceName.Identity);
    }

    expect((await owner.patch(`/api/users/${user.id}`, { permissions: ['orders:read'] })).status).toBe(200);
    expect((await json<UserDto>(await http.get('/api/user'))).permissions).toEqual(['orders:read']);
    expect((await http.get('/api/stock?limit=1')).status).toBe(403);

    const copied = http.withCookie(http.sessionCookie);
    expect((await copied.get('/api/user')).status).toBe(200);
    expect((await http.post('/api/logout')).status).toBeLessThan(300);
    expect((await copied.get('/api/user')).status).toBe(401);
  });

  it('drops a kept session when its user is deleted', async () => {
    const { user, http } = await approvedStaff(['stock:read']);
    expect((await http.get('/api/user')).status).toBe(200);
    expect((await owner.delete(`/api/users/${user.id}`)).status).toBe(204);
    expect((await http.get('/api/user')).status).toBe(401);
  });
});
