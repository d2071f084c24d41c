import type { OrderDto } from '@erp/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { bodiesSent, serveApi, type ApiRoutes } from '../../../test/fixtures';
import { makeInvoice, makePartlyPaidInvoice } from '../../../test/invoice-fixtures';
import { jsonResponse, renderWithProviders } from '../../../test/render';
import { fullAccess, type OrdersAccess } from '../lib/access';
import { deferred, makeOrder, makeOrderItem, makeOrderReturn } from '../test/order-fixtures';
import { OrderDetailsDialog } from './order-details-dialog';

const STATUS = '/api/orders/o-1/status';
/** Staff with orders:write and invoices:read: no credit-limit override. */
const staff: OrdersAccess = { ...fullAccess, overrideCreditLimit: false };

function renderDetails(order: OrderDto, routes: ApiRoutes = {}, access: OrdersAccess = fullAccess) {
  const fetchMock = serveApi({
    '/api/orders/o-1': () => jsonResponse(order),
    '/api/orders/o-1/items': () => jsonResponse([makeOrderItem()]),
    '/api/orders/o-1/returns': () => jsonResponse([]),
    '/api/invoices': () => jsonResponse([]),
    ...routes,
  });
  const user = userEvent.setup();
  renderWithProviders(
    <OrderDetailsDialog orderId="o-1" initialOrder={order} currency="SAR" access={access} onClose={() => undefined} />,
    '/orders',
  );
  return { fetchMock, user };
}

/** The status menu; `hidden` because the confirmation, when open, hides Order Details from readers. */
const statusSelect = () => screen.getByRole('combobox', { name: /^(Status|الحالة)$/, hidden: true });

async function pickStatus(user: ReturnType<typeof userEvent.setup>, name: string) {
  await waitFor(() => expect(statusSelect().getAttribute('aria-disabled')).not.toBe('true'));
  await user.click(statusSelect());
  await user.click(within(await screen.findByRole('listbox')).getByRole('option', { name }));
}

/** The consequences as read, spaces normalised (money has a no-break space). */
async function consequencesOf(dialog: HTMLElement): Promise<string[]> {
  const list = within(dialog).getByTestId('status-consequences');
  await waitFor(() => expect(list.getAttribute('aria-busy')).toBe('false'));
  return within(list)
    .getAllByRole('listitem')
    .map((item) => (item.textContent ?? '').replace(/\s/g, ' '));
}

const patches = (fetchMock: ReturnType<typeof serveApi>) => bodiesSent(fetchMock, 'PATCH', STATUS);

function creditLimitRefusal() {
  return jsonResponse(
    {
      message: 'Confirming this order takes Al Noor Trading over its credit limit of 6000.00',
      code: 'CREDIT_LIMIT_EXCEEDED',
      details: { clientId: 'c-noor', limit: '6000.00', balance: '5200.00', orderTotal: '1150.00' },
    },
    409,
    'Conflict',
  );
}

describe('Changing the status in Order Details', () => {
  it('asks first: nothing is sent and the status stays until Confirm, then it changes and says so', async () => {
    const answer = deferred<Response>();
    const { fetchMock, user } = renderDetails(makeOrder(), { [`PATCH ${STATUS}`]: () => answer.promise });
    await pickStatus(user, 'Confirmed');

    const dialog = await screen.findByRole('dialog', { name: 'Change the status to Confirmed?' });
    expect(within(dialog).getByText('Order ORD-2026-000042 goes from Pending to Confirmed.')).toBeTruthy();
    expect(await consequencesOf(dialog)).toEqual([
      'The goods are taken out of stock, earliest expiry first (FEFO).',
      'A tax invoice is issued for the order.',
    ]);
    expect(statusSelect().textContent).toBe('Pending');
    expect(patches(fetchMock)).toEqual([]);
    // Nothing is credited on the way in: the order's invoices are not asked for.
    expect(fetchMock.mock.calls.some(([url]) => String(url).startsWith('/api/invoices'))).toBe(false);

    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(patches(fetchMock)).toEqual([{ status: 'confirmed' }]);
    // Optimistic once confirmed.
    await waitFor(() => expect(statusSelect().textContent).toBe('Confirmed'));
    answer.resolve(jsonResponse(makeOrder({ status: 'confirmed', commitCount: 1 })));
    const toast = await screen.findByRole('status');
    expect(within(toast).getByText('Order ORD-2026-000042 is now Confirmed.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: /Change the status/ })).toBeNull());
    expect(statusSelect().textContent).toBe('Confirmed');
  });

  it('sends nothing on Cancel', async () => {
    const { fetchMock, user } = renderDetails(makeOrder({ status: 'confirmed', commitCount: 1 }));
    await pickStatus(user, 'Cancelled');
    const dialog = await screen.findByRole('dialog', { name: 'Change the status to Cancelled?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: /Change the status/ })).toBeNull());
    expect(patches(fetchMock)).toEqual([]);
    expect(statusSelect().textContent).toBe('Confirmed');
  });

  it('says a new invoice is issued when an order that was committed before is confirmed again', async () => {
    const { user } = renderDetails(makeOrder({ status: 'cancelled', commitCount: 1 }));
    await pickStatus(user, 'Completed');
    const dialog = await screen.findByRole('dialog', { name: 'Change the status to Completed?' });
    expect(await consequencesOf(dialog)).toEqual([
      'The goods are taken out of stock, earliest expiry first (FEFO).',
      'A new tax invoice is issued for the order.',
    ]);
  });

  it.each([
    ['confirmed', 'Completed'],
    ['completed', 'Confirmed'],
  ] as const)('says nothing changes in stock or invoices from %s to %s', async (status, name) => {
    const { user } = renderDetails(makeOrder({ status, commitCount: 1 }));
    await pickStatus(user, name);
    const dialog = await screen.findByRole('dialog', { name: `Change the status to ${name}?` });
    expect(await consequencesOf(dialog)).toEqual(['Nothing changes in stock or invoices.']);
  });

  it('names the credit note it issues for the uncredited invoice, the money paid on it, the returns, and that a cancelled order can come back', async () => {
    const current = makePartlyPaidInvoice({ id: 'inv-2', invoiceNumber: 'INV-2026-000123', orderId: 'o-1' });
    // Earlier cycles: one credited with nothing paid, one paid then credited in full (it says "paid").
    const credited = makeInvoice({
      id: 'inv-0',
      invoiceNumber: 'INV-2026-000050',
      paymentStatus: 'credited',
      creditedAmount: '1150.00',
      balanceDue: '0.00',
    });
    const paidThenCredited = makeInvoice({
      id: 'inv-1',
      invoiceNumber: 'INV-2026-000090',
      paymentStatus: 'paid',
      paidAmount: '1150.00',
      creditedAmount: '1150.00',
      balanceDue: '-1150.00',
    });
    const lookups: string[] = [];
    const { user } = renderDetails(makeOrder({ status: 'completed', commitCount: 3 }), {
      '/api/invoices': (_init, url) => {
        lookups.push(url.search);
        return jsonResponse([paidThenCredited, current, credited].sort((a, b) => (a.id < b.id ? 1 : -1)));
      },
      // A return in this cycle (3) and one in an earlier cycle.
      '/api/orders/o-1/returns': () =>
        jsonResponse([makeOrderReturn({ cycle: 1 }), makeOrderReturn({ id: 'r-2', cycle: 3 })]),
    });
    await pickStatus(user, 'Cancelled');
    const dialog = await screen.findByRole('dialog', { name: 'Change the status to Cancelled?' });
    expect(await consequencesOf(dialog)).toEqual([
      'The goods go back into stock, except what was already returned.',
      'This issues a credit note for INV-2026-000123.',
      'The credit note covers only what was not returned.',
      "The SAR 400.00 already paid on it stays on the client's account as credit.",
      'A cancelled order can be confirmed again later; it then gets a new invoice.',
    ]);
    expect(lookups).toEqual(['?orderId=o-1&type=customer']);
  });

  it('says no credit note is needed when the order has no invoice yet, and that a pending order can be edited', async () => {
    const { user } = renderDetails(makeOrder({ status: 'confirmed', commitCount: 1 }), {
      '/api/orders/o-1/returns': () => jsonResponse([makeOrderReturn({ cycle: 0 })]),
    });
    await pickStatus(user, 'Pending');
    const dialog = await screen.findByRole('dialog', { name: 'Change the status to Pending?' });
    expect(await consequencesOf(dialog)).toEqual([
      'The goods go back into stock.',
      'The order has no tax invoice yet, so no credit note is needed.',
      'The order can be edited again; confirming it later issues a new invoice.',
    ]);
  });

  it('does not look for the invoice without invoices:read, and says a credit note is issued if there is one', async () => {
    const { fetchMock, user } = renderDetails(
      makeOrder({ status: 'confirmed', commitCount: 1 }),
      {},
      { ...staff, readInvoices: false },
    );
    await pickStatus(user, 'Cancelled');
    const dialog = await screen.findByRole('dialog', { name: 'Change the status to Cancelled?' });
    expect((await consequencesOf(dialog))[1]).toBe('If the order has a tax invoice, a credit note is issued for it.');
    expect(fetchMock.mock.calls.some(([url]) => String(url).startsWith('/api/invoices'))).toBe(false);
  });

  it('waits for the invoice look-up before Confirm, and offers a retry when it fails', async () => {
    const first = deferred<Response>();
    let calls = 0;
    const { user } = renderDetails(makeOrder({ status: 'confirmed', commitCount: 1 }), {
      '/api/invoices': () => {
        calls += 1;
        return calls === 1 ? first.promise : jsonResponse([makeInvoice({ orderId: 'o-1' })]);
      },
    });
    await pickStatus(user, 'Cancelled');
    const dialog = await screen.findByRole('dialog', { name: 'Change the status to Cancelled?' });
    expect(within(dialog).getByText("Looking for the order's invoice…")).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Confirm' })).toHaveProperty('disabled', true);

    first.resolve(
      jsonResponse({ message: 'Billing is unavailable', code: 'SERVICE_UNAVAILABLE' }, 503, 'Service Unavailable'),
    );
    expect(await within(dialog).findByText('Billing is unavailable')).toBeTruthy();
    expect((await consequencesOf(dialog))[1]).toBe('If the order has a tax invoice, a credit note is issued for it.');
    expect(within(dialog).getByRole('button', { name: 'Confirm' })).toHaveProperty('disabled', false);
    await user.click(within(dialog).getByRole('button', { name: 'Try again' }));
    await waitFor(async () =>
      expect((await consequencesOf(dialog))[1]).toBe('This issues a credit note for INV-2026-000123.'),
    );
  });

  it('goes back when the server refuses, and lists the items short of stock', async () => {
    const answer = deferred<Response>();
    const { user } = renderDetails(makeOrder(), { [`PATCH ${STATUS}`]: () => answer.promise });
    await pickStatus(user, 'Confirmed');
    const dialog = await screen.findByRole('dialog', { name: 'Change the status to Confirmed?' });
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(statusSelect().textContent).toBe('Confirmed'));
    answer.resolve(
      jsonResponse(
        {
          message: 'Not enough stock for Abu Kas Basmati Rice 10kg',
          code: 'INVENTORY_INSUFFICIENT_STOCK',
          details: {
            shortages: [
              {
                stockItemId: 'i-rice',
                name: 'Abu Kas Basmati Rice 10kg',
                nameAr: 'أرز أبو كاس بسمتي ١٠ كغ',
                sku: 'RICE-ABK-10',
                available: 6,
                needed: 20,
              },
            ],
          },
        },
        409,
        'Conflict',
      ),
    );

    await waitFor(() => expect(screen.queryByRole('dialog', { name: /Change the status/ })).toBeNull());
    await waitFor(() => expect(statusSelect().textContent).toBe('Pending'));
    expect(screen.getByText('Failed to update status')).toBeTruthy();
    expect(screen.getByText('Not enough stock for Abu Kas Basmati Rice 10kg')).toBeTruthy();
    expect(screen.getByText('Not enough stock to confirm this order')).toBeTruthy();
    expect(
      screen.getByText('\u2068Abu Kas Basmati Rice 10kg\u2069 (RICE-ABK-10): 6 available, 20 needed'),
    ).toBeTruthy();
  });

  it('goes back on any other failure too, with the server message, and reads the order again', async () => {
    const { fetchMock, user } = renderDetails(makeOrder({ status: 'confirmed', commitCount: 1 }), {
      [`PATCH ${STATUS}`]: () =>
        jsonResponse({ message: 'Inventory is unavailable', code: 'SERVICE_UNAVAILABLE' }, 503, 'Service Unavailable'),
    });
    await pickStatus(user, 'Completed');
    const dialog = await screen.findByRole('dialog', { name: 'Change the status to Completed?' });
    const orderReads = () =>
      fetchMock.mock.calls.filter(([url, init]) => url === '/api/orders/o-1' && (init?.method ?? 'GET') === 'GET')
        .length;
    const readsBefore = orderReads();
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Failed to update status')).toBeTruthy();
    expect(screen.getByText('Inventory is unavailable')).toBeTruthy();
    expect(statusSelect().textContent).toBe('Confirmed');
    await waitFor(() => expect(orderReads()).toBe(readsBefore + 1));
  });

  describe('over the credit limit', () => {
    it('tells staff the figures and to ask an admin, with no way to override, and shows the real status', async () => {
      const { fetchMock, user } = renderDetails(makeOrder(), { [`PATCH ${STATUS}`]: creditLimitRefusal }, staff);
      await pickStatus(user, 'Confirmed');
      const dialog = await screen.findByRole('dialog', { name: 'Change the status to Confirmed?' });
      await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));

      const alert = await within(dialog).findByRole('alert');
      expect(alert.textContent?.replace(/\s/g, ' ')).toContain(
        'Over the credit limit: limit SAR 6,000.00, owed SAR 5,200.00, this order SAR 1,150.00',
      );
      expect(within(alert).getByText(/ask one to confirm it/)).toBeTruthy();
      expect(within(dialog).queryByRole('button', { name: 'Confirm anyway' })).toBeNull();
      expect(within(dialog).queryByRole('button', { name: 'Confirm' })).toBeNull();
      await waitFor(() => expect(statusSelect().textContent).toBe('Pending'));
      expect(patches(fetchMock)).toEqual([{ status: 'confirmed' }]);
    });

    it('lets an admin or owner confirm anyway, sending overrideCreditLimit', async () => {
      let calls = 0;
      const { fetchMock, user } = renderDetails(makeOrder(), {
        [`PATCH ${STATUS}`]: () => {
          calls += 1;
          return calls === 1 ? creditLimitRefusal() : jsonResponse(makeOrder({ status: 'confirmed', commitCount: 1 }));
        },
      });
      await pickStatus(user, 'Confirmed');
      const dialog = await screen.findByRole('dialog', { name: 'Change the status to Confirmed?' });
      await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
      const alert = await within(dialog).findByRole('alert');
      expect(within(alert).getByText(/you can confirm it anyway/)).toBeTruthy();

      await user.click(within(dialog).getByRole('button', { name: 'Confirm anyway' }));
      expect(await screen.findByText('Order ORD-2026-000042 is now Confirmed.')).toBeTruthy();
      expect(patches(fetchMock)).toEqual([{ status: 'confirmed' }, { status: 'confirmed', overrideCreditLimit: true }]);
      await waitFor(() => expect(screen.queryByRole('dialog', { name: /Change the status/ })).toBeNull());
      expect(statusSelect().textContent).toBe('Confirmed');
    });
  });

  it('speaks Arabic: the consequences with the invoice number', async () => {
    await i18n.changeLanguage('ar');
    const { user } = renderDetails(makeOrder({ status: 'confirmed', commitCount: 1 }), {
      '/api/invoices': () => jsonResponse([makeInvoice({ orderId: 'o-1' })]),
    });
    await pickStatus(user, 'ملغى');
    const dialog = await screen.findByRole('dialog', { name: 'تغيير الحالة إلى ملغى؟' });
    expect(await consequencesOf(dialog)).toEqual([
      'تعود البضاعة إلى المخزون.',
      'سيُصدر إشعار دائن للفاتورة INV-2026-000123.',
      'يمكن تأكيد الطلب الملغى لاحقاً، وتُصدر له حينها فاتورة جديدة.',
    ]);
    expect(within(dialog).getByRole('button', { name: 'تأكيد' })).toBeTruthy();
  });

  it('says the credit limit figures in Arabic', async () => {
    await i18n.changeLanguage('ar');
    const { user } = renderDetails(makeOrder(), { [`PATCH ${STATUS}`]: creditLimitRefusal }, staff);
    await pickStatus(user, 'مؤكَّد');
    const dialog = await screen.findByRole('dialog', { name: 'تغيير الحالة إلى مؤكَّد؟' });
    await user.click(within(dialog).getByRole('button', { name: 'تأكيد' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toMatch(
      /^تجاوز الحد الائتماني: الحد .*6,000\.00.*، الرصيد المستحق .*5,200\.00.*، هذا الطلب .*1,150\.00/,
    );
    expect(alert.textContent).toContain('اطلب من أحدهم تأكيده');
  });
});
