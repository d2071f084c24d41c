import type { InvoiceDto } from '@erp/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { serveApi, type ApiRoutes } from '../../../test/fixtures';
import {
  invoicesResponse,
  makeCreditNote,
  makeInvoice,
  makeOpeningBalance,
  makePartlyPaidInvoice,
  makeSupplierInvoice,
} from '../../../test/invoice-fixtures';
import { jsonResponse, mockMatchMedia, renderWithProviders } from '../../../test/render';
import { invalidateInvoiceList } from '../api/invoices-api';
import { InvoicesPage } from './invoices-page';

const customerInvoice = makePartlyPaidInvoice();
const supplierInvoice = makeSupplierInvoice();
const orphanInvoice = makeInvoice({
  id: 'inv-3',
  invoiceNumber: 'INV-2026-000124',
  orderNumber: null,
  clientId: null,
  clientName: null,
  supplierName: null,
});

const staffAccess = { recordPayments: false, deletePayments: false };

function renderPage(invoices: InvoiceDto[], routes: ApiRoutes = {}, access = staffAccess, path = '/invoices') {
  const fetchMock = serveApi({ '/api/invoices': () => invoicesResponse(invoices), ...routes });
  const user = userEvent.setup();
  const rendered = renderWithProviders(<InvoicesPage access={access} />, path);
  return { fetchMock, user, ...rendered };
}

/** The GET /api/invoices requests made, as URLs. */
function listRequests(fetchMock: ReturnType<typeof serveApi>): URL[] {
  return fetchMock.mock.calls
    .map(([url]) => new URL(String(url), 'http://localhost'))
    .filter((url) => url.pathname === '/api/invoices');
}

function rowOf(invoiceNumber: string): HTMLElement {
  const row = screen.getByText(invoiceNumber).closest('tr, li');
  if (!(row instanceof HTMLElement)) throw new Error(`no row for ${invoiceNumber}`);
  return row;
}

/** A file answer (a string body: jsdom's Blob is not one Node's Response can read). */
function pdfResponse(init: ResponseInit): Response {
  return new Response('%PDF-1.7', init);
}

/** jsdom has no object URLs and does not follow links: record what would be saved. */
function captureDownloads() {
  const createObjectURL = vi.fn((_blob: Blob) => 'blob:invoice');
  const revokeObjectURL = vi.fn();
  Object.assign(URL, { createObjectURL, revokeObjectURL });
  onTestFinished(() => {
    Reflect.deleteProperty(URL, 'createObjectURL');
    Reflect.deleteProperty(URL, 'revokeObjectURL');
  });
  const clicks: HTMLAnchorElement[] = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicks.push(this);
  });
  return { createObjectURL, revokeObjectURL, clicks };
}

describe('InvoicesPage', () => {
  it('shows the heading, the subtitle and the All Invoices table', async () => {
    renderPage([customerInvoice]);
    expect(screen.getByRole('heading', { level: 1, name: 'Invoices' })).toBeTruthy();
    expect(screen.getByText('View and manage generated invoices')).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 2, name: 'All Invoices' })).toBeTruthy();
    const table = screen.getByRole('table', { name: 'All invoices' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual(['Invoice #', 'Type', 'Client/Supplier', 'Amount', 'Payment', 'Date', 'Actions']);
  });

  it('hides the columns a user chooses', async () => {
    const { user } = renderPage([customerInvoice]);
    await screen.findByText('INV-2026-000123');
    await user.click(screen.getByRole('button', { name: 'Columns' }));
    await user.click(await screen.findByRole('menuitemcheckbox', { name: 'Type' }));
    await user.click(screen.getByRole('menuitemcheckbox', { name: 'Payment' }));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    const table = screen.getByRole('table', { name: 'All invoices' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Invoice #', 'Client/Supplier', 'Amount', 'Date', 'Actions']);
    expect(rowOf('INV-2026-000123').querySelectorAll('td')).toHaveLength(5);
  });

  it('lists number, type, client, amount in the invoice currency with its VAT, and the date', async () => {
    renderPage([customerInvoice, supplierInvoice]);
    await screen.findByText('INV-2026-000123');

    const customer = within(rowOf('INV-2026-000123'));
    expect(
      customer.getByText((_text, node) => node?.textContent === 'Order ORD-2026-000042' && node.tagName === 'SPAN'),
    ).toBeTruthy();
    expect(customer.getByText('Customer')).toBeTruthy();
    expect(customer.getByText('Al Noor Trading')).toBeTruthy();
    expect(customer.getByText(/^SAR\s1,150\.00$/)).toBeTruthy();
    expect(customer.getByText(/^VAT 15%: SAR\s150\.00$/)).toBeTruthy();
    expect(customer.getByText('Mar 10, 2026').getAttribute('datetime')).toBe('2026-03-10T09:30:00.000Z');

    const supplier = within(rowOf('SUP-2026-000045'));
    expect(supplier.getByText('Supplier')).toBeTruthy();
    expect(supplier.getByText('Almarai Company')).toBeTruthy();
    expect(
      supplier.getByText((_text, node) => node?.textContent === 'Supplier ref. AM-88812' && node.tagName === 'SPAN'),
    ).toBeTruthy();
    expect(supplier.getByText(/^AED\s230\.00$/)).toBeTruthy();
    expect(screen.getByRole('table').textContent).not.toContain('$');
  });

  it('gives customer and supplier badges different colours', async () => {
    renderPage([customerInvoice, supplierInvoice]);
    await screen.findByText('INV-2026-000123');
    const badge = (invoiceNumber: string) => rowOf(invoiceNumber).querySelector('[data-type]') as HTMLElement;
    expect(within(badge('INV-2026-000123')).getByText('Customer')).toBeTruthy();
    expect(within(badge('SUP-2026-000045')).getByText('Supplier')).toBeTruthy();
    expect(badge('INV-2026-000123').dataset.type).toBe('customer');
    expect(badge('SUP-2026-000045').dataset.type).toBe('supplier');
    expect(getComputedStyle(badge('INV-2026-000123')).color).toBe('rgb(30, 64, 175)');
    expect(getComputedStyle(badge('SUP-2026-000045')).color).toBe('rgb(107, 33, 168)');
  });

  it('shows "N/A" when an invoice has neither a client nor a supplier', async () => {
    renderPage([orphanInvoice]);
    const row = within(rowOf(await screen.findByText('INV-2026-000124').then((cell) => cell.textContent ?? '')));
    expect(row.getByText('N/A')).toBeTruthy();
  });

  it('shows the translated fallback in Arabic', async () => {
    await i18n.changeLanguage('ar');
    renderPage([orphanInvoice]);
    await screen.findByText('INV-2026-000124');
    expect(screen.getByRole('heading', { level: 1, name: 'الفواتير' })).toBeTruthy();
    expect(within(rowOf('INV-2026-000124')).getByText('غير متوفر')).toBeTruthy();
    expect(within(rowOf('INV-2026-000124')).getByText('فاتورة مبيعات')).toBeTruthy();
  });

  it('disables Download without a pdfUrl and tells screen readers why', async () => {
    renderPage([customerInvoice, supplierInvoice]);
    await screen.findByText('SUP-2026-000045');

    const disabled = screen.getByRole('button', { name: 'Download invoice SUP-2026-000045' });
    expect((disabled as HTMLButtonElement).disabled).toBe(true);
    const reason = document.getElementById(disabled.getAttribute('aria-describedby') ?? '');
    expect(reason?.textContent).toBe('No file is available to download for this invoice');

    const enabled = screen.getByRole('button', { name: 'Download invoice INV-2026-000123' });
    expect((enabled as HTMLButtonElement).disabled).toBe(false);
  });

  it('shows "No invoices yet" with its hint when there are none', async () => {
    renderPage([]);
    expect(await screen.findByRole('heading', { level: 2, name: 'No invoices yet' })).toBeTruthy();
    expect(screen.getByText('Invoices will be automatically generated when orders are confirmed')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('shows three placeholder rows while the list loads', async () => {
    renderPage([], { '/api/invoices': () => new Promise<Response>(() => undefined) });
    expect(await screen.findAllByTestId('skeleton-row')).toHaveLength(3);
    expect(screen.getByRole('table', { name: 'All invoices' }).getAttribute('aria-busy')).toBe('true');
  });

  describe('Download', () => {
    it('fetches the PDF with the session cookie and saves it as invoice-<number>-<timestamp>.pdf', async () => {
      const { createObjectURL, revokeObjectURL, clicks } = captureDownloads();
      const { fetchMock, user } = renderPage([customerInvoice], {
        '/api/invoices/inv-1/pdf': () => pdfResponse({ status: 200, headers: { 'Content-Type': 'application/pdf' } }),
      });
      const before = Date.now();
      await user.click(await screen.findByRole('button', { name: 'Download invoice INV-2026-000123' }));

      await waitFor(() => expect(clicks).toHaveLength(1));
      const pdfCall = fetchMock.mock.calls.find(([url]) => String(url) === '/api/invoices/inv-1/pdf');
      expect(pdfCall?.[1]).toMatchObject({ credentials: 'include' });
      const [link] = clicks;
      const match = /^invoice-INV-2026-000123-(\d{13})\.pdf$/.exec(link.download);
      expect(match).not.toBeNull();
      expect(Number(match?.[1])).toBeGreaterThanOrEqual(before);
      expect(Number(match?.[1])).toBeLessThanOrEqual(Date.now());
      expect(link.getAttribute('href')).toBe('blob:invoice');
      expect(createObjectURL).toHaveBeenCalledTimes(1);
      expect(link.isConnected).toBe(false);
      await waitFor(() => expect(revokeObjectURL).toHaveBeenCalledWith('blob:invoice'));
    });

    it('revokes the object URL through a 100 ms timer once the download has started', async () => {
      const { revokeObjectURL, clicks } = captureDownloads();
      const { user } = renderPage([customerInvoice], {
        '/api/invoices/inv-1/pdf': () => pdfResponse({ status: 200 }),
      });
      const button = await screen.findByRole('button', { name: 'Download invoice INV-2026-000123' });
      const setTimeoutSpy = vi.spyOn(window, 'setTimeout');
      await user.click(button);
      await waitFor(() => expect(clicks).toHaveLength(1));
      expect(setTimeoutSpy.mock.calls.some(([, delay]) => delay === 100)).toBe(true);
      await waitFor(() => expect(revokeObjectURL).toHaveBeenCalledTimes(1));
    });

    it('downloads a supplier invoice from its uploaded file with a plain GET', async () => {
      const { clicks } = captureDownloads();
      const uploaded = makeInvoice({ ...supplierInvoice, pdfUrl: '/uploads/invoices/almarai-88812.pdf' });
      const { fetchMock, user } = renderPage([uploaded], {
        '/uploads/invoices/almarai-88812.pdf': () =>
          pdfResponse({ status: 200, headers: { 'Content-Type': 'application/pdf' } }),
      });
      await user.click(await screen.findByRole('button', { name: 'Download invoice SUP-2026-000045' }));
      await waitFor(() => expect(clicks).toHaveLength(1));
      expect(clicks[0].download).toMatch(/^invoice-SUP-2026-000045-\d{13}\.pdf$/);
      const call = fetchMock.mock.calls.find(([url]) => String(url) === '/uploads/invoices/almarai-88812.pdf');
      expect(call?.[1]).toEqual({ credentials: 'include' });
    });

    it('saves an uploaded photo of a supplier invoice with its own extension', async () => {
      const { clicks } = captureDownloads();
      const photo = makeInvoice({ ...supplierInvoice, pdfUrl: '/uploads/invoices/almarai-88812.jpg' });
      const { user } = renderPage([photo], {
        '/uploads/invoices/almarai-88812.jpg': () =>
          pdfResponse({ status: 200, headers: { 'Content-Type': 'image/jpeg' } }),
      });
      await user.click(await screen.findByRole('button', { name: 'Download invoice SUP-2026-000045' }));
      await waitFor(() => expect(clicks).toHaveLength(1));
      expect(clicks[0].download).toMatch(/^invoice-SUP-2026-000045-\d{13}\.jpg$/);
    });

    it('says "Failed to download invoice" with the server message when the file cannot be had', async () => {
      const { clicks } = captureDownloads();
      const { user } = renderPage([customerInvoice], {
        '/api/invoices/inv-1/pdf': () =>
          jsonResponse({ message: 'Invoice inv-1 not found', code: 'BILLING_INVOICE_NOT_FOUND' }, 404, 'Not Found'),
      });
      await user.click(await screen.findByRole('button', { name: 'Download invoice INV-2026-000123' }));
      const toast = await screen.findByRole('alert');
      expect(within(toast).getByText('Failed to download invoice')).toBeTruthy();
      expect(within(toast).getByText('Invoice inv-1 not found')).toBeTruthy();
      expect(clicks).toHaveLength(0);
    });
  });

  describe('payment status', () => {
    it('shows the status, the balance due and the due date of customer invoices, and Overdue when late', async () => {
      const unpaid = makeInvoice({ id: 'inv-4', invoiceNumber: 'INV-2026-000125', overdue: true });
      const paid = makePartlyPaidInvoice({
        id: 'inv-5',
        invoiceNumber: 'INV-2026-000126',
        paidAmount: '1150.00',
        balanceDue: '0.00',
        paymentStatus: 'paid',
      });
      renderPage([customerInvoice, unpaid, paid, supplierInvoice]);
      await screen.findByText('INV-2026-000123');

      const partly = within(rowOf('INV-2026-000123'));
      const chip = rowOf('INV-2026-000123').querySelector('[data-payment-status]') as HTMLElement;
      expect(within(chip).getByText('Partially paid')).toBeTruthy();
      expect(getComputedStyle(chip).color).toBe('rgb(30, 64, 175)');
      expect(partly.getByText(/^SAR\s750\.00$/)).toBeTruthy();
      expect(partly.getByText('Due Apr 9, 2026')).toBeTruthy();
      expect(partly.queryByText('Overdue')).toBeNull();

      const late = within(rowOf('INV-2026-000125'));
      expect(late.getByText('Unpaid')).toBeTruthy();
      expect(getComputedStyle(late.getByText('Overdue').closest('[data-overdue]') as HTMLElement).color).toBe(
        'rgb(153, 27, 27)',
      );
      expect(within(rowOf('INV-2026-000126')).getByText('Paid')).toBeTruthy();
      expect(rowOf('SUP-2026-000045').querySelector('[data-payment-status]')).toBeNull();
    });

    it("shows a credit note's invoice number and reason", async () => {
      renderPage([
        makeCreditNote(),
        makeCreditNote({ id: 'cn-2', invoiceNumber: 'CN-2026-000008', reason: 'goods_returned' }),
      ]);
      await screen.findByText('CN-2026-000007');
      const note = rowOf('CN-2026-000007');
      expect(
        within(note).getByText(
          (_text, node) => node?.textContent === 'Credits INV-2026-000123' && node.tagName === 'SPAN',
        ),
      ).toBeTruthy();
      expect(within(note).getByText('Order cancelled')).toBeTruthy();
      expect(within(rowOf('CN-2026-000008')).getByText('Goods returned')).toBeTruthy();
    });

    it('shows a balance brought forward with its previous number, its balance and Record payment, in both languages', async () => {
      const broughtForward = makeOpeningBalance({
        dueDate: '2026-02-14',
        overdue: true,
      });
      const writtenOff = makeOpeningBalance({
        ...broughtForward,
        id: 'ob-2',
        invoiceNumber: 'OB-2026-000002',
        creditedAmount: '1150.00',
        balanceDue: '0.00',
        paymentStatus: 'credited',
        overdue: false,
      });
      const { user } = renderPage([broughtForward, writtenOff], {}, { recordPayments: true, deletePayments: false });
      await screen.findByText('OB-2026-000001');
      // Credited in full by a write-off, not by a credit note: said so.
      expect(within(rowOf('OB-2026-000002')).getByText('Written off')).toBeTruthy();
      const row = rowOf('OB-2026-000001');
      expect(within(row).getByText('Brought forward')).toBeTruthy();
      expect(
        within(row).getByText(
          (_text, node) => node?.textContent === 'Previous no. OLD-1001' && node.tagName === 'SPAN',
        ),
      ).toBeTruthy();
      expect(within(row).getByText('Overdue')).toBeTruthy();
      expect(within(row).getByRole('button', { name: /record payment/i })).toBeTruthy();
      // Bringing them in is a button of the page for those who record payments.
      await user.click(screen.getByRole('button', { name: 'Import opening balances' }));
      expect(await screen.findByRole('dialog', { name: 'Import opening balances' })).toBeTruthy();

      await act(() => i18n.changeLanguage('ar'));
      expect(within(rowOf('OB-2026-000001')).getByText('رصيد مُرحَّل')).toBeTruthy();
      expect(within(rowOf('OB-2026-000001')).getByText(/رقمها السابق/)).toBeTruthy();
    });

    it('sends the payment status to the server and keeps it in the address', async () => {
      const { fetchMock, user, router } = renderPage([customerInvoice]);
      await screen.findByText('INV-2026-000123');
      await user.click(screen.getByRole('combobox', { name: 'Payment status' }));
      await user.click(within(await screen.findByRole('listbox')).getByRole('option', { name: 'Partially paid' }));
      await waitFor(() =>
        expect(listRequests(fetchMock).at(-1)?.searchParams.get('paymentStatus')).toBe('partially_paid'),
      );
      expect(router.state.location.search).toBe('?paymentStatus=partially_paid');

      await user.click(
        within(screen.getByRole('group', { name: 'Invoice type' })).getByRole('button', { name: 'Customer' }),
      );
      await waitFor(() => expect(listRequests(fetchMock).at(-1)?.searchParams.get('type')).toBe('customer'));
      expect(listRequests(fetchMock).at(-1)?.searchParams.get('paymentStatus')).toBe('partially_paid');
      expect(new URLSearchParams(router.state.location.search).get('type')).toBe('customer');

      // Supplier invoices take no payments: the status filter steps aside.
      await user.click(
        within(screen.getByRole('group', { name: 'Invoice type' })).getByRole('button', { name: 'Supplier' }),
      );
      await waitFor(() => expect(listRequests(fetchMock).at(-1)?.searchParams.get('type')).toBe('supplier'));
      expect(listRequests(fetchMock).at(-1)?.searchParams.has('paymentStatus')).toBe(false);
      expect(screen.getByRole('combobox', { name: 'Payment status' }).getAttribute('aria-disabled')).toBe('true');
      expect(router.state.location.search).toBe('?type=supplier');
    });

    it('keeps a type chosen a moment before the search is typed', async () => {
      const { fetchMock, router } = renderPage([customerInvoice]);
      await screen.findByText('INV-2026-000123');
      const group = screen.getByRole('group', { name: 'Invoice type' });
      // Two changes in one go, as a fast hand or a scanner makes them: neither may undo the other.
      act(() => {
        fireEvent.click(within(group).getByRole('button', { name: 'Supplier' }));
        fireEvent.change(screen.getByRole('searchbox', { name: 'Search invoices' }), { target: { value: 'Almarai' } });
      });
      await waitFor(() => expect(listRequests(fetchMock).at(-1)?.searchParams.get('search')).toBe('Almarai'));
      expect(listRequests(fetchMock).at(-1)?.searchParams.get('type')).toBe('supplier');
      expect(new URLSearchParams(router.state.location.search).get('type')).toBe('supplier');
    });

    it('reads the filters from the address', async () => {
      const { fetchMock } = renderPage(
        [customerInvoice],
        {},
        staffAccess,
        '/invoices?paymentStatus=unpaid&search=Noor',
      );
      await screen.findByText('INV-2026-000123');
      const [first] = listRequests(fetchMock);
      expect(first.searchParams.get('paymentStatus')).toBe('unpaid');
      expect(first.searchParams.get('search')).toBe('Noor');
      expect(screen.getByRole('combobox', { name: 'Payment status' }).textContent).toBe('Unpaid');
      expect((screen.getByRole('searchbox', { name: 'Search invoices' }) as HTMLInputElement).value).toBe('Noor');
    });

    it('shows the status in Arabic', async () => {
      await i18n.changeLanguage('ar');
      renderPage([
        customerInvoice,
        makePartlyPaidInvoice({
          id: 'inv-6',
          invoiceNumber: 'INV-2026-000127',
          balanceDue: '0.00',
          paymentStatus: 'paid',
        }),
      ]);
      await screen.findByText('INV-2026-000123');
      expect(within(rowOf('INV-2026-000123')).getByText('مدفوعة جزئياً')).toBeTruthy();
      expect(within(rowOf('INV-2026-000123')).getByText('تستحق في 9 أبريل 2026')).toBeTruthy();
      expect(within(rowOf('INV-2026-000127')).getByText('مدفوعة')).toBeTruthy();
    });
  });

  describe('filters and pages', () => {
    it('asks for the first page of 20 and shows the total from X-Total-Count', async () => {
      const { fetchMock } = renderPage([], {
        '/api/invoices': () => invoicesResponse([customerInvoice], 45),
      });
      expect(await screen.findByText('1–20 of 45')).toBeTruthy();
      const [first] = listRequests(fetchMock);
      expect(first.searchParams.get('limit')).toBe('20');
      expect(first.searchParams.get('offset')).toBe('0');
      expect(first.searchParams.has('type')).toBe(false);
    });

    it('sends the type, the dates and the search to the server, and starts again at page one', async () => {
      const { fetchMock, user } = renderPage([], {
        '/api/invoices': (_init, url) => {
          const offset = Number(url.searchParams.get('offset'));
          return invoicesResponse([makeInvoice({ id: `inv-${offset}`, invoiceNumber: `INV-${offset}` })], 45);
        },
      });
      await screen.findByText('INV-0');
      await user.click(screen.getByRole('button', { name: 'Go to next page' }));
      await screen.findByText('INV-20');

      const typeGroup = screen.getByRole('group', { name: 'Invoice type' });
      await user.click(within(typeGroup).getByRole('button', { name: 'Supplier' }));
      await screen.findByText('INV-0');
      let last = listRequests(fetchMock).at(-1);
      expect(last?.searchParams.get('type')).toBe('supplier');
      expect(last?.searchParams.get('offset')).toBe('0');

      await user.type(screen.getByLabelText('From'), '2026-03-01');
      await user.type(screen.getByLabelText('To'), '2026-03-31');
      await user.type(screen.getByRole('searchbox', { name: 'Search invoices' }), 'Noor');
      await waitFor(() => expect(listRequests(fetchMock).at(-1)?.searchParams.get('search')).toBe('Noor'));
      last = listRequests(fetchMock).at(-1);
      expect(last?.searchParams.get('from')).toBe('2026-03-01');
      expect(last?.searchParams.get('to')).toBe('2026-03-31');
      expect(last?.searchParams.get('type')).toBe('supplier');
    });

    it('says when nothing matches the filters, and clears them', async () => {
      const { user } = renderPage([], {
        '/api/invoices': (_init, url) =>
          url.searchParams.get('type') === 'supplier' ? invoicesResponse([]) : invoicesResponse([customerInvoice]),
      });
      await screen.findByText('INV-2026-000123');
      await user.click(screen.getByRole('button', { name: 'Supplier' }));
      expect(await screen.findByText('No invoices match these filters')).toBeTruthy();
      expect(screen.queryByText('No invoices yet')).toBeNull();

      await user.click(screen.getAllByRole('button', { name: 'Clear filters' })[0]);
      expect(await screen.findByText('INV-2026-000123')).toBeTruthy();
      expect(screen.getByRole('button', { name: 'All' }).getAttribute('aria-pressed')).toBe('true');
    });

    it('flags a To date before the From date', async () => {
      const { user } = renderPage([customerInvoice]);
      await screen.findByText('INV-2026-000123');
      await user.type(screen.getByLabelText('From'), '2026-03-20');
      await user.type(screen.getByLabelText('To'), '2026-03-01');
      expect(await screen.findByText('Must be on or after the From date')).toBeTruthy();
      expect(screen.getByLabelText('To').getAttribute('aria-invalid')).toBe('true');
    });
  });

  it('asks again when the invoices list is invalidated (after Generate Invoice on the Orders screen)', async () => {
    let invoices: InvoiceDto[] = [];
    const { store } = renderPage([], { '/api/invoices': () => invoicesResponse(invoices) });
    await screen.findByText('No invoices yet');
    invoices = [customerInvoice];
    act(() => {
      store.dispatch(invalidateInvoiceList());
    });
    expect(await screen.findByText('INV-2026-000123')).toBeTruthy();
  });

  it('shows a "no access" state, not an error, when the server refuses the list (403)', async () => {
    renderPage([], {
      '/api/invoices': () =>
        jsonResponse({ message: 'Missing permission invoices:read', code: 'FORBIDDEN' }, 403, 'Forbidden'),
    });
    expect(await screen.findByRole('heading', { level: 2, name: "You don't have access to invoices" })).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('shows a load error with Try again when the list fails', async () => {
    let fail = true;
    const { user } = renderPage([], {
      '/api/invoices': () =>
        fail
          ? jsonResponse({ message: 'Billing is unavailable', code: 'SERVICE_UNAVAILABLE' }, 503, 'Service Unavailable')
          : invoicesResponse([customerInvoice]),
    });
    expect(await screen.findByText('Billing is unavailable')).toBeTruthy();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('INV-2026-000123')).toBeTruthy();
  });

  it('shows cards instead of the table at phone width', async () => {
    mockMatchMedia((query) => query.includes('max-width: 599.95px'));
    renderPage([customerInvoice, supplierInvoice]);
    const list = await screen.findByRole('list', { name: 'All invoices' });
    expect(screen.queryByRole('table')).toBeNull();
    await within(list).findByText('INV-2026-000123');
    expect(within(list).getAllByTestId('invoice-row')).toHaveLength(2);
    const card = within(rowOf('SUP-2026-000045'));
    expect(card.getByText('Almarai Company')).toBeTruthy();
    const customer = within(rowOf('INV-2026-000123'));
    expect(customer.getByText('Partially paid')).toBeTruthy();
    expect(customer.getByText('Balance due')).toBeTruthy();
    expect(customer.getByText(/^SAR\s750\.00$/)).toBeTruthy();
    expect(customer.getByText('Due Apr 9, 2026')).toBeTruthy();
    expect(card.getByRole('button', { name: 'Download invoice SUP-2026-000045' })).toHaveProperty('disabled', true);
  });
});
