import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { serveApi, type ApiRoutes } from '../../../test/fixtures';
import { jsonResponse, mockMatchMedia, renderWithProviders, type mockFetch } from '../../../test/render';
import { readOnlyAccess } from '../lib/access';
import { makeOrder, makeOrderItem, pageResponse } from '../test/order-fixtures';
import { ClientOrders } from './client-orders';

function orderRequests(fetchMock: ReturnType<typeof mockFetch>): URL[] {
  return fetchMock.mock.calls
    .map(([url]) => new URL(String(url), 'http://localhost'))
    .filter((url) => url.pathname === '/api/orders');
}

/** 45 orders of Al Noor, answered a page at a time as `limit` and `offset` ask. */
function pagedOrders(_init: RequestInit, url: URL): Response {
  const offset = Number(url.searchParams.get('offset'));
  const limit = Number(url.searchParams.get('limit'));
  const count = Math.max(0, Math.min(limit, 45 - offset));
  return pageResponse(
    Array.from({ length: count }, (_value, index) =>
      makeOrder({ id: `o-${offset + index}`, orderNumber: `ORD-2026-${String(offset + index).padStart(6, '0')}` }),
    ),
    45,
  );
}

function renderOrders(routes: ApiRoutes = {}) {
  const fetchMock = serveApi({
    '/api/orders': () =>
      pageResponse([
        makeOrder({ status: 'confirmed', totalAmount: '1234.50' }),
        makeOrder({ id: 'o-2', orderNumber: 'ORD-2026-000041' }),
      ]),
    ...routes,
  });
  const user = userEvent.setup();
  renderWithProviders(<ClientOrders clientId="c-noor" access={readOnlyAccess} currency="SAR" />, '/clients/c-noor');
  return { fetchMock, user };
}

describe('ClientOrders', () => {
  it("asks for the client's orders only and lists number, status, total and date without a client column", async () => {
    const { fetchMock } = renderOrders();
    const table = await screen.findByRole('table', { name: 'Recent orders' });
    const row = within((await within(table).findByText('ORD-2026-000042')).closest('tr') as HTMLElement);
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Order #', 'Status', 'Total before VAT', 'Date', 'Actions']);
    expect(row.getByText('Confirmed').closest('[data-status]')?.getAttribute('data-status')).toBe('confirmed');
    expect(row.getByText(/^SAR\s1,234\.50$/)).toBeTruthy();
    expect(row.getByText('Nov 20, 2026')).toBeTruthy();
    expect(within(table).queryByText('Al Noor Trading')).toBeNull();
    expect(orderRequests(fetchMock)[0].search).toBe('?clientId=c-noor&limit=20&offset=0');
  });

  it('pages on the server with limit, offset and X-Total-Count, keeping the client', async () => {
    const { fetchMock, user } = renderOrders({ '/api/orders': pagedOrders });
    expect(await screen.findByText('1–20 of 45')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    expect(await screen.findByText('21–40 of 45')).toBeTruthy();
    expect(orderRequests(fetchMock).at(-1)?.search).toBe('?clientId=c-noor&limit=20&offset=20');
  });

  it('opens the Order Details dialog from View, as the Orders screen does', async () => {
    const { user } = renderOrders({
      '/api/orders/o-1': () => jsonResponse(makeOrder({ status: 'confirmed' })),
      '/api/orders/o-1/items': () => jsonResponse([makeOrderItem()]),
    });
    await user.click(await screen.findByRole('button', { name: 'View order ORD-2026-000042' }));
    const dialog = await screen.findByRole('dialog', { name: /Order Details/ });
    expect(await within(dialog).findByText('Abu Kas Basmati Rice 10kg')).toBeTruthy();
  });

  it('shows 3 skeleton rows while the orders load', async () => {
    renderOrders({ '/api/orders': () => new Promise<Response>(() => undefined) });
    expect(await screen.findAllByTestId('skeleton-row')).toHaveLength(3);
  });

  it('says "No orders yet" for a client without orders', async () => {
    renderOrders({ '/api/orders': () => pageResponse([], 0) });
    expect(await screen.findByRole('heading', { name: 'No orders yet' })).toBeTruthy();
    expect(screen.getByText('This client’s orders will appear here once they are placed.')).toBeTruthy();
  });

  it('shows a failure with Try again', async () => {
    let fail = true;
    const { user } = renderOrders({
      '/api/orders': () =>
        fail ? jsonResponse({ message: 'down', code: 'INTERNAL' }, 500, 'Error') : pageResponse([makeOrder()]),
    });
    expect(await screen.findByText('Could not load the data')).toBeTruthy();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('ORD-2026-000042')).toBeTruthy();
  });

  it('shows cards on a phone, without the client name', async () => {
    mockMatchMedia((query) => query.includes('max-width: 599.95px'));
    renderOrders();
    const list = await screen.findByRole('list', { name: 'Recent orders' });
    const card = within((await within(list).findByText('ORD-2026-000042')).closest('li') as HTMLElement);
    expect(card.getByText(/^SAR\s1,234\.50$/)).toBeTruthy();
    expect(card.queryByText('Al Noor Trading')).toBeNull();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('is in Arabic', async () => {
    await i18n.changeLanguage('ar');
    renderOrders({ '/api/orders': () => pageResponse([], 0) });
    expect(await screen.findByRole('heading', { name: 'لا توجد طلبات بعد' })).toBeTruthy();
    expect(screen.getByText('ستظهر طلبات هذا العميل هنا عند إنشائها.')).toBeTruthy();
  });
});
