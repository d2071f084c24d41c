import type { Permission, UserDto } from '@erp/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { agingReport } from '../../../test/aging-fixtures';
import { admin, makeSettings, makeUser, owner, serveApi } from '../../../test/fixtures';
import { jsonResponse, renderApp, type mockFetch } from '../../../test/render';
import type { DashboardStatsDto } from '../api/dashboard-api';

function makeStats(overrides: Partial<DashboardStatsDto> = {}): DashboardStatsDto {
  return {
    totalOrders: 1520,
    pendingOrders: 37,
    totalRevenue: '845210.75',
    revenueChange: 12.4,
    totalClients: 212,
    lowStockItems: 9,
    ...overrides,
  };
}

const staff = (permissions: Permission[]) => makeUser({ permissions });

function requestsTo(fetchMock: ReturnType<typeof mockFetch>, path: string): number {
  return fetchMock.mock.calls.filter(([url]) => String(url).split('?')[0] === path).length;
}

function renderDashboard(
  user: UserDto,
  stats: () => Response | Promise<Response> = () => jsonResponse(makeStats()),
  currency: 'SAR' | 'AED' = 'SAR',
  aging: () => Response | Promise<Response> = () => jsonResponse(agingReport),
) {
  const fetchMock = serveApi({
    '/api/user': () => jsonResponse(user),
    '/api/settings': () => jsonResponse(makeSettings({ currency })),
    '/api/dashboard/stats': stats,
    '/api/receivables/aging': aging,
  });
  const rendered = renderApp('/dashboard');
  return { fetchMock, user: userEvent.setup(), ...rendered };
}

describe('DashboardPage', () => {
  describe('for a user with analytics:read', () => {
    it('shows the four figures with revenue in the settings currency', async () => {
      renderDashboard(owner, undefined, 'AED');
      expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeTruthy();
      expect(screen.getByText('Welcome back, \u2068Khalid Al-Mansouri\u2069')).toBeTruthy();

      const orders = await screen.findByTestId('stat-orders');
      expect(await within(orders).findByText('1,520')).toBeTruthy();
      expect(within(orders).getByRole('heading', { name: 'Total Orders' })).toBeTruthy();
      expect(within(orders).getByText('37 pending')).toBeTruthy();

      const revenue = screen.getByTestId('stat-revenue');
      expect(within(revenue).getByText(/^AED\s845,210\.75$/)).toBeTruthy();
      expect(within(screen.getByTestId('stat-clients')).getByText('212')).toBeTruthy();

      const lowStock = screen.getByTestId('stat-low-stock');
      expect(within(lowStock).getByText('9')).toBeTruthy();
      expect(within(lowStock).getByRole('link', { name: 'Review stock' }).getAttribute('href')).toBe('/stock');
      expect(document.body.textContent).not.toContain('$');
    });

    it.each([
      [12.4, 'up', '+12.4%', 'rgb(21, 128, 61)'],
      [-3.1, 'down', '-3.1%', 'rgb(198, 40, 40)'],
      [0, 'flat', '0.0%', 'rgb(79, 98, 93)'],
    ])('shows a revenue change of %s as %s (%s)', async (change, trend, text, colour) => {
      renderDashboard(owner, () => jsonResponse(makeStats({ revenueChange: change })));
      const revenue = await screen.findByTestId('stat-revenue');
      const shown = await within(revenue).findByText(text);
      expect(within(revenue).getByText('this month vs last month')).toBeTruthy();
      expect((revenue.querySelector('[data-trend]') as HTMLElement).dataset.trend).toBe(trend);
      expect(getComputedStyle(shown.parentElement as HTMLElement).color).toBe(colour);
    });

    it('says there is nothing to compare with when last month had no sales', async () => {
      renderDashboard(owner, () => jsonResponse(makeStats({ revenueChange: null })));
      const revenue = await screen.findByTestId('stat-revenue');
      expect(await within(revenue).findByText('No sales last month to compare with')).toBeTruthy();
      expect(revenue.textContent).not.toContain('%');
    });

    it('shows skeletons while the figures load', async () => {
      renderDashboard(owner, () => new Promise<Response>(() => undefined));
      const region = await screen.findByRole('region', { name: 'Business overview' });
      expect(region.getAttribute('aria-busy')).toBe('true');
      expect(within(region).getAllByTestId('stat-skeleton')).toHaveLength(4);
    });

    it("shows 'No data yet' when there are no orders and no clients", async () => {
      renderDashboard(owner, () =>
        jsonResponse(
          makeStats({ totalOrders: 0, pendingOrders: 0, totalRevenue: '0.00', revenueChange: null, totalClients: 0 }),
        ),
      );
      expect(await screen.findByRole('heading', { name: 'No data yet' })).toBeTruthy();
    });

    it("does not show 'No data yet' once there are clients", async () => {
      renderDashboard(owner, () => jsonResponse(makeStats({ totalOrders: 0, totalClients: 3 })));
      await within(await screen.findByTestId('stat-clients')).findByText('3');
      expect(screen.queryByRole('heading', { name: 'No data yet' })).toBeNull();
    });

    it('offers to try again when the figures cannot be loaded', async () => {
      let fail = true;
      const { user } = renderDashboard(owner, () =>
        fail
          ? jsonResponse({ message: 'down', code: 'INTERNAL' }, 500, 'Internal Server Error')
          : jsonResponse(makeStats()),
      );
      expect(await screen.findByText('Could not load the data')).toBeTruthy();
      fail = false;
      await user.click(screen.getByRole('button', { name: 'Try again' }));
      expect(await within(await screen.findByTestId('stat-orders')).findByText('1,520')).toBeTruthy();
    });

    it('shows the figures in Arabic, money in the Arabic currency form', async () => {
      await i18n.changeLanguage('ar');
      renderDashboard(owner);
      const revenue = await screen.findByTestId('stat-revenue');
      expect(within(revenue).getByRole('heading', { name: 'إجمالي الإيرادات' })).toBeTruthy();
      await waitFor(() => expect(revenue.textContent).toContain('845,210.75'));
      expect(revenue.textContent).toContain('ر.س.');
    });
  });

  describe('for a user without analytics:read', () => {
    it('makes no stats request and shows only the welcome and the Quick Actions', async () => {
      const { fetchMock } = renderDashboard(staff(['orders:read', 'orders:write', 'stock:read', 'stock:write']));
      expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeTruthy();
      expect(screen.getByText('Welcome back, \u2068Sara Al-Qahtani\u2069')).toBeTruthy();
      expect(await screen.findByRole('region', { name: 'Quick Actions' })).toBeTruthy();
      expect(screen.queryByRole('region', { name: 'Business overview' })).toBeNull();
      expect(screen.queryByTestId('stat-skeleton')).toBeNull();
      expect(screen.getByText(/shown to users with access to analytics/)).toBeTruthy();
      // Give any stray request the time to go out.
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(requestsTo(fetchMock, '/api/dashboard/stats')).toBe(0);
      expect(requestsTo(fetchMock, '/api/settings')).toBe(0);
    });

    it('asks for the figures once analytics:read is held', async () => {
      const { fetchMock } = renderDashboard(staff(['analytics:read']));
      await within(await screen.findByTestId('stat-orders')).findByText('1,520');
      expect(requestsTo(fetchMock, '/api/dashboard/stats')).toBe(1);
    });
  });

  describe('the Receivables card', () => {
    const receivables = () => screen.findByRole('region', { name: 'Receivables' });

    it('shows a holder of invoices:read what is owed and overdue, in the settings currency, and who owes most', async () => {
      renderDashboard(staff(['invoices:read']), undefined, 'AED');
      const card = await receivables();
      const overdue = await within(card).findByTestId('receivables-overdue');
      expect(await within(overdue).findByText(/^AED\s7,500\.70$/)).toBeTruthy();
      expect(within(card).getByTestId('receivables-total').textContent).toMatch(/AED\s12,501\.10$/);
      expect(within(within(card).getByTestId('receivables-overdue-clients')).getByText('2')).toBeTruthy();
      const top = within(card).getAllByTestId('receivables-top-client');
      expect(top.map((item) => within(item).getByRole('link').textContent)).toEqual([
        'Al Noor Trading',
        'Gulf Fresh Foods',
      ]);
      expect(within(top[0]).getByRole('link').getAttribute('href')).toBe('/clients/c-1');
      // Without analytics:read the stats are still neither shown nor asked for.
      expect(screen.queryByRole('region', { name: 'Business overview' })).toBeNull();
    });

    it('is shown to an owner beside the figures', async () => {
      renderDashboard(owner);
      const card = await receivables();
      expect(await within(card).findByTestId('receivables-total')).toBeTruthy();
      expect(await screen.findByTestId('stat-orders')).toBeTruthy();
    });

    it('is not shown, and the report not asked for, without invoices:read', async () => {
      const { fetchMock } = renderDashboard(staff(['orders:read', 'analytics:read']));
      await within(await screen.findByTestId('stat-orders')).findByText('1,520');
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(screen.queryByRole('region', { name: 'Receivables' })).toBeNull();
      expect(requestsTo(fetchMock, '/api/receivables/aging')).toBe(0);
    });

    it('shares its request with the aging report: View aging report shows it without asking again', async () => {
      const { fetchMock, user, router } = renderDashboard(staff(['invoices:read']));
      const card = await receivables();
      await within(card).findByTestId('receivables-total');
      await user.click(within(card).getByRole('link', { name: 'View aging report' }));
      await waitFor(() => expect(router.state.location.pathname).toBe('/receivables'));
      expect(await screen.findByRole('heading', { level: 1, name: 'Receivables Aging' })).toBeTruthy();
      expect(await screen.findByTestId('aging-totals')).toBeTruthy();
      expect(requestsTo(fetchMock, '/api/receivables/aging')).toBe(1);
    });

    it("says 'Nothing owed' when every invoice is paid", async () => {
      renderDashboard(staff(['invoices:read']), undefined, 'SAR', () => jsonResponse([]));
      const card = await receivables();
      expect(await within(card).findByRole('heading', { name: 'Nothing owed' })).toBeTruthy();
    });

    it('offers to try again on its own when the report cannot be loaded', async () => {
      let fail = true;
      const { user } = renderDashboard(owner, undefined, 'SAR', () =>
        fail
          ? jsonResponse({ message: 'down', code: 'INTERNAL' }, 500, 'Internal Server Error')
          : jsonResponse(agingReport),
      );
      const card = await receivables();
      expect(await within(card).findByText('Could not load the data')).toBeTruthy();
      // The figures above are not affected.
      expect(await within(await screen.findByTestId('stat-orders')).findByText('1,520')).toBeTruthy();
      fail = false;
      await user.click(within(card).getByRole('button', { name: 'Try again' }));
      expect(await within(card).findByTestId('receivables-total')).toBeTruthy();
    });
  });

  describe('Quick Actions', () => {
    it('links New Order to the Create Manual Order dialog and Upload Invoice to the supplier invoice upload', async () => {
      const { user, router } = renderDashboard(admin);
      const actions = await screen.findByRole('region', { name: 'Quick Actions' });
      const newOrder = within(actions).getByRole('link', { name: /New Order/ });
      expect(newOrder.getAttribute('href')).toBe('/orders?new=1');
      expect(
        within(actions)
          .getByRole('link', { name: /Upload Invoice/ })
          .getAttribute('href'),
      ).toBe('/stock?upload=1');

      await user.click(newOrder);
      await waitFor(() => expect(router.state.location.pathname).toBe('/orders'));
      expect(router.state.location.search).toBe('?new=1');
    });

    it.each<[string, Permission[], string[]]>([
      ['orders:write only', ['orders:read', 'orders:write', 'analytics:read'], ['New Order']],
      ['stock:write only', ['stock:read', 'stock:write'], ['Upload Invoice']],
    ])('shows only the action the user may take (%s)', async (_label, permissions, shown) => {
      renderDashboard(staff(permissions));
      const actions = await screen.findByRole('region', { name: 'Quick Actions' });
      const names = within(actions)
        .getAllByRole('link')
        .map((link) => link.textContent ?? '');
      expect(names).toHaveLength(shown.length);
      shown.forEach((name, index) => expect(names[index]).toContain(name));
    });

    it('are not shown to a user who may take neither', async () => {
      renderDashboard(staff(['orders:read', 'stock:read', 'analytics:read']));
      await within(await screen.findByTestId('stat-orders')).findByText('1,520');
      expect(screen.queryByRole('region', { name: 'Quick Actions' })).toBeNull();
    });
  });
});
