import type { AgingRowDto } from '@erp/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { agingReport, makeAgingRow } from '../../../test/aging-fixtures';
import { serveApi } from '../../../test/fixtures';
import { jsonResponse, renderWithProviders } from '../../../test/render';
import { ReceivablesCard } from './receivables-card';

const AGING = '/api/receivables/aging';

function renderCard(rows: AgingRowDto[] | (() => Response | Promise<Response>), currency: string | null = 'SAR') {
  const answer = typeof rows === 'function' ? rows : () => jsonResponse(rows);
  const fetchMock = serveApi({ [AGING]: answer });
  const user = userEvent.setup();
  const rendered = renderWithProviders(<ReceivablesCard currency={currency} />, '/dashboard-card');
  return { fetchMock, user, ...rendered };
}

const card = () => screen.getByRole('region', { name: 'Receivables' });

/** The names and amounts of the "Most overdue" list, in order. */
function topClients(): Array<[string, string]> {
  return screen.getAllByTestId('receivables-top-client').map((item) => {
    const link = within(item).getByRole('link');
    return [link.textContent ?? '', (item.textContent ?? '').replace(link.textContent ?? '', '')];
  });
}

describe('ReceivablesCard', () => {
  it('shows the total owed, the overdue amount and how many clients are overdue', async () => {
    renderCard(agingReport);
    const total = await screen.findByTestId('receivables-total');
    expect(within(total).getByText('Total owed')).toBeTruthy();
    expect(within(total).getByText(/^SAR\s12,501\.10$/)).toBeTruthy();
    const overdue = screen.getByTestId('receivables-overdue');
    expect(within(overdue).getByText('Overdue')).toBeTruthy();
    expect(within(overdue).getByText(/^SAR\s7,500\.70$/)).toBeTruthy();
    const clients = screen.getByTestId('receivables-overdue-clients');
    expect(within(clients).getByText('Clients overdue')).toBeTruthy();
    expect(within(clients).getByText('2')).toBeTruthy();
    expect(card().getAttribute('aria-busy')).toBe('false');
  });

  it('names the clients owing the most past due, most first, linking to each client', async () => {
    renderCard([
      // The largest total, mostly not yet due: first in the report, not in this list.
      makeAgingRow({
        clientId: 'big',
        clientName: 'Big Current',
        current: '20000.00',
        d1_30: '100.00',
        total: '20100.00',
      }),
      ...agingReport,
    ]);
    await screen.findByTestId('receivables-total');
    const rows = topClients();
    expect(rows.map(([name]) => name)).toEqual(['Al Noor Trading', 'Gulf Fresh Foods', 'Big Current']);
    expect(rows[0][1]).toMatch(/^SAR\s4,500\.50$/);
    expect(rows[1][1]).toMatch(/^SAR\s3,000\.20$/);
    expect(rows[2][1]).toMatch(/^SAR\s100\.00$/);
    expect(screen.getByRole('link', { name: 'Al Noor Trading' }).getAttribute('href')).toBe('/clients/c-1');
    expect(screen.getByRole('list', { name: 'Most overdue' })).toBeTruthy();
    // A client owing only what is not yet due is not listed.
    expect(screen.queryByRole('link', { name: 'مؤسسة الأمل للتجارة' })).toBeNull();
  });

  it('lists at most five clients', async () => {
    renderCard(
      ['A', 'B', 'C', 'D', 'E', 'F', 'G'].map((name, index) =>
        makeAgingRow({
          clientId: name,
          clientName: `Client ${name}`,
          current: '0.00',
          d90_plus: `${100 - index}.00`,
          total: `${100 - index}.00`,
        }),
      ),
    );
    await screen.findByTestId('receivables-total');
    expect(topClients().map(([name]) => name)).toEqual(['Client A', 'Client B', 'Client C', 'Client D', 'Client E']);
    expect(within(screen.getByTestId('receivables-overdue-clients')).getByText('7')).toBeTruthy();
  });

  it('says no client is past due when all that is owed is current', async () => {
    renderCard([makeAgingRow()]);
    expect(await screen.findByText('No client is past due.')).toBeTruthy();
    expect(within(screen.getByTestId('receivables-overdue')).getByText(/^SAR\s0\.00$/)).toBeTruthy();
    expect(within(screen.getByTestId('receivables-overdue-clients')).getByText('0')).toBeTruthy();
  });

  it('links to the aging report', async () => {
    renderCard(agingReport);
    await screen.findByTestId('receivables-total');
    expect(screen.getByRole('link', { name: 'View aging report' }).getAttribute('href')).toBe('/receivables');
  });

  it('says nothing is owed when every invoice is paid', async () => {
    renderCard([]);
    expect(await screen.findByRole('heading', { level: 3, name: 'Nothing owed' })).toBeTruthy();
    expect(screen.queryByTestId('receivables-total')).toBeNull();
    expect(screen.getByRole('link', { name: 'View aging report' })).toBeTruthy();
  });

  it('shows placeholders while the report (or the currency) loads', async () => {
    renderCard(agingReport, null);
    expect(await screen.findByTestId('receivables-skeleton')).toBeTruthy();
    expect(card().getAttribute('aria-busy')).toBe('true');
    expect(screen.queryByText('Al Noor Trading')).toBeNull();
  });

  it('offers to try again when the report cannot be loaded', async () => {
    let fail = true;
    const { user } = renderCard(() =>
      fail
        ? jsonResponse({ message: 'down', code: 'INTERNAL' }, 500, 'Internal Server Error')
        : jsonResponse(agingReport),
    );
    expect(await screen.findByText('Could not load the data')).toBeTruthy();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(/^SAR\s12,501\.10$/)).toBeTruthy();
  });

  it('is in Arabic, money in the Arabic currency form', async () => {
    await i18n.changeLanguage('ar');
    renderCard(agingReport);
    const region = await screen.findByRole('region', { name: 'الذمم المدينة' });
    const overdue = await within(region).findByTestId('receivables-overdue');
    expect(within(overdue).getByText('المتأخر عن السداد')).toBeTruthy();
    expect(overdue.textContent).toContain('7,500.70');
    expect(overdue.textContent).toContain('ر.س.');
    expect(within(region).getByText('عملاء متأخرون')).toBeTruthy();
    expect(within(region).getByRole('list', { name: 'الأكثر تأخرًا في السداد' })).toBeTruthy();
    expect(within(region).getByRole('link', { name: 'عرض تقرير أعمار الذمم' }).getAttribute('href')).toBe(
      '/receivables',
    );
  });
});
