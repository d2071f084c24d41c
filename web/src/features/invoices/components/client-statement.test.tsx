import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { serveApi, type ApiRoutes } from '../../../test/fixtures';
import { jsonResponse, mockMatchMedia, renderWithProviders, type mockFetch } from '../../../test/render';
import type { StatementDto } from '../api/statements-api';
import { ClientStatement } from './client-statement';

const STATEMENT = '/api/clients/c-1/statement';

function makeStatement(overrides: Partial<StatementDto> = {}): StatementDto {
  return {
    clientId: 'c-1',
    clientName: 'Al Noor Trading',
    from: '2026-01-01',
    to: '2026-03-31',
    currency: 'SAR',
    openingBalance: '500.00',
    lines: [
      {
        date: '2026-03-10',
        type: 'invoice',
        number: 'INV-2026-000123',
        reference: null,
        method: null,
        debit: '1150.00',
        credit: '0.00',
        balance: '1650.00',
      },
      {
        date: '2026-03-11',
        type: 'payment',
        number: 'INV-2026-000123',
        reference: 'TRX-55102',
        method: 'bank_transfer',
        debit: '0.00',
        credit: '400.00',
        balance: '1250.00',
      },
      {
        date: '2026-03-12',
        type: 'credit_note',
        number: 'CN-2026-000007',
        reference: 'INV-2026-000123',
        method: null,
        debit: '0.00',
        credit: '1900.00',
        balance: '-650.00',
      },
    ],
    closingBalance: '-650.00',
    ...overrides,
  };
}

/** The statement's period as the server reads it from the address. */
function periodOf(url: URL) {
  return { from: url.searchParams.get('from'), to: url.searchParams.get('to'), format: url.searchParams.get('format') };
}

function statementRequests(fetchMock: ReturnType<typeof mockFetch>) {
  return fetchMock.mock.calls
    .map(([url]) => new URL(String(url), 'http://localhost'))
    .filter((url) => url.pathname === STATEMENT)
    .map(periodOf);
}

const periodRefused = () =>
  jsonResponse(
    {
      message: 'a statement covers at most 1098 days',
      code: 'VALIDATION_FAILED',
      details: { fields: [{ field: 'from', messages: ['a statement covers at most 1098 days'] }] },
    },
    400,
    'Bad Request',
  );

function renderStatement(routes: ApiRoutes = {}) {
  const fetchMock = serveApi({
    [STATEMENT]: (_init, url) =>
      url.searchParams.get('format') === 'pdf'
        ? new Response('%PDF-1.7', { status: 200, headers: { 'Content-Type': 'application/pdf' } })
        : jsonResponse(makeStatement(periodOf(url) as Partial<StatementDto>)),
    ...routes,
  });
  const user = userEvent.setup();
  renderWithProviders(<ClientStatement clientId="c-1" />, '/clients/c-1?tab=statement');
  return { fetchMock, user };
}

/** jsdom has no object URLs and does not follow links: record what would be saved. */
function captureDownloads() {
  Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:statement'), revokeObjectURL: vi.fn() });
  onTestFinished(() => {
    Reflect.deleteProperty(URL, 'createObjectURL');
    Reflect.deleteProperty(URL, 'revokeObjectURL');
  });
  const saved: string[] = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
  return saved;
}

/** A date field set as a date picker sets it: the whole day at once. */
function setDay(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

describe('ClientStatement', () => {
  beforeEach(() => {
    // Today is March 31, 2026 in the browser's calendar.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 2, 31, 10, 0, 0));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('asks for the last 90 days to start with and shows the opening balance, the entries and the closing balance', async () => {
    const { fetchMock } = renderStatement();
    const table = await screen.findByRole('table', { name: 'Statement entries' });
    await within(table).findByText('CN-2026-000007');
    expect(statementRequests(fetchMock)).toEqual([{ from: '2026-01-01', to: '2026-03-31', format: null }]);
    expect((screen.getByLabelText('From') as HTMLInputElement).value).toBe('01/01/2026');
    expect((screen.getByLabelText('To') as HTMLInputElement).value).toBe('31/03/2026');

    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Date', 'Document', 'Details', 'Debit', 'Credit', 'Balance']);
    const rows = within(table).getAllByTestId('statement-line');
    expect(rows).toHaveLength(3);
    const [invoice, payment, creditNote] = rows.map((row) => within(row));
    expect(invoice.getByText('Mar 10, 2026')).toBeTruthy();
    expect(invoice.getByText('Invoice')).toBeTruthy();
    expect(invoice.getByText(/^SAR\s1,150\.00$/)).toBeTruthy();
    expect(invoice.getByText(/^SAR\s1,650\.00$/)).toBeTruthy();
    expect(payment.getByText('Payment')).toBeTruthy();
    expect(payment.getByText('Bank transfer')).toBeTruthy();
    expect(payment.getByText('TRX-55102')).toBeTruthy();
    expect(payment.getByText(/^SAR\s400\.00$/)).toBeTruthy();
    expect(creditNote.getByText('Credit note')).toBeTruthy();
    expect(creditNote.getByText('INV-2026-000123')).toBeTruthy();
    expect(creditNote.getByText(/^-SAR\s650\.00$/)).toBeTruthy();

    const opening = within(screen.getByTestId('statement-opening'));
    expect(opening.getByText(/^SAR\s500\.00$/)).toBeTruthy();
    expect(opening.getByText('Before Jan 1, 2026')).toBeTruthy();
    const closing = within(screen.getByTestId('statement-closing'));
    expect(closing.getByText(/^-SAR\s650\.00$/)).toBeTruthy();
    expect(closing.getByText('In credit · At the end of Mar 31, 2026')).toBeTruthy();
  });

  it('asks again for the period chosen', async () => {
    const { fetchMock } = renderStatement();
    await screen.findByText('CN-2026-000007');
    setDay('From', '2025-10-01');
    setDay('To', '2025-12-31');
    await waitFor(() =>
      expect(statementRequests(fetchMock).at(-1)).toEqual({ from: '2025-10-01', to: '2025-12-31', format: null }),
    );
  });

  it('says on the form when From is after To, and asks nothing for it', async () => {
    const { fetchMock } = renderStatement();
    await screen.findByText('CN-2026-000007');
    setDay('From', '2026-04-15');
    expect(await screen.findByText('Must be on or after the From date')).toBeTruthy();
    expect(screen.getByLabelText('To').getAttribute('aria-invalid')).toBe('true');
    expect((screen.getByRole('button', { name: 'Download PDF' }) as HTMLButtonElement).disabled).toBe(true);
    expect(statementRequests(fetchMock)).toHaveLength(1);
    expect(screen.queryByRole('table')).toBeNull();
  });

  it("says on the form when the server refuses the period (400), in the user's language", async () => {
    await i18n.changeLanguage('ar');
    renderStatement({
      [STATEMENT]: (_init, url) =>
        url.searchParams.get('from') === '2020-01-01' ? periodRefused() : jsonResponse(makeStatement()),
    });
    await screen.findByText('CN-2026-000007');
    setDay('من', '2020-01-01');
    expect(
      await screen.findByText(
        'لا يمكن عرض هذه الفترة: يجب ألا يتأخر تاريخ البداية عن تاريخ النهاية، وألا تتجاوز مدة الكشف 3 سنوات.',
      ),
    ).toBeTruthy();
    expect(screen.getByLabelText('من').getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('downloads the PDF of the same period with format=pdf and saves it under the client and period', async () => {
    const saved = captureDownloads();
    const { fetchMock, user } = renderStatement();
    await screen.findByText('CN-2026-000007');
    setDay('From', '2026-02-01');
    await screen.findByText('Before Feb 1, 2026');
    await user.click(screen.getByRole('button', { name: 'Download PDF' }));

    await waitFor(() => expect(saved).toEqual(['statement-Al_Noor_Trading-2026-02-01-2026-03-31.pdf']));
    expect(statementRequests(fetchMock).at(-1)).toEqual({ from: '2026-02-01', to: '2026-03-31', format: 'pdf' });
    const [, init] = fetchMock.mock.calls.at(-1)!;
    expect(init?.credentials).toBe('include');
  });

  it('says a failed download in a toast', async () => {
    captureDownloads();
    const { user } = renderStatement({
      [STATEMENT]: (_init, url) =>
        url.searchParams.get('format') === 'pdf'
          ? jsonResponse({ message: 'Renderer down', code: 'SERVICE_UNAVAILABLE' }, 503, 'Service Unavailable')
          : jsonResponse(makeStatement()),
    });
    await screen.findByText('CN-2026-000007');
    await user.click(screen.getByRole('button', { name: 'Download PDF' }));
    const toast = await screen.findByRole('alert');
    expect(within(toast).getByText('Failed to download the statement')).toBeTruthy();
    expect(within(toast).getByText('Renderer down')).toBeTruthy();
  });

  it('shows placeholders while it loads, then says when the period has no entries', async () => {
    let answer: (response: Response) => void = () => undefined;
    renderStatement({ [STATEMENT]: () => new Promise<Response>((resolve) => (answer = resolve)) });
    expect(await screen.findAllByTestId('skeleton-row')).toHaveLength(3);
    expect(screen.getByRole('table', { name: 'Statement entries' }).getAttribute('aria-busy')).toBe('true');
    answer(jsonResponse(makeStatement({ lines: [], openingBalance: '0.00', closingBalance: '0.00' })));
    expect(await screen.findByText('No invoices, credit notes or payments in this period.')).toBeTruthy();
  });

  it('shows a failure with Try again', async () => {
    let fail = true;
    const { user } = renderStatement({
      [STATEMENT]: () =>
        fail ? jsonResponse({ message: 'down', code: 'INTERNAL' }, 500, 'Error') : jsonResponse(makeStatement()),
    });
    expect(await screen.findByText('Could not load the data')).toBeTruthy();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('CN-2026-000007')).toBeTruthy();
  });

  it('is in Arabic, with cards and a full-width download on a phone', async () => {
    await i18n.changeLanguage('ar');
    mockMatchMedia((query) => query.includes('max-width: 599.95px'));
    renderStatement();
    expect(await screen.findByRole('heading', { name: 'كشف الحساب' })).toBeTruthy();
    const list = await screen.findByRole('list', { name: 'قيود كشف الحساب' });
    const cards = await within(list).findAllByTestId('statement-line');
    const payment = within(cards[1]);
    expect(payment.getByText('دفعة')).toBeTruthy();
    expect(payment.getByText('تحويل بنكي')).toBeTruthy();
    expect(payment.getByText('دائن')).toBeTruthy();
    expect(within(cards[2]).getByText('إشعار دائن')).toBeTruthy();
    expect(within(screen.getByTestId('statement-opening')).getByText('الرصيد الافتتاحي')).toBeTruthy();
    expect(within(screen.getByTestId('statement-closing')).getByText(/^رصيد دائن · /)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'تنزيل PDF' }).className).toContain('fullWidth');
    expect(screen.queryByRole('table')).toBeNull();
  });
});
