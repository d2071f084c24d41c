import type { UserDto } from '@erp/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { makeSettings, makeUser, owner, serveApi, type ApiRoutes } from '../../../test/fixtures';
import { jsonResponse, renderApp, type mockFetch } from '../../../test/render';
import type { AnalyticsDto } from '../api/analytics-api';

/** 12:00 on 22 November 2026 in Riyadh. */
const NOW = new Date('2026-11-22T09:00:00Z');

function makeAnalytics(overrides: Partial<AnalyticsDto> = {}): AnalyticsDto {
  return {
    from: '2026-10-24',
    to: '2026-11-22',
    totalRevenue: '845210.75',
    totalOrders: 1483,
    profitMargin: 18.3,
    topClients: [
      { clientId: 'c-1', name: 'Al Noor Trading', orders: 41, revenue: '52000.00' },
      { clientId: 'c-2', name: 'مؤسسة الريان', orders: 12, revenue: '18250.50' },
    ],
    topProducts: [
      { stockItemId: 's-1', name: 'Basmati Rice 5kg', nameAr: 'أرز بسمتي ٥ كغ', quantity: 830, revenue: '41230.00' },
      { stockItemId: 's-2', name: 'Sunflower Oil 1.5L', nameAr: null, quantity: 412.5, revenue: '20615.00' },
    ],
    salesByDay: [
      { date: '2026-11-20', orders: 9, revenue: '4100.00' },
      { date: '2026-11-21', orders: 23, revenue: '12004.50' },
    ],
    ...overrides,
  };
}

const emptyAnalytics = (overrides: Partial<AnalyticsDto> = {}) =>
  makeAnalytics({
    totalRevenue: '0.00',
    totalOrders: 0,
    profitMargin: null,
    topClients: [],
    topProducts: [],
    salesByDay: [],
    ...overrides,
  });

/** The GET /api/analytics requests made, as URLs. */
function analyticsRequests(fetchMock: ReturnType<typeof mockFetch>): URL[] {
  return fetchMock.mock.calls
    .map(([url]) => new URL(String(url), 'http://localhost'))
    .filter((url) => url.pathname === '/api/analytics');
}

function renderAnalytics(
  answer: (url: URL) => Response | Promise<Response>,
  { user = owner, path = '/analytics', routes = {} }: { user?: UserDto; path?: string; routes?: ApiRoutes } = {},
) {
  const fetchMock = serveApi({
    '/api/user': () => jsonResponse(user),
    '/api/settings': () => jsonResponse(makeSettings()),
    '/api/analytics': (_init, url) => answer(url),
    ...routes,
  });
  const rendered = renderApp(path);
  return { fetchMock, user: userEvent.setup(), ...rendered };
}

describe('AnalyticsPage', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('asks for the last 30 days in Riyadh by default and shows revenue, orders and margin', async () => {
    const { fetchMock } = renderAnalytics(() => jsonResponse(makeAnalytics()));
    expect(await screen.findByRole('heading', { level: 1, name: 'Analytics & Reports' })).toBeTruthy();
    expect(screen.getByText('Business insights and performance metrics')).toBeTruthy();

    const revenue = await screen.findByTestId('summary-revenue');
    expect(within(revenue).getByText(/^SAR\s845,210\.75$/)).toBeTruthy();
    expect(within(screen.getByTestId('summary-orders')).getByText('1,483')).toBeTruthy();
    expect(within(screen.getByTestId('summary-margin')).getByText('18.3%')).toBeTruthy();
    expect(screen.getByTestId('analytics-range').textContent).toBe('Oct 24, 2026 – Nov 22, 2026');

    const [request] = analyticsRequests(fetchMock);
    expect(request.searchParams.get('from')).toBe('2026-10-24');
    expect(request.searchParams.get('to')).toBe('2026-11-22');
    expect(document.body.textContent).not.toContain('$');
  });

  it('asks again for the period picked and keeps it in the address', async () => {
    const { fetchMock, user, router } = renderAnalytics(() => jsonResponse(makeAnalytics()));
    await screen.findByTestId('summary-revenue');

    await user.click(screen.getByRole('combobox', { name: 'Period' }));
    await user.click(await screen.findByRole('option', { name: 'This year' }));
    await waitFor(() => expect(analyticsRequests(fetchMock).at(-1)?.searchParams.get('from')).toBe('2026-01-01'));
    expect(analyticsRequests(fetchMock).at(-1)?.searchParams.get('to')).toBe('2026-11-22');
    expect(router.state.location.search).toBe('?period=this-year');

    await user.click(screen.getByRole('combobox', { name: 'Period' }));
    await user.click(await screen.findByRole('option', { name: 'All time' }));
    await waitFor(() => expect(analyticsRequests(fetchMock).at(-1)?.search).toBe(''));
  });

  it.each([
    [18.3, '18.3%', 'positive', 'rgb(21, 128, 61)'],
    [0, '0.0%', 'positive', 'rgb(21, 128, 61)'],
    [-4.25, '-4.3%', 'negative', 'rgb(198, 40, 40)'],
  ])('shows a margin of %s as %s in the %s style', async (margin, text, tone, colour) => {
    renderAnalytics(() => jsonResponse(makeAnalytics({ profitMargin: margin })));
    const card = await screen.findByTestId('summary-margin');
    const value = within(card).getByText(text).closest('[data-tone]') as HTMLElement;
    expect(value.dataset.tone).toBe(tone);
    expect(getComputedStyle(value.parentElement as HTMLElement).color).toBe(colour);
  });

  it('shows "—" for a margin no line cost can give', async () => {
    renderAnalytics(() => jsonResponse(makeAnalytics({ profitMargin: null })));
    const card = await screen.findByTestId('summary-margin');
    expect((card.querySelector('[data-tone]') as HTMLElement).dataset.tone).toBe('none');
    expect(within(card).getByText('—')).toBeTruthy();
    expect(within(card).getByText('No order lines with a known cost in this period')).toBeTruthy();
  });

  it('ranks the top clients with their revenue in the currency', async () => {
    renderAnalytics(() => jsonResponse(makeAnalytics()));
    const table = await screen.findByRole('table', { name: 'Top Clients by Revenue' });
    const rows = within(table).getAllByTestId('top-client-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]).getByText('1')).toBeTruthy();
    expect(within(rows[0]).getByRole('rowheader').textContent).toContain('Al Noor Trading');
    expect(within(rows[0]).getByText(/^SAR\s52,000\.00$/)).toBeTruthy();
    expect(within(rows[1]).getByText('مؤسسة الريان')).toBeTruthy();
    expect(within(rows[1]).getByText(/^SAR\s18,250\.50$/)).toBeTruthy();
  });

  it('lists top products with both names, quantity and bars scaled to the top one', async () => {
    renderAnalytics(() => jsonResponse(makeAnalytics()));
    const table = await screen.findByRole('table', { name: 'Top Products' });
    const rows = within(table).getAllByTestId('top-product-row');
    expect(within(rows[0]).getByText('Basmati Rice 5kg')).toBeTruthy();
    expect(within(rows[0]).getByText('أرز بسمتي ٥ كغ')).toBeTruthy();
    expect(within(rows[0]).getByText('830')).toBeTruthy();
    expect(within(rows[1]).getByText('412.5')).toBeTruthy();
    const fills = within(table).getAllByTestId('share-bar-fill');
    expect(fills.map((fill) => fill.style.width)).toEqual(['100%', '50%']);
  });

  it('never draws a bar longer than 100%, whatever order the server sends', async () => {
    renderAnalytics(() =>
      jsonResponse(
        makeAnalytics({
          topProducts: [
            { stockItemId: 's-1', name: 'Tea', nameAr: null, quantity: 1, revenue: '100.00' },
            { stockItemId: 's-2', name: 'Coffee', nameAr: null, quantity: 1, revenue: '250.00' },
          ],
        }),
      ),
    );
    const table = await screen.findByRole('table', { name: 'Top Products' });
    const widths = within(table)
      .getAllByTestId('share-bar-fill')
      .map((fill) => Number.parseFloat(fill.style.width));
    expect(widths).toEqual([40, 100]);
    expect(Math.max(...widths)).toBeLessThanOrEqual(100);
  });

  it('draws a bar per day with sales and fills the other days of the period with zero', async () => {
    renderAnalytics(() => jsonResponse(makeAnalytics()));
    const chart = await screen.findByRole('img', { name: 'Sales over time' });
    expect(
      within(chart)
        .getAllByTestId('sales-bar')
        .map((bar) => bar.dataset.key),
    ).toEqual(['2026-11-20', '2026-11-21']);
    // The text alternative names the total and the best day.
    const summary = document.getElementById(chart.getAttribute('aria-describedby') ?? '');
    expect(summary?.textContent).toMatch(
      /Sales of SAR\s845,210\.75 between Oct 24, 2026 and Nov 22, 2026; orders placed: 1,483\./,
    );
    expect(summary?.textContent).toMatch(/Best day: Nov 21, with SAR\s12,004\.50\./);
    // The same figures as a table: every day of the 30, zero where nothing sold.
    const rows = screen.getAllByTestId('sales-row');
    expect(rows).toHaveLength(30);
    expect(rows[0].textContent).toMatch(/^Oct 24, 20260SAR\s0\.00$/);
    expect(rows[28].textContent).toMatch(/^Nov 21, 202623SAR\s12,004\.50$/);
  });

  it('runs time right to left in Arabic, with the value axis on the right', async () => {
    await i18n.changeLanguage('ar');
    renderAnalytics(() => jsonResponse(makeAnalytics()));
    const chart = await screen.findByRole('img', { name: 'المبيعات عبر الزمن' });
    expect(chart.dataset.direction).toBe('rtl');
    const [earlier, later] = within(chart).getAllByTestId('sales-bar');
    expect(Number(earlier.getAttribute('x'))).toBeGreaterThan(Number(later.getAttribute('x')));
  });

  it('says No data available for an empty list', async () => {
    renderAnalytics(() => jsonResponse(makeAnalytics({ topClients: [] })));
    const section = await screen.findByRole('region', { name: 'Top Clients by Revenue' });
    expect(within(section).getByText('No data available')).toBeTruthy();
    expect(within(section).queryByRole('table')).toBeNull();
  });

  it('says No analytics data yet when nothing was ever sold', async () => {
    const { fetchMock } = renderAnalytics(() => jsonResponse(emptyAnalytics()));
    expect(await screen.findByRole('heading', { name: 'No analytics data yet' })).toBeTruthy();
    expect(screen.getByText('Start processing orders to see insights and trends')).toBeTruthy();
    // The period was empty, so all time was asked too, once.
    await waitFor(() => expect(analyticsRequests(fetchMock).map((url) => url.search)).toContain(''));
    expect(screen.queryByTestId('summary-revenue')).toBeNull();
  });

  it('tells an empty period from no data at all and offers all time', async () => {
    const { user } = renderAnalytics((url) =>
      jsonResponse(url.searchParams.has('from') ? emptyAnalytics() : makeAnalytics({ from: '2026-01-03' })),
    );
    expect(await screen.findByRole('heading', { name: 'No sales in this period' })).toBeTruthy();
    expect(screen.queryByText('No analytics data yet')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Show all time' }));
    expect(await screen.findByTestId('summary-revenue')).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Period' }).textContent).toBe('All time');
  });

  it('shows placeholder blocks while the figures load', async () => {
    renderAnalytics(() => new Promise<Response>(() => undefined));
    expect(await screen.findByTestId('analytics-placeholder')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Analytics & Reports' })).toBeTruthy();
  });

  it('offers to try again when the figures cannot be loaded', async () => {
    let fail = true;
    const { user } = renderAnalytics(() =>
      fail
        ? jsonResponse({ message: 'down', code: 'SERVICE_UNAVAILABLE' }, 503, 'Service Unavailable')
        : jsonResponse(makeAnalytics()),
    );
    expect(await screen.findByText('Could not load the data')).toBeTruthy();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('summary-revenue')).toBeTruthy();
  });

  it('asks nothing and says so for a user without analytics:read', async () => {
    const { fetchMock } = renderAnalytics(() => jsonResponse(makeAnalytics()), { user: makeUser() });
    expect(await screen.findByRole('heading', { name: "You don't have access to analytics" })).toBeTruthy();
    expect(analyticsRequests(fetchMock)).toEqual([]);
    expect(screen.queryByRole('combobox', { name: 'Period' })).toBeNull();
  });
});
