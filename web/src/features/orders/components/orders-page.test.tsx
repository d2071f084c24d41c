import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { makeSettings, makeUser, owner, serveApi, type ApiRoutes } from '../../../test/fixtures';
import { jsonResponse, mockMatchMedia, renderApp, renderWithProviders, type mockFetch } from '../../../test/render';
import { fullAccess, readOnlyAccess, type OrdersAccess } from '../lib/access';
import { makeOrder, makeOrderItem, pageResponse } from '../test/order-fixtures';
import { OrdersPage } from './orders-page';

const pending = makeOrder();
const confirmed = makeOrder({
  id: 'o-2',
  orderNumber: 'ORD-2026-000041',
  clientName: 'Baraka Foods',
  status: 'confirmed',
  totalAmount: '98.75',
});
const completed = makeOrder({ id: 'o-3', orderNumber: 'ORD-2026-000040', status: 'completed', totalAmount: '10.00' });
const cancelled = makeOrder({ id: 'o-4', orderNumber: 'ORD-2026-000039', status: 'cancelled', totalAmount: '0.00' });

function orderRequests(fetchMock: ReturnType<typeof mockFetch>): URL[] {
  return fetchMock.mock.calls
    .map(([url, init]) => ({ url: new URL(String(url), 'http://localhost'), method: init?.method ?? 'GET' }))
    .filter(({ url, method }) => url.pathname === '/api/orders' && method === 'GET')
    .map(({ url }) => url);
}

function renderPage(routes: ApiRoutes = {}, access: OrdersAccess = fullAccess, currency = 'SAR') {
  const fetchMock = serveApi({
    '/api/orders': () => pageResponse([pending, confirmed, completed, cancelled]),
    ...routes,
  });
  const user = userEvent.setup();
  renderWithProviders(<OrdersPage access={access} currency={currency} />, '/orders');
  return { fetchMock, user };
}

describe('OrdersPage', () => {
  it('lists order #, client, a coloured status, the total in the currency and the date', async () => {
    renderPage();
    const table = await screen.findByRole('table', { name: 'Recent orders' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Order #', 'Client', 'Status', 'Total before VAT', 'Date', 'Actions']);
    const row = within((await within(table).findByText('ORD-2026-000041')).closest('tr') as HTMLElement);
    expect(row.getByText('Baraka Foods')).toBeTruthy();
    expect(row.getByText(/^SAR\s98\.75$/)).toBeTruthy();
    expect(row.getByText('Nov 20, 2026')).toBeTruthy();
    expect(row.getByRole('button', { name: 'View order ORD-2026-000041' })).toBeTruthy();

    const colour = (text: string) => getComputedStyle(within(table).getByText(text).closest('[data-status]')!).color;
    expect(colour('Pending')).toBe('rgb(146, 64, 14)'); // amber
    expect(colour('Confirmed')).toBe('rgb(30, 64, 175)'); // blue
    expect(colour('Completed')).toBe('rgb(22, 101, 52)'); // green
    expect(colour('Cancelled')).toBe('rgb(153, 27, 27)'); // red
    expect(table.textContent).not.toContain('$');
  });

  it('shows 3 skeleton rows while the orders load', async () => {
    renderPage({ '/api/orders': () => new Promise<Response>(() => undefined) });
    expect(await screen.findAllByTestId('skeleton-row')).toHaveLength(3);
    expect(screen.getByRole('table', { name: 'Recent orders' }).getAttribute('aria-busy')).toBe('true');
  });

  it('shows "No orders yet" with Upload First Order and Create Manual Order', async () => {
    const { user } = renderPage({ '/api/orders': () => pageResponse([], 0) });
    expect(await screen.findByRole('heading', { name: 'No orders yet' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Upload First Order' }));
    const upload = await screen.findByRole('dialog', { name: 'Upload Order' });
    await user.click(within(upload).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(screen.getAllByRole('button', { name: 'Create Manual Order' })[1]);
    expect(await screen.findByRole('dialog', { name: 'Create Manual Order' })).toBeTruthy();
  });

  it('searches the server by order number or client, and pages with limit, offset and X-Total-Count', async () => {
    const { fetchMock, user } = renderPage({
      '/api/orders': (_init, url) => {
        const offset = Number(url.searchParams.get('offset'));
        if (url.searchParams.get('search') === 'baraka') return pageResponse([confirmed], 1);
        const orders = Array.from({ length: Math.min(20, 25 - offset) }, (_value, index) =>
          makeOrder({ id: `o-${offset + index}`, orderNumber: `ORD-2026-${String(offset + index).padStart(6, '0')}` }),
        );
        return pageResponse(orders, 25);
      },
    });
    expect(await screen.findByText('1–20 of 25')).toBeTruthy();
    expect(orderRequests(fetchMock)[0].search).toBe('?limit=20&offset=0');
    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    expect(await screen.findByText('21–25 of 25')).toBeTruthy();
    expect(screen.getAllByTestId('order-row')).toHaveLength(5);

    await user.type(screen.getByRole('searchbox', { name: 'Search orders' }), 'baraka');
    await waitFor(() => expect(screen.getAllByTestId('order-row')).toHaveLength(1));
    expect(orderRequests(fetchMock).at(-1)?.search).toBe('?search=baraka&limit=20&offset=0');
  });

  it('says so when a search finds nothing', async () => {
    const { user } = renderPage({
      '/api/orders': (_init, url) => (url.searchParams.get('search') ? pageResponse([], 0) : pageResponse([pending])),
    });
    await screen.findByText('ORD-2026-000042');
    await user.type(screen.getByRole('searchbox', { name: 'Search orders' }), 'ORD-1999');
    expect(await screen.findByText('No orders match “\u2068ORD-1999\u2069”')).toBeTruthy();
  });

  it('filters by status and by dates on the server, says when nothing matches, and clears the filters', async () => {
    const { fetchMock, user } = renderPage({
      '/api/orders': (_init, url) =>
        url.searchParams.get('status') === 'cancelled' ? pageResponse([], 0) : pageResponse([pending, confirmed]),
    });
    await screen.findByText('ORD-2026-000042');
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Confirmed' }));
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-01' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-11-30' } });
    await waitFor(() => {
      const last = orderRequests(fetchMock).at(-1)!;
      expect([last.searchParams.get('status'), last.searchParams.get('from'), last.searchParams.get('to')]).toEqual([
        'confirmed',
        '2026-11-01',
        '2026-11-30',
      ]);
      expect(last.searchParams.get('offset')).toBe('0');
    });
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Cancelled' }));
    expect(await screen.findByText('No orders match these filters')).toBeTruthy();
    // Filtered to nothing is not "no orders yet".
    expect(screen.queryByText('No orders yet')).toBeNull();
    // Cleared: the unfiltered list again (from the cache of the first page: no filter is sent).
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(await screen.findByText('ORD-2026-000042')).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Status' }).textContent).toBe('All statuses');
    expect((screen.getByLabelText('From') as HTMLInputElement).value).toBe('');
  });

  it('shows cards instead of the table at phone width', async () => {
    mockMatchMedia((query) => query.includes('max-width: 599.95px'));
    renderPage();
    const list = await screen.findByRole('list', { name: 'Recent orders' });
    await within(list).findByText('ORD-2026-000041');
    expect(screen.queryByRole('table')).toBeNull();
    const card = within(within(list).getByText('ORD-2026-000041').closest('li') as HTMLElement);
    expect(card.getByText('Baraka Foods')).toBeTruthy();
    expect(card.getByText(/^SAR\s98\.75$/)).toBeTruthy();
    expect(card.getByText('Confirmed')).toBeTruthy();
    expect(card.getByRole('button', { name: 'View order ORD-2026-000041' })).toBeTruthy();
  });

  it('hides the columns a user chooses on a wide screen', async () => {
    const { user } = renderPage();
    const table = await screen.findByRole('table', { name: 'Recent orders' });
    await within(table).findByText('ORD-2026-000041');
    await user.click(screen.getByRole('button', { name: 'Columns' }));
    await user.click(await screen.findByRole('menuitemcheckbox', { name: 'Date' }));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Order #', 'Client', 'Status', 'Total before VAT', 'Actions']);
  });

  it('sorts on a phone with Sort by, where no column header can be clicked', async () => {
    mockMatchMedia((query) => query.includes('max-width: 599.95px'));
    const { fetchMock, user } = renderPage();
    await screen.findByText('ORD-2026-000041');
    await user.click(screen.getByRole('combobox', { name: 'Sort by' }));
    await user.click(await screen.findByRole('option', { name: 'Total before VAT, descending' }));
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.map(([url]) => String(url)).some((url) => url.includes('sort=totalAmount%3Adesc')),
      ).toBe(true),
    );
    // The subtitle says the order too (it said "Newest first" whatever the order).
    expect(screen.getByText('Sorted by Total before VAT, descending')).toBeTruthy();
    await user.click(screen.getByRole('combobox', { name: 'Sort by' }));
    await user.click(await screen.findByRole('option', { name: 'Default order' }));
    expect(screen.getByRole('combobox', { name: 'Sort by' }).textContent).toBe('Default order');
    expect(screen.getByText('Newest first, with their status and total')).toBeTruthy();
  });

  it('is read-only without orders:write', async () => {
    renderPage({}, readOnlyAccess);
    await screen.findByText('ORD-2026-000041');
    expect(screen.queryByRole('button', { name: 'Create Manual Order' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Upload Order' })).toBeNull();
    expect(screen.getByRole('button', { name: 'View order ORD-2026-000041' })).toBeTruthy();
  });

  it('opens the order an address names (/orders?order=id, the Inbox\'s "View order"), and drops it on close', async () => {
    serveApi({
      '/api/orders': () => pageResponse([pending]),
      '/api/orders/o-1': () => jsonResponse(pending),
      '/api/orders/o-1/items': () => jsonResponse([makeOrderItem()]),
      '/api/orders/o-1/returns': () => jsonResponse([]),
    });
    const user = userEvent.setup();
    const { router } = renderWithProviders(<OrdersPage access={fullAccess} currency="SAR" />, '/orders?order=o-1');
    const dialog = await screen.findByRole('dialog', { name: /Order Details/ });
    expect(await within(dialog).findByText('Abu Kas Basmati Rice 10kg')).toBeTruthy();
    await user.click(within(dialog).getAllByRole('button', { name: 'Close' }).at(-1)!);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: /Order Details/ })).toBeNull());
    expect(router.state.location.search).toBe('');
  });

  it('opens the details from View, and refreshes the list after a confirmed status change', async () => {
    const { fetchMock, user } = renderPage({
      '/api/orders/o-1': () => jsonResponse(pending),
      '/api/orders/o-1/items': () => jsonResponse([makeOrderItem()]),
      '/api/orders/o-1/returns': () => jsonResponse([]),
      'PATCH /api/orders/o-1/status': () => jsonResponse(makeOrder({ status: 'cancelled' })),
    });
    await user.click(await screen.findByRole('button', { name: 'View order ORD-2026-000042' }));
    const dialog = await screen.findByRole('dialog', { name: /Order Details/ });
    await within(dialog).findByText('Abu Kas Basmati Rice 10kg');
    const listRequests = orderRequests(fetchMock).length;

    const status = within(dialog).getByRole('combobox', { name: 'Status' });
    await waitFor(() => expect(status.getAttribute('aria-disabled')).not.toBe('true'));
    await user.click(status);
    await user.click(within(await screen.findByRole('listbox')).getByRole('option', { name: 'Cancelled' }));
    const confirm = await screen.findByRole('dialog', { name: 'Change the status to Cancelled?' });
    await user.click(within(confirm).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Status updated')).toBeTruthy();
    await waitFor(() => expect(orderRequests(fetchMock).length).toBeGreaterThan(listRequests));
  });

  it('is translated in Arabic, with Latin digits and the currency', async () => {
    await i18n.changeLanguage('ar');
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'الطلبات' })).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'أحدث الطلبات' });
    const row = within((await within(table).findByText('ORD-2026-000041')).closest('tr') as HTMLElement);
    expect(row.getByText('مؤكَّد')).toBeTruthy();
    expect(row.getByText(/98\.75/).textContent).toMatch(/ر\.س/);
    expect(screen.getByRole('button', { name: 'إنشاء طلب يدوي' })).toBeTruthy();
  });
});

describe('/orders', () => {
  function serveApp(user: typeof owner) {
    return serveApi({
      '/api/user': () => jsonResponse(user),
      '/api/settings': () => jsonResponse(makeSettings({ currency: 'AED' })),
      '/api/orders': () => pageResponse([confirmed]),
    });
  }

  it("shows money in the settings' currency and offers creating orders to an owner", async () => {
    serveApp(owner);
    renderApp('/orders');
    expect(await screen.findByText(/^AED\s98\.75$/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Create Manual Order' })).toBeTruthy();
  });

  it('is read-only for staff without orders:write', async () => {
    serveApp(makeUser({ permissions: ['orders:read', 'clients:read'] }));
    renderApp('/orders');
    expect(await screen.findByText('ORD-2026-000041')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Create Manual Order' })).toBeNull();
  });
});
