import type { InvoiceDto } from '@erp/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { bodiesSent, serveApi, type ApiRoutes } from '../../../test/fixtures';
import {
  invoicesResponse,
  makeCreditNote,
  makeInvoice,
  makePartlyPaidInvoice,
  makePayment,
} from '../../../test/invoice-fixtures';
import { jsonResponse, mockMatchMedia, renderWithProviders, type mockFetch } from '../../../test/render';
import type { InvoicesAccess } from '../lib/access';
import { localToday } from '../lib/payments';
import { ClientInvoices } from './client-invoices';

const partlyPaid = makePartlyPaidInvoice();
const overdue = makeInvoice({
  id: 'inv-9',
  invoiceNumber: 'INV-2026-000099',
  orderNumber: 'ORD-2026-000030',
  dueDate: '2026-02-01',
  overdue: true,
});
const creditNote = makeCreditNote();

const readOnly: InvoicesAccess = { recordPayments: false, deletePayments: false };
const cashier: InvoicesAccess = { recordPayments: true, deletePayments: false };

function invoiceRequests(fetchMock: ReturnType<typeof mockFetch>): URL[] {
  return fetchMock.mock.calls
    .map(([url, init]) => ({ url: new URL(String(url), 'http://localhost'), method: init?.method ?? 'GET' }))
    .filter(({ url, method }) => url.pathname === '/api/invoices' && method === 'GET')
    .map(({ url }) => url);
}

function renderInvoices(
  invoices: InvoiceDto[] = [partlyPaid, overdue, creditNote],
  routes: ApiRoutes = {},
  access = readOnly,
) {
  const fetchMock = serveApi({ '/api/invoices': () => invoicesResponse(invoices), ...routes });
  const user = userEvent.setup();
  renderWithProviders(<ClientInvoices clientId="c-1" access={access} />, '/clients/c-1');
  return { fetchMock, user };
}

function rowOf(invoiceNumber: string) {
  const row = screen.getByRole('button', { name: `View invoice ${invoiceNumber}` }).closest('tr, li');
  if (!(row instanceof HTMLElement)) throw new Error(`no row for ${invoiceNumber}`);
  return within(row);
}

describe('ClientInvoices', () => {
  it("asks for the client's invoices only, in pages, and shows the payment status, balance and due date", async () => {
    const { fetchMock } = renderInvoices();
    const table = await screen.findByRole('table', { name: 'Client invoices' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Invoice #', 'Type', 'Amount', 'Payment', 'Date', 'Actions']);
    expect(invoiceRequests(fetchMock)[0].search).toBe('?clientId=c-1&limit=20&offset=0');

    const row = rowOf('INV-2026-000123');
    expect(row.getByText('Partially paid')).toBeTruthy();
    expect(row.getByText(/^SAR\s750\.00$/)).toBeTruthy();
    expect(row.getByText('Due Apr 9, 2026')).toBeTruthy();
    expect(row.getByText('ORD-2026-000042')).toBeTruthy();

    const late = rowOf('INV-2026-000099');
    expect(late.getByText('Overdue')).toBeTruthy();
    expect(getComputedStyle(late.getByText('Due Feb 1, 2026')).color).toBe('rgb(198, 40, 40)');

    expect(rowOf('CN-2026-000007').getByText('Order cancelled')).toBeTruthy();
  });

  it('pages on the server with limit, offset and X-Total-Count, keeping the client', async () => {
    const { fetchMock, user } = renderInvoices([], {
      '/api/invoices': (_init, url) => {
        const offset = Number(url.searchParams.get('offset'));
        const count = Math.min(20, 30 - offset);
        return invoicesResponse(
          Array.from({ length: count }, (_value, index) =>
            makeInvoice({
              id: `inv-${offset + index}`,
              invoiceNumber: `INV-2026-${String(offset + index).padStart(6, '0')}`,
            }),
          ),
          30,
        );
      },
    });
    expect(await screen.findByText('1–20 of 30')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    expect(await screen.findByText('21–30 of 30')).toBeTruthy();
    expect(screen.getAllByTestId('invoice-row')).toHaveLength(10);
    expect(invoiceRequests(fetchMock).at(-1)?.search).toBe('?clientId=c-1&limit=20&offset=20');
  });

  it("opens the invoice's details from its number, with the keyboard too", async () => {
    const { user } = renderInvoices([partlyPaid], {
      '/api/invoices/inv-1': () => jsonResponse(partlyPaid),
      '/api/invoices/inv-1/payments': () => jsonResponse([makePayment()]),
    });
    const number = await screen.findByRole('button', { name: 'View invoice INV-2026-000123' });
    number.focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: /^Invoice INV-2026-000123/ });
    expect(await within(dialog).findByText('TRX-55102')).toBeTruthy();
  });

  it('records a payment with the Invoices screen dialog and reads the list again', async () => {
    const { fetchMock, user } = renderInvoices(
      [partlyPaid],
      {
        '/api/invoices/inv-1': () => jsonResponse(partlyPaid),
        'POST /api/invoices/inv-1/payments': () => jsonResponse(makePayment({ amount: '750.00' }), 201, 'Created'),
      },
      cashier,
    );
    await user.click(await screen.findByRole('button', { name: 'Record payment for invoice INV-2026-000123' }));
    const dialog = await screen.findByRole('dialog', { name: 'Record payment' });
    const before = invoiceRequests(fetchMock).length;
    await user.click(within(dialog).getByRole('button', { name: 'Record payment' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(bodiesSent(fetchMock, 'POST', '/api/invoices/inv-1/payments')).toEqual([
      { amount: '750.00', method: 'cash', paidAt: localToday() },
    ]);
    await waitFor(() => expect(invoiceRequests(fetchMock).length).toBeGreaterThan(before));
  });

  it('offers no Record payment without invoices:write', async () => {
    renderInvoices([partlyPaid]);
    await screen.findByText('INV-2026-000123');
    expect(screen.queryByRole('button', { name: 'Record payment for invoice INV-2026-000123' })).toBeNull();
  });

  it('shows placeholder rows while the invoices load', async () => {
    renderInvoices([], { '/api/invoices': () => new Promise<Response>(() => undefined) });
    expect(await screen.findAllByTestId('skeleton-row')).toHaveLength(3);
    expect(screen.getByRole('table', { name: 'Client invoices' }).getAttribute('aria-busy')).toBe('true');
  });

  it('says "No invoices yet" for a client without invoices', async () => {
    renderInvoices([]);
    expect(await screen.findByRole('heading', { name: 'No invoices yet' })).toBeTruthy();
    expect(screen.getByText('Invoices are issued when this client’s orders are confirmed.')).toBeTruthy();
  });

  it('shows a failure with Try again', async () => {
    let fail = true;
    const { user } = renderInvoices([], {
      '/api/invoices': () =>
        fail ? jsonResponse({ message: 'down', code: 'INTERNAL' }, 500, 'Error') : invoicesResponse([partlyPaid]),
    });
    expect(await screen.findByText('Could not load the data')).toBeTruthy();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('INV-2026-000123')).toBeTruthy();
  });

  it('shows cards with the status and Record payment on a phone', async () => {
    mockMatchMedia((query) => query.includes('max-width: 599.95px'));
    renderInvoices([partlyPaid], {}, cashier);
    const list = await screen.findByRole('list', { name: 'Client invoices' });
    const card = within((await within(list).findByText('INV-2026-000123')).closest('li') as HTMLElement);
    expect(card.getByText('Partially paid')).toBeTruthy();
    expect(card.getByText(/^SAR\s750\.00$/)).toBeTruthy();
    expect(card.getByRole('button', { name: 'Record payment for invoice INV-2026-000123' })).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('is in Arabic', async () => {
    await i18n.changeLanguage('ar');
    renderInvoices([partlyPaid]);
    expect(await screen.findByRole('heading', { name: 'الفواتير' })).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'فواتير العميل' });
    expect(within(table).getByText(/750\.00/).textContent).toMatch(/ر\.س/);
  });
});
