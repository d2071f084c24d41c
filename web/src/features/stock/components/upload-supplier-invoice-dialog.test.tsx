import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { mockFetch, renderWithProviders } from '../../../test/render';
import { UploadSupplierInvoiceDialog } from './upload-supplier-invoice-dialog';

function fileOf(name: string, type: string, size: number): File {
  const file = new File(['x'], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

function renderDialog() {
  const fetchMock = mockFetch(() => new Response(null, { status: 500 }));
  const onClose = vi.fn();
  const user = userEvent.setup({ applyAccept: false });
  renderWithProviders(<UploadSupplierInvoiceDialog open onClose={onClose} />);
  const dialog = screen.getByRole('dialog', { name: 'Upload Supplier Invoice' });
  const input = screen.getByTestId('invoice-file-input') as HTMLInputElement;
  const process = () => within(dialog).getByRole('button', { name: 'Process with AI' }) as HTMLButtonElement;
  return { fetchMock, onClose, user, dialog, input, process };
}

describe('UploadSupplierInvoiceDialog', () => {
  it('accepts JPG, PNG and PDF and keeps Process with AI disabled until a file is chosen', async () => {
    const { user, dialog, input, process } = renderDialog();
    expect(input.accept).toContain('application/pdf');
    expect(input.accept).toContain('image/jpeg');
    expect(input.accept).toContain('image/png');
    expect(within(dialog).getByText('JPG, PNG or PDF, up to 10 MB')).toBeTruthy();
    expect(process().disabled).toBe(true);

    await user.upload(input, fileOf('almarai-invoice.pdf', 'application/pdf', 2.4 * 1024 * 1024));
    expect(within(dialog).getByText('Selected: almarai-invoice.pdf (2.4 MB)')).toBeTruthy();
    expect(process().disabled).toBe(false);
  });

  it('refuses another file type', async () => {
    const { user, dialog, input, process } = renderDialog();
    await user.upload(input, fileOf('invoice.docx', 'application/vnd.openxmlformats', 1000));
    expect(within(dialog).getByText('Invalid file type')).toBeTruthy();
    expect(within(dialog).getByText('Please select a JPG, PNG or PDF file')).toBeTruthy();
    expect(process().disabled).toBe(true);
  });

  it('refuses a file over 10 MB', async () => {
    const { user, dialog, input, process } = renderDialog();
    await user.upload(input, fileOf('scan.png', 'image/png', 10 * 1024 * 1024 + 1));
    expect(within(dialog).getByText('File too large')).toBeTruthy();
    expect(within(dialog).getByText('Please select a file smaller than 10MB')).toBeTruthy();
    expect(process().disabled).toBe(true);

    await user.upload(input, fileOf('scan.jpg', 'image/jpeg', 10 * 1024 * 1024));
    expect(within(dialog).queryByText('File too large')).toBeNull();
    expect(process().disabled).toBe(false);
  });

  it('says reading invoices comes with the AI intake, and sends nothing', async () => {
    const { fetchMock, user, dialog, input, process } = renderDialog();
    await user.upload(input, fileOf('invoice.jpg', 'image/jpeg', 300_000));
    await user.click(process());
    const status = within(dialog).getByRole('status');
    expect(status.textContent).toContain('Coming with AI intake');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('is translated in Arabic', async () => {
    await i18n.changeLanguage('ar');
    mockFetch(() => new Response(null, { status: 500 }));
    renderWithProviders(<UploadSupplierInvoiceDialog open onClose={() => undefined} />);
    const dialog = screen.getByRole('dialog', { name: 'رفع فاتورة مورد' });
    expect(within(dialog).getByRole('button', { name: 'المعالجة بالذكاء الاصطناعي' })).toBeTruthy();
  });
});
