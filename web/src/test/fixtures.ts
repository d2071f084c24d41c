import type { ApiKeyDto, CompanySettingsDto, DemoRequestDto, UserDto } from '@erp/contracts';
import { jsonResponse, mockFetch } from './render';

export function makeUser(overrides: Partial<UserDto> = {}): UserDto {
  return {
    id: 'u-sara',
    username: 'sara',
    email: 'sara@example.com',
    fullName: 'Sara Al-Qahtani',
    role: 'staff',
    status: 'approved',
    permissions: ['orders:read', 'orders:write', 'stock:read', 'clients:read', 'clients:write', 'invoices:read'],
    company: 'Al Nakheel Trading',
    phone: null,
    createdAt: '2026-03-01T09:00:00.000Z',
    ...overrides,
  };
}

export const owner = makeUser({
  id: 'u-owner',
  username: 'owner',
  email: 'owner@example.com',
  fullName: 'Khalid Al-Mansouri',
  role: 'owner',
  permissions: [
    'orders:read',
    'orders:write',
    'orders:delete',
    'stock:read',
    'stock:write',
    'clients:read',
    'clients:write',
    'invoices:read',
    'invoices:write',
    'analytics:read',
  ],
  company: null,
});

export const admin = makeUser({ ...owner, id: 'u-admin', username: 'admin', fullName: 'Noura Admin', role: 'admin' });

export function makeSettings(overrides: Partial<CompanySettingsDto> = {}): CompanySettingsDto {
  return {
    logoUrl: null,
    companyName: 'Al Nakheel Trading',
    companyNameAr: 'النخيل للتجارة',
    vatNumber: '300000000000003',
    address: 'Riyadh',
    addressAr: 'الرياض',
    taxRate: 15,
    currency: 'SAR',
    allowNegativeStock: false,
    updatedAt: '2026-03-01T09:00:00.000Z',
    ...overrides,
  };
}

export function makeApiKey(overrides: Partial<ApiKeyDto> = {}): ApiKeyDto {
  return {
    id: 'k1',
    name: 'Warehouse system',
    maskedKey: 'wsk_Ab12…',
    permissions: ['orders:read', 'products:read'],
    createdAt: '2026-03-02T09:00:00.000Z',
    lastUsedAt: null,
    expiresAt: null,
    isActive: true,
    ...overrides,
  };
}

export function makeDemoRequest(overrides: Partial<DemoRequestDto> = {}): DemoRequestDto {
  return {
    id: 'd1',
    fullName: 'Abu Faisal',
    email: 'faisal@example.com',
    phone: '+966 50 111 2233',
    company: 'Faisal Foods',
    message: 'We ship 400 orders a week over WhatsApp.',
    createdAt: '2026-03-03T09:00:00.000Z',
    ...overrides,
  };
}

export const unauthenticated = () =>
  jsonResponse({ message: 'Not signed in', code: 'UNAUTHENTICATED' }, 401, 'Unauthorized');

/** One answer per "METHOD /path" (or "/path" for GET); anything else is a 404 JSON error. */
export type ApiRoutes = Record<string, (init: RequestInit, url: URL) => Response | Promise<Response>>;

export function serveApi(routes: ApiRoutes) {
  return mockFetch((url, init) => {
    const method = (init.method ?? 'GET').toUpperCase();
    const path = url.split('?')[0];
    const handler = routes[`${method} ${path}`] ?? (method === 'GET' ? routes[path] : undefined);
    if (handler) return handler(init, new URL(url, 'http://localhost'));
    return jsonResponse({ message: `No route ${method} ${path}`, code: 'NOT_FOUND' }, 404, 'Not Found');
  });
}

/** The Idempotency-Key headers sent to `METHOD path`, null where there was none. */
export function idempotencyKeysSent(
  fetchMock: ReturnType<typeof mockFetch>,
  method: string,
  path: string,
): Array<string | null> {
  return fetchMock.mock.calls
    .filter(([url, init]) => String(url) === path && (init?.method ?? 'GET') === method)
    .map(([, init]) => new Headers(init?.headers).get('idempotency-key'));
}

/** The JSON bodies sent to `METHOD path`. */
export function bodiesSent(fetchMock: ReturnType<typeof mockFetch>, method: string, path: string): unknown[] {
  return fetchMock.mock.calls
    .filter(([url, init]) => String(url) === path && (init?.method ?? 'GET') === method)
    .map(([, init]) => (init?.body === undefined ? undefined : JSON.parse(String(init.body))));
}
