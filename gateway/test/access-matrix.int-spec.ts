import {
  allApiKeyPermissions,
  allPermissions,
  type ApiKeyPermission,
  type CreatedApiKeyDto,
  type Permission,
  type UserDto,
} from '@erp/contracts';
import { TEST_OWNER_PASSWORD } from '@erp/testing';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Access } from '../src/auth/access.decorators.js';
import { routeTable, type RouteEntry } from '../src/auth/route-table.js';
import { GatewayStack } from './gateway-stack.js';
import { HttpClient, json } from './http-client.js';

/** Who the server must take a caller for, whatever credential it shows. */
type Identity =
  | { kind: 'nobody' }
  | { kind: 'user'; role: 'staff' | 'admin' | 'owner'; permissions: readonly Permission[] }
  /** A working API key with the permissions it still carries. */
  | { kind: 'key'; permissions: readonly ApiKeyPermission[] };

type Credential =
  | { kind: 'none' }
  | { kind: 'session'; login: { username: string; password: string }; cookie: string }
  | { kind: 'headers'; headers: Record<string, string> };

interface Caller {
  name: string;
  credential: Credential;
  as: Identity;
}

type Expected = 'allowed' | 401 | 403;

/** What CONTRACT §2 and §7 give this identity on a route declared with this access. */
function expected(access: Access, as: Identity): Expected {
  if (access.kind === 'public') return 'allowed';
  // The partner API takes API keys only; sessions do not open it, and keys open nothing else.
  if (access.kind === 'api-key') {
    if (as.kind !== 'key') return 401;
    return as.permissions.includes(access.permission) ? 'allowed' : 403;
  }
  if (as.kind !== 'user') return 401;
  if (as.role === 'admin' || as.role === 'owner') return 'allowed';
  if (access.kind === 'signed-in') return 'allowed';
  if (access.kind === 'admin') return 403;
  if (access.kind === 'all-permissions')
    return access.permissions.every((permission) => as.permissions.includes(permission)) ? 'allowed' : 403;
  return as.permissions.includes(access.permission) ? 'allowed' : 403;
}

const unknownId = '00000000-0000-4000-8000-000000000000';
const password = 'matrix-password';
const reportFile = join(import.meta.dirname, '../../.data/access-report.json');
/** Calls in flight at once: enough to overlap the RPC round trips, light on a shared 2-CPU machine. */
const concurrency = 4;

/**
 * CONTRACT §2, route by route. A route added to the gateway without a line here fails the
 * test, and so does a route whose declaration differs from the contract.
 */
const contractPolicy: Record<string, string> = {
  'GET /health': 'public',
  'GET /ready': 'public',
  'GET /metrics': 'public',
  'POST /api/demo-requests': 'public',
  'POST /api/register': 'public',
  'POST /api/login': 'public',
  'POST /api/logout': 'public',
  'POST /api/auth/logout': 'public',
  'GET /api/user': 'signed-in',
  // The kind's write permission (stock:write, clients:write) is checked by the handler (CONTRACT §13).
  'POST /api/imports': 'signed-in',
  'GET /api/imports/:id': 'signed-in',
  'POST /api/user/password': 'signed-in',
  'GET /api/settings': 'signed-in',
  'PATCH /api/settings': 'admin',
  'POST /api/settings/upload-logo': 'admin',
  'GET /api/settings/zatca': 'admin',
  'PUT /api/settings/zatca': 'admin',
  'POST /api/settings/zatca/onboard': 'admin',
  'GET /api/settings/whatsapp': 'admin',
  'PUT /api/settings/whatsapp': 'admin',
  'POST /api/settings/whatsapp/test': 'admin',
  // Meta's calls: no session or key, but the verify token and the app secret's signature (below).
  'GET /api/channels/whatsapp/webhook': 'public',
  'POST /api/channels/whatsapp/webhook': 'public',
  'GET /api/inbox': 'orders:read',
  'POST /api/inbox/:id/confirm': 'orders:write',
  'POST /api/inbox/:id/dismiss': 'orders:write',
  'GET /api/api-keys': 'signed-in',
  'POST /api/api-keys': 'signed-in',
  'DELETE /api/api-keys/:id': 'signed-in',
  'GET /api/webhooks': 'signed-in',
  'POST /api/webhooks': 'signed-in',
  'PATCH /api/webhooks/:id': 'signed-in',
  'DELETE /api/webhooks/:id': 'signed-in',
  'GET /api/webhooks/:id/deliveries': 'signed-in',
  'POST /api/webhooks/:id/test': 'signed-in',
  'GET /api/users': 'admin',
  'POST /api/users': 'admin',
  'PATCH /api/users/:id': 'admin',
  'DELETE /api/users/:id': 'admin',
  'POST /api/users/:id/password': 'admin',
  'GET /api/users/:id/api-keys': 'admin',
  'DELETE /api/users/:id/api-keys/:keyId': 'admin',
  'GET /api/admin/users': 'admin',
  'GET /api/admin/demo-requests': 'admin',
  'PATCH /api/admin/users/:id/status': 'admin',
  'GET /api/stock': 'stock:read',
  'GET /api/stock/:id': 'stock:read',
  'GET /api/price-lists': 'stock:read',
  'GET /api/price-lists/:id': 'stock:read',
  'POST /api/price-lists': 'stock:write',
  'PATCH /api/price-lists/:id': 'stock:write',
  'DELETE /api/price-lists/:id': 'stock:write',
  'POST /api/stock': 'stock:write',
  'PATCH /api/stock/:id': 'stock:write',
  'DELETE /api/stock/:id': 'stock:write',
  'GET /api/stock/expiring': 'stock:read',
  'GET /api/stock/movements': 'stock:read',
  'GET /api/stock/reorder-suggestions': 'stock:read',
  'POST /api/stock/generate-reorder-suggestions': 'stock:write',
  'PATCH /api/stock/reorder-suggestions/:id': 'stock:write',
  'GET /api/stock/suppliers': 'stock:read',
  'GET /api/stock/purchase-orders/:id': 'stock:read',
  'GET /api/stock/purchase-orders/:id/pdf': 'stock:read',
  'POST /api/stock/receipts': 'stock:write',
  'GET /api/orders': 'orders:read',
  'POST /api/orders/manual': 'orders:write',
  'POST /api/orders/quote': 'orders:read',
  'GET /api/orders/:id': 'orders:read',
  'GET /api/orders/:id/items': 'orders:read',
  'GET /api/orders/:id/proforma': 'orders:read',
  'PATCH /api/orders/:id/status': 'orders:write',
  'PATCH /api/orders/:id': 'orders:write',
  'POST /api/orders/:id/items': 'orders:write',
  'PATCH /api/orders/:id/items/:itemId': 'orders:write',
  'DELETE /api/orders/:id/items/:itemId': 'orders:delete',
  'GET /api/clients': 'clients:read',
  'GET /api/clients/:id': 'clients:read',
  'GET /api/clients/:id/statement': 'clients:read + invoices:read',
  'GET /api/receivables/aging': 'invoices:read',
  'PATCH /api/clients/:id': 'clients:write',
  'DELETE /api/clients/:id': 'clients:write',
  'POST /api/clients': 'clients:write',
  'GET /api/dashboard/stats': 'analytics:read',
  'GET /api/analytics': 'analytics:read',
  'POST /api/orders/:id/generate-invoice': 'orders:write',
  'POST /api/orders/:id/returns': 'orders:write',
  'GET /api/orders/:id/returns': 'orders:read',
  'GET /api/invoices': 'invoices:read',
  'GET /api/invoices/:id/pdf': 'invoices:read',
  'GET /api/invoices/:id/xml': 'invoices:read',
  'GET /api/invoices/:id': 'invoices:read',
  'POST /api/invoices/:id/payments': 'invoices:write',
  'GET /api/invoices/:id/payments': 'invoices:read',
  'DELETE /api/invoices/:id/payments/:paymentId': 'admin',
  'POST /api/invoices/:id/write-off': 'admin',
  'GET /api/v1/products': 'api-key products:read',
  'PATCH /api/v1/products/:id': 'api-key products:write',
  'PATCH /api/v1/products/:id/stock': 'api-key products:sync',
  'POST /api/v1/orders': 'api-key orders:write',
  'GET /api/v1/orders': 'api-key orders:read',
  'GET /api/v1/orders/:id': 'api-key orders:read',
  'GET /api/v1/invoices': 'api-key invoices:read',
  'GET /api/v1/invoices/:id': 'api-key invoices:read',
  'GET /api/v1/invoices/:id/payments': 'api-key invoices:read',
  'GET /api/v1/invoices/:id/pdf': 'api-key invoices:read',
  'GET /api/v1/openapi.json': 'public',
  'POST /api/orders/upload': 'orders:write',
  'POST /api/orders/transcribe': 'orders:write',
  'POST /api/stock/supplier-invoices/parse': 'stock:write',
  'GET /api/ai-jobs/:jobId': 'signed-in',
  'GET /api/files/intake/orders/:year/:name': 'orders:read',
  'GET /api/files/intake/supplier-invoices/:year/:name': 'stock:read',
  'GET /api/files/intake/:year/:name': 'orders:read + stock:read',
};

function describeAccess(access: Access | null): string {
  if (!access) return 'undeclared';
  if (access.kind === 'permission') return access.permission;
  if (access.kind === 'all-permissions') return access.permissions.join(' + ');
  if (access.kind === 'api-key') return `api-key ${access.permission}`;
  return access.kind;
}

/** Runs `work` over `items`, at most `limit` at a time. */
async function inPool<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

const isLogout = (route: RouteEntry): boolean => /\/logout$/.test(route.path);

/**
 * Public routes that check a credential of their own, which no caller here holds: Meta's webhook
 * (the verify token for the subscribe challenge, the app secret's signature on a delivery). Every
 * caller, a session or a key included, must get exactly this.
 */
const ownCredentialRoutes: Record<string, number> = {
  'GET /api/channels/whatsapp/webhook': 403,
  'POST /api/channels/whatsapp/webhook': 401,
};

/**
 * Routes walked with a real file rather than an unknown id, where they keep it (under
 * ERP_DATA_DIR/uploads): an allowed caller must get the file (200), so a check made only after
 * the lookup, or a 404 in its place, cannot pass for access control.
 */
const fileRoutes: Record<string, string> = {
  'GET /api/files/intake/orders/:year/:name': 'intake/orders/2026',
  'GET /api/files/intake/supplier-invoices/:year/:name': 'intake/supplier-invoices/2026',
  'GET /api/files/intake/:year/:name': 'intake/2026',
};

describe('the access matrix: every route × every kind of caller, from the route table', () => {
  let stack: GatewayStack;
  let routes: RouteEntry[];
  let owner: HttpClient;
  let serial = 0;
  /** The URL of a real file, for each of fileRoutes. */
  const fileUrls: Record<string, string> = {};

  /** A user made by the owner, signed in; `status` is set after sign-in, as an admin would later. */
  async function user(
    role: 'staff' | 'admin',
    permissions: readonly Permission[],
    status: 'approved' | 'pending' | 'rejected' = 'approved',
  ): Promise<{ user: UserDto; http: HttpClient; credential: Extract<Credential, { kind: 'session' }> }> {
    serial += 1;
    const username = `matrix${serial}`;
    const created = await owner.post('/api/users', {
      username,
      password,
      email: `${username}@example.com`,
      fullName: `Matrix ${serial}`,
      role,
      permissions,
    });
    expect(created.status).toBe(201);
    const made = await json<UserDto>(created);
    const http = new HttpClient(stack.baseUrl);
    expect((await http.login(username, password)).status).toBe(200);
    const credential = { kind: 'session' as const, login: { username, password }, cookie: http.sessionCookie! };
    if (status !== 'approved') expect((await owner.patch(`/api/users/${made.id}`, { status })).status).toBe(200);
    return { user: made, http, credential };
  }

  async function keyOf(http: HttpClient, permissions: readonly ApiKeyPermission[], expiresAt?: string) {
    const created = await http.post('/api/api-keys', { name: `matrix key ${serial++}`, permissions, expiresAt });
    expect(created.status).toBe(201);
    return json<CreatedApiKeyDto>(created);
  }

  /** One call of the partner API with this key, which must work right now. */
  async function expectKeyWorks(key: string): Promise<void> {
    const response = await fetch(`${stack.baseUrl}/api/v1/products?limit=1`, { headers: { 'x-api-key': key } });
    expect(response.status, await response.text()).toBe(200);
  }

  const withKey = (key: string): Credential => ({ kind: 'headers', headers: { 'x-api-key': key } });
  const nobody: Identity = { kind: 'nobody' };

  /** Every kind of caller of issue #9, with who the server must take each for. */
  async function makeCallers(): Promise<Caller[]> {
    // Started first so that it has expired by the time the walk begins; used once while it
    // works, so that the identity service's key cache holds it too.
    const expiring = await keyOf(owner, allApiKeyPermissions, new Date(Date.now() + 4000).toISOString());
    await expectKeyWorks(expiring.key);

    const callers: Caller[] = [{ name: 'none', credential: { kind: 'none' }, as: nobody }];
    // Sessions of users who were approved, signed in, and then set back: what they still hold.
    callers.push({
      name: 'pending',
      credential: (await user('staff', allPermissions, 'pending')).credential,
      as: nobody,
    });
    callers.push({
      name: 'rejected',
      credential: (await user('staff', allPermissions, 'rejected')).credential,
      as: nobody,
    });
    const staffSets: Array<[string, readonly Permission[]]> = [
      ['staff, no permission', []],
      ...allPermissions.map((permission): [string, Permission[]] => [`staff, ${permission} only`, [permission]]),
      ['staff, every permission', allPermissions],
    ];
    for (const [name, permissions] of staffSets) {
      callers.push({
        name,
        credential: (await user('staff', permissions)).credential,
        as: { kind: 'user', role: 'staff', permissions },
      });
    }
    // The role is what counts: an admin whose permission list is empty still holds every one.
    callers.push({
      name: 'admin (empty permission list)',
      credential: (await user('admin', [])).credential,
      as: { kind: 'user', role: 'admin', permissions: [] },
    });
    callers.push({
      name: 'owner',
      credential: {
        kind: 'session',
        login: { username: 'owner', password: TEST_OWNER_PASSWORD },
        cookie: owner.sessionCookie!,
      },
      as: { kind: 'user', role: 'owner', permissions: allPermissions },
    });

    // API keys, each with one permission, made by the owner (who holds every permission).
    for (const permission of allApiKeyPermissions) {
      callers.push({
        name: `key, ${permission} only`,
        credential: withKey((await keyOf(owner, [permission])).key),
        as: { kind: 'key', permissions: [permission] },
      });
    }
    const every = await keyOf(owner, allApiKeyPermissions);
    callers.push({
      name: 'key, every permission, as Bearer',
      credential: { kind: 'headers', headers: { authorization: `Bearer ${every.key}` } },
      as: { kind: 'key', permissions: allApiKeyPermissions },
    });

    // Keys that must not work: deleted (used once first, so it is cached), inactive (no call
    // sets that; the column is what the contract names), of a rejected or deleted user.
    const revoked = await keyOf(owner, allApiKeyPermissions);
    await expectKeyWorks(revoked.key);
    expect((await owner.delete(`/api/api-keys/${revoked.id}`)).status).toBe(204);
    const inactive = await keyOf(owner, allApiKeyPermissions);
    await stack.environment.database.query('UPDATE identity.api_keys SET is_active = 0 WHERE id = $1', [inactive.id]);
    const partnerPermissions: Permission[] = [
      'orders:read',
      'orders:write',
      'stock:read',
      'stock:write',
      'invoices:read',
    ];
    const rejectedUser = await user('staff', partnerPermissions);
    const rejectedKey = await keyOf(rejectedUser.http, allApiKeyPermissions);
    await expectKeyWorks(rejectedKey.key);
    expect((await owner.patch(`/api/users/${rejectedUser.user.id}`, { status: 'rejected' })).status).toBe(200);
    const deletedUser = await user('staff', partnerPermissions);
    const deletedUserKey = await keyOf(deletedUser.http, allApiKeyPermissions);
    expect((await owner.delete(`/api/users/${deletedUser.user.id}`)).status).toBe(204);
    // A key whose user lost stock:write (and invoices:read) keeps what the user still holds, and
    // loses products:write, products:sync and invoices:read, which stand on them.
    const demotedUser = await user('staff', partnerPermissions);
    const demotedKey = await keyOf(demotedUser.http, allApiKeyPermissions);
    await expectKeyWorks(demotedKey.key);
    const kept: Permission[] = ['orders:read', 'orders:write', 'stock:read'];
    expect((await owner.patch(`/api/users/${demotedUser.user.id}`, { permissions: kept })).status).toBe(200);
    callers.push(
      { name: 'key, expired', credential: withKey(expiring.key), as: nobody },
      { name: 'key, revoked (deleted)', credential: withKey(revoked.key), as: nobody },
      { name: 'key, inactive', credential: withKey(inactive.key), as: nobody },
      { name: 'key of a rejected user', credential: withKey(rejectedKey.key), as: nobody },
      { name: 'key of a deleted user', credential: withKey(deletedUserKey.key), as: nobody },
      {
        name: 'key whose user lost stock:write',
        credential: withKey(demotedKey.key),
        as: { kind: 'key', permissions: ['orders:read', 'orders:write', 'products:read'] },
      },
      { name: 'key never issued', credential: withKey(`wsk_${randomBytes(32).toString('base64url')}`), as: nobody },
    );

    // Credentials in the wrong place: a session is no partner key, and a key is no session.
    const sessionToken = owner.sessionCookie!.split('=').slice(1).join('=');
    callers.push(
      { name: 'session cookie as X-API-Key', credential: withKey(sessionToken), as: nobody },
      {
        name: 'session cookie as Bearer',
        credential: { kind: 'headers', headers: { authorization: `Bearer ${sessionToken}` } },
        as: nobody,
      },
      {
        name: 'key as the session cookie',
        credential: { kind: 'headers', headers: { cookie: `erp_session=${every.key}` } },
        as: nobody,
      },
    );

    const left = Date.parse(expiring.expiresAt!) - Date.now();
    if (left > -50) await new Promise((resolve) => setTimeout(resolve, left + 50));
    return callers;
  }

  beforeAll(async () => {
    stack = await GatewayStack.start();
    routes = routeTable(stack.gateway);
    for (const [route, folder] of Object.entries(fileRoutes)) {
      const name = `${randomUUID()}.pdf`;
      const dir = join(stack.environment.env.ERP_DATA_DIR!, 'uploads', folder);
      mkdirSync(dir, { recursive: true });
      writeFileSync(join(dir, name), '%PDF-1.4\n%%EOF\n');
      fileUrls[route] = `/api/files/${folder}/${name}`;
    }
    owner = new HttpClient(stack.baseUrl);
    expect((await owner.login('owner', TEST_OWNER_PASSWORD)).status).toBe(200);
  });

  afterAll(async () => {
    await stack?.stop();
  });

  it('declares on every route exactly the access the contract gives it', () => {
    const declared = Object.fromEntries(
      routes.map((route) => [`${route.method} ${route.path}`, describeAccess(route.access)]),
    );
    expect(declared).toEqual(contractPolicy);
  });

  it('gives every caller exactly what the declared policy allows: no route reachable beyond it', async () => {
    const callers = await makeCallers();
    const statuses = new Map<string, number>();
    const violations: string[] = [];
    let cells = 0;

    /** Signs in again: a sign-out call ends the session it is made with. */
    const freshSession = async (credential: Extract<Credential, { kind: 'session' }>): Promise<string | null> => {
      const http = new HttpClient(stack.baseUrl);
      const login = await http.login(credential.login.username, credential.login.password);
      // Pending and rejected users cannot sign in again: their old (revoked) cookie is what they hold.
      return login.status === 200 ? http.sessionCookie : credential.cookie;
    };

    const walk = async ([route, caller]: [RouteEntry, Caller]): Promise<void> => {
      const headers: Record<string, string> = {};
      const { credential } = caller;
      if (credential.kind === 'session') {
        headers.cookie = isLogout(route) ? ((await freshSession(credential)) ?? '') : credential.cookie;
      } else if (credential.kind === 'headers') {
        Object.assign(headers, credential.headers);
      }
      const hasBody = ['POST', 'PATCH', 'PUT'].includes(route.method);
      if (hasBody) headers['content-type'] = 'application/json';
      const cell = `${route.method} ${route.path}`;
      const url = fileUrls[cell] ?? route.path.replace(/:[A-Za-z]+/g, unknownId);
      const response = await fetch(`${stack.baseUrl}${url}`, {
        method: route.method,
        headers,
        body: hasBody ? '{}' : undefined,
      });
      await response.arrayBuffer();
      const want = expected(route.access!, caller.as);
      const got = response.status;
      const ok =
        want !== 'allowed'
          ? got === want
          : ownCredentialRoutes[cell]
            ? got === ownCredentialRoutes[cell]
            : fileUrls[cell]
              ? got === 200
              : got !== 401 && got !== 403 && got < 500;
      statuses.set(`${cell} as ${caller.name}`, got);
      if (!ok) violations.push(`${cell} as ${caller.name}: expected ${want}, got ${got}`);
      cells += 1;
    };

    const pairs = routes.flatMap((route) => callers.map((caller): [RouteEntry, Caller] => [route, caller]));
    const started = performance.now();
    await inPool(
      pairs.filter(([route]) => !isLogout(route)),
      concurrency,
      walk,
    );
    // Sign-outs last: they end sessions that the other cells use.
    await inPool(
      pairs.filter(([route]) => isLogout(route)),
      concurrency,
      walk,
    );
    const seconds = Math.round(performance.now() - started) / 1000;
    // Route by route, each caller's status, in the order of the lists above.
    const matrix = Object.fromEntries(
      routes.map((route) => {
        const cell = `${route.method} ${route.path}`;
        return [
          cell,
          Object.fromEntries(callers.map((caller) => [caller.name, statuses.get(`${cell} as ${caller.name}`)])),
        ];
      }),
    );

    mkdirSync(join(reportFile, '..'), { recursive: true });
    writeFileSync(
      reportFile,
      `${JSON.stringify(
        {
          generatedAt: new Date().toISOString(),
          test: 'gateway/test/access-matrix.int-spec.ts',
          routes: routes.length,
          callers: callers.map((caller) => caller.name),
          cellsChecked: cells,
          violations: violations.length,
          violationList: violations,
          seconds,
          matrix,
        },
        null,
        2,
      )}\n`,
    );
    expect(violations).toEqual([]);
    expect(cells).toBe(routes.length * callers.length);
    expect(callers.length).toBeGreaterThanOrEqual(33);
    // About 2,100 calls: some 6 s on a quiet 2-CPU machine, several times that on a busy one.
  }, 180_000);
});
