import { allPermissions, type Permission, type UserDto } from '@erp/contracts';
import { TEST_OWNER_PASSWORD } from '@erp/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Access } from '../src/auth/access.decorators.js';
import { routeTable, type RouteEntry } from '../src/auth/route-table.js';
import { GatewayStack } from './gateway-stack.js';
import { HttpClient, json } from './http-client.js';

type Caller = 'nobody' | 'unapproved' | 'staff-with' | 'staff-without' | 'admin' | 'owner';
const callers: Caller[] = ['nobody', 'unapproved', 'staff-with', 'staff-without', 'admin', 'owner'];

/** What CONTRACT §2 says each kind of caller gets from a route with this access. */
function expected(access: Access, caller: Caller): 'allowed' | 401 | 403 {
  if (access.kind === 'public') return 'allowed';
  // The partner API takes API keys only (gateway/test/v1-access.int-spec.ts walks the keys).
  if (access.kind === 'api-key') return 401;
  if (caller === 'nobody' || caller === 'unapproved') return 401;
  if (caller === 'admin' || caller === 'owner') return 'allowed';
  if (access.kind === 'signed-in') return 'allowed';
  if (access.kind === 'admin') return 403;
  return caller === 'staff-with' ? 'allowed' : 403;
}

const unknownId = '00000000-0000-4000-8000-000000000000';

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
  'GET /api/settings': 'signed-in',
  'PATCH /api/settings': 'admin',
  'POST /api/settings/upload-logo': 'admin',
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
  'GET /api/admin/users': 'admin',
  'GET /api/admin/demo-requests': 'admin',
  'PATCH /api/admin/users/:id/status': 'admin',
  'GET /api/stock': 'stock:read',
  'POST /api/stock': 'stock:write',
  'PATCH /api/stock/:id': 'stock:write',
  'DELETE /api/stock/:id': 'stock:write',
  'GET /api/stock/expiring': 'stock:read',
  'GET /api/stock/reorder-suggestions': 'stock:read',
  'POST /api/stock/generate-reorder-suggestions': 'stock:write',
  'PATCH /api/stock/reorder-suggestions/:id': 'stock:write',
  'POST /api/stock/receipts': 'stock:write',
  'GET /api/orders': 'orders:read',
  'POST /api/orders/manual': 'orders:write',
  'GET /api/orders/:id': 'orders:read',
  'GET /api/orders/:id/items': 'orders:read',
  'PATCH /api/orders/:id/status': 'orders:write',
  'PATCH /api/orders/:id': 'orders:write',
  'POST /api/orders/:id/items': 'orders:write',
  'PATCH /api/orders/:id/items/:itemId': 'orders:write',
  'DELETE /api/orders/:id/items/:itemId': 'orders:delete',
  'GET /api/clients': 'clients:read',
  'POST /api/clients': 'clients:write',
  'GET /api/dashboard/stats': 'analytics:read',
  'GET /api/analytics': 'analytics:read',
  'POST /api/orders/:id/generate-invoice': 'orders:write',
  'GET /api/invoices': 'invoices:read',
  'GET /api/invoices/:id/pdf': 'invoices:read',
  'GET /api/v1/products': 'api-key products:read',
  'PATCH /api/v1/products/:id': 'api-key products:write',
  'PATCH /api/v1/products/:id/stock': 'api-key products:sync',
  'POST /api/v1/orders': 'api-key orders:write',
  'GET /api/v1/orders': 'api-key orders:read',
  'GET /api/v1/orders/:id': 'api-key orders:read',
  'GET /api/v1/openapi.json': 'public',
  'POST /api/orders/upload': 'orders:write',
  'POST /api/orders/transcribe': 'orders:write',
  'POST /api/stock/supplier-invoices/parse': 'stock:write',
  'GET /api/ai-jobs/:jobId': 'signed-in',
};

function describeAccess(access: Access | null): string {
  if (!access) return 'undeclared';
  if (access.kind === 'permission') return access.permission;
  if (access.kind === 'api-key') return `api-key ${access.permission}`;
  return access.kind;
}

describe('the access matrix: every route × every kind of caller, from the route table', () => {
  let stack: GatewayStack;
  let routes: RouteEntry[];
  let owner: HttpClient;
  let serial = 0;
  const clients = new Map<string, HttpClient>();

  /** One client per kind of caller and permission; a fresh one where the call ends the session. */
  async function clientFor(route: RouteEntry, caller: Caller, permission?: Permission): Promise<HttpClient> {
    if (caller === 'nobody') return new HttpClient(stack.baseUrl);
    if (/logout/.test(route.path)) return signedIn(caller, permission);
    const key = `${caller}:${permission ?? ''}`;
    if (!clients.has(key)) clients.set(key, await signedIn(caller, permission));
    return clients.get(key)!;
  }

  async function signedIn(kind: Exclude<Caller, 'nobody'>, permission?: Permission): Promise<HttpClient> {
    if (kind === 'owner') {
      const client = new HttpClient(stack.baseUrl);
      await client.login('owner', TEST_OWNER_PASSWORD);
      return client;
    }
    serial += 1;
    const username = `matrix${serial}`;
    const permissions =
      kind === 'staff-with' ? (permission ? [permission] : []) : allPermissions.filter((p) => p !== permission);
    const role = kind === 'admin' ? 'admin' : 'staff';
    const created = await owner.post('/api/users', {
      username,
      password: 'matrix-password',
      email: `${username}@example.com`,
      fullName: username,
      role,
      permissions,
    });
    expect(created.status).toBe(201);
    const user = await json<UserDto>(created);
    const client = new HttpClient(stack.baseUrl);
    expect((await client.login(username, 'matrix-password')).status).toBe(200);
    // A session whose user is no longer approved: what a pending or rejected user holds.
    if (kind === 'unapproved') await owner.patch(`/api/users/${user.id}`, { status: 'pending' });
    return client;
  }

  beforeAll(async () => {
    stack = await GatewayStack.start();
    routes = routeTable(stack.gateway);
    owner = new HttpClient(stack.baseUrl);
    await owner.login('owner', TEST_OWNER_PASSWORD);
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

  it('gives every caller exactly what the declared policy allows', async () => {
    const violations: string[] = [];
    let cells = 0;
    for (const route of routes) {
      const access = route.access!;
      const permission = access.kind === 'permission' ? access.permission : undefined;
      for (const caller of callers) {
        const client = await clientFor(route, caller, permission);
        const path = route.path.replace(/:[A-Za-z]+/g, unknownId);
        const body = ['POST', 'PATCH', 'PUT'].includes(route.method) ? {} : undefined;
        const response = await client.request(route.method, path, body);
        const want = expected(access, caller);
        const got = response.status;
        const ok = want === 'allowed' ? got !== 401 && got !== 403 && got < 500 : got === want;
        if (!ok) violations.push(`${route.method} ${route.path} as ${caller}: expected ${want}, got ${got}`);
        cells += 1;
      }
    }
    expect(violations).toEqual([]);
    expect(cells).toBe(routes.length * callers.length);
  });
});
