import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { bodiesSent, serveApi, type ApiRoutes } from '../../../test/fixtures';
import { jsonResponse, renderWithProviders } from '../../../test/render';
import type { OrderParseResultDto } from '../api/order-intake-api';
import { fullAccess } from '../lib/access';
import { jobStatus, makeParseResult, makeParsedItem } from '../test/intake-fixtures';
import { makeOrder, pageResponse } from '../test/order-fixtures';
import { OrdersPage } from './orders-page';
import { UploadOrderDialog } from './upload-order-dialog';

const accepted = () => jsonResponse({ jobId: 'job-1' }, 202, 'Accepted');

/** GET /api/ai-jobs/job-1 answering each poll with the next status (the last one repeats). */
function jobAnswers(...statuses: Parameters<typeof jobStatus>[0][]) {
  let poll = 0;
  return () => jsonResponse(jobStatus(statuses[Math.min(poll++, statuses.length - 1)]));
}

function renderDialog(routes: ApiRoutes = {}) {
  const fetchMock = serveApi(routes);
  const onParsed = vi.fn<(result: OrderParseResultDto) => void>();
  const onClose = vi.fn();
  // The file input's `accept` is checked by the dialog too (SPEC §5's "Invalid file type").
  const user = userEvent.setup({ applyAccept: false });
  renderWithProviders(<UploadOrderDialog onClose={onClose} onParsed={onParsed} />, '/orders');
  const dialog = screen.getByRole('dialog', { name: i18n.t('orders:upload.title') });
  return { fetchMock, onParsed, onClose, user, dialog };
}

/** A toast by its title, with its description. */
async function findToast(title: string, role: 'alert' | 'status' = 'alert') {
  const toast = await screen.findByRole(role);
  await within(toast).findByText(title);
  return toast;
}

/** What the browser's MediaRecorder does, for a note of a few bytes. */
class FakeMediaRecorder {
  static isTypeSupported = (type: string) => type === 'audio/webm;codecs=opus';
  state: 'inactive' | 'recording' = 'inactive';
  readonly mimeType: string;
  ondataavailable: ((event: { data: Blob }) => void) | null = null;
  onstop: (() => void) | null = null;

  constructor(_stream: unknown, options?: { mimeType?: string }) {
    this.mimeType = options?.mimeType ?? 'audio/webm';
  }

  start() {
    this.state = 'recording';
  }

  stop() {
    this.state = 'inactive';
    this.ondataavailable?.({ data: new Blob(['voice'], { type: this.mimeType }) });
    this.onstop?.();
  }
}

const stopTrack = vi.fn();

function giveMicrophone(getUserMedia: () => Promise<unknown>) {
  vi.stubGlobal('MediaRecorder', FakeMediaRecorder);
  Object.defineProperty(navigator, 'mediaDevices', { value: { getUserMedia }, configurable: true });
  Object.defineProperty(URL, 'createObjectURL', { value: vi.fn(() => 'blob:voice-note'), configurable: true });
  Object.defineProperty(URL, 'revokeObjectURL', { value: vi.fn(), configurable: true });
}

afterEach(() => {
  for (const target of [navigator, URL] as object[]) {
    for (const key of ['mediaDevices', 'createObjectURL', 'revokeObjectURL']) {
      if (Object.getOwnPropertyDescriptor(target, key)?.configurable) Reflect.deleteProperty(target, key);
    }
  }
});

describe('UploadOrderDialog', () => {
  it('reads a pasted message into Confirm Order Details and creates the order (text → confirm → create)', async () => {
    const result = makeParseResult({
      parsed: {
        clientName: 'Al Noor Trading',
        clientId: 'c-noor',
        items: [makeParsedItem(), makeParsedItem({ quantity: 1, quantityNeedsCheck: true, sourceText: 'milk 2L' })],
      },
      rawText: 'Al Noor Trading\nAlmarai fresh milk 2L - 6 ctn\nmilk 2L',
    });
    const fetchMock = serveApi({
      '/api/orders': () => pageResponse([makeOrder()]),
      '/api/clients': () => jsonResponse([]),
      '/api/stock': () => jsonResponse([]),
      'POST /api/orders/upload': accepted,
      '/api/ai-jobs/job-1': jobAnswers(
        { state: 'active', progress: { step: 'matching', percent: 60 } },
        { state: 'completed', progress: { step: 'matching', percent: 100 }, result },
      ),
      'POST /api/orders/manual': () => jsonResponse(makeOrder({ orderNumber: 'ORD-2026-000077' }), 201, 'Created'),
    });
    const user = userEvent.setup();
    renderWithProviders(<OrdersPage access={fullAccess} currency="SAR" />, '/orders');

    await user.click(await screen.findByRole('button', { name: 'Upload Order' }));
    const upload = await screen.findByRole('dialog', { name: 'Upload Order' });
    expect(within(upload).getByRole('tab', { name: 'Text', selected: true })).toBeTruthy();
    await user.type(within(upload).getByRole('textbox', { name: 'Order message' }), 'Al Noor Trading{enter}milk 2L x6');
    await user.click(within(upload).getByRole('button', { name: 'Process with AI' }));

    // The job's step, as a labelled progress bar.
    const progress = await within(upload).findByRole('progressbar', { name: 'Matching the items to your stock…' });
    expect(progress.getAttribute('aria-valuenow')).toBe('60');
    expect(within(upload).getByRole('button', { name: 'Processing...' })).toHaveProperty('disabled', true);

    const confirm = await screen.findByRole('dialog', { name: 'Confirm Order Details' });
    expect(screen.queryByRole('dialog', { name: 'Upload Order' })).toBeNull();
    expect(bodiesSent(fetchMock, 'POST', '/api/orders/upload?wait=false')).toEqual([
      { orderText: 'Al Noor Trading\nmilk 2L x6' },
    ]);
    expect((within(confirm).getByRole('combobox', { name: /^Client/ }) as HTMLInputElement).value).toBe(
      'Al Noor Trading',
    );
    expect(within(confirm).getByText('Existing client')).toBeTruthy();
    expect(within(confirm).getAllByTestId('order-line')).toHaveLength(2);
    expect(within(confirm).getByTestId('original-text').textContent).toContain('Almarai fresh milk 2L - 6 ctn');

    await user.type(within(confirm).getByRole('textbox', { name: 'Notes (optional)' }), 'Before 10am');
    await user.click(within(confirm).getByRole('button', { name: 'Confirm & Create Order' }));

    const toast = await findToast('Order created successfully', 'status');
    expect(within(toast).getByText('Order ORD-2026-000077 was created.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const line = {
      itemName: 'Almarai Fresh Milk Full Fat 2L',
      itemNameAr: 'حليب المراعي طازج كامل الدسم 2 لتر',
      unit: 'carton',
      // Priced by the server for the client (the parse's price is shown, not sent).
      stockItemId: 'i-milk-2l',
      phrase: 'almarai fresh milk 2l',
    };
    expect(bodiesSent(fetchMock, 'POST', '/api/orders/manual')).toEqual([
      {
        clientName: 'Al Noor Trading',
        clientId: 'c-noor',
        notes: 'Before 10am',
        source: 'text',
        rawOrderText: 'Al Noor Trading\nAlmarai fresh milk 2L - 6 ctn\nmilk 2L',
        items: [
          { ...line, quantity: '6' },
          { ...line, quantity: '1' },
        ],
      },
    ]);
  }, 60_000);

  it('says "Order text required" for an empty message, and sends nothing', async () => {
    const { fetchMock, user, dialog } = renderDialog();
    await user.type(within(dialog).getByRole('textbox', { name: 'Order message' }), '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Process with AI' }));
    const toast = await findToast('Order text required');
    expect(within(toast).getByText('Please enter order text or upload an image')).toBeTruthy();
    expect(document.activeElement).toBe(within(dialog).getByRole('textbox', { name: 'Order message' }));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("shows a failed job's message, keeps the text, and reads again on the next try", async () => {
    let attempt = 0;
    const { onParsed, user, dialog } = renderDialog({
      'POST /api/orders/upload': () => jsonResponse({ jobId: `job-${++attempt}` }, 202, 'Accepted'),
      '/api/ai-jobs/job-1': jobAnswers(
        { state: 'active', progress: { step: 'reading', percent: 10 } },
        {
          state: 'failed',
          error: { status: 503, code: 'AI_TIMEOUT', message: 'Reading took too long', details: { jobId: 'job-1' } },
        },
      ),
      '/api/ai-jobs/job-2': () =>
        jsonResponse(jobStatus({ jobId: 'job-2', state: 'completed', result: makeParseResult() })),
    });
    const text = within(dialog).getByRole('textbox', { name: 'Order message' }) as HTMLTextAreaElement;
    await user.type(text, '6 ctn milk');
    await user.click(within(dialog).getByRole('button', { name: 'Process with AI' }));

    const toast = await findToast('Failed to process order');
    expect(within(toast).getByText('Reading took too long')).toBeTruthy();
    const failure = await within(dialog).findByTestId('upload-failure');
    expect(failure.textContent).toContain('Reading took too long');
    expect(text.value).toBe('6 ctn milk');
    expect(within(dialog).queryByRole('progressbar')).toBeNull();
    expect(onParsed).not.toHaveBeenCalled();

    await user.click(within(dialog).getByRole('button', { name: 'Process with AI' }));
    await waitFor(() => expect(onParsed).toHaveBeenCalledWith(makeParseResult()));
    expect(within(dialog).queryByTestId('upload-failure')).toBeNull();
  });

  it("shows the server's refusal of the upload itself", async () => {
    const { user, dialog } = renderDialog({
      'POST /api/orders/upload': () =>
        jsonResponse(
          { message: 'orderText must be shorter than or equal to 20000 characters', code: 'VALIDATION_FAILED' },
          400,
          'Bad Request',
        ),
    });
    await user.type(within(dialog).getByRole('textbox', { name: 'Order message' }), 'rice');
    await user.click(within(dialog).getByRole('button', { name: 'Process with AI' }));
    const toast = await findToast('Failed to process order');
    expect(within(toast).getByText('orderText must be shorter than or equal to 20000 characters')).toBeTruthy();
  });

  describe('Voice', () => {
    it('says "Microphone access denied" when the browser is refused the microphone', async () => {
      giveMicrophone(() => Promise.reject(new DOMException('Permission denied', 'NotAllowedError')));
      const { fetchMock, user, dialog } = renderDialog();
      await user.click(within(dialog).getByRole('tab', { name: 'Voice' }));
      await user.click(within(dialog).getByRole('button', { name: 'Record' }));

      const toast = await findToast('Microphone access denied');
      expect(within(toast).getByText('Please allow microphone access to record voice orders')).toBeTruthy();
      expect(await within(dialog).findByTestId('upload-failure')).toBeTruthy();
      expect(within(dialog).getByRole('button', { name: 'Record' })).toBeTruthy();
      expect(fetchMock).not.toHaveBeenCalled();
    });

    it('says "No voice recording" before anything was recorded', async () => {
      const { fetchMock, user, dialog } = renderDialog();
      await user.click(within(dialog).getByRole('tab', { name: 'Voice' }));
      await user.click(within(dialog).getByRole('button', { name: 'Transcribe & Process' }));
      const toast = await findToast('No voice recording');
      expect(within(toast).getByText('Please record a voice note first')).toBeTruthy();
      expect(fetchMock).not.toHaveBeenCalled();
    });

    it("records, plays back, records again and sends the note in the chosen language; shows the server's 503 for Arabic", async () => {
      giveMicrophone(async () => ({ getTracks: () => [{ stop: stopTrack }] }));
      const unavailable =
        'Arabic voice notes need a speech-to-text endpoint: set AI_BASE_URL (and AI_API_KEY, AI_TRANSCRIBE_MODEL)';
      const { fetchMock, onParsed, user, dialog } = renderDialog({
        'POST /api/orders/transcribe': accepted,
        '/api/ai-jobs/job-1': jobAnswers({
          state: 'failed',
          error: { status: 503, code: 'AI_SPEECH_UNAVAILABLE', message: unavailable },
        }),
      });
      await user.click(within(dialog).getByRole('tab', { name: 'Voice' }));
      await user.click(within(dialog).getByRole('combobox', { name: 'Language spoken' }));
      await user.click(await screen.findByRole('option', { name: 'Arabic' }));

      await user.click(within(dialog).getByRole('button', { name: 'Record' }));
      expect(await within(dialog).findByText(/^Recording… 0:0\d$/)).toBeTruthy();
      // No other tab, and nothing to send, while recording.
      expect(within(dialog).getByRole('tab', { name: 'Text' })).toHaveProperty('disabled', true);
      expect(within(dialog).getByRole('button', { name: 'Transcribe & Process' })).toHaveProperty('disabled', true);
      await user.click(within(dialog).getByRole('button', { name: 'Stop' }));

      expect(await within(dialog).findByLabelText('Recorded voice note')).toBeTruthy();
      expect(stopTrack).toHaveBeenCalled();
      await user.click(within(dialog).getByRole('button', { name: 'Record Again' }));
      await user.click(await within(dialog).findByRole('button', { name: 'Stop' }));
      await within(dialog).findByLabelText('Recorded voice note');
      await user.click(within(dialog).getByRole('button', { name: 'Transcribe & Process' }));

      const toast = await findToast('Failed to process voice order');
      expect(within(toast).getByText(unavailable)).toBeTruthy();
      expect(bodiesSent(fetchMock, 'POST', '/api/orders/transcribe?wait=false')).toEqual([
        { audioBase64: 'data:audio/webm;base64,dm9pY2U=', mimeType: 'audio/webm', language: 'ar' },
      ]);
      expect(onParsed).not.toHaveBeenCalled();
    });
  });

  describe('Voice file', () => {
    it('takes a WhatsApp voice note saved as .opus, refuses what is no audio, and sends the file as ogg', async () => {
      giveMicrophone(async () => ({ getTracks: () => [] }));
      const result = makeParseResult({ source: 'voice' });
      const { fetchMock, onParsed, user, dialog } = renderDialog({
        'POST /api/orders/transcribe': accepted,
        '/api/ai-jobs/job-1': jobAnswers({ state: 'completed', result }),
      });
      await user.click(within(dialog).getByRole('tab', { name: 'Voice' }));
      const input = within(dialog).getByLabelText('Voice file');

      await user.upload(input, new File([new Uint8Array(4)], 'list.txt', { type: 'text/plain' }));
      const refused = await findToast('Not a voice file');
      expect(within(refused).getByText('Please choose an OPUS, OGG, M4A, MP3 or WAV file')).toBeTruthy();

      // Phones save WhatsApp voice notes as .opus, often with no MIME type.
      await user.upload(input, new File(['voice'], 'PTT-20261128-WA0007.opus', { type: '' }));
      expect(
        await within(dialog).findByText(
          'Voice file: \u2068PTT-20261128-WA0007.opus\u2069. Play it to check it is the order.',
        ),
      ).toBeTruthy();
      expect(within(dialog).getByLabelText('Recorded voice note')).toBeTruthy();
      await user.click(within(dialog).getByRole('button', { name: 'Transcribe & Process' }));

      await waitFor(() => expect(onParsed).toHaveBeenCalledWith(result));
      expect(bodiesSent(fetchMock, 'POST', '/api/orders/transcribe?wait=false')).toEqual([
        { audioBase64: 'data:audio/ogg;base64,dm9pY2U=', mimeType: 'audio/ogg', language: 'en' },
      ]);
    });
  });

  describe('Image', () => {
    const file = (name: string, type: string, bytes = 12) => new File([new Uint8Array(bytes)], name, { type });

    it('refuses a file that is not a JPG, PNG or PDF, or is over 10 MB', async () => {
      const { fetchMock, user, dialog } = renderDialog();
      await user.click(within(dialog).getByRole('tab', { name: 'Image' }));
      const process = within(dialog).getByRole('button', { name: 'Process with AI' });
      expect(process).toHaveProperty('disabled', true);
      const input = within(dialog).getByLabelText('Order image or PDF');

      await user.upload(input, file('order.gif', 'image/gif'));
      const wrongType = await findToast('Invalid file type');
      expect(within(wrongType).getByText('Please choose a JPG, PNG or PDF file')).toBeTruthy();

      const big = file('order.png', 'image/png');
      Object.defineProperty(big, 'size', { value: 10 * 1024 * 1024 + 1 });
      await user.upload(input, big);
      expect(await findToast('File too large')).toBeTruthy();
      expect(process).toHaveProperty('disabled', true);
      expect(fetchMock).not.toHaveBeenCalled();
    });

    it('sends the chosen PDF as a data URL and hands on the result', async () => {
      const result = makeParseResult({ source: 'image', uploadedFileUrl: '/api/files/intake/2026/a.pdf' });
      const { fetchMock, onParsed, user, dialog } = renderDialog({
        'POST /api/orders/upload': accepted,
        '/api/ai-jobs/job-1': jobAnswers(
          { state: 'active', progress: { step: 'recognising', percent: 40 } },
          { state: 'completed', result },
        ),
      });
      await user.click(within(dialog).getByRole('tab', { name: 'Image' }));
      await user.upload(within(dialog).getByLabelText('Order image or PDF'), file('order.pdf', 'application/pdf', 3));
      expect(within(dialog).getByTestId('order-file-name').textContent).toContain('order.pdf');
      await user.click(within(dialog).getByRole('button', { name: 'Process with AI' }));

      expect(await within(dialog).findByRole('progressbar', { name: 'Recognising the text…' })).toBeTruthy();
      await waitFor(() => expect(onParsed).toHaveBeenCalledWith(result));
      expect(bodiesSent(fetchMock, 'POST', '/api/orders/upload?wait=false')).toEqual([
        { imageBase64: 'data:application/pdf;base64,AAAA' },
      ]);
    });
  });

  it('reads right to left in Arabic, with Gulf business wording', async () => {
    await i18n.changeLanguage('ar');
    const { user, dialog } = renderDialog();
    expect(document.documentElement.dir).toBe('rtl');
    expect(within(dialog).getByRole('heading', { name: 'رفع طلب' })).toBeTruthy();
    expect(
      within(dialog)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual(['نص', 'صوت', 'صورة']);
    expect(within(dialog).getByRole('textbox', { name: 'نص الطلب' }).getAttribute('dir')).toBe('auto');
    await user.click(within(dialog).getByRole('button', { name: 'معالجة بالذكاء الاصطناعي' }));
    const toast = await findToast('نص الطلب مطلوب');
    expect(within(toast).getByText('يرجى إدخال نص الطلب أو رفع صورة')).toBeTruthy();
  });
});
