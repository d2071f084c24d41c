import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { bodiesSent, serveApi, type ApiRoutes } from '../../../test/fixtures';
import { jsonResponse, mockMatchMedia, renderWithProviders } from '../../../test/render';
import { makeStockItem } from '../../../test/stock-fixtures';
import type { OrderParseResultDto } from '../api/order-intake-api';
import { fullAccess } from '../lib/access';
import { makeParseResult, makeParsedItem, unmatchedItem } from '../test/intake-fixtures';
import { makeOrder } from '../test/order-fixtures';
import { ConfirmOrderDialog } from './confirm-order-dialog';

const tea = makeStockItem({
  id: 'i-tea',
  name: 'Saffron Tea 25 bags',
  nameAr: 'شاي بالزعفران 25 كيس',
  sku: 'TEA-SAF-25',
  unit: 'box',
  sellingPrice: '14.25',
});

/** An order photographed from a chat: OCR read every quantity, so each is to be checked. */
const fromImage = makeParseResult({
  source: 'image',
  uploadedFileUrl: '/api/files/intake/2026/photo.png',
  rawText: 'Almarai fresh milk 2L - 6 ctn\nNadec laban 1L - 4 ctn',
  parsed: {
    clientName: 'Unknown Client',
    clientId: null,
    items: [
      makeParsedItem({ quantityNeedsCheck: true }),
      makeParsedItem({
        itemName: 'Nadec Laban Full Fat 1L',
        itemNameAr: 'لبن نادك كامل الدسم 1 لتر',
        quantity: 4,
        unitPrice: '5.25',
        stockItemId: 'i-laban',
        sku: 'LABAN-NDC-1L',
        confidence: 0.72,
        sourceText: 'Nadec laban 1L - 4 ctn',
        phrase: 'nadec laban 1l',
        quantityNeedsCheck: true,
      }),
    ],
  },
});

function renderDialog(result: OrderParseResultDto, routes: ApiRoutes = {}) {
  const fetchMock = serveApi({
    '/api/clients': () => jsonResponse([]),
    '/api/stock': () => jsonResponse([]),
    'POST /api/orders/manual': () => jsonResponse(makeOrder({ orderNumber: 'ORD-2026-000090' }), 201, 'Created'),
    ...routes,
  });
  const onClose = vi.fn();
  const user = userEvent.setup();
  renderWithProviders(
    <ConfirmOrderDialog result={result} currency="SAR" access={fullAccess} onClose={onClose} />,
    '/orders',
  );
  const dialog = screen.getByRole('dialog', { name: i18n.t('orders:confirm.title') });
  const lines = () => within(dialog).getAllByTestId('order-line');
  const line = (index: number) => within(lines()[index]);
  const submit = () => within(dialog).getByRole('button', { name: i18n.t('orders:confirm.submit') });
  return { fetchMock, onClose, user, dialog, lines, line, submit };
}

describe('ConfirmOrderDialog', () => {
  it('marks every quantity read from an image for checking, and keeps the file and its text with the order', async () => {
    const { fetchMock, onClose, user, dialog, lines, line, submit } = renderDialog(fromImage);
    expect(within(dialog).getByText('Read from an image')).toBeTruthy();
    expect(within(dialog).getByText('Quantities to check: 2')).toBeTruthy();
    expect(
      within(dialog)
        .getByRole('link', { name: /Open the uploaded file/ })
        .getAttribute('href'),
    ).toBe('/api/files/intake/2026/photo.png');
    expect(lines()).toHaveLength(2);
    for (const index of [0, 1]) {
      expect(line(index).getByTestId('check-quantity').textContent).toBe('Check quantity');
      const quantity = line(index).getByRole('textbox', { name: /^Quantity/ });
      // The reason is the quantity's description, so a screen reader says it with the field.
      const describedBy = quantity.getAttribute('aria-describedby') ?? '';
      expect(document.getElementById(describedBy)?.textContent).toBe(
        'Read from the image: compare it with the original',
      );
    }
    expect(line(0).getByLabelText('AI match confidence 93%').textContent).toBe('93% match');
    expect(line(1).getByLabelText('AI match confidence 72%')).toBeTruthy();
    expect(line(1).getByText('Nadec laban 1L - 4 ctn')).toBeTruthy();
    expect(line(1).getByTestId('line-total').textContent).toMatch(/^SAR\s21\.00$/);
    // 6 × 11.50 + 4 × 5.25, in exact cents.
    expect(within(dialog).getByTestId('grand-total').textContent).toMatch(/^SAR\s90\.00$/);

    // No client in the message: the field starts empty (not the parser's "Unknown Client"),
    // with a word on choosing one.
    const client = within(dialog).getByRole('combobox', { name: /^Client/ }) as HTMLInputElement;
    expect(client.value).toBe('');
    expect(within(dialog).getByText(/doesn't name a client/)).toBeTruthy();

    // The user corrects the first quantity after looking at the photo.
    const quantity = line(0).getByRole('textbox', { name: /^Quantity/ });
    await user.clear(quantity);
    await user.type(quantity, '5');
    await user.clear(client);
    await user.type(client, 'Baraka Foods');
    await user.click(submit());

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(bodiesSent(fetchMock, 'POST', '/api/orders/manual')).toEqual([
      {
        clientName: 'Baraka Foods',
        source: 'image',
        rawOrderText: 'Almarai fresh milk 2L - 6 ctn\nNadec laban 1L - 4 ctn',
        uploadedFileUrl: '/api/files/intake/2026/photo.png',
        items: [
          {
            itemName: 'Almarai Fresh Milk Full Fat 2L',
            itemNameAr: 'حليب المراعي طازج كامل الدسم 2 لتر',
            quantity: '5',
            unit: 'carton',
            stockItemId: 'i-milk-2l',
            phrase: 'almarai fresh milk 2l',
          },
          {
            itemName: 'Nadec Laban Full Fat 1L',
            itemNameAr: 'لبن نادك كامل الدسم 1 لتر',
            quantity: '4',
            unit: 'carton',
            stockItemId: 'i-laban',
            phrase: 'nadec laban 1l',
          },
        ],
      },
    ]);
  });

  it('does not mark quantities the message stated plainly', () => {
    const { dialog } = renderDialog(makeParseResult());
    expect(within(dialog).queryByTestId('check-quantity')).toBeNull();
    expect(within(dialog).queryByText(/Quantities to check/)).toBeNull();
  });

  it("shows an unmatched line with the customer's wording, and links it to a suggested item in one click", async () => {
    const { fetchMock, user, dialog, line, submit } = renderDialog(
      makeParseResult({ parsed: { clientName: 'Al Noor Trading', clientId: 'c-noor', items: [unmatchedItem] } }),
      { '/api/stock': (_init, url) => jsonResponse(url.searchParams.get('search') === 'TEA-SAF-25' ? [tea] : []) },
    );
    expect(within(dialog).getByText('Not matched to stock: 1')).toBeTruthy();
    expect(line(0).getByText('Not matched')).toBeTruthy();
    expect(line(0).getByText('saffron tea x3 box')).toBeTruthy();
    expect(line(0).getByText(/Pick the item from stock/)).toBeTruthy();
    expect((line(0).getByRole('combobox', { name: /^Item/ }) as HTMLInputElement).value).toBe('saffron tea');
    expect((line(0).getByRole('textbox', { name: /^Unit price/ }) as HTMLInputElement).value).toBe('');

    await user.click(line(0).getByRole('button', { name: 'Use \u2068Saffron Tea 25 bags\u2069 (55%)' }));
    expect(await line(0).findByText('From stock · SKU TEA-SAF-25')).toBeTruthy();
    const price = line(0).getByRole('textbox', { name: /^Unit price/ }) as HTMLInputElement;
    expect(price.value).toBe('');
    expect(price.placeholder).toBe('14.25');
    expect((line(0).getByRole('textbox', { name: /^Quantity/ }) as HTMLInputElement).value).toBe('3');
    expect(line(0).getByText('Changed by you')).toBeTruthy();
    expect(line(0).queryByText(/Pick the item from stock/)).toBeNull();

    await user.click(submit());
    await waitFor(() => expect(bodiesSent(fetchMock, 'POST', '/api/orders/manual')).toHaveLength(1));
    const [body] = bodiesSent(fetchMock, 'POST', '/api/orders/manual') as Array<{ items: unknown[] }>;
    // The corrected line carries the customer's phrase: the client's wording is remembered.
    expect(body.items).toEqual([
      {
        itemName: 'Saffron Tea 25 bags',
        itemNameAr: 'شاي بالزعفران 25 كيس',
        quantity: '3',
        unit: 'box',
        stockItemId: 'i-tea',
        phrase: 'saffron tea',
      },
    ]);
  });

  it('drops an unmatched line the user removes, and waits for a client and an item (SPEC §5)', async () => {
    const { fetchMock, user, dialog, lines, line, submit } = renderDialog(
      makeParseResult({
        parsed: { clientName: 'Al Noor Trading', clientId: 'c-noor', items: [makeParsedItem(), unmatchedItem] },
      }),
    );
    await user.click(line(1).getByRole('button', { name: 'Remove item 2' }));
    expect(lines()).toHaveLength(1);

    await user.clear(within(dialog).getByRole('combobox', { name: /^Client/ }));
    expect(submit()).toHaveProperty('disabled', true);
    const reason = document.getElementById(submit().getAttribute('aria-describedby') ?? '');
    expect(reason?.textContent).toBe('Choose a client and keep at least one item to create the order.');
    await user.type(within(dialog).getByRole('combobox', { name: /^Client/ }), 'Al Noor Trading');
    expect(submit()).toHaveProperty('disabled', false);

    await user.click(line(0).getByRole('button', { name: 'Remove item 1' }));
    expect(submit()).toHaveProperty('disabled', true);
    await user.click(within(dialog).getByRole('button', { name: 'Add Item' }));
    await user.type(line(0).getByRole('combobox', { name: /^Item/ }), 'Cardamom');
    await user.type(line(0).getByRole('textbox', { name: /^Unit price/ }), '30');
    await user.click(submit());
    await waitFor(() => expect(bodiesSent(fetchMock, 'POST', '/api/orders/manual')).toHaveLength(1));
    expect(bodiesSent(fetchMock, 'POST', '/api/orders/manual')[0]).toMatchObject({
      clientName: 'Al Noor Trading',
      items: [{ itemName: 'Cardamom', quantity: '1', unit: 'piece', unitPrice: '30.00' }],
    });
  });

  it('never offers "Unknown Client" as a new client\'s name, in either language', async () => {
    for (const language of ['en', 'ar'] as const) {
      await i18n.changeLanguage(language);
      const { dialog, user } = renderDialog(
        makeParseResult({ parsed: { clientName: 'Unknown Client', clientId: null, items: [] }, rawText: 'hello' }),
      );
      expect(dialog.textContent).not.toContain('Unknown Client');
      await user.click(within(dialog).getByRole('button', { name: i18n.t('orders:form.client.create') }));
      const inner = await screen.findByRole('dialog', { name: i18n.t('orders:newClient.title') });
      expect((within(inner).getAllByRole('textbox')[0] as HTMLInputElement).value).toBe('');
      cleanup();
    }
  });

  it('says when nothing was found, and starts with an empty line to fill in', () => {
    const { dialog, lines } = renderDialog(
      makeParseResult({ parsed: { clientName: 'Unknown Client', clientId: null, items: [] }, rawText: 'hello' }),
    );
    expect(within(dialog).getByText(/No items were found in the message/)).toBeTruthy();
    expect(lines()).toHaveLength(1);
  });

  it('says how clearly the voice note was heard, in both languages, when the speech engine says', async () => {
    const voice = (transcriptionConfidence: number | null | undefined) =>
      makeParseResult({ source: 'voice', transcription: 'six cartons almarai milk', transcriptionConfidence });
    renderDialog(voice(0.44));
    expect(screen.getByTestId('heard-confidence').textContent).toBe(
      'Unclear recording (44% sure): check every line against the voice note',
    );
    cleanup();
    renderDialog(voice(0.93));
    expect(screen.getByTestId('heard-confidence').textContent).toBe('Heard clearly (93% sure)');
    cleanup();
    renderDialog(voice(null));
    expect(screen.queryByTestId('heard-confidence')).toBeNull();
    cleanup();
    await i18n.changeLanguage('ar');
    renderDialog(voice(0.44));
    expect(screen.getByTestId('heard-confidence').textContent).toBe(
      'التسجيل غير واضح (دقة 44\u200e%\u200e): راجع كل سطر مقابل الرسالة الصوتية',
    );
  });

  it('sends what was heard with a voice order', async () => {
    const { fetchMock, user, submit } = renderDialog(
      makeParseResult({
        source: 'voice',
        transcription: 'six cartons almarai milk two liter',
        rawText: '6 cartons almarai milk 2 liter',
        uploadedFileUrl: '/api/files/intake/2026/note.webm',
        parsed: {
          clientName: 'Al Noor Trading',
          clientId: 'c-noor',
          items: [makeParsedItem({ quantityNeedsCheck: true })],
        },
      }),
    );
    expect(screen.getByText('Heard in the voice note: check it')).toBeTruthy();
    await user.click(submit());
    await waitFor(() => expect(bodiesSent(fetchMock, 'POST', '/api/orders/manual')).toHaveLength(1));
    expect(bodiesSent(fetchMock, 'POST', '/api/orders/manual')[0]).toMatchObject({
      source: 'voice',
      transcribedText: 'six cartons almarai milk two liter',
      audioFileUrl: '/api/files/intake/2026/note.webm',
    });
  });

  it("shows the server's message when the order cannot be created, and stays open", async () => {
    const { onClose, user, submit } = renderDialog(makeParseResult(), {
      'POST /api/orders/manual': () =>
        jsonResponse({ message: 'This client no longer exists', code: 'ORDERS_CLIENT_NOT_FOUND' }, 404, 'Not Found'),
    });
    await user.click(submit());
    const toast = await screen.findByRole('alert');
    expect(await within(toast).findByText('Failed to create order')).toBeTruthy();
    expect(within(toast).getByText('This client no longer exists')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('takes the whole screen on a phone', () => {
    mockMatchMedia((query) => query.includes('max-width: 599.95px'));
    const { dialog } = renderDialog(makeParseResult());
    expect(dialog.className).toMatch(/MuiDialog-paperFullScreen/);
  });

  it('reads right to left in Arabic, with the checks in Gulf business wording', async () => {
    await i18n.changeLanguage('ar');
    const { dialog, line, submit } = renderDialog(fromImage);
    expect(document.documentElement.dir).toBe('rtl');
    expect(within(dialog).getByRole('heading', { name: 'تأكيد تفاصيل الطلب' })).toBeTruthy();
    expect(submit().textContent).toBe('تأكيد وإنشاء الطلب');
    expect(within(dialog).getByText('مقروء من صورة')).toBeTruthy();
    expect(line(0).getByTestId('check-quantity').textContent).toBe('راجع الكمية');
    expect(line(0).getByText('مقروءة من الصورة: قارنها بالأصل')).toBeTruthy();
    expect(line(0).getByLabelText(/^دقة المطابقة بالذكاء الاصطناعي/)).toBeTruthy();
    // Money in the currency, Latin digits (Gulf business documents).
    expect(within(dialog).getByTestId('grand-total').textContent).toContain('90.00');
    expect(within(dialog).getAllByRole('textbox', { name: /^الكمية/ })).toHaveLength(2);
  });

  it('names the close matches in Arabic on the Arabic screen', async () => {
    await i18n.changeLanguage('ar');
    const unsure = makeParsedItem({
      confidence: 0.74,
      alternatives: [
        {
          stockItemId: 'i-milk-1l',
          sku: 'MILK-ALM-1L',
          name: 'Almarai Fresh Milk Full Fat 1L',
          nameAr: 'حليب المراعي طازج كامل الدسم 1 لتر',
          confidence: 0.74,
        },
      ],
    });
    const { line } = renderDialog(
      makeParseResult({ parsed: { clientName: 'Al Noor Trading', clientId: 'c-noor', items: [unsure] } }),
    );
    expect(line(0).getByText('أكثر من صنف يطابق هذا السطر: تأكّد أنه الصنف المطلوب.')).toBeTruthy();
    const group = line(0).getByRole('group', { name: 'أصناف قريبة أخرى' });
    expect(within(group).getByRole('button').textContent).toBe(
      'اعتماد \u2068حليب المراعي طازج كامل الدسم 1 لتر\u2069 (74\u200e%\u200e)',
    );
  });

  describe('units and prices (CONTRACT §10)', () => {
    /** Rice counted in bags of 5 kg, sold by the carton of 4 bags: the customer wrote "3 sacks". */
    const riceQuote = {
      clientId: 'c-noor',
      priceListId: null,
      priceListName: null,
      lines: [
        {
          stockItemId: 'i-rice',
          unit: 'bag',
          unitFactor: 1,
          baseUnit: 'bag',
          quantity: 1,
          baseQuantity: 1,
          unitPrice: '21.00',
          priceSource: 'item',
          units: [
            { unit: 'bag', factor: 1, price: '21.00', priceSource: 'item' },
            { unit: 'carton', factor: 4, price: '80.00', priceSource: 'pack' },
          ],
        },
      ],
    };
    const sacks = makeParsedItem({
      itemName: 'Al Walimah Rice 5kg',
      itemNameAr: 'رز الوليمة 5 كيلو',
      quantity: 3,
      unit: 'sack',
      unitPrice: null,
      stockItemId: 'i-rice',
      sku: 'RICE-WLM-5',
      sourceText: '3 sacks walimah rice',
      phrase: 'walimah rice',
      unitNeedsCheck: true,
    });

    it('marks a unit the item is not sold in and waits for one of its units before confirming', async () => {
      const { fetchMock, user, dialog, line, submit } = renderDialog(
        makeParseResult({ parsed: { clientName: 'Al Noor Trading', clientId: 'c-noor', items: [sacks] } }),
        { 'POST /api/orders/quote': () => jsonResponse(riceQuote) },
      );
      expect(within(dialog).getByText('Units to check: 1')).toBeTruthy();
      expect(line(0).getByTestId('check-unit').textContent).toBe('Check the unit');
      expect(line(0).getByText("Check the unit: this item is not sold in '\u2068sack\u2069'")).toBeTruthy();
      expect(submit()).toHaveProperty('disabled', true);
      const reason = document.getElementById(submit().getAttribute('aria-describedby') ?? '');
      expect(reason?.textContent).toBe(
        'Lines with a unit to check: 1. Choose a unit the item is sold in to create the order.',
      );

      await user.click(line(0).getByRole('combobox', { name: /^Unit/ }));
      const listbox = await screen.findByRole('listbox');
      expect(
        within(listbox).getByRole('option', { name: '\u2068sack\u2069 (not sold)' }).getAttribute('aria-disabled'),
      ).toBe('true');
      await user.click(within(listbox).getByRole('option', { name: 'carton (4 bags)' }));
      // The sacks' size is not known: the quantity stays, to be checked, at the carton's price.
      expect((line(0).getByRole('textbox', { name: /^Quantity/ }) as HTMLInputElement).value).toBe('3');
      expect(line(0).getByText('Check the quantity: it is now in carton')).toBeTruthy();
      expect(line(0).queryByTestId('check-unit')).toBeNull();
      expect((line(0).getByRole('textbox', { name: /^Unit price/ }) as HTMLInputElement).placeholder).toBe('80.00');
      expect(line(0).getByText('Price per carton')).toBeTruthy();
      expect(submit()).toHaveProperty('disabled', false);

      await user.click(submit());
      await waitFor(() => expect(bodiesSent(fetchMock, 'POST', '/api/orders/manual')).toHaveLength(1));
      expect(bodiesSent(fetchMock, 'POST', '/api/orders/manual')[0]).toMatchObject({
        items: [{ stockItemId: 'i-rice', quantity: '3', unit: 'carton', phrase: 'walimah rice' }],
      });
      expect(
        (bodiesSent(fetchMock, 'POST', '/api/orders/manual')[0] as { items: Array<Record<string, unknown>> }).items[0],
      ).not.toHaveProperty('unitPrice');
    });

    it("keeps the customer's cartons when the right item is picked from the suggestions (it is sold by the carton)", async () => {
      const laban = makeStockItem({
        id: 'i-laban',
        name: 'Nadec Laban Full Fat 1L',
        sku: 'LABAN-NDC-1L',
        unit: 'piece',
        sellingPrice: '5.25',
        packs: [{ unit: 'carton', factor: 12, sellingPrice: '60.00', price: '60.00', barcode: null }],
      });
      const cartons = makeParsedItem({
        itemName: 'nadec laban',
        itemNameAr: null,
        quantity: 4,
        unit: 'carton',
        unitPrice: null,
        stockItemId: null,
        sku: null,
        confidence: 0.5,
        sourceText: '4 ctn nadec laban',
        phrase: 'nadec laban',
        matchedBy: null,
        alternatives: [
          { stockItemId: 'i-laban', sku: 'LABAN-NDC-1L', name: 'Nadec Laban Full Fat 1L', confidence: 0.7 },
        ],
      });
      const { user, line } = renderDialog(
        makeParseResult({ parsed: { clientName: 'Al Noor Trading', clientId: 'c-noor', items: [cartons] } }),
        { '/api/stock': () => jsonResponse([laban]) },
      );
      await user.click(line(0).getByRole('button', { name: /Use \u2068Nadec Laban Full Fat 1L\u2069/ }));
      expect(await line(0).findByText('From stock · SKU LABAN-NDC-1L')).toBeTruthy();
      expect(line(0).getByRole('combobox', { name: /^Unit/ }).textContent).toBe('carton (12 pcs)');
      expect((line(0).getByRole('textbox', { name: /^Quantity/ }) as HTMLInputElement).value).toBe('4');
      expect(line(0).getByText('= 48 pcs')).toBeTruthy();
      expect(line(0).getByTestId('line-total').textContent).toMatch(/^SAR\s240\.00$/);
    });

    it('shows the other close matches of a line matched without certainty, and switches to the one picked', async () => {
      const milk1l = makeStockItem({ id: 'i-milk-1l', name: 'Almarai Fresh Milk Full Fat 1L', sku: 'MILK-ALM-1L' });
      const alternatives = [
        { stockItemId: 'i-milk-2l', sku: 'MILK-ALM-2L', name: 'Almarai Fresh Milk Full Fat 2L', confidence: 0.74 },
        { stockItemId: 'i-milk-1l', sku: 'MILK-ALM-1L', name: 'Almarai Fresh Milk Full Fat 1L', confidence: 0.74 },
        // Too far to be a close match.
        { stockItemId: 'i-juice', sku: 'JUICE-ALM-ORANGE-1L', name: 'Almarai Orange Juice 1L', confidence: 0.5 },
      ];
      const unsure = makeParsedItem({ confidence: 0.74, sourceText: 'حليب المراعي ٦ كراتين', alternatives });
      const sure = makeParsedItem({ confidence: 0.97, alternatives });
      const { user, line } = renderDialog(
        makeParseResult({ parsed: { clientName: 'Al Noor Trading', clientId: 'c-noor', items: [unsure, sure] } }),
        { '/api/stock': () => jsonResponse([milk1l]) },
      );
      expect(line(0).getByText('Several stock items fit this line: check that this is the one.')).toBeTruthy();
      const group = line(0).getByRole('group', { name: 'Other close matches' });
      // The matched item is not offered again, nor an item far from the line.
      expect(
        within(group)
          .getAllByRole('button')
          .map((chip) => chip.textContent),
      ).toEqual(['Use \u2068Almarai Fresh Milk Full Fat 1L\u2069 (74%)']);
      // A certain match offers nothing else.
      expect(line(1).queryByRole('group')).toBeNull();
      await user.click(within(group).getByRole('button'));
      expect(await line(0).findByText('From stock · SKU MILK-ALM-1L')).toBeTruthy();
      expect(line(0).queryByRole('group')).toBeNull();
      expect(line(0).getByText('Changed by you')).toBeTruthy();
    });

    it("shows the parse's price with whose it is, and sends none: the order is priced for its client", async () => {
      const { fetchMock, user, line, submit } = renderDialog(makeParseResult());
      const price = line(0).getByRole('textbox', { name: /^Unit price/ }) as HTMLInputElement;
      expect(price.placeholder).toBe('11.50');
      expect(line(0).getByText("Client's price")).toBeTruthy();
      await user.click(submit());
      await waitFor(() => expect(bodiesSent(fetchMock, 'POST', '/api/orders/manual')).toHaveLength(1));
      const [body] = bodiesSent(fetchMock, 'POST', '/api/orders/manual') as Array<{ items: object[] }>;
      expect(body!.items[0]).not.toHaveProperty('unitPrice');
    });
  });
});
