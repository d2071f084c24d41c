import type { InvoiceZatcaDto } from '@erp/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { serveApi } from '../../../test/fixtures';
import { makeInvoice } from '../../../test/invoice-fixtures';
import { jsonResponse, renderWithProviders } from '../../../test/render';
import { InvoiceDetailsDialog } from './invoice-details-dialog';

const rejected: InvoiceZatcaDto = {
  kind: 'simplified',
  uuid: '3cf5ee18-ee25-44ea-a444-2c37ba7f28be',
  icv: 42,
  pih: 'NWZlY2ViNjZmZmM4NmYzOGQ5NTI3ODZjNmQ2OTZjNzljMmRiYzIzOWRkNGU5MWI0NjcyOWQ3M2EyN2ZiNTdlOQ==',
  invoiceHash: 'r/2si60BEew0NQCHNHNejowLDLjVNV/VTT/P8QSLxMk=',
  status: 'rejected',
  messages: [
    {
      type: 'ERROR',
      code: 'BR-KSA-37',
      category: 'KSA',
      message: 'The seller address building number must contain 4 digits.',
    },
    { type: 'WARNING', code: 'BR-KSA-F-06', category: 'KSA', message: 'A name is over 1000 characters.' },
    { type: 'INFO', code: 'XSD_ZATCA_VALID', category: 'XSD validation', message: 'Complied with UBL 2.1' },
  ],
  submittedAt: '2026-11-27T10:00:00.000Z',
};

function renderWith(zatca: InvoiceZatcaDto | null) {
  const invoice = makeInvoice({ zatca });
  serveApi({
    '/api/invoices/inv-1': () => jsonResponse(invoice),
    '/api/invoices/inv-1/payments': () => jsonResponse([]),
  });
  renderWithProviders(
    <InvoiceDetailsDialog
      invoiceId="inv-1"
      initialInvoice={invoice}
      access={{ recordPayments: false, deletePayments: false }}
      onRecordPayment={() => undefined}
      onClose={() => undefined}
    />,
  );
}

describe('the ZATCA section of an invoice', () => {
  afterEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('is absent for an invoice issued before onboarding', async () => {
    renderWith(null);
    await screen.findByRole('dialog');
    expect(screen.queryByRole('heading', { name: 'ZATCA e-invoicing' })).toBeNull();
  });

  it("shows a rejection: the status, the counter, ZATCA's errors and warnings (not its info), and what to do", async () => {
    renderWith(rejected);
    const section = (await screen.findByRole('heading', { name: 'ZATCA e-invoicing' })).closest('section')!;
    expect(within(section).getByText('ZATCA: rejected')).toBeTruthy();
    expect(within(section).getByText('42')).toBeTruthy();
    const messages = within(section).getByTestId('zatca-messages');
    expect(messages.textContent).toContain('BR-KSA-37: The seller address building number must contain 4 digits.');
    expect(messages.textContent).toContain('BR-KSA-F-06');
    expect(messages.textContent).not.toContain('XSD_ZATCA_VALID');
    expect(within(section).getByText(/issue a credit note for it and a new invoice/)).toBeTruthy();
  });

  it('speaks Arabic, keeping ZATCA’s codes left to right', async () => {
    await i18n.changeLanguage('ar');
    renderWith({ ...rejected, status: 'reported', messages: [] });
    const section = (await screen.findByRole('heading', { name: 'الفوترة الإلكترونية (زاتكا)' })).closest('section')!;
    expect(within(section).getByText('زاتكا: تم الإبلاغ')).toBeTruthy();
    expect(within(section).getByText('فاتورة ضريبية مبسطة (أفراد)')).toBeTruthy();
    expect(within(section).getByText(rejected.uuid).closest('bdi')?.getAttribute('dir')).toBe('ltr');
    expect(within(section).getByRole('button', { name: 'تنزيل ملف XML' })).toBeTruthy();
  });

  it('downloads the XML from /api/invoices/{id}/xml under the name the server gives it (ZATCA’s)', async () => {
    const user = userEvent.setup();
    renderWith({ ...rejected, status: 'reported' });
    const button = await screen.findByRole('button', { name: 'Download XML' });
    const requested: string[] = [];
    const saved: string[] = [];
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:xml'), revokeObjectURL: vi.fn() });
    onTestFinished(() => {
      Reflect.deleteProperty(URL, 'createObjectURL');
      Reflect.deleteProperty(URL, 'revokeObjectURL');
    });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const original = globalThis.fetch;
    globalThis.fetch = (async (input: RequestInfo | URL) => {
      requested.push(String(input));
      return new Response('<Invoice/>', {
        status: 200,
        headers: {
          'content-type': 'application/xml',
          'content-disposition': 'attachment; filename="310122393500003_20261129T101500_INV-2026-000042.xml"',
        },
      });
    }) as typeof fetch;
    try {
      await user.click(button);
      expect(requested).toContain('/api/invoices/inv-1/xml');
      await waitFor(() => expect(saved).toEqual(['310122393500003_20261129T101500_INV-2026-000042.xml']));
    } finally {
      globalThis.fetch = original;
    }
  });
});
