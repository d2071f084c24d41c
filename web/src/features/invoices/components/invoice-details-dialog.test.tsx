import type { PaymentDto } from '@erp/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { bodiesSent, serveApi, type ApiRoutes } from '../../../test/fixtures';
import {
  invoicesResponse,
  makeCreditNote,
  makeInvoice,
  makeOpeningBalance,
  makePartlyPaidInvoice,
  makePayment,
} from '../../../test/invoice-fixtures';
import { jsonResponse, renderWithProviders } from '../../../test/render';
import type { InvoicesAccess } from '../lib/access';
import { InvoiceDetailsDialog } from './invoice-details-dialog';
import { InvoicesPage } from './invoices-page';

const invoice = makePartlyPaidInvoice({ creditedAmount: '0.00', overdue: true });
const live = makePayment();
const deleted = makePayment({
  id: 'pay-0',
  amount: '200.00',
  method: 'cheque',
  reference: 'CHQ-0091',
  paidAt: '2026-03-10T12:00:00.000Z',
  deletedAt: '2026-03-12T08:00:00.000Z',
  deletedBy: 'u-admin',
  deleteReason: 'Cheque bounced',
});
const admin: InvoicesAccess = { recordPayments: true, deletePayments: true };
const staff: InvoicesAccess = { recordPayments: true, deletePayments: false };
const PAYMENTS = '/api/invoices/inv-1/payments';

function renderDetails(access: InvoicesAccess, routes: ApiRoutes = {}, payments: PaymentDto[] = [deleted, live]) {
  const fetchMock = serveApi({
    '/api/invoices/inv-1': () => jsonResponse(invoice),
    [PAYMENTS]: () => jsonResponse(payments),
    ...routes,
  });
  const onRecordPayment = vi.fn();
  const user = userEvent.setup();
  renderWithProviders(
    <InvoiceDetailsDialog
      invoiceId="inv-1"
      initialInvoice={invoice}
      access={access}
      userNameOf={(id) => (id === 'u-admin' ? 'Noura Admin' : undefined)}
      onRecordPayment={onRecordPayment}
      onClose={() => undefined}
    />,
  );
  return { fetchMock, onRecordPayment, user };
}

function figure(label: string): string {
  const term = screen.getAllByText(label).find((node) => node.tagName === 'DT');
  return term?.nextElementSibling?.textContent ?? '';
}

describe('InvoiceDetailsDialog', () => {
  it('shows the figures, the due date and the payment status', async () => {
    renderDetails(staff);
    const dialog = await screen.findByRole('dialog', { name: /^Invoice INV-2026-000123/ });
    expect(figure('Total')).toMatch(/^SAR\s1,150\.00VAT 15%: SAR\s150\.00$/);
    expect(figure('Paid')).toMatch(/^SAR\s400\.00$/);
    expect(figure('Credited')).toMatch(/^SAR\s0\.00$/);
    expect(figure('Balance due')).toMatch(/^SAR\s750\.00$/);
    expect(figure('Due date')).toBe('Apr 9, 2026');
    expect(within(dialog).getByText('Partially paid')).toBeTruthy();
    expect(within(dialog).getByText('Overdue')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Download invoice INV-2026-000123' })).toBeTruthy();
  });

  it('lists the payments, a deleted one struck through with who deleted it and why', async () => {
    renderDetails(staff);
    const list = await screen.findByRole('list', { name: 'Payments' });
    const [first, second] = within(list).getAllByTestId('payment-row');
    expect(first.dataset.deleted).toBe('true');
    expect(first.textContent).toContain('Mar 10, 2026 · Cheque');
    expect(first.textContent).toContain('Ref. CHQ-0091');
    expect(within(first).getByText('Deleted Mar 12, 2026 by \u2068Noura Admin\u2069', { exact: false })).toBeTruthy();
    expect(
      within(first).getByText(
        (_text, node) => node?.textContent === 'Reason: Cheque bounced' && node.tagName === 'SPAN',
      ),
    ).toBeTruthy();
    expect(getComputedStyle(within(first).getByText(/^SAR\s200\.00$/)).textDecoration).toContain('line-through');
    expect(second.dataset.deleted).toBeUndefined();
    expect(second.textContent).toContain('Mar 11, 2026 · Bank transfer');
    expect(within(second).getByText(/^SAR\s400\.00$/)).toBeTruthy();
  });

  it('says when no payment has been recorded yet', async () => {
    renderDetails(staff, {}, []);
    expect(await screen.findByText('No payments recorded yet.')).toBeTruthy();
  });

  it('offers Delete payment on live payments to admins and owners, not to staff', async () => {
    renderDetails(staff);
    await screen.findByRole('list', { name: 'Payments' });
    expect(screen.queryByRole('button', { name: /^Delete payment/ })).toBeNull();
  });

  it('deletes a payment with the reason given, and asks for one first', async () => {
    const { fetchMock, user } = renderDetails(admin, {
      [`DELETE ${PAYMENTS}/pay-1`]: () =>
        jsonResponse({
          ...live,
          deletedAt: '2026-03-13T08:00:00.000Z',
          deletedBy: 'u-admin',
          deleteReason: 'Slip declined',
        }),
    });
    await screen.findByRole('list', { name: 'Payments' });
    const buttons = screen.getAllByRole('button', { name: /^Delete payment of/ });
    expect(buttons).toHaveLength(1);
    expect(buttons[0].getAttribute('aria-label')).toMatch(/^Delete payment of SAR\s400\.00 on Mar 11, 2026$/);
    await user.click(buttons[0]);

    const confirm = await screen.findByRole('dialog', { name: 'Delete payment' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete payment' }));
    expect(await within(confirm).findByText('Say why the payment is deleted')).toBeTruthy();
    expect(bodiesSent(fetchMock, 'DELETE', `${PAYMENTS}/pay-1`)).toHaveLength(0);

    await user.type(within(confirm).getByRole('textbox', { name: /^Reason/ }), ' Slip declined ');
    await user.click(within(confirm).getByRole('button', { name: 'Delete payment' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Delete payment' })).toBeNull());
    expect(bodiesSent(fetchMock, 'DELETE', `${PAYMENTS}/pay-1`)).toEqual([{ reason: 'Slip declined' }]);
    expect(within(await screen.findByRole('status')).getByText('Payment deleted')).toBeTruthy();
  });

  it('shows a refused deletion in the dialog', async () => {
    const { user } = renderDetails(admin, {
      [`DELETE ${PAYMENTS}/pay-1`]: () =>
        jsonResponse({ message: 'Payment already deleted', code: 'BILLING_PAYMENT_ALREADY_DELETED' }, 409, 'Conflict'),
    });
    await user.click(await screen.findByRole('button', { name: /^Delete payment of/ }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete payment' });
    await user.type(within(confirm).getByRole('textbox', { name: /^Reason/ }), 'Twice');
    await user.click(within(confirm).getByRole('button', { name: 'Delete payment' }));
    expect((await within(confirm).findByRole('alert')).textContent).toBe('This payment was already deleted.');
  });

  it('offers Record payment while there is a balance', async () => {
    const { onRecordPayment, user } = renderDetails(staff);
    await user.click(await screen.findByRole('button', { name: 'Record payment' }));
    expect(onRecordPayment).toHaveBeenCalledWith(expect.objectContaining({ id: 'inv-1' }));
  });

  it('writes off a balance brought forward for admins, with an amount and a reason', async () => {
    const opening = makeOpeningBalance({
      paidAmount: '150.00',
      balanceDue: '1000.00',
      paymentStatus: 'partially_paid',
    });
    const fetchMock = serveApi({
      '/api/invoices/ob-1': () => jsonResponse(opening),
      '/api/invoices/ob-1/payments': () => jsonResponse([]),
      'POST /api/invoices/ob-1/write-off': () =>
        jsonResponse(
          makeInvoice({ id: 'wo-1', invoiceNumber: 'WO-2026-000001', type: 'write_off', totalAmount: '400.00' }),
          201,
        ),
    });
    const user = userEvent.setup();
    const rendered = (access: InvoicesAccess) => (
      <InvoiceDetailsDialog
        invoiceId="ob-1"
        initialInvoice={opening}
        access={access}
        onRecordPayment={vi.fn()}
        onClose={vi.fn()}
      />
    );
    const asStaff = renderWithProviders(rendered(staff));
    await screen.findByRole('dialog', { name: /^Balance brought forward OB-2026-000001/ });
    expect(figure('Previous no.')).toBe('OLD-1001');
    expect(screen.queryByRole('button', { name: 'Write off' })).toBeNull();
    asStaff.unmount();

    renderWithProviders(rendered(admin));
    await user.click(await screen.findByRole('button', { name: 'Write off' }));
    const dialog = await screen.findByRole('dialog', { name: 'Write off a balance brought forward' });
    const amount = within(dialog).getByRole('textbox', { name: /^Amount to write off/ });
    expect((amount as HTMLInputElement).value).toBe('1000.00');
    await user.clear(amount);
    await user.type(amount, '٤٠٠');
    await user.click(within(dialog).getByRole('button', { name: 'Write off' }));
    expect(await within(dialog).findByText('Say why the balance is written off')).toBeTruthy();
    expect(bodiesSent(fetchMock, 'POST', '/api/invoices/ob-1/write-off')).toHaveLength(0);

    await user.type(within(dialog).getByRole('textbox', { name: /^Reason/ }), 'Settled in the old system');
    await user.click(within(dialog).getByRole('button', { name: 'Write off' }));
    await waitFor(() =>
      expect(bodiesSent(fetchMock, 'POST', '/api/invoices/ob-1/write-off')).toEqual([
        { amount: '400.00', reason: 'Settled in the old system' },
      ]),
    );
    expect(within(await screen.findByRole('status')).getByText('Balance written off')).toBeTruthy();
  });

  it("shows a credit note's invoice and reason, and no payments", async () => {
    const note = makeCreditNote({ reason: 'goods_returned', reasonText: 'Two cartons damaged' });
    serveApi({ '/api/invoices/cn-1': () => jsonResponse(note) });
    renderWithProviders(
      <InvoiceDetailsDialog
        invoiceId="cn-1"
        initialInvoice={note}
        access={admin}
        onRecordPayment={vi.fn()}
        onClose={vi.fn()}
      />,
    );
    await screen.findByRole('dialog', { name: /^Credit note CN-2026-000007/ });
    expect(figure('Credits invoice')).toBe('INV-2026-000123');
    expect(figure('Reason')).toBe('Goods returned');
    expect(figure('Return note')).toBe('Two cartons damaged');
    expect(screen.queryByRole('heading', { name: 'Payments' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Record payment' })).toBeNull();
  });

  it('speaks Arabic', async () => {
    await i18n.changeLanguage('ar');
    renderDetails(admin);
    await screen.findByRole('dialog', { name: /^فاتورة INV-2026-000123/ });
    expect(figure('الرصيد المستحق')).toContain('750.00');
    const list = await screen.findByRole('list', { name: 'الدفعات' });
    expect(within(list).getByText('تحويل بنكي', { exact: false })).toBeTruthy();
    expect(within(list).getByText('حذفها \u2068Noura Admin\u2069 في', { exact: false })).toBeTruthy();
    expect(screen.getByText('مدفوعة جزئياً')).toBeTruthy();
    expect(screen.getByText('متأخرة السداد')).toBeTruthy();
  });
});

describe('Invoice details on the Invoices screen', () => {
  it('opens from the invoice number and from the row', async () => {
    serveApi({
      '/api/invoices': () => invoicesResponse([invoice]),
      '/api/invoices/inv-1': () => jsonResponse(invoice),
      [PAYMENTS]: () => jsonResponse([live]),
    });
    const user = userEvent.setup();
    renderWithProviders(<InvoicesPage access={staff} />, '/invoices');
    await user.click(await screen.findByRole('button', { name: 'View invoice INV-2026-000123' }));
    expect(await screen.findByRole('dialog', { name: /^Invoice INV-2026-000123/ })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(screen.getByText('Al Noor Trading'));
    expect(await screen.findByRole('dialog', { name: /^Invoice INV-2026-000123/ })).toBeTruthy();
  });
});
