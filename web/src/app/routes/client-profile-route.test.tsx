import type { ClientDetailDto, Permission } from '@erp/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeSettings, makeUser, owner, serveApi } from '../../test/fixtures';
import { invoicesResponse, makePartlyPaidInvoice } from '../../test/invoice-fixtures';
import { jsonResponse, renderApp, type mockFetch } from '../../test/render';

const noor: ClientDetailDto = {
  id: 'c-noor',
  name: 'Al Noor Trading',
  nameAr: 'مؤسسة النور التجارية',
  phone: '+966 50 123 4567',
  whatsapp: '966501234567',
  email: 'buyer@alnoor.sa',
  address: 'Industrial Area, Riyadh',
  notes: null,
  priceListId: null,
  paymentTermsDays: 30,
  creditLimit: '5000.00',
  vatNumber: null,
  nationalAddress: null,
  createdAt: '2026-10-01T08:00:00.000Z',
  createdBy: 'u-owner',
  balance: '750.00',
  overdueBalance: '0.00',
  ordersCount: 12,
  totalSpent: '18450.00',
  lastOrderAt: '2026-11-20T09:15:00.000Z',
};

function listResponse(items: unknown[]): Response {
  return new Response(JSON.stringify(items), {
    status: 200,
    headers: { 'Content-Type': 'application/json', 'X-Total-Count': String(items.length) },
  });
}

function serveProfile(permissions: Permission[] | 'owner') {
  return serveApi({
    '/api/user': () => jsonResponse(permissions === 'owner' ? owner : makeUser({ permissions })),
    '/api/settings': () => jsonResponse(makeSettings()),
    '/api/users': () => jsonResponse([owner]),
    '/api/price-lists': () => jsonResponse([]),
    '/api/clients': () => listResponse([noor]),
    '/api/clients/c-noor': () => jsonResponse(noor),
    '/api/clients/c-noor/statement': () =>
      jsonResponse({
        clientId: 'c-noor',
        clientName: 'Al Noor Trading',
        from: '2026-01-01',
        to: '2026-03-31',
        currency: 'SAR',
        openingBalance: '0.00',
        lines: [],
        closingBalance: '0.00',
      }),
    '/api/orders': () => listResponse([]),
    '/api/invoices': () => invoicesResponse([makePartlyPaidInvoice({ clientId: 'c-noor' })]),
  });
}

/** The paths asked for (without their query). */
function pathsAsked(fetchMock: ReturnType<typeof mockFetch>): string[] {
  return fetchMock.mock.calls.map(([url]) => String(url).split('?')[0]);
}

function tabNames(): string[] {
  return within(screen.getByRole('tablist', { name: 'Client activity' }))
    .getAllByRole('tab')
    .map((tab) => tab.textContent ?? '');
}

describe('/clients/:id', () => {
  it("opens from the client's name in the clients list, and leads back to it", async () => {
    serveProfile('owner');
    const user = userEvent.setup();
    const { router } = renderApp('/clients');
    await screen.findByRole('heading', { level: 1, name: 'Clients' });
    const link = await screen.findByRole('link', { name: /Al Noor Trading/ });
    expect(link.getAttribute('href')).toBe('/clients/c-noor');
    // A link: reached with Tab, followed with Enter.
    link.focus();
    await user.keyboard('{Enter}');

    expect(await screen.findByRole('heading', { level: 1, name: 'Al Noor Trading' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/clients/c-noor');
    // The sidebar still marks Clients.
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).getByRole('link', { name: 'Clients' }).className).toContain('Mui-selected');

    await user.click(screen.getByRole('link', { name: 'All clients' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Clients' })).toBeTruthy();
  });

  it('gives an owner the orders, invoices and statement, each asked for this client', async () => {
    const fetchMock = serveProfile('owner');
    const user = userEvent.setup();
    renderApp('/clients/c-noor');
    await screen.findByRole('heading', { level: 1, name: 'Al Noor Trading' });
    expect(tabNames()).toEqual(['Orders', 'Invoices', 'Statement']);
    expect(screen.getByRole('button', { name: 'Edit client' })).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'No orders yet' })).toBeTruthy();

    await user.click(screen.getByRole('tab', { name: 'Invoices' }));
    expect(await screen.findByRole('table', { name: 'Client invoices' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Record payment for invoice INV-2026-000123' })).toBeTruthy();

    await user.click(screen.getByRole('tab', { name: 'Statement' }));
    expect(await screen.findByRole('heading', { name: 'Statement of account' })).toBeTruthy();
    const asked = fetchMock.mock.calls.map(([url]) => String(url));
    expect(asked).toContain('/api/orders?clientId=c-noor&limit=20&offset=0');
    expect(asked).toContain('/api/invoices?clientId=c-noor&limit=20&offset=0');
    expect(asked.some((url) => url.startsWith('/api/clients/c-noor/statement?from='))).toBe(true);
  });

  it('hides the invoices and the statement from a user without invoices:read, and never asks for them', async () => {
    const fetchMock = serveProfile(['clients:read', 'orders:read']);
    renderApp('/clients/c-noor?tab=statement');
    await screen.findByRole('heading', { level: 1, name: 'Al Noor Trading' });
    expect(tabNames()).toEqual(['Orders']);
    expect(await screen.findByRole('heading', { name: 'No orders yet' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Edit client' })).toBeNull();
    expect(pathsAsked(fetchMock)).not.toContain('/api/invoices');
    expect(pathsAsked(fetchMock)).not.toContain('/api/clients/c-noor/statement');
  });

  it('hides the orders from a user without orders:read, and Record payment without invoices:write', async () => {
    const fetchMock = serveProfile(['clients:read', 'invoices:read']);
    renderApp('/clients/c-noor');
    await screen.findByRole('heading', { level: 1, name: 'Al Noor Trading' });
    expect(tabNames()).toEqual(['Invoices', 'Statement']);
    expect(await screen.findByRole('table', { name: 'Client invoices' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Record payment for invoice INV-2026-000123' })).toBeNull();
    expect(pathsAsked(fetchMock)).not.toContain('/api/orders');
  });

  it('shows no tabs to a user who may read neither orders nor invoices', async () => {
    serveProfile(['clients:read']);
    renderApp('/clients/c-noor');
    await screen.findByRole('heading', { level: 1, name: 'Al Noor Trading' });
    await waitFor(() => expect(screen.queryByRole('tablist')).toBeNull());
  });

  it('shows "Client not found" for an unknown client', async () => {
    serveProfile('owner');
    renderApp('/clients/5b0a2a7e-0000-4000-8000-000000000000');
    expect(await screen.findByRole('heading', { level: 1, name: 'Client not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to clients' }).getAttribute('href')).toBe('/clients');
  });
});
