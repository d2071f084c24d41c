import type { AgingRowDto, Permission } from '@erp/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { agingReport, makeAgingRow } from '../../../test/aging-fixtures';
import { makeSettings, makeUser, owner, serveApi, type ApiRoutes } from '../../../test/fixtures';
import { jsonResponse, mockMatchMedia, renderApp, renderWithProviders } from '../../../test/render';
import { ReceivablesPage } from './receivables-page';

const AGING = '/api/receivables/aging';

function renderPage(rows: AgingRowDto[] | (() => Response | Promise<Response>), currency: string | null = 'SAR') {
  const answer = typeof rows === 'function' ? rows : () => jsonResponse(rows);
  const fetchMock = serveApi({ [AGING]: answer });
  const user = userEvent.setup();
  const rendered = renderWithProviders(<ReceivablesPage canRead currency={currency} />, '/receivables');
  return { fetchMock, user, ...rendered };
}

function agingRequests(fetchMock: ReturnType<typeof serveApi>): number {
  return fetchMock.mock.calls.filter(([url]) => String(url).split('?')[0] === AGING).length;
}

/** The table row (or phone card) of a client. */
function rowOf(clientName: string): HTMLElement {
  const row = screen.getByRole('link', { name: clientName }).closest('tr, li');
  if (!(row instanceof HTMLElement)) throw new Error(`no row for ${clientName}`);
  return row;
}

/** What a row shows in a column: its amount as sent (data-amount) and as read. */
function cell(row: HTMLElement, bucket: string) {
  const amount = row.querySelector(`[data-bucket="${bucket}"] [data-amount]`) as HTMLElement;
  return { amount: amount.dataset.amount, text: amount.textContent, flag: amount.dataset.flag, element: amount };
}

describe('ReceivablesPage', () => {
  it('shows the columns from current to over 90 days, then the total', async () => {
    renderPage(agingReport);
    expect(screen.getByRole('heading', { level: 1, name: 'Receivables Aging' })).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Receivables aging by client' });
    await within(table).findByText('Al Noor Trading');
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((header) => header.textContent);
    expect(headers).toEqual([
      'Client',
      'CurrentNot yet due',
      '1–30 days overdue',
      '31–60 days overdue',
      '61–90 days overdue',
      'Over 90 days overdue',
      'Total',
    ]);
  });

  it("shows each client's buckets in the company currency, largest total first, the name linking to the client", async () => {
    renderPage(agingReport, 'AED');
    await screen.findByText('Al Noor Trading');
    expect(screen.getAllByTestId('aging-row').map((row) => within(row).getByRole('link').textContent)).toEqual([
      'Al Noor Trading',
      'Gulf Fresh Foods',
      'مؤسسة الأمل للتجارة',
    ]);
    const noor = rowOf('Al Noor Trading');
    expect(cell(noor, 'current').text).toMatch(/^AED\s5,000\.00$/);
    expect(cell(noor, 'd1_30').text).toMatch(/^AED\s1,200\.50$/);
    expect(cell(noor, 'd61_90').text).toMatch(/^AED\s800\.00$/);
    expect(cell(noor, 'd90_plus').text).toMatch(/^AED\s2,500\.00$/);
    expect(cell(noor, 'total').text).toMatch(/^AED\s9,500\.50$/);
    // Nothing owed in a bucket: a light dash, the amount kept for screen readers.
    expect(cell(noor, 'd31_60').amount).toBe('0.00');
    expect(cell(noor, 'd31_60').text).toMatch(/^—AED\s0\.00$/);
    expect(within(noor).getByRole('link', { name: 'Al Noor Trading' }).getAttribute('href')).toBe('/clients/c-1');
    expect(screen.getByRole('link', { name: 'مؤسسة الأمل للتجارة' }).getAttribute('href')).toBe('/clients/c-3');
    expect(document.body.textContent).not.toContain('$');
  });

  it('adds up each column exactly in the totals row', async () => {
    renderPage(agingReport);
    const totals = await screen.findByTestId('aging-totals');
    expect(within(totals).getByRole('rowheader').textContent).toBe('Total');
    expect(cell(totals, 'current').amount).toBe('5000.40');
    expect(cell(totals, 'd1_30').amount).toBe('1200.70');
    expect(cell(totals, 'd31_60').amount).toBe('3000.00');
    expect(cell(totals, 'd61_90').amount).toBe('800.00');
    expect(cell(totals, 'd90_plus').amount).toBe('2500.00');
    expect(cell(totals, 'total').text).toMatch(/^SAR\s12,501\.10$/);
  });

  it('adds 0.10 and 0.20 to exactly 0.30', async () => {
    renderPage([
      makeAgingRow({ clientId: 'a', clientName: 'A', current: '0.10', d1_30: '0.20', total: '0.30' }),
      makeAgingRow({ clientId: 'b', clientName: 'B', current: '0.20', d1_30: '0.10', total: '0.30' }),
    ]);
    const totals = await screen.findByTestId('aging-totals');
    expect(cell(totals, 'current').amount).toBe('0.30');
    expect(cell(totals, 'current').text).toMatch(/^SAR\s0\.30$/);
    expect(cell(totals, 'd1_30').amount).toBe('0.30');
    expect(cell(totals, 'total').amount).toBe('0.60');
  });

  it('flags money 61–90 days late amber and over 90 days red, in dark readable text', async () => {
    renderPage(agingReport);
    await screen.findByText('Al Noor Trading');
    const noor = rowOf('Al Noor Trading');
    const late = cell(noor, 'd61_90');
    const oldest = cell(noor, 'd90_plus');
    expect(late.flag).toBe('warning');
    expect(oldest.flag).toBe('error');
    expect(getComputedStyle(late.element).color).toBe('rgb(146, 64, 14)');
    expect(getComputedStyle(late.element).backgroundColor).toBe('rgb(254, 243, 199)');
    expect(getComputedStyle(oldest.element).color).toBe('rgb(153, 27, 27)');
    expect(getComputedStyle(oldest.element).backgroundColor).toBe('rgb(254, 226, 226)');
    // Earlier buckets and empty late ones are not flagged.
    expect(cell(noor, 'd1_30').flag).toBeUndefined();
    expect(cell(rowOf('Gulf Fresh Foods'), 'd61_90').flag).toBeUndefined();
  });

  it('shows the total receivable, the overdue part and over 90 days above the table', async () => {
    renderPage(agingReport);
    const total = await screen.findByTestId('summary-total');
    expect(await within(total).findByText(/^SAR\s12,501\.10$/)).toBeTruthy();
    expect(within(total).getByRole('heading', { name: 'Total receivable' })).toBeTruthy();
    expect(within(total).getByText('Clients with a balance: 3')).toBeTruthy();
    const overdue = screen.getByTestId('summary-overdue');
    expect(within(overdue).getByText(/^SAR\s7,500\.70$/)).toBeTruthy();
    expect(within(overdue).getByText('Clients past due: 2')).toBeTruthy();
    expect(within(screen.getByTestId('summary-over-90')).getByText(/^SAR\s2,500\.00$/)).toBeTruthy();
  });

  it('says nothing is overdue when every balance is current', async () => {
    renderPage([makeAgingRow()]);
    const overdue = await screen.findByTestId('summary-overdue');
    expect(await within(overdue).findByText('Nothing is past its due date')).toBeTruthy();
    expect(within(screen.getByTestId('summary-over-90')).getByText('Nothing is more than 90 days late')).toBeTruthy();
  });

  describe('search', () => {
    it('narrows the clients by name and totals only those shown', async () => {
      const { user } = renderPage(agingReport);
      await screen.findByText('Al Noor Trading');
      await user.type(screen.getByRole('searchbox', { name: 'Search clients' }), 'gulf');
      expect(screen.getAllByTestId('aging-row')).toHaveLength(1);
      const totals = screen.getByTestId('aging-totals');
      expect(within(totals).getByRole('rowheader').textContent).toBe('Total (shown: 1 of 3)');
      expect(cell(totals, 'total').amount).toBe('3000.30');
      // The summary stays the whole report's.
      expect(within(screen.getByTestId('summary-total')).getByText(/^SAR\s12,501\.10$/)).toBeTruthy();
    });

    it('says when no client matches, and clears the search', async () => {
      const { user } = renderPage(agingReport);
      await screen.findByText('Al Noor Trading');
      await user.type(screen.getByRole('searchbox', { name: 'Search clients' }), 'nobody');
      expect(screen.getByText('No client matches your search')).toBeTruthy();
      expect(screen.queryByTestId('aging-totals')).toBeNull();
      await user.click(screen.getByRole('button', { name: 'Clear search' }));
      expect(screen.getAllByTestId('aging-row')).toHaveLength(3);
    });
  });

  it('says no money is owed when every invoice is paid', async () => {
    renderPage([]);
    expect(await screen.findByRole('heading', { level: 2, name: 'No money owed' })).toBeTruthy();
    expect(screen.getByText('Every invoice is paid: no client has a balance left.')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('shows placeholders while the report loads', async () => {
    renderPage(() => new Promise<Response>(() => undefined));
    expect(await screen.findAllByTestId('skeleton-row')).toHaveLength(3);
    expect(screen.getByRole('table', { name: 'Receivables aging by client' }).getAttribute('aria-busy')).toBe('true');
    expect(screen.getAllByTestId('stat-skeleton')).toHaveLength(3);
  });

  it('waits for the currency before showing amounts', async () => {
    const { fetchMock } = renderPage(agingReport, null);
    await waitFor(() => expect(agingRequests(fetchMock)).toBe(1));
    expect(await screen.findAllByTestId('skeleton-row')).toHaveLength(3);
    expect(screen.queryByText('Al Noor Trading')).toBeNull();
  });

  it('offers to try again when the report cannot be loaded', async () => {
    let fail = true;
    const { user, fetchMock } = renderPage(() =>
      fail
        ? jsonResponse({ message: 'down', code: 'INTERNAL' }, 500, 'Internal Server Error')
        : jsonResponse(agingReport),
    );
    expect(await screen.findByText('Could not load the data')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Al Noor Trading')).toBeTruthy();
    expect(agingRequests(fetchMock)).toBe(2);
  });

  it('shows "no access" when the server refuses the report', async () => {
    renderPage(() => jsonResponse({ message: 'Forbidden', code: 'FORBIDDEN' }, 403, 'Forbidden'));
    expect(await screen.findByRole('heading', { name: "You don't have access to receivables" })).toBeTruthy();
    expect(screen.queryByText('Could not load the data')).toBeNull();
  });

  it('shows the report in Arabic, money in the Arabic currency form with Latin digits', async () => {
    await i18n.changeLanguage('ar');
    renderPage(agingReport);
    expect(screen.getByRole('heading', { level: 1, name: 'أعمار الذمم المدينة' })).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'أعمار الذمم المدينة حسب العميل' });
    await within(table).findByText('Al Noor Trading');
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((header) => header.textContent);
    expect(headers).toEqual([
      'العميل',
      'مستحق حاليًالم يحن تاريخ استحقاقه',
      'متأخر 1-30 يومًا',
      'متأخر 31-60 يومًا',
      'متأخر 61-90 يومًا',
      'متأخر أكثر من 90 يومًا',
      'الإجمالي',
    ]);
    const totals = screen.getByTestId('aging-totals');
    expect(within(totals).getByRole('rowheader').textContent).toBe('الإجمالي');
    const grandTotal = cell(totals, 'total').text ?? '';
    expect(grandTotal).toContain('12,501.10');
    expect(grandTotal).toContain('ر.س.');
    expect(within(screen.getByTestId('summary-overdue')).getByText('عملاء متأخرون في السداد: 2')).toBeTruthy();
    expect(document.documentElement.dir).toBe('rtl');
  });

  it('shows a card per client with its buckets, and the totals, at phone width', async () => {
    mockMatchMedia((query) => query.includes('max-width: 599.95px'));
    renderPage(agingReport);
    const list = await screen.findByRole('list', { name: 'Receivables aging by client' });
    await within(list).findByText('Al Noor Trading');
    expect(screen.queryByRole('table')).toBeNull();
    const cards = within(list).getAllByTestId('aging-row');
    expect(cards).toHaveLength(3);
    const noor = within(cards[0]);
    expect(noor.getByRole('link', { name: 'Al Noor Trading' }).getAttribute('href')).toBe('/clients/c-1');
    const facts = [...cards[0].querySelectorAll('dt')].map((term) => term.textContent);
    expect(facts).toEqual([
      'Current',
      '1–30 days overdue',
      '31–60 days overdue',
      '61–90 days overdue',
      'Over 90 days overdue',
      'Total',
    ]);
    expect(noor.getByText(/^SAR\s2,500\.00$/).dataset.flag).toBe('error');
    const totals = within(list).getByTestId('aging-totals');
    // Its title, then the label of the total among its buckets.
    expect(
      within(totals)
        .getAllByText('Total')
        .map((node) => node.tagName),
    ).toEqual(['P', 'DT']);
    expect(within(totals).getByText(/^SAR\s12,501\.10$/)).toBeTruthy();
  });
});

describe('the /receivables route', () => {
  const staff = (permissions: Permission[]) => makeUser({ permissions });

  function serve(user: ReturnType<typeof makeUser>, routes: ApiRoutes = {}) {
    return serveApi({
      '/api/user': () => jsonResponse(user),
      '/api/settings': () => jsonResponse(makeSettings({ currency: 'AED' })),
      [AGING]: () => jsonResponse(agingReport),
      ...routes,
    });
  }

  it('shows the report in the settings currency to a holder of invoices:read', async () => {
    serve(staff(['invoices:read']));
    renderApp('/receivables');
    const total = await screen.findByTestId('summary-total');
    expect(await within(total).findByText(/^AED\s12,501\.10$/)).toBeTruthy();
  });

  it('shows "no access", and asks for nothing, without invoices:read', async () => {
    const fetchMock = serve(staff(['orders:read', 'clients:read']));
    renderApp('/receivables');
    expect(await screen.findByRole('heading', { name: "You don't have access to receivables" })).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(agingRequests(fetchMock)).toBe(0);
  });

  it('is open to an owner', async () => {
    serve(owner);
    renderApp('/receivables');
    expect(await screen.findByText('Al Noor Trading')).toBeTruthy();
  });
});
