import type { AiJobStatusDto, InvoiceDto, ReceiptResultDto, SupplierInvoiceDraftDto } from '@erp/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { bodiesSent, serveApi, type ApiRoutes } from '../../../test/fixtures';
import { jsonResponse, mockMatchMedia, renderWithProviders } from '../../../test/render';
import { makeStockItem, stockPageResponse } from '../../../test/stock-fixtures';
import { StockPage } from './stock-page';
import { UploadSupplierInvoiceDialog } from './upload-supplier-invoice-dialog';

function fileOf(name: string, type: string, size: number): File {
  const file = new File(['%PDF-1.7 invoice'], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

const milk = makeStockItem();
const laban = makeStockItem({
  id: 'i-laban',
  name: 'Almarai Laban Full Fat 1L',
  nameAr: 'لبن المراعي كامل الدسم 1 لتر',
  sku: 'LABAN-ALM-1L',
  quantity: 30,
  unit: 'carton',
  costPrice: '4.50',
});

const draft: SupplierInvoiceDraftDto = {
  supplierName: 'Almarai Company',
  invoiceNumber: 'INV-88213',
  invoiceDate: '2026-11-20',
  lines: [
    {
      name: 'Almarai Fresh Milk 1L',
      nameAr: 'حليب المراعي طازج 1 لتر',
      description: 'Almarai Fresh Milk Full Fat 1L',
      lineTotal: '133.20',
      alternatives: [],
      stockItemId: 'i-milk',
      sku: 'MILK-ALM-1L',
      quantity: 24,
      unit: 'CTN',
      unitPrice: '5.55',
      batchNumber: 'B-2211',
      expiryDate: '2099-12-05',
      manufactureDate: '2099-11-01',
      confidence: 0.93,
      quantityNeedsCheck: false,
      unitNeedsCheck: false,
    },
    {
      name: 'Almarai Laban Full Fat 1L',
      nameAr: null,
      description: 'Almarai Laban Full Fat 1L',
      lineTotal: '55.80',
      alternatives: [
        { stockItemId: 'i-laban', sku: 'LABAN-ALM-1L', name: 'Almarai Laban Full Fat 1L', confidence: 0.41 },
      ],
      stockItemId: null,
      sku: null,
      quantity: 12,
      unit: 'CTN',
      unitPrice: '4.65',
      batchNumber: 'L-7781',
      expiryDate: '2099-11-30',
      manufactureDate: null,
      confidence: 0.41,
      quantityNeedsCheck: true,
      unitNeedsCheck: false,
    },
    {
      name: 'Almarai Cheese Slices 200g',
      nameAr: null,
      description: 'Almarai Cheese Slices 200g',
      lineTotal: '97.50',
      alternatives: [],
      stockItemId: null,
      sku: null,
      quantity: 10,
      unit: 'PCS',
      unitPrice: '9.75',
      batchNumber: 'C-1204',
      expiryDate: '2099-05-02',
      manufactureDate: null,
      confidence: 0.2,
      quantityNeedsCheck: false,
      unitNeedsCheck: false,
    },
    {
      name: 'Delivery charge',
      nameAr: null,
      description: 'Delivery charge',
      lineTotal: '15.00',
      alternatives: [],
      stockItemId: null,
      sku: null,
      quantity: 1,
      unit: 'piece',
      unitPrice: '15.00',
      batchNumber: null,
      expiryDate: null,
      manufactureDate: null,
      confidence: 0.1,
      quantityNeedsCheck: false,
      unitNeedsCheck: false,
    },
  ],
  totals: { subtotal: '301.50', vat: '45.23', total: '346.73' },
  rawText: 'Almarai Company … INV-88213',
  engine: 'offline',
  uploadedFileUrl: '/api/files/intake/2026/invoice.pdf',
};

const receipt: ReceiptResultDto = {
  receiptId: 'r-1',
  supplierId: 's-almarai',
  repeated: false,
  lines: [{ stockItemId: 'i-milk', batchId: 'b-1', quantity: 23.5, newCostPrice: '5.55' }],
};

/** GET /api/ai-jobs/job-1 answers these in turn (the last one again after that). */
function jobAnswers(...answers: Array<Partial<AiJobStatusDto>>) {
  let call = 0;
  return () => {
    const answer = answers[Math.min(call, answers.length - 1)]!;
    call += 1;
    return jsonResponse({ jobId: 'job-1', progress: null, ...answer });
  };
}

const working = { state: 'active' as const, progress: { step: 'recognising' as const, percent: 40 } };
const completed = {
  state: 'completed' as const,
  progress: { step: 'matching' as const, percent: 100 },
  result: draft,
};

/** GET /api/stock: the items whose name or SKU contains `search`. */
function stockSearch(_init: RequestInit, url: URL): Response {
  const search = url.searchParams.get('search')?.toLowerCase() ?? '';
  return stockPageResponse(
    [milk, laban].filter((item) => !search || `${item.name} ${item.sku}`.toLowerCase().includes(search)),
  );
}

function routesOf(overrides: ApiRoutes = {}): ApiRoutes {
  return {
    'POST /api/stock/supplier-invoices/parse': () => jsonResponse({ jobId: 'job-1' }, 202, 'Accepted'),
    '/api/ai-jobs/job-1': jobAnswers(working, completed),
    '/api/stock': stockSearch,
    '/api/invoices': () => jsonResponse([]),
    'POST /api/stock/receipts': () => jsonResponse(receipt, 201, 'Created'),
    ...overrides,
  };
}

function renderDialog(routes: ApiRoutes = routesOf()) {
  const fetchMock = serveApi(routes);
  const onClose = vi.fn();
  const user = userEvent.setup({ applyAccept: false });
  renderWithProviders(<UploadSupplierInvoiceDialog open onClose={onClose} currency="SAR" />);
  const input = screen.getByTestId('invoice-file-input') as HTMLInputElement;
  return { fetchMock, onClose, user, input };
}

/** Chooses the Almarai PDF, presses Process with AI and waits for the review. */
async function readInvoice(user: ReturnType<typeof userEvent.setup>, input: HTMLInputElement, language = 'en') {
  await user.upload(input, fileOf('invoice-almarai.pdf', 'application/pdf', 48_000));
  await user.click(
    screen.getByRole('button', { name: language === 'en' ? 'Process with AI' : 'المعالجة بالذكاء الاصطناعي' }),
  );
  return screen.findByRole('dialog', { name: language === 'en' ? 'Review Supplier Invoice' : 'مراجعة فاتورة المورد' });
}

/** A line of the review by its 1-based number (table rows or phone cards). */
function line(dialog: HTMLElement, number: number) {
  const element = within(dialog).getAllByTestId('receipt-line')[number - 1];
  if (!element) throw new Error(`no line ${number}`);
  return within(element);
}

const field = (dialog: HTMLElement, name: RegExp) => within(dialog).getByRole('textbox', { name }) as HTMLInputElement;

describe('UploadSupplierInvoiceDialog', () => {
  describe('choosing the file', () => {
    it('accepts JPG, PNG and PDF and keeps Process with AI disabled until a file is chosen', async () => {
      const { user, input } = renderDialog();
      const dialog = screen.getByRole('dialog', { name: 'Upload Supplier Invoice' });
      const process = () => within(dialog).getByRole('button', { name: 'Process with AI' }) as HTMLButtonElement;
      expect(input.accept).toContain('application/pdf');
      expect(input.accept).toContain('image/jpeg');
      expect(input.accept).toContain('image/png');
      expect(within(dialog).getByText('JPG, PNG or PDF, up to 10 MB')).toBeTruthy();
      expect(process().disabled).toBe(true);

      await user.upload(input, fileOf('almarai-invoice.pdf', 'application/pdf', 2.4 * 1024 * 1024));
      expect(within(dialog).getByText('Selected: \u2068almarai-invoice.pdf\u2069 (2.4 MB)')).toBeTruthy();
      expect(process().disabled).toBe(false);
    });

    it('refuses another file type, and a file over 10 MB, without sending anything', async () => {
      const { fetchMock, user, input } = renderDialog();
      const dialog = screen.getByRole('dialog', { name: 'Upload Supplier Invoice' });
      const process = () => within(dialog).getByRole('button', { name: 'Process with AI' }) as HTMLButtonElement;
      await user.upload(input, fileOf('invoice.docx', 'application/vnd.openxmlformats', 1000));
      expect(within(dialog).getByText('Invalid file type')).toBeTruthy();
      expect(within(dialog).getByText('Please select a JPG, PNG or PDF file')).toBeTruthy();
      expect(process().disabled).toBe(true);

      await user.upload(input, fileOf('scan.png', 'image/png', 10 * 1024 * 1024 + 1));
      expect(within(dialog).getByText('File too large')).toBeTruthy();
      expect(within(dialog).getByText('Please select a file smaller than 10MB')).toBeTruthy();
      expect(process().disabled).toBe(true);

      await user.upload(input, fileOf('scan.jpg', 'image/jpeg', 10 * 1024 * 1024));
      expect(within(dialog).queryByText('File too large')).toBeNull();
      expect(process().disabled).toBe(false);
      expect(fetchMock).not.toHaveBeenCalled();
    });
  });

  describe('reading', () => {
    it('sends the file as a data URL with ?wait=false and shows the job progress as a labelled bar', async () => {
      const { fetchMock, user, input } = renderDialog();
      await user.upload(input, fileOf('invoice-almarai.pdf', 'application/pdf', 48_000));
      await user.click(screen.getByRole('button', { name: 'Process with AI' }));

      const bar = await screen.findByRole('progressbar', { name: 'Reading the invoice' });
      await waitFor(() => expect(bar.getAttribute('aria-valuetext')).toBe('Recognising the text: 40% done'));
      expect(bar.getAttribute('aria-valuenow')).toBe('40');
      const steps = within(screen.getByRole('dialog')).getByRole('list');
      expect(within(steps).getByText('Opening the document').textContent).toContain('(done)');
      expect(within(steps).getByText('Recognising the text').textContent).toContain('(in progress)');
      expect(within(steps).getByText('Matching lines to your stock').textContent).toContain('(not started)');

      await screen.findByRole('dialog', { name: 'Review Supplier Invoice' });
      const [parseUrl, parseInit] = fetchMock.mock.calls.find(([url]) => String(url).includes('/parse'))!;
      expect(String(parseUrl)).toBe('/api/stock/supplier-invoices/parse?wait=false');
      const body = JSON.parse(String(parseInit?.body)) as { fileBase64: string };
      expect(Object.keys(body)).toEqual(['fileBase64']);
      expect(body.fileBase64).toMatch(/^data:application\/pdf;base64,/);
      expect(atob(body.fileBase64.split(',')[1]!)).toBe('%PDF-1.7 invoice');
      expect(fetchMock.mock.calls.filter(([url]) => String(url) === '/api/ai-jobs/job-1').length).toBe(2);
    });

    it('explains a failed job, and Try Again reads the same file again', async () => {
      const failed = jobAnswers({
        state: 'failed',
        error: { status: 400, code: 'AI_UNREADABLE_FILE', message: 'The image or PDF could not be read' },
      });
      let attempts = 0;
      const { user, input } = renderDialog(
        routesOf({
          '/api/ai-jobs/job-1': () => (attempts < 2 ? failed() : jobAnswers(completed)()),
          'POST /api/stock/supplier-invoices/parse': () => {
            attempts += 1;
            return jsonResponse({ jobId: 'job-1' }, 202, 'Accepted');
          },
        }),
      );
      await user.upload(input, fileOf('invoice-almarai.pdf', 'application/pdf', 48_000));
      await user.click(screen.getByRole('button', { name: 'Process with AI' }));

      const alert = await screen.findByRole('alert');
      expect(within(alert).getByText('Failed to read the invoice')).toBeTruthy();
      expect(alert.textContent).toContain('The file could not be opened. It may be damaged or password-protected');
      expect(screen.getByRole('button', { name: 'Choose Another File' })).toBeTruthy();

      attempts = 2;
      await user.click(screen.getByRole('button', { name: 'Try Again' }));
      expect(await screen.findByRole('dialog', { name: 'Review Supplier Invoice' })).toBeTruthy();
    });

    it('says so when reading invoices is not available (503), and in Arabic in Arabic', async () => {
      const unavailable = () =>
        jsonResponse(
          { message: 'Reading invoices is not available yet', code: 'SERVICE_UNAVAILABLE' },
          503,
          'Service Unavailable',
        );
      const { user, input } = renderDialog(routesOf({ 'POST /api/stock/supplier-invoices/parse': unavailable }));
      await user.upload(input, fileOf('invoice.jpg', 'image/jpeg', 300_000));
      await user.click(screen.getByRole('button', { name: 'Process with AI' }));
      const alert = await screen.findByRole('alert');
      expect(alert.textContent).toContain('Failed to read the invoice');
      expect(alert.textContent).toContain('Reading supplier invoices is not available right now.');

      await i18n.changeLanguage('ar');
      expect((await screen.findByRole('alert')).textContent).toContain('قراءة فواتير الموردين غير متاحة حاليًا');
    });
  });

  describe('review and apply', () => {
    it('shows what was read: supplier, number, date, each line with its match, and lines to check', async () => {
      const { user, input } = renderDialog(
        routesOf({
          '/api/invoices': () =>
            jsonResponse([{ supplierName: 'Almarai Company', supplierInvoiceNumber: 'INV-70001' } as InvoiceDto]),
        }),
      );
      const dialog = await readInvoice(user, input);

      expect(within(dialog).getByRole('combobox', { name: /^Supplier/ })).toHaveProperty('value', 'Almarai Company');
      expect(await within(dialog).findByText('Existing supplier')).toBeTruthy();
      expect(field(dialog, /^Invoice number/).value).toBe('INV-88213');
      expect((within(dialog).getByLabelText(/Invoice date/) as HTMLInputElement).value).toBe('20/11/2026');
      expect(
        within(dialog)
          .getByRole('link', { name: /Open the original invoice/ })
          .getAttribute('href'),
      ).toBe('/api/files/intake/2026/invoice.pdf');

      expect(within(dialog).getAllByTestId('receipt-line')).toHaveLength(4);
      const first = line(dialog, 1);
      expect(first.getByText('93% match')).toBeTruthy();
      // The stock's own name for the item, and the line as the invoice printed it.
      await waitFor(() =>
        expect((first.getByRole('combobox', { name: 'Stock item, line 1' }) as HTMLInputElement).value).toBe(
          'Almarai Fresh Milk 1L',
        ),
      );
      expect(first.getByText('Almarai Fresh Milk Full Fat 1L').closest('span, p')?.textContent).toBe(
        'On the invoice: Almarai Fresh Milk Full Fat 1L',
      );
      // The matched item's details come from the stock: its SKU and what is in stock.
      expect(await first.findByText('MILK-ALM-1L · In stock: 48 ctn')).toBeTruthy();
      expect(first.getByRole('textbox', { name: 'Quantity, line 1' })).toHaveProperty('value', '24');
      expect(first.getByRole('combobox', { name: 'Unit, line 1' }).textContent).toBe('ctn');
      expect(first.getByRole('textbox', { name: 'Unit cost, line 1' })).toHaveProperty('value', '5.55');
      expect(first.getByRole('textbox', { name: 'Batch number, line 1' })).toHaveProperty('value', 'B-2211');
      expect(first.getByLabelText('Expiry date, line 1')).toHaveProperty('value', '05/12/2099');
      expect(first.getByText(/SAR\s133\.20/)).toBeTruthy();

      const second = line(dialog, 2);
      expect(second.getByText('No match')).toBeTruthy();
      expect(second.getByText('Check quantity and cost')).toBeTruthy();
      expect(second.getByRole('textbox', { name: 'Quantity, line 2' }).getAttribute('aria-description')).toMatch(
        /^Compare with the invoice: read from a scan/,
      );
      // The reader's other candidates are offered first in the line's item picker.
      await user.click(second.getByRole('combobox', { name: 'Stock item, line 2' }));
      const suggestion = await screen.findByRole('option', { name: /Almarai Laban Full Fat 1L/ });
      expect(suggestion.textContent).toContain('Suggested, 41% match');
      expect(screen.getAllByRole('option')[0]!.textContent).toBe('Create new item');
      await user.keyboard('{Escape}');

      expect(within(dialog).getByText(/^Lines to check: 1 of 4\./)).toBeTruthy();
      expect(within(dialog).getByText(/Lines not matched to a stock item: 3\./)).toBeTruthy();
      expect(within(dialog).getByText(/^SAR\s301\.50$/)).toBeTruthy();
      expect(within(dialog).getByText(/Subtotal on the invoice: SAR\s301\.50/)).toBeTruthy();
    });

    it('corrects lines, applies the receipt with the exact body, refreshes the stock list and closes', async () => {
      const fetchMock = serveApi({
        ...routesOf(),
        '/api/stock/expiring': () => jsonResponse([]),
        '/api/stock/reorder-suggestions': () => jsonResponse([]),
      });
      const user = userEvent.setup({ applyAccept: false });
      renderWithProviders(<StockPage canWrite currency="SAR" />, '/stock');
      await screen.findByRole('table', { name: 'Current inventory' });
      await user.click(screen.getByRole('button', { name: 'Upload Supplier Invoice' }));
      const dialog = await readInvoice(user, screen.getByTestId('invoice-file-input') as HTMLInputElement);

      // Line 1: the quantity read was wrong.
      const quantity = line(dialog, 1).getByRole('textbox', { name: 'Quantity, line 1' });
      await user.clear(quantity);
      await user.type(quantity, '23.5');
      expect(line(dialog, 1).getByText(/SAR\s130\.43/)).toBeTruthy();

      // Line 2: matched by hand to the Laban in stock, its unit cost corrected (Arabic digits).
      await user.click(line(dialog, 2).getByRole('combobox', { name: 'Stock item, line 2' }));
      await user.type(line(dialog, 2).getByRole('combobox', { name: 'Stock item, line 2' }), 'laban');
      await user.click(await screen.findByRole('option', { name: /Almarai Laban Full Fat 1L/ }));
      expect(line(dialog, 2).getByText('Chosen by you')).toBeTruthy();
      const cost = line(dialog, 2).getByRole('textbox', { name: 'Unit cost, line 2' });
      await user.clear(cost);
      await user.type(cost, '٤٫٦');
      expect(cost).toHaveProperty('value', '4.6');
      expect(line(dialog, 2).queryByText('Check quantity and cost')).toBeNull();

      // Line 3: a new stock item with its own SKU and selling price.
      await user.click(line(dialog, 3).getByRole('combobox', { name: 'Stock item, line 3' }));
      await user.click(await screen.findByRole('option', { name: 'Create new item' }));
      expect(line(dialog, 3).getByRole('textbox', { name: 'Item name, line 3' })).toHaveProperty(
        'value',
        'Almarai Cheese Slices 200g',
      );
      await user.type(line(dialog, 3).getByRole('textbox', { name: 'SKU, line 3' }), 'CHS-ALM-200');
      await user.type(line(dialog, 3).getByRole('textbox', { name: 'Arabic name, line 3' }), 'شرائح جبن');
      await user.type(line(dialog, 3).getByRole('textbox', { name: 'Selling price, line 3' }), '12.5');

      // Line 4 is not goods: removed.
      await user.click(line(dialog, 4).getByRole('button', { name: 'Remove line 4' }));
      expect(within(dialog).getAllByTestId('receipt-line')).toHaveLength(3);

      const stockReads = () =>
        fetchMock.mock.calls.filter(([url]) => String(url) === '/api/stock?limit=20&offset=0').length;
      const readsBefore = stockReads();
      await user.click(within(dialog).getByRole('button', { name: 'Apply to Stock' }));

      expect(await screen.findByText('Goods received')).toBeTruthy();
      expect(
        screen.getByText('Invoice INV-88213 from \u2068Almarai Company\u2069 was added to stock. Lines: 3.'),
      ).toBeTruthy();
      const [sent] = bodiesSent(fetchMock, 'POST', '/api/stock/receipts') as Array<{ receiptId: string }>;
      expect(sent).toEqual({
        receiptId: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/),
        supplierName: 'Almarai Company',
        invoiceNumber: 'INV-88213',
        invoiceDate: '2026-11-20',
        createMissingItems: true,
        // The invoice as uploaded goes with it: the supplier invoice keeps it for its Download.
        uploadedFileUrl: '/api/files/intake/2026/invoice.pdf',
        lines: [
          {
            stockItemId: 'i-milk',
            name: 'Almarai Fresh Milk 1L',
            nameAr: 'حليب المراعي طازج 1 لتر',
            quantity: '23.5',
            unit: 'carton',
            unitPrice: '5.55',
            batchNumber: 'B-2211',
            expiryDate: '2099-12-05',
            manufactureDate: '2099-11-01',
          },
          {
            stockItemId: 'i-laban',
            name: 'Almarai Laban Full Fat 1L',
            nameAr: 'لبن المراعي كامل الدسم 1 لتر',
            quantity: '12',
            unit: 'carton',
            unitPrice: '4.60',
            batchNumber: 'L-7781',
            expiryDate: '2099-11-30',
          },
          {
            name: 'Almarai Cheese Slices 200g',
            nameAr: 'شرائح جبن',
            sku: 'CHS-ALM-200',
            quantity: '10',
            unit: 'piece',
            unitPrice: '9.75',
            sellingPrice: '12.50',
            batchNumber: 'C-1204',
            expiryDate: '2099-05-02',
          },
        ],
      });
      // The stock list is read again and the dialog is gone.
      await waitFor(() => expect(stockReads()).toBeGreaterThan(readsBefore));
      await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Review Supplier Invoice' })).toBeNull());
    });

    it('refuses to apply an unmatched line, and "Create New Items" settles every one', async () => {
      const { fetchMock, user, input } = renderDialog();
      const dialog = await readInvoice(user, input);
      await user.click(within(dialog).getByRole('button', { name: 'Apply to Stock' }));

      expect(await within(dialog).findByText('Some details need attention: see the highlighted fields.')).toBeTruthy();
      expect(line(dialog, 2).getByText('Choose a stock item or create a new one')).toBeTruthy();
      expect(line(dialog, 2).getByRole('combobox', { name: 'Stock item, line 2' }).getAttribute('aria-invalid')).toBe(
        'true',
      );
      expect(bodiesSent(fetchMock, 'POST', '/api/stock/receipts')).toEqual([]);

      await user.click(within(dialog).getByRole('button', { name: 'Create New Items for Unmatched Lines' }));
      expect(within(dialog).queryByText('Choose a stock item or create a new one')).toBeNull();
      expect(within(dialog).getAllByText('New item')).toHaveLength(3);
      await user.click(within(dialog).getByRole('button', { name: 'Apply to Stock' }));
      await screen.findByText('Goods received');
      const [sent] = bodiesSent(fetchMock, 'POST', '/api/stock/receipts') as Array<{ lines: unknown[] }>;
      expect(sent?.lines).toHaveLength(4);
    });

    it("puts the server's validation messages on the fields they name", async () => {
      const refused = () =>
        jsonResponse(
          {
            message: 'lines.0.expiryDate must not be before lines.0.manufactureDate',
            code: 'VALIDATION_FAILED',
            details: {
              fields: [
                {
                  field: 'lines.0.expiryDate',
                  messages: ['lines.0.expiryDate must not be before lines.0.manufactureDate'],
                },
                { field: 'invoiceNumber', messages: ['invoiceNumber must be shorter than or equal to 100 characters'] },
              ],
            },
          },
          400,
          'Bad Request',
        );
      const { user, input, onClose } = renderDialog(routesOf({ 'POST /api/stock/receipts': refused }));
      const dialog = await readInvoice(user, input);
      await user.click(within(dialog).getByRole('button', { name: 'Create New Items for Unmatched Lines' }));
      await user.click(within(dialog).getByRole('button', { name: 'Apply to Stock' }));

      const alert = await within(dialog).findByRole('alert');
      expect(alert.textContent).toContain('Failed to apply the invoice');
      expect(line(dialog, 1).getByText('lines.0.expiryDate must not be before lines.0.manufactureDate')).toBeTruthy();
      expect(line(dialog, 1).getByLabelText('Expiry date, line 1').getAttribute('aria-invalid')).toBe('true');
      expect(within(dialog).getByText('invoiceNumber must be shorter than or equal to 100 characters')).toBeTruthy();
      expect(field(dialog, /^Invoice number/).getAttribute('aria-invalid')).toBe('true');
      expect(onClose).not.toHaveBeenCalled();

      // Editing the field clears the server's message on it.
      await user.type(field(dialog, /^Invoice number/), 'X');
      expect(within(dialog).queryByText('invoiceNumber must be shorter than or equal to 100 characters')).toBeNull();
    });

    it('explains a 409: the invoice was already received, and Apply is not offered again', async () => {
      const conflict = () =>
        jsonResponse({ message: 'This receipt was already applied', code: 'CONFLICT' }, 409, 'Conflict');
      const { user, input, onClose } = renderDialog(routesOf({ 'POST /api/stock/receipts': conflict }));
      const dialog = await readInvoice(user, input);
      await user.click(within(dialog).getByRole('button', { name: 'Create New Items for Unmatched Lines' }));
      await user.click(within(dialog).getByRole('button', { name: 'Apply to Stock' }));

      const alert = await within(dialog).findByRole('alert');
      expect(within(alert).getByText('Invoice already received')).toBeTruthy();
      expect(alert.textContent).toContain('already applied to stock, so nothing was added again');
      expect((within(dialog).getByRole('button', { name: 'Apply to Stock' }) as HTMLButtonElement).disabled).toBe(true);
      expect(onClose).not.toHaveBeenCalled();
    });

    it('retries with the same receipt id, and says so when the server had applied it already', async () => {
      let calls = 0;
      const { fetchMock, user, input, onClose } = renderDialog(
        routesOf({
          'POST /api/stock/receipts': () => {
            calls += 1;
            if (calls === 1) throw new TypeError('Failed to fetch');
            return jsonResponse({ ...receipt, repeated: true }, 201, 'Created');
          },
        }),
      );
      const dialog = await readInvoice(user, input);
      await user.click(within(dialog).getByRole('button', { name: 'Create New Items for Unmatched Lines' }));
      await user.click(within(dialog).getByRole('button', { name: 'Apply to Stock' }));
      expect((await within(dialog).findByRole('alert')).textContent).toContain('Cannot reach the server');

      await user.click(within(dialog).getByRole('button', { name: 'Apply to Stock' }));
      expect(await screen.findByText('Invoice already received')).toBeTruthy();
      expect(screen.getByText('This invoice had already been applied; stock was not changed again.')).toBeTruthy();
      const [first, second] = bodiesSent(fetchMock, 'POST', '/api/stock/receipts') as Array<{ receiptId: string }>;
      expect(second?.receiptId).toBe(first?.receiptId);
      await waitFor(() => expect(onClose).toHaveBeenCalled());
    });

    it('asks before throwing a reviewed invoice away', async () => {
      const { user, input, onClose } = renderDialog();
      const dialog = await readInvoice(user, input);
      await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
      const confirm = await screen.findByRole('dialog', { name: 'Discard this invoice?' });
      await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
      expect(onClose).not.toHaveBeenCalled();
      // The question leaves with a transition: until it has gone, Escape and a second question
      // found on the screen would be its own (on a busy machine this is not instant).
      await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Discard this invoice?' })).toBeNull(), {
        timeout: 5_000,
      });

      await user.keyboard('{Escape}');
      await user.click(
        within(await screen.findByRole('dialog', { name: 'Discard this invoice?' })).getByRole('button', {
          name: 'Discard',
        }),
      );
      await waitFor(() => expect(onClose).toHaveBeenCalled(), { timeout: 5_000 });
    });

    it('offers a line by hand when the reader found none', async () => {
      const { user, input } = renderDialog(
        routesOf({ '/api/ai-jobs/job-1': jobAnswers({ ...completed, result: { ...draft, lines: [] } }) }),
      );
      const dialog = await readInvoice(user, input);
      expect(within(dialog).getByText('No item lines were read')).toBeTruthy();
      await user.click(within(dialog).getByRole('button', { name: 'Add Line' }));
      expect(within(dialog).getAllByTestId('receipt-line')).toHaveLength(1);
    });
  });

  it('lays the lines out as cards on a phone, in a full-screen dialog', async () => {
    // A phone is narrower than both the phone (600 px) and the lines' table (1200 px) breakpoints.
    mockMatchMedia((query) => query.includes('max-width'));
    const { user, input } = renderDialog();
    const dialog = await readInvoice(user, input);
    expect(within(dialog).queryByRole('table')).toBeNull();
    const cards = within(within(dialog).getByRole('list', { name: 'Goods received' })).getAllByRole('listitem');
    expect(cards).toHaveLength(4);
    expect(cards[0]!.getAttribute('aria-label')).toBe('Line 1');
    expect(within(cards[0]!).getByRole('textbox', { name: 'Quantity, line 1' })).toHaveProperty('value', '24');
    expect(
      dialog.closest('.MuiDialog-paperFullScreen') ?? dialog.querySelector('.MuiDialog-paperFullScreen'),
    ).toBeTruthy();
  });

  it('is in Arabic, with Gulf business wording, from the file to a refused repeat', async () => {
    await i18n.changeLanguage('ar');
    const conflict = () =>
      jsonResponse({ message: 'This receipt was already applied', code: 'CONFLICT' }, 409, 'Conflict');
    const { user, input } = renderDialog(routesOf({ 'POST /api/stock/receipts': conflict }));
    expect(screen.getByRole('dialog', { name: 'رفع فاتورة مورد' })).toBeTruthy();
    const dialog = await readInvoice(user, input, 'ar');

    expect(field(dialog, /^رقم الفاتورة/).value).toBe('INV-88213');
    expect(line(dialog, 1).getByRole('textbox', { name: 'رقم التشغيلة، البند 1' })).toHaveProperty('value', 'B-2211');
    expect(line(dialog, 1).getByLabelText('تاريخ الانتهاء، البند 1')).toHaveProperty('value', '05/12/2099');
    expect(line(dialog, 1).getByText(/^مطابقة 93/)).toBeTruthy();
    expect(line(dialog, 2).getByText('تحقّق من الكمية والتكلفة')).toBeTruthy();
    expect(within(dialog).getByRole('columnheader', { name: 'تكلفة الوحدة' })).toBeTruthy();

    await user.click(within(dialog).getByRole('button', { name: 'إنشاء أصناف جديدة للبنود غير المطابقة' }));
    await user.click(within(dialog).getByRole('button', { name: 'اعتماد الاستلام' }));
    const alert = await within(dialog).findByRole('alert');
    expect(within(alert).getByText('سبق استلام هذه الفاتورة')).toBeTruthy();
    expect(alert.textContent).toContain('فلم يُضَف شيء مرة أخرى');
  });
});
