import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { bodiesSent, makeUser, serveApi, type ApiRoutes } from '../../../test/fixtures';
import { jsonResponse, mockMatchMedia, renderApp, renderWithProviders, type mockFetch } from '../../../test/render';
import type { InboxDraftDto } from '../api/inbox-api';
import { fullAccess, readOnlyAccess } from '../lib/access';
import { brokenPhotoDraft, confirmedPdfDraft, makeInboxDraft, voiceDraft } from '../test/inbox-fixtures';
import { makeClient, makeOrder } from '../test/order-fixtures';
import { InboxPage } from './inbox-page';

function inboxResponse(items: InboxDraftDto[], total = items.length): Response {
  return new Response(JSON.stringify(items), {
    status: 200,
    headers: { 'Content-Type': 'application/json', 'X-Total-Count': String(total) },
  });
}

const textDraft = makeInboxDraft();

function renderInbox(routes: ApiRoutes = {}, access = fullAccess) {
  const fetchMock = serveApi({
    '/api/inbox': () => inboxResponse([textDraft, voiceDraft, brokenPhotoDraft]),
    '/api/clients': () => jsonResponse([]),
    '/api/stock': () => jsonResponse([]),
    ...routes,
  });
  const user = userEvent.setup();
  const rendered = renderWithProviders(<InboxPage access={access} currency="SAR" />, '/inbox');
  return { fetchMock, user, router: rendered.router };
}

/** The Inbox pages asked for, as sent. */
const inboxReads = (fetchMock: ReturnType<typeof mockFetch>) =>
  fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.startsWith('/api/inbox?'));

async function rows() {
  const table = await screen.findByRole('table', { name: 'Inbox messages' });
  return within(table).findAllByTestId('inbox-row');
}

describe('InboxPage', () => {
  it('lists the waiting messages with the sender, the client, the original and the lines read', async () => {
    const { fetchMock } = renderInbox();
    expect(screen.getByRole('heading', { level: 1, name: 'Inbox' })).toBeTruthy();
    const [text, voice, photo] = await rows();
    expect(inboxReads(fetchMock)[0]).toBe('/api/inbox?status=waiting&limit=20&offset=0');

    // A text from a known client's number: its lines with the AI's confidence.
    expect(within(text).getByText('Abu Faisal')).toBeTruthy();
    const number = within(text).getByTestId('sender-number');
    expect(number.textContent).toBe('+966501234567');
    expect(number.querySelector('bdi')?.getAttribute('dir')).toBe('ltr');
    expect(within(text).getByTestId('draft-client').textContent).toBe('Client: Al Noor Trading');
    expect(within(text).getByTestId('draft-kind').textContent).toBe('Text message');
    expect(within(text).getByText(/Almarai fresh milk 2L - 6 ctn/)).toBeTruthy();
    expect(within(text).getByTestId('draft-line').textContent).toContain('Almarai Fresh Milk Full Fat 2L');
    expect(within(text).getByLabelText('AI match confidence 93%').textContent).toBe('93% match');
    expect(within(text).getByText('Waiting')).toBeTruthy();
    expect(text.querySelector('time')?.getAttribute('dateTime')).toBe('2026-11-22T08:15:00.000Z');
    expect(within(text).getByRole('button', { name: 'Confirm the message from Abu Faisal' })).toBeTruthy();
    expect(within(text).getByRole('button', { name: 'Dismiss the message from Abu Faisal' })).toBeTruthy();

    // A voice note from a number no client has: play it, read what was heard, make the client.
    const audio = within(voice).getByLabelText('Voice note from Khalid Bakery');
    expect(audio.tagName).toBe('AUDIO');
    expect(audio.getAttribute('src')).toBe('/api/files/intake/orders/2026/11/voice.ogg');
    expect(audio.hasAttribute('controls')).toBe(true);
    expect(within(voice).getByText('What was heard')).toBeTruthy();
    expect(within(voice).getByText('ten bags of basmati rice')).toBeTruthy();
    expect(within(voice).getByTestId('draft-client').textContent).toContain('No client for this number');
    expect(within(voice).getByRole('button', { name: 'Create client for +966558124403' })).toBeTruthy();
    expect(within(voice).getByLabelText('AI match confidence 71%')).toBeTruthy();
    expect(within(voice).getByText('Check quantity')).toBeTruthy();

    // A photo that could not be fetched: the number stands for the name, the problems are said.
    expect(within(photo).getByTestId('sender-number').textContent).toBe('+971501112233');
    expect(within(photo).getByText(/The photo could not be downloaded from WhatsApp/)).toBeTruthy();
    expect(within(photo).getByText(/Nothing to read: the file is missing/)).toBeTruthy();
    expect(within(photo).getByText('No lines were read. Confirm to type them yourself, or dismiss.')).toBeTruthy();
    expect(within(photo).getByText('list for tomorrow')).toBeTruthy();
  });

  it('shows the photo as a thumbnail that opens full size, and a PDF as a link', async () => {
    const photo = makeInboxDraft({
      id: 'd-photo-ok',
      kind: 'image',
      text: null,
      fileUrl: '/api/files/intake/orders/2026/11/list.jpg',
    });
    renderInbox({ '/api/inbox': () => inboxResponse([photo, { ...confirmedPdfDraft, status: 'waiting' }]) });
    const [image, pdf] = await rows();
    const thumbnail = within(image).getByRole('img', { name: 'Photo from Abu Faisal: open it full size' });
    expect(thumbnail.getAttribute('src')).toBe('/api/files/intake/orders/2026/11/list.jpg');
    expect(thumbnail.closest('a')?.getAttribute('href')).toBe('/api/files/intake/orders/2026/11/list.jpg');
    expect(thumbnail.closest('a')?.getAttribute('target')).toBe('_blank');
    expect(within(pdf).getByRole('link', { name: 'Open the document' }).getAttribute('href')).toBe(
      '/api/files/intake/orders/2026/11/order.pdf',
    );
  });

  it('narrows to confirmed messages, with their order and the state of the WhatsApp confirmation', async () => {
    const failed = makeInboxDraft({
      id: 'd-failed',
      status: 'confirmed',
      orderId: 'o-78',
      decidedAt: '2026-11-21T16:00:00.000Z',
      reply: {
        status: 'failed',
        kind: 'template',
        error: 'No confirmation template is set',
        updatedAt: '2026-11-21T16:00:05.000Z',
      },
    });
    const { fetchMock, user } = renderInbox({
      '/api/inbox': (_init, url) =>
        inboxResponse(url.searchParams.get('status') === 'confirmed' ? [confirmedPdfDraft, failed] : [textDraft]),
    });
    await rows();
    await user.click(screen.getByRole('combobox', { name: 'Show' }));
    await user.click(await screen.findByRole('option', { name: 'Confirmed' }));
    await waitFor(() => expect(inboxReads(fetchMock)).toContain('/api/inbox?status=confirmed&limit=20&offset=0'));
    await waitFor(async () => expect(await rows()).toHaveLength(2));
    const [pdf, notSent] = await rows();
    expect(within(pdf).getByText('Confirmed')).toBeTruthy();
    expect(within(pdf).getByTestId('draft-reply').textContent).toBe('WhatsApp confirmation delivered');
    expect(within(pdf).getByRole('link', { name: 'View order ORD-2026-000077' }).getAttribute('href')).toBe(
      '/orders?order=o-77',
    );
    expect(within(pdf).queryByRole('button', { name: /Confirm the message/ })).toBeNull();
    expect(within(notSent).getByTestId('draft-reply').textContent).toBe(
      'WhatsApp confirmation not sent: No confirmation template is set',
    );

    await user.click(screen.getByRole('combobox', { name: 'Show' }));
    await user.click(await screen.findByRole('option', { name: 'All messages' }));
    await waitFor(() => expect(inboxReads(fetchMock)).toContain('/api/inbox?limit=20&offset=0'));
  });

  it('says no message is waiting, and where they come from', async () => {
    renderInbox({ '/api/inbox': () => inboxResponse([]) });
    expect(await screen.findByText('No messages waiting')).toBeTruthy();
    expect(screen.getByText('Orders sent to your WhatsApp Business number appear here.')).toBeTruthy();
  });

  it('shows skeleton rows while loading and Try again when the Inbox cannot be read', async () => {
    let fail = true;
    const { user } = renderInbox({
      '/api/inbox': () =>
        fail
          ? jsonResponse(
              { message: 'ai-parser is unavailable', code: 'SERVICE_UNAVAILABLE' },
              503,
              'Service Unavailable',
            )
          : inboxResponse([textDraft]),
    });
    expect(screen.getAllByTestId('skeleton-row')).toHaveLength(3);
    expect(await screen.findByText('Could not load the data')).toBeTruthy();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await rows()).toHaveLength(1);
  });

  it('is in Gulf business Arabic, numbers left to right', async () => {
    await i18n.changeLanguage('ar');
    renderInbox();
    expect(screen.getByRole('heading', { level: 1, name: 'صندوق الوارد' })).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'رسائل صندوق الوارد' });
    const [text, voice, photo] = await within(table).findAllByTestId('inbox-row');
    for (const header of ['المرسل', 'الرسالة', 'الأصناف المقروءة', 'الحالة', 'الإجراءات']) {
      expect(within(table).getByRole('columnheader', { name: header })).toBeTruthy();
    }
    expect(within(text).getByText('بانتظار المراجعة')).toBeTruthy();
    expect(within(text).getByTestId('draft-client').textContent).toBe('العميل: مؤسسة النور التجارية');
    expect(within(text).getByTestId('draft-kind').textContent).toBe('رسالة نصية');
    expect(within(text).getByTestId('draft-line').textContent).toContain('حليب المراعي طازج كامل الدسم 2 لتر');
    expect(within(text).getByRole('button', { name: 'تأكيد رسالة Abu Faisal' })).toBeTruthy();
    expect(within(text).getByRole('button', { name: 'استبعاد رسالة Abu Faisal' })).toBeTruthy();
    expect(within(voice).getByTestId('draft-kind').textContent).toBe('رسالة صوتية');
    expect(within(voice).getByText('النص المفرَّغ من الصوت')).toBeTruthy();
    expect(within(voice).getByTestId('draft-client').textContent).toContain('لا يوجد عميل بهذا الرقم');
    expect(within(voice).getByRole('button', { name: 'إضافة عميل للرقم +966558124403' })).toBeTruthy();
    expect(within(photo).getByText(/تعذّر جلب الملف/)).toBeTruthy();
    expect(within(photo).getByTestId('sender-number').querySelector('bdi')?.getAttribute('dir')).toBe('ltr');
  });

  it('shows an empty Arabic Inbox in Arabic', async () => {
    await i18n.changeLanguage('ar');
    renderInbox({ '/api/inbox': () => inboxResponse([]) });
    expect(await screen.findByText('لا توجد رسائل بانتظار المراجعة')).toBeTruthy();
    expect(screen.getByText('تظهر هنا الطلبات المرسلة إلى رقم واتساب للأعمال الخاص بك.')).toBeTruthy();
  });

  describe('Confirm', () => {
    it('opens the AI confirm dialog with the matched client and posts the order to the draft with the confirmation', async () => {
      const { fetchMock, user, router } = renderInbox({
        '/api/inbox': () => inboxResponse([textDraft]),
        'POST /api/inbox/d-text/confirm': () =>
          jsonResponse({
            draft: { ...textDraft, status: 'confirmed', orderId: 'o-123' },
            order: makeOrder({ id: 'o-123', orderNumber: 'ORD-2026-000123', source: 'text' }),
          }),
      });
      await user.click(await screen.findByRole('button', { name: 'Confirm the message from Abu Faisal' }));
      const dialog = await screen.findByRole('dialog', { name: 'Confirm Order Details' });
      // The client is the number's, not the message's "Unknown Client".
      const client = within(dialog).getByRole('combobox', { name: /^Client/ }) as HTMLInputElement;
      expect(client.value).toBe('Al Noor Trading');
      expect(within(dialog).getAllByTestId('order-line')).toHaveLength(1);
      const send = within(dialog).getByRole('checkbox', {
        name: 'Send the client a WhatsApp confirmation',
      }) as HTMLInputElement;
      expect(send.checked).toBe(true);
      expect(within(dialog).getByText('+966501234567')).toBeTruthy();

      await user.click(within(dialog).getByRole('button', { name: 'Confirm & Create Order' }));
      await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Confirm Order Details' })).toBeNull());
      expect(bodiesSent(fetchMock, 'POST', '/api/inbox/d-text/confirm')).toEqual([
        {
          clientName: 'Al Noor Trading',
          clientId: 'c-noor',
          source: 'text',
          rawOrderText: 'السلام عليكم\nAlmarai fresh milk 2L - 6 ctn',
          items: [
            {
              itemName: 'Almarai Fresh Milk Full Fat 2L',
              itemNameAr: 'حليب المراعي طازج كامل الدسم 2 لتر',
              quantity: '6',
              unit: 'carton',
              stockItemId: 'i-milk-2l',
              phrase: 'almarai fresh milk 2l',
            },
          ],
          sendConfirmation: true,
        },
      ]);
      expect(bodiesSent(fetchMock, 'POST', '/api/orders/manual')).toEqual([]);

      // Said with the order's number and a way to it.
      const toast = await screen.findByRole('status');
      expect(within(toast).getByText('Order created')).toBeTruthy();
      expect(toast.textContent).toContain('Order ORD-2026-000123 was made from the WhatsApp message.');
      const link = within(toast).getByRole('link', { name: 'View order' });
      expect(link.getAttribute('href')).toBe('/orders?order=o-123');
      // The Inbox is read again (the draft moved out of Waiting).
      await waitFor(() => expect(inboxReads(fetchMock).length).toBeGreaterThanOrEqual(2));
      await user.click(link);
      expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/orders?order=o-123');
    });

    it('refreshes the Inbox and says so when someone else handled the message first (409)', async () => {
      let reads = 0;
      const { fetchMock, user } = renderInbox({
        '/api/inbox': () => {
          reads += 1;
          return inboxResponse(reads === 1 ? [textDraft] : []);
        },
        'POST /api/inbox/d-text/confirm': () =>
          jsonResponse(
            {
              message: 'This message was already confirmed into an order',
              code: 'INBOX_DRAFT_NOT_WAITING',
              details: { id: 'd-text', status: 'confirmed', orderId: 'o-9' },
            },
            409,
            'Conflict',
          ),
      });
      await user.click(await screen.findByRole('button', { name: 'Confirm the message from Abu Faisal' }));
      const dialog = await screen.findByRole('dialog', { name: 'Confirm Order Details' });
      await user.click(within(dialog).getByRole('checkbox', { name: 'Send the client a WhatsApp confirmation' }));
      await user.click(within(dialog).getByRole('button', { name: 'Confirm & Create Order' }));

      expect(await screen.findByText('Already handled')).toBeTruthy();
      expect(
        screen.getByText(
          'This message was already handled (confirmed or dismissed) or is still being read. The Inbox has been refreshed.',
        ),
      ).toBeTruthy();
      await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Confirm Order Details' })).toBeNull());
      expect(await screen.findByText('No messages waiting')).toBeTruthy();
      expect(reads).toBe(2);
      expect(bodiesSent(fetchMock, 'POST', '/api/inbox/d-text/confirm')).toMatchObject([{ sendConfirmation: false }]);
    });

    it('opens a message nothing was read from with an empty line and no confirmation for an unknown number', async () => {
      const { user } = renderInbox({ '/api/inbox': () => inboxResponse([brokenPhotoDraft]) });
      await user.click(await screen.findByRole('button', { name: 'Confirm the message from +971501112233' }));
      const dialog = await screen.findByRole('dialog', { name: 'Confirm Order Details' });
      expect(within(dialog).getByText(/No items were found in the message/)).toBeTruthy();
      expect(within(dialog).getAllByTestId('order-line')).toHaveLength(1);
      expect((within(dialog).getByRole('combobox', { name: /^Client/ }) as HTMLInputElement).value).toBe('');
      const send = within(dialog).getByRole('checkbox', {
        name: 'Send the client a WhatsApp confirmation',
      }) as HTMLInputElement;
      expect(send.checked).toBe(false);
    });
  });

  describe('Dismiss', () => {
    it('asks for a reason, offers quick ones, and posts it', async () => {
      const { fetchMock, user } = renderInbox({
        '/api/inbox': () => inboxResponse([textDraft]),
        'POST /api/inbox/d-text/dismiss': () =>
          jsonResponse({ ...textDraft, status: 'dismissed', dismissReason: 'Spam' }),
      });
      await user.click(await screen.findByRole('button', { name: 'Dismiss the message from Abu Faisal' }));
      const dialog = await screen.findByRole('dialog', { name: 'Dismiss this message?' });
      const reason = within(dialog).getByRole('textbox', { name: /^Reason/ }) as HTMLTextAreaElement;

      await user.type(reason, '   ');
      await user.click(within(dialog).getByRole('button', { name: 'Dismiss message' }));
      expect(within(dialog).getByText('Say why the message is dismissed')).toBeTruthy();
      expect(reason.getAttribute('aria-invalid')).toBe('true');
      expect(document.activeElement).toBe(reason);
      expect(bodiesSent(fetchMock, 'POST', '/api/inbox/d-text/dismiss')).toEqual([]);

      const quick = within(dialog).getByRole('group', { name: 'Quick reasons' });
      for (const label of ['Not an order', 'Duplicate', 'Spam']) {
        expect(within(quick).getByRole('button', { name: label })).toBeTruthy();
      }
      await user.click(within(quick).getByRole('button', { name: 'Spam' }));
      expect(reason.value).toBe('Spam');
      await user.click(within(dialog).getByRole('button', { name: 'Dismiss message' }));

      expect(await screen.findByText('Message dismissed')).toBeTruthy();
      expect(bodiesSent(fetchMock, 'POST', '/api/inbox/d-text/dismiss')).toEqual([{ reason: 'Spam' }]);
      await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Dismiss this message?' })).toBeNull());
    });

    it('sends a typed reason in Arabic, trimmed', async () => {
      await i18n.changeLanguage('ar');
      const { fetchMock, user } = renderInbox({
        '/api/inbox': () => inboxResponse([textDraft]),
        'POST /api/inbox/d-text/dismiss': () => jsonResponse({ ...textDraft, status: 'dismissed' }),
      });
      await user.click(await screen.findByRole('button', { name: 'استبعاد رسالة Abu Faisal' }));
      const dialog = await screen.findByRole('dialog', { name: 'استبعاد هذه الرسالة؟' });
      expect(within(dialog).getByRole('button', { name: 'ليست طلبًا' })).toBeTruthy();
      await user.type(within(dialog).getByRole('textbox', { name: /^سبب الاستبعاد/ }), ' العميل أرسل الطلب مرتين ');
      await user.click(within(dialog).getByRole('button', { name: 'استبعاد الرسالة' }));
      expect(await screen.findByText('تم استبعاد الرسالة')).toBeTruthy();
      expect(bodiesSent(fetchMock, 'POST', '/api/inbox/d-text/dismiss')).toEqual([
        { reason: 'العميل أرسل الطلب مرتين' },
      ]);
    });
  });

  describe('Create client', () => {
    it("starts from the sender's name and WhatsApp number, and links the new client to the message", async () => {
      const khalid = makeClient({
        id: 'c-khalid',
        name: 'Khalid Bakery',
        nameAr: null,
        phone: null,
        whatsapp: '966558124403',
      });
      const { fetchMock, user } = renderInbox({
        '/api/inbox': () => inboxResponse([voiceDraft]),
        'POST /api/clients': () => jsonResponse(khalid, 201, 'Created'),
      });
      await user.click(await screen.findByRole('button', { name: 'Create client for +966558124403' }));
      const dialog = await screen.findByRole('dialog', { name: 'New Client' });
      expect((within(dialog).getByRole('textbox', { name: /^Name/ }) as HTMLInputElement).value).toBe('Khalid Bakery');
      expect((within(dialog).getByRole('textbox', { name: /^WhatsApp number/ }) as HTMLInputElement).value).toBe(
        '+966558124403',
      );
      await user.click(within(dialog).getByRole('button', { name: 'Add Client' }));
      await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New Client' })).toBeNull());
      expect(bodiesSent(fetchMock, 'POST', '/api/clients')).toEqual([
        { name: 'Khalid Bakery', whatsapp: '+966558124403' },
      ]);
      const [voice] = await rows();
      expect(within(voice).getByTestId('draft-client').textContent).toBe('Client: Khalid Bakery');

      // Confirming now starts with that client, and offers to tell them on WhatsApp.
      await user.click(within(voice).getByRole('button', { name: 'Confirm the message from Khalid Bakery' }));
      const confirm = await screen.findByRole('dialog', { name: 'Confirm Order Details' });
      expect((within(confirm).getByRole('combobox', { name: /^Client/ }) as HTMLInputElement).value).toBe(
        'Khalid Bakery',
      );
      expect(
        (
          within(confirm).getByRole('checkbox', {
            name: 'Send the client a WhatsApp confirmation',
          }) as HTMLInputElement
        ).checked,
      ).toBe(true);
    });

    it('never starts from the parser\'s "Unknown Client"', async () => {
      const unnamed = makeInboxDraft({ id: 'd-unnamed', senderName: null, client: null, from: '966509998877' });
      const { user } = renderInbox({ '/api/inbox': () => inboxResponse([unnamed]) });
      await user.click(await screen.findByRole('button', { name: 'Create client for +966509998877' }));
      const dialog = await screen.findByRole('dialog', { name: 'New Client' });
      expect((within(dialog).getByRole('textbox', { name: /^Name/ }) as HTMLInputElement).value).toBe('');
      expect((within(dialog).getByRole('textbox', { name: /^WhatsApp number/ }) as HTMLInputElement).value).toBe(
        '+966509998877',
      );
    });
  });

  it('shows cards at phone width, with the actions in reach', async () => {
    mockMatchMedia((query) => query.includes('max-width: 599.95px'));
    renderInbox();
    const list = await screen.findByRole('list', { name: 'Inbox messages' });
    const cards = await within(list).findAllByTestId('inbox-row');
    expect(cards).toHaveLength(3);
    expect(screen.queryByRole('table')).toBeNull();
    expect(within(cards[0]).getByRole('button', { name: 'Confirm the message from Abu Faisal' })).toBeTruthy();
    expect(within(cards[0]).getByRole('button', { name: 'Dismiss the message from Abu Faisal' })).toBeTruthy();
    expect(screen.queryByRole('combobox', { name: 'Sort by' })).toBeNull();
  });

  it('offers no Confirm, Dismiss or Create client to a user who may only read orders', async () => {
    renderInbox({}, readOnlyAccess);
    const [text, voice] = await rows();
    expect(within(text).queryByRole('button', { name: /Confirm the message/ })).toBeNull();
    expect(within(text).queryByRole('button', { name: /Dismiss the message/ })).toBeNull();
    expect(within(voice).queryByRole('button', { name: /Create client/ })).toBeNull();
    expect(within(voice).getByText('No client for this number')).toBeTruthy();
  });
});

describe('Inbox in the sidebar', () => {
  const clerk = makeUser({ permissions: ['orders:read', 'orders:write', 'clients:read', 'clients:write'] });

  it('shows how many messages wait, polled from the count of a one-row page, in both languages', async () => {
    const fetchMock = serveApi({
      '/api/user': () => jsonResponse(clerk),
      '/api/inbox': () => inboxResponse([textDraft], 3),
    });
    renderApp('/dashboard');
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    const link = await within(nav).findByRole('link', { name: 'Inbox, 3 waiting' });
    expect(link.getAttribute('href')).toBe('/inbox');
    expect(within(link).getByTestId('nav-badge-inbox').textContent).toBe('3');
    expect(inboxReads(fetchMock)).toContain('/api/inbox?status=waiting&limit=1');

    await i18n.changeLanguage('ar');
    const arabicNav = await screen.findByRole('navigation', { name: 'القائمة الرئيسية' });
    expect(within(arabicNav).getByRole('link', { name: 'صندوق الوارد، 3 بانتظار المراجعة' })).toBeTruthy();
  });

  it('counts again after a message is confirmed', async () => {
    let waiting = [textDraft];
    serveApi({
      '/api/user': () => jsonResponse(clerk),
      '/api/inbox': () => inboxResponse(waiting),
      '/api/clients': () => jsonResponse([]),
      'POST /api/inbox/d-text/confirm': () => {
        waiting = [];
        return jsonResponse({
          draft: { ...textDraft, status: 'confirmed', orderId: 'o-123' },
          order: makeOrder({ id: 'o-123', orderNumber: 'ORD-2026-000123' }),
        });
      },
    });
    const user = userEvent.setup();
    renderApp('/inbox');
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    expect(await within(nav).findByRole('link', { name: 'Inbox, 1 waiting' })).toBeTruthy();
    await user.click(await screen.findByRole('button', { name: 'Confirm the message from Abu Faisal' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm Order Details' });
    await user.click(within(dialog).getByRole('button', { name: 'Confirm & Create Order' }));
    await waitFor(() => expect(within(nav).getByRole('link', { name: 'Inbox' })).toBeTruthy());
    expect(within(nav).queryByTestId('nav-badge-inbox')).toBeNull();
    expect(await screen.findByText('No messages waiting')).toBeTruthy();
  });

  it('is neither shown nor asked for without orders:read, and /inbox says so', async () => {
    const fetchMock = serveApi({ '/api/user': () => jsonResponse(makeUser({ permissions: ['clients:read'] })) });
    renderApp('/inbox');
    expect(await screen.findByRole('heading', { level: 1, name: "You don't have access to this page" })).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).queryByRole('link', { name: /Inbox/ })).toBeNull();
    expect(inboxReads(fetchMock)).toEqual([]);
  });
});
