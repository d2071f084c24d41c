import type { InvoiceDto } from '@erp/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { bodiesSent, idempotencyKeysSent, serveApi, type ApiRoutes } from '../../../test/fixtures';
import { invoicesResponse, makePartlyPaidInvoice, makePayment } from '../../../test/invoice-fixtures';
import { jsonResponse, renderWithProviders } from '../../../test/render';
import { localToday } from '../lib/payments';
import { InvoicesPage } from './invoices-page';
import { RecordPaymentDialog } from './record-payment-dialog';

const invoice = makePartlyPaidInvoice();
const PAYMENTS = '/api/invoices/inv-1/payments';

function renderDialog(routes: ApiRoutes = {}, current: InvoiceDto = invoice) {
  const fetchMock = serveApi({ '/api/invoices/inv-1': () => jsonResponse(current), ...routes });
  const onClose = vi.fn();
  const user = userEvent.setup();
  renderWithProviders(<RecordPaymentDialog invoice={invoice} onClose={onClose} />);
  return { fetchMock, onClose, user };
}

function amountField(): HTMLInputElement {
  return screen.getByRole('textbox', { name: /^Amount/ }) as HTMLInputElement;
}

async function chooseMethod(user: ReturnType<typeof userEvent.setup>, name: string) {
  await user.click(screen.getByRole('combobox', { name: /^Method/ }));
  await user.click(within(await screen.findByRole('listbox')).getByRole('option', { name }));
}

/** A day after today in the browser's calendar. */
function tomorrow(): string {
  const date = new Date();
  date.setDate(date.getDate() + 1);
  return localToday(date);
}

describe('RecordPaymentDialog', () => {
  it('writes the currency beside the amount in the screen language', async () => {
    await i18n.changeLanguage('ar');
    try {
      renderDialog();
      const dialog = await screen.findByRole('dialog', { name: 'تسجيل دفعة' });
      const amount = within(dialog).getByRole('textbox', { name: /^المبلغ/ });
      expect(amount.parentElement?.textContent).toContain('ر.س.');
      expect(amount.parentElement?.textContent).not.toContain('SAR');
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it('starts from the balance due, cash and today, and says what is left to pay', async () => {
    renderDialog();
    const dialog = await screen.findByRole('dialog', { name: 'Record payment' });
    expect(amountField().value).toBe('750.00');
    expect(within(dialog).getByRole('combobox', { name: /^Method/ }).textContent).toBe('Cash');
    // Shown day first, as the Gulf writes dates.
    const [year, month, day] = localToday().split('-');
    expect((screen.getByLabelText(/^Date received/) as HTMLInputElement).value).toBe(`${day}/${month}/${year}`);
    expect(within(dialog).getByText(/^SAR\s750\.00$/)).toBeTruthy();
    expect(within(dialog).getByText('INV-2026-000123')).toBeTruthy();
  });

  it('sends the amount as 2-decimal text, the method, the reference and the day received', async () => {
    const { fetchMock, onClose, user } = renderDialog({
      [`POST ${PAYMENTS}`]: () => jsonResponse(makePayment({ amount: '400.50' }), 201, 'Created'),
    });
    await screen.findByRole('dialog');
    await user.clear(amountField());
    await user.type(amountField(), '400.5');
    await chooseMethod(user, 'Bank transfer');
    await user.type(screen.getByRole('textbox', { name: 'Reference' }), '  TRX-55102 ');
    const date = screen.getByLabelText(/^Date received/);
    await user.clear(date);
    await user.type(date, '11/03/2026');
    await user.click(screen.getByRole('button', { name: 'Record payment' }));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(bodiesSent(fetchMock, 'POST', PAYMENTS)).toEqual([
      { amount: '400.50', method: 'bank_transfer', reference: 'TRX-55102', paidAt: '2026-03-11' },
    ]);
    const toast = await screen.findByRole('status');
    expect(within(toast).getByText('Payment recorded')).toBeTruthy();
    expect(within(toast).getByText(/^SAR\s400\.50 received on invoice INV-2026-000123$/)).toBeTruthy();
  });

  it('reads Arabic-Indic digits and leaves out an empty reference', async () => {
    const { fetchMock, user } = renderDialog({
      [`POST ${PAYMENTS}`]: () => jsonResponse(makePayment({ amount: '250.00' }), 201, 'Created'),
    });
    await screen.findByRole('dialog');
    await user.clear(amountField());
    await user.type(amountField(), '٢٥٠');
    await user.click(screen.getByRole('button', { name: 'Record payment' }));
    await waitFor(() => expect(bodiesSent(fetchMock, 'POST', PAYMENTS)).toHaveLength(1));
    expect(bodiesSent(fetchMock, 'POST', PAYMENTS)[0]).toEqual({
      amount: '250.00',
      method: 'cash',
      paidAt: localToday(),
    });
  });

  it.each([
    ['', 'Enter the amount received'],
    ['0', 'The amount must be more than 0'],
    ['-5', 'The amount must be more than 0'],
    ['12,5', 'Enter an amount such as 250 or 250.50'],
    ['10.005', 'Use at most 2 decimal places'],
    ['750.01', 'The amount cannot be more than the balance due (SAR 750.00)'],
  ])('refuses the amount "%s" inline and sends nothing', async (typed, message) => {
    const { fetchMock, user } = renderDialog();
    await screen.findByRole('dialog');
    await user.clear(amountField());
    if (typed) await user.type(amountField(), typed);
    await user.click(screen.getByRole('button', { name: 'Record payment' }));
    // Testing Library reads the no-break space after the currency as a space.
    expect(await screen.findByText(message)).toBeTruthy();
    expect(amountField().getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(amountField());
    expect(bodiesSent(fetchMock, 'POST', PAYMENTS)).toHaveLength(0);
  });

  it('refuses a date after today and a reference over 100 characters, and sends nothing', async () => {
    const { fetchMock, user } = renderDialog();
    await screen.findByRole('dialog');
    const date = screen.getByLabelText(/^Date received/);
    await user.clear(date);
    await user.type(date, tomorrow());
    await user.type(screen.getByRole('textbox', { name: 'Reference' }), 'R'.repeat(101));
    await user.click(screen.getByRole('button', { name: 'Record payment' }));
    expect(await screen.findByText('The date cannot be after today')).toBeTruthy();
    expect(screen.getByText('At most 100 characters')).toBeTruthy();
    expect(bodiesSent(fetchMock, 'POST', PAYMENTS)).toHaveLength(0);
  });

  it('shows a refusal for more than the balance in the dialog with the balance the server saw', async () => {
    const { onClose, user } = renderDialog({
      [`POST ${PAYMENTS}`]: () =>
        jsonResponse(
          {
            message: 'The payment is more than the balance due',
            code: 'BILLING_PAYMENT_EXCEEDS_BALANCE',
            details: { balanceDue: '300.00' },
          },
          409,
          'Conflict',
        ),
    });
    await screen.findByRole('dialog');
    await user.click(screen.getByRole('button', { name: 'Record payment' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toMatch(
      /^The payment is more than the balance due on this invoice, which is now SAR\s300\.00\.$/,
    );
    expect(amountField().getAttribute('aria-invalid')).toBe('true');
    expect(onClose).not.toHaveBeenCalled();
  });

  it('sends the same Idempotency-Key when the payment is sent again after an error, and a new one after it went through', async () => {
    let answers = 0;
    const { fetchMock, onClose, user } = renderDialog({
      [`POST ${PAYMENTS}`]: () => {
        answers += 1;
        return answers === 1
          ? jsonResponse({ message: 'The billing service is unavailable', code: 'SERVICE_UNAVAILABLE' }, 503, 'Error')
          : jsonResponse(makePayment({ amount: '750.00' }), 201, 'Created');
      },
    });
    await screen.findByRole('dialog');
    await user.click(screen.getByRole('button', { name: 'Record payment' }));
    await screen.findByRole('alert');
    await user.click(await screen.findByRole('button', { name: 'Record payment' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    // The same payment once more, after the first went through: a new submission (once the
    // button is back from "Recording…", as a user would wait).
    await user.click(await screen.findByRole('button', { name: 'Record payment' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(2));

    const keys = idempotencyKeysSent(fetchMock, 'POST', PAYMENTS);
    expect(keys).toHaveLength(3);
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).toMatch(/^[0-9a-f]{32}$/);
    expect(keys[2]).not.toBe(keys[0]);
    expect(new Set(bodiesSent(fetchMock, 'POST', PAYMENTS).map((body) => JSON.stringify(body))).size).toBe(1);
  });

  it('says in Arabic that nothing is left to pay, and that the date is after today', async () => {
    await i18n.changeLanguage('ar');
    let code = 'BILLING_PAYMENT_NOT_ACCEPTED';
    const { user } = renderDialog({
      [`POST ${PAYMENTS}`]: () =>
        jsonResponse({ message: 'Nothing is left to pay', code }, code.endsWith('FUTURE') ? 400 : 409),
    });
    await screen.findByRole('dialog', { name: 'تسجيل دفعة' });
    await user.click(screen.getByRole('button', { name: 'تسجيل الدفعة' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'لا يمكن تسجيل دفعة على هذه الفاتورة: لا يوجد مبلغ مستحق.',
    );

    code = 'BILLING_PAYMENT_IN_FUTURE';
    await user.click(screen.getByRole('button', { name: 'تسجيل الدفعة' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('لا يمكن أن يكون تاريخ الاستلام بعد اليوم.'),
    );
    expect(screen.getByLabelText(/^تاريخ الاستلام/).getAttribute('aria-invalid')).toBe('true');
  });

  it('checks against the balance read again when the dialog opens', async () => {
    const { fetchMock, user } = renderDialog(
      {},
      makePartlyPaidInvoice({ paidAmount: '1000.00', balanceDue: '150.00' }),
    );
    await screen.findByText(/^SAR\s150\.00$/);
    await user.click(screen.getByRole('button', { name: 'Record payment' }));
    expect(await screen.findByText('The amount cannot be more than the balance due (SAR 150.00)')).toBeTruthy();
    expect(bodiesSent(fetchMock, 'POST', PAYMENTS)).toHaveLength(0);
  });
});

describe('Record payment on the Invoices screen', () => {
  it('is offered on customer invoices with a balance to holders of invoices:write, and refreshes the list', async () => {
    let current = invoice;
    const paid = makePartlyPaidInvoice({
      id: 'inv-9',
      invoiceNumber: 'INV-2026-000129',
      paidAmount: '1150.00',
      balanceDue: '0.00',
      paymentStatus: 'paid',
    });
    const fetchMock = serveApi({
      '/api/invoices': () => invoicesResponse([current, paid]),
      '/api/invoices/inv-1': () => jsonResponse(current),
      [`POST ${PAYMENTS}`]: () => {
        current = makePartlyPaidInvoice({ paidAmount: '1150.00', balanceDue: '0.00', paymentStatus: 'paid' });
        return jsonResponse(makePayment({ amount: '750.00' }), 201, 'Created');
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<InvoicesPage access={{ recordPayments: true, deletePayments: false }} />, '/invoices');

    await screen.findByText('INV-2026-000129');
    expect(screen.queryByRole('button', { name: 'Record payment for invoice INV-2026-000129' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Record payment for invoice INV-2026-000123' }));
    await screen.findByRole('dialog', { name: 'Record payment' });
    await user.click(screen.getByRole('button', { name: 'Record payment' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const row = screen.getByText('INV-2026-000123').closest('tr') as HTMLElement;
    await waitFor(() => expect(within(row).getByText('Paid')).toBeTruthy());
    expect(within(row).queryByRole('button', { name: /^Record payment/ })).toBeNull();
    expect(bodiesSent(fetchMock, 'POST', PAYMENTS)).toEqual([
      { amount: '750.00', method: 'cash', paidAt: localToday() },
    ]);
  });

  it('is not offered without invoices:write', async () => {
    serveApi({ '/api/invoices': () => invoicesResponse([invoice]) });
    renderWithProviders(<InvoicesPage access={{ recordPayments: false, deletePayments: false }} />, '/invoices');
    await screen.findByText('INV-2026-000123');
    expect(screen.queryByRole('button', { name: /^Record payment/ })).toBeNull();
  });
});
