import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { bodiesSent, serveApi, type ApiRoutes } from '../../../test/fixtures';
import { jsonResponse, renderWithProviders } from '../../../test/render';
import { makeStockItem } from '../../../test/stock-fixtures';
import { fullAccess, type OrdersAccess } from '../lib/access';
import { makeClient, makeOrder } from '../test/order-fixtures';
import { ManualOrderDialog } from './manual-order-dialog';

const rice = makeStockItem({
  id: 'i-rice',
  name: 'Abu Kas Basmati Rice 10kg',
  nameAr: 'أرز أبو كاس بسمتي 10 كغ',
  sku: 'RICE-ABK-10',
  unit: 'bag',
  sellingPrice: '55.50',
});
const noor = makeClient();

function renderDialog(routes: ApiRoutes = {}, access: OrdersAccess = fullAccess) {
  const fetchMock = serveApi({
    '/api/clients': () => jsonResponse([noor]),
    '/api/stock': () => jsonResponse([rice]),
    ...routes,
  });
  const onClose = vi.fn();
  const user = userEvent.setup();
  renderWithProviders(<ManualOrderDialog currency="SAR" access={access} onClose={onClose} />, '/orders');
  const dialog = screen.getByRole('dialog', { name: 'Create Manual Order' });
  const lines = () => within(dialog).queryAllByTestId('order-line');
  const line = (index: number) => {
    const group = within(lines()[index]);
    return {
      group,
      item: () => group.getByRole('combobox', { name: /^Item/ }) as HTMLInputElement,
      nameAr: () => group.getByRole('textbox', { name: 'Arabic name' }) as HTMLInputElement,
      quantity: () => group.getByRole('textbox', { name: /^Quantity/ }) as HTMLInputElement,
      unit: () => group.getByRole('combobox', { name: 'Unit' }) as HTMLInputElement,
      /** A linked line's unit: a list of the item's units, showing the chosen one. */
      unitChoice: () => group.getByRole('combobox', { name: /^Unit/ }),
      price: () => group.getByRole('textbox', { name: /^Unit price/ }) as HTMLInputElement,
      total: () => group.getByTestId('line-total').textContent,
    };
  };
  const submit = () => user.click(within(dialog).getByRole('button', { name: 'Create Order' }));
  return { fetchMock, onClose, user, dialog, line, lines, submit };
}

const invalid = (input: HTMLElement) => input.getAttribute('aria-invalid') === 'true';

describe('ManualOrderDialog', () => {
  describe("SPEC §5's refusals", () => {
    it('says "No items added" when no line was filled in, and sends nothing', async () => {
      const { fetchMock, dialog, user, line, submit } = renderDialog();
      expect(dialog.querySelector('form')?.noValidate).toBe(true);
      await user.type(screen.getByRole('combobox', { name: /^Client/ }), 'Al Noor Trading');
      await submit();

      const toast = await screen.findByRole('alert');
      expect(within(toast).getByText('No items added')).toBeTruthy();
      expect(within(toast).getByText('Please add at least one item to the order')).toBeTruthy();
      expect(invalid(line(0).item())).toBe(false);
      expect(bodiesSent(fetchMock, 'POST', '/api/orders/manual')).toEqual([]);
    });

    it('also says so once every line is removed', async () => {
      const { user, dialog, lines, submit } = renderDialog();
      await user.click(within(dialog).getByRole('button', { name: 'Remove item 1' }));
      expect(lines()).toHaveLength(0);
      expect(within(dialog).getByText('No items yet. Add the first one.')).toBeTruthy();
      await submit();
      expect(await screen.findByText('No items added')).toBeTruthy();
    });

    it('says "Invalid items" for a line without a price or a positive quantity, and marks the fields', async () => {
      const { fetchMock, user, line, submit } = renderDialog({ '/api/stock': () => jsonResponse([]) });
      await user.type(screen.getByRole('combobox', { name: /^Client/ }), 'Al Noor Trading');
      await user.type(line(0).item(), 'Loose cardamom');
      await user.clear(line(0).quantity());
      await user.type(line(0).quantity(), '0');
      await submit();

      const toast = await screen.findByRole('alert');
      expect(within(toast).getByText('Invalid items')).toBeTruthy();
      expect(
        within(toast).getByText('Please ensure all items have a name, positive quantity, and valid price'),
      ).toBeTruthy();
      expect(invalid(line(0).quantity())).toBe(true);
      expect(invalid(line(0).price())).toBe(true);
      expect(invalid(line(0).item())).toBe(false);
      expect(line(0).group.getByText('Enter a quantity above 0')).toBeTruthy();
      expect(bodiesSent(fetchMock, 'POST', '/api/orders/manual')).toEqual([]);
    });

    it('asks for a client when none was given', async () => {
      const { fetchMock, user, line, submit } = renderDialog({ '/api/stock': () => jsonResponse([]) });
      await user.type(line(0).item(), 'Sugar');
      await user.type(line(0).price(), '4');
      await submit();
      expect(await screen.findByText('Choose a client or type their name')).toBeTruthy();
      expect(invalid(screen.getByRole('combobox', { name: /^Client/ }))).toBe(true);
      expect(bodiesSent(fetchMock, 'POST', '/api/orders/manual')).toEqual([]);
    });
  });

  it('shows each line total and the grand total in exact cents, in the currency', async () => {
    const { user, dialog, line } = renderDialog({ '/api/stock': () => jsonResponse([]) });
    expect(within(dialog).getByTestId('grand-total').textContent).toMatch(/^SAR\s0\.00$/);
    await user.type(line(0).item(), 'Tea');
    await user.clear(line(0).quantity());
    await user.type(line(0).quantity(), '2.5');
    await user.type(line(0).price(), '3.33');
    // 2.5 × 3.33 = 8.325, rounded half away from zero (a float gives 8.32).
    expect(line(0).total()).toMatch(/^SAR\s8\.33$/);

    await user.click(within(dialog).getByRole('button', { name: 'Add Item' }));
    expect(document.activeElement).toBe(line(1).item());
    await user.type(line(1).item(), 'Cups');
    await user.clear(line(1).quantity());
    await user.type(line(1).quantity(), '3');
    await user.type(line(1).price(), '0.1');
    expect(line(1).total()).toMatch(/^SAR\s0\.30$/);
    expect(within(dialog).getByTestId('grand-total').textContent).toMatch(/^SAR\s8\.63$/);

    await user.clear(line(1).price());
    expect(line(1).total()).toBe('—');
    expect(within(dialog).getByTestId('grand-total').textContent).toMatch(/^SAR\s8\.33$/);
  });

  it('reads Arabic-Indic digits typed into the quantity and the price, and sends plain decimals', async () => {
    const { fetchMock, onClose, user, line, submit } = renderDialog({
      '/api/stock': () => jsonResponse([]),
      'POST /api/orders/manual': () => jsonResponse(makeOrder(), 201, 'Created'),
    });
    await user.type(screen.getByRole('combobox', { name: /^Client/ }), 'Al Noor Trading');
    await user.type(line(0).item(), 'Tea');
    await user.clear(line(0).quantity());
    await user.type(line(0).quantity(), '٤٠');
    await user.type(line(0).price(), '٣٫٢٥');
    expect(line(0).quantity().value).toBe('٤٠');
    expect(line(0).total()).toMatch(/^SAR\s130\.00$/);
    await submit();

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(bodiesSent(fetchMock, 'POST', '/api/orders/manual')).toEqual([
      { clientName: 'Al Noor Trading', items: [{ itemName: 'Tea', quantity: '40', unit: 'piece', unitPrice: '3.25' }] },
    ]);
  });

  it('fills a line from the picked stock item, links the picked client, and posts exact decimal strings', async () => {
    const { fetchMock, onClose, user, line, submit } = renderDialog({
      // Only the searches typed find anything: the pickers must send what was typed.
      '/api/clients': (_init, url) => jsonResponse(url.searchParams.get('search') === 'noor' ? [noor] : []),
      '/api/stock': (_init, url) => jsonResponse(url.searchParams.get('search') === 'rice' ? [rice] : []),
      'POST /api/orders/manual': () => jsonResponse(makeOrder({ orderNumber: 'ORD-2026-000043' }), 201, 'Created'),
    });
    await user.type(screen.getByRole('combobox', { name: /^Client/ }), 'noor');
    await user.click(await screen.findByRole('option', { name: /Al Noor Trading/ }));
    expect(screen.getByText('Existing client')).toBeTruthy();

    await user.type(line(0).item(), 'rice');
    await user.click(await screen.findByRole('option', { name: /Abu Kas Basmati Rice 10kg/ }));
    expect(line(0).item().value).toBe('Abu Kas Basmati Rice 10kg');
    expect(line(0).nameAr().value).toBe('أرز أبو كاس بسمتي 10 كغ');
    expect(line(0).unitChoice().textContent).toBe('bag');
    // The price is the server's for this client: shown, not typed in, not sent.
    expect(line(0).price().value).toBe('');
    expect(line(0).price().placeholder).toBe('55.50');
    expect(line(0).group.getByText('From stock · SKU RICE-ABK-10')).toBeTruthy();
    await user.clear(line(0).quantity());
    await user.type(line(0).quantity(), '2.5');
    expect(line(0).total()).toMatch(/^SAR\s138\.75$/);
    await user.type(screen.getByRole('textbox', { name: 'Notes (optional)' }), 'Deliver before noon');
    await submit();

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(bodiesSent(fetchMock, 'POST', '/api/orders/manual')).toEqual([
      {
        clientName: 'Al Noor Trading',
        clientId: 'c-noor',
        notes: 'Deliver before noon',
        items: [
          {
            itemName: 'Abu Kas Basmati Rice 10kg',
            itemNameAr: 'أرز أبو كاس بسمتي 10 كغ',
            quantity: '2.5',
            unit: 'bag',
            stockItemId: 'i-rice',
          },
        ],
      },
    ]);
    const toast = await screen.findByRole('status');
    expect(within(toast).getByText('Order created successfully')).toBeTruthy();
    expect(within(toast).getByText('Order ORD-2026-000043 was created.')).toBeTruthy();
    // The pickers asked for at most 20 matches.
    const urls = fetchMock.mock.calls.map(([url]) => String(url));
    expect(urls).toContain('/api/clients?search=noor&limit=20');
    expect(urls).toContain('/api/stock?search=rice&limit=20');
  });

  it('unlinks the stock item when another name is typed', async () => {
    const { user, line } = renderDialog();
    await user.type(line(0).item(), 'rice');
    await user.click(await screen.findByRole('option', { name: /Abu Kas Basmati Rice 10kg/ }));
    await user.type(line(0).item(), ' (damaged)');
    expect(line(0).group.queryByText(/From stock/)).toBeNull();
  });

  it('names the units in the language of the screen and sends their codes; another unit is kept as typed', async () => {
    const { fetchMock, onClose, user, dialog, line } = renderDialog({
      '/api/stock': () => jsonResponse([]),
      'POST /api/orders/manual': () => jsonResponse(makeOrder(), 201, 'Created'),
    });
    await user.type(screen.getByRole('combobox', { name: /^Client/ }), 'Walk-in customer');
    await user.type(line(0).item(), 'Basmati rice');
    await user.type(line(0).price(), '55');
    expect(line(0).unit().value).toBe('piece');
    await user.click(within(dialog).getByRole('button', { name: /Add Item/ }));
    await user.type(line(1).item(), 'Mint');
    await user.type(line(1).price(), '3');

    await act(() => i18n.changeLanguage('ar'));
    const unit = (index: number) => line(index).group.getByRole('combobox', { name: 'الوحدة' }) as HTMLInputElement;
    expect(unit(0).value).toBe('حبة');
    await user.clear(unit(0));
    await user.type(unit(0), 'كيس');
    expect(unit(0).value).toBe('كيس');
    await user.clear(unit(1));
    await user.type(unit(1), 'سطل');
    await user.click(within(dialog).getByRole('button', { name: 'إنشاء الطلب' }));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const [sent] = bodiesSent(fetchMock, 'POST', '/api/orders/manual') as Array<{ items: Array<{ unit: string }> }>;
    expect(sent!.items.map((item) => item.unit)).toEqual(['bag', 'سطل']);
  });

  it("shows the server's message when the order cannot be created, and stays open", async () => {
    const { onClose, user, line, submit } = renderDialog({
      '/api/stock': () => jsonResponse([]),
      'POST /api/orders/manual': () =>
        jsonResponse(
          { message: 'items.0.unit must be shorter than or equal to 20 characters', code: 'VALIDATION_FAILED' },
          400,
          'Bad Request',
        ),
    });
    await user.type(screen.getByRole('combobox', { name: /^Client/ }), 'Walk-in customer');
    await user.type(line(0).item(), 'Dates');
    await user.type(line(0).price(), '12');
    await submit();

    const toast = await screen.findByRole('alert');
    expect(within(toast).getByText('Failed to create order')).toBeTruthy();
    expect(within(toast).getByText('items.0.unit must be shorter than or equal to 20 characters')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('sends the same Idempotency-Key when the same order is sent again, and a new one once it was changed', async () => {
    let answers = 0;
    const { fetchMock, onClose, user, line, submit } = renderDialog({
      '/api/stock': () => jsonResponse([]),
      'POST /api/orders/manual': () => {
        answers += 1;
        return answers < 3
          ? jsonResponse({ message: 'The orders service is unavailable', code: 'SERVICE_UNAVAILABLE' }, 503, 'Error')
          : jsonResponse(makeOrder(), 201, 'Created');
      },
    });
    await user.type(screen.getByRole('combobox', { name: /^Client/ }), 'Walk-in customer');
    await user.type(line(0).item(), 'Dates');
    await user.type(line(0).price(), '12');
    await submit();
    await screen.findByText('Failed to create order');
    await submit();
    await waitFor(() => expect(answers).toBe(2));
    await user.clear(line(0).price());
    await user.type(line(0).price(), '13');
    await submit();
    await waitFor(() => expect(onClose).toHaveBeenCalled());

    const keys = fetchMock.mock.calls
      .filter(([url, init]) => String(url) === '/api/orders/manual' && init?.method === 'POST')
      .map(([, init]) => new Headers(init?.headers).get('idempotency-key'));
    expect(keys).toHaveLength(3);
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).toMatch(/^[0-9a-f]{32}$/);
    expect(keys[2]).not.toBe(keys[0]);
  });

  it('creates a client on the spot and picks it, without submitting the order', async () => {
    const created = makeClient({ id: 'c-new', name: 'Baraka Foods', nameAr: 'بركة للأغذية' });
    const { fetchMock, user } = renderDialog({
      '/api/clients': () => jsonResponse([]),
      'POST /api/clients': () => jsonResponse(created, 201, 'Created'),
    });
    await user.type(screen.getByRole('combobox', { name: /^Client/ }), 'Baraka Foods');
    await user.click(screen.getByRole('button', { name: 'New client' }));

    const inner = await screen.findByRole('dialog', { name: 'New Client' });
    expect((within(inner).getByRole('textbox', { name: /^Name/ }) as HTMLInputElement).value).toBe('Baraka Foods');
    await user.type(within(inner).getByRole('textbox', { name: 'Arabic name' }), 'بركة للأغذية');
    await user.type(within(inner).getByRole('textbox', { name: 'Phone' }), '+966 55 000 1122');
    await user.type(within(inner).getByRole('textbox', { name: 'Address' }), 'Jeddah');
    await user.click(within(inner).getByRole('button', { name: 'Add Client' }));

    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New Client' })).toBeNull());
    expect(bodiesSent(fetchMock, 'POST', '/api/clients')).toEqual([
      { name: 'Baraka Foods', nameAr: 'بركة للأغذية', phone: '+966 55 000 1122', address: 'Jeddah' },
    ]);
    expect(await screen.findByText('Client created')).toBeTruthy();
    expect((screen.getByRole('combobox', { name: /^Client/ }) as HTMLInputElement).value).toBe('Baraka Foods');
    expect(screen.getByText('Existing client')).toBeTruthy();
    expect(bodiesSent(fetchMock, 'POST', '/api/orders/manual')).toEqual([]);
  });

  it('says "Failed to create client" with the server message', async () => {
    renderDialog({
      'POST /api/clients': () =>
        jsonResponse({ message: 'phone must be a phone number', code: 'VALIDATION_FAILED' }, 400, 'Bad Request'),
    });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'New client' }));
    const inner = await screen.findByRole('dialog', { name: 'New Client' });
    await user.type(within(inner).getByRole('textbox', { name: /^Name/ }), 'X');
    await user.type(within(inner).getByRole('textbox', { name: 'Phone' }), '12');
    await user.click(within(inner).getByRole('button', { name: 'Add Client' }));
    const toast = await screen.findByRole('alert');
    expect(within(toast).getByText('Failed to create client')).toBeTruthy();
    expect(within(toast).getByText('phone must be a phone number')).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'New Client' })).toBeTruthy();
  });

  it('creates a stock item on the spot with one price for cost and selling, and fills the line', async () => {
    const created = makeStockItem({
      id: 'i-oil',
      name: 'Sunflower Oil 1.5L',
      nameAr: 'زيت دوار الشمس 1.5 لتر',
      sku: 'OIL-SUN-15',
      unit: 'L',
      quantity: 12,
      costPrice: '4.50',
      sellingPrice: '4.50',
    });
    const { fetchMock, user, line } = renderDialog({
      '/api/stock': () => jsonResponse([]),
      'POST /api/stock': () => jsonResponse(created, 201, 'Created'),
    });
    await user.type(line(0).item(), 'Sunflower Oil 1.5L');
    await user.click(line(0).group.getByRole('button', { name: 'New stock item' }));

    const inner = await screen.findByRole('dialog', { name: 'New Stock Item' });
    expect((within(inner).getByRole('textbox', { name: /^Name/ }) as HTMLInputElement).value).toBe(
      'Sunflower Oil 1.5L',
    );
    await user.click(within(inner).getByRole('button', { name: 'Add Stock Item' }));
    expect(within(inner).getByText('SKU is required')).toBeTruthy();
    expect(within(inner).getByText('Enter a price of 0 or more')).toBeTruthy();

    await user.type(within(inner).getByRole('textbox', { name: 'Arabic name' }), 'زيت دوار الشمس 1.5 لتر');
    await user.type(within(inner).getByRole('textbox', { name: /^SKU/ }), 'OIL-SUN-15');
    await user.click(within(inner).getByRole('combobox', { name: 'Unit' }));
    const units = await screen.findByRole('listbox');
    expect(
      within(units)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Kilogram (kg)', 'Piece', 'Box', 'Liter (L)', 'Carton']);
    await user.click(within(units).getByRole('option', { name: 'Liter (L)' }));
    await user.clear(within(inner).getByRole('textbox', { name: 'Current stock' }));
    await user.type(within(inner).getByRole('textbox', { name: 'Current stock' }), '12');
    await user.type(within(inner).getByRole('textbox', { name: /^Price/ }), '4.5');
    await user.click(within(inner).getByRole('button', { name: 'Add Stock Item' }));

    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New Stock Item' })).toBeNull());
    expect(bodiesSent(fetchMock, 'POST', '/api/stock')).toEqual([
      {
        name: 'Sunflower Oil 1.5L',
        nameAr: 'زيت دوار الشمس 1.5 لتر',
        sku: 'OIL-SUN-15',
        unit: 'L',
        quantity: '12',
        costPrice: '4.50',
        sellingPrice: '4.50',
      },
    ]);
    expect(await screen.findByText('Stock item created')).toBeTruthy();
    expect(line(0).price().placeholder).toBe('4.50');
    expect(line(0).unitChoice().textContent).toBe('L');
    expect(line(0).group.getByText('From stock · SKU OIL-SUN-15')).toBeTruthy();
    expect(bodiesSent(fetchMock, 'POST', '/api/orders/manual')).toEqual([]);
  });

  it('offers no inline creation without clients:write or stock:write, and no lookups without read access', async () => {
    const { fetchMock, user, line } = renderDialog(
      {},
      { ...fullAccess, writeClients: false, writeStock: false, readClients: false, readStock: false },
    );
    expect(screen.queryByRole('button', { name: 'New client' })).toBeNull();
    expect(line(0).group.queryByRole('button', { name: 'New stock item' })).toBeNull();
    await user.type(screen.getByRole('combobox', { name: /^Client/ }), 'Walk-in');
    await user.type(line(0).group.getByRole('textbox', { name: /^Item/ }), 'Bread');
    await new Promise((resolve) => setTimeout(resolve, 400));
    const urls = fetchMock.mock.calls.map(([url]) => String(url));
    expect(urls.filter((url) => url.startsWith('/api/clients') || url.startsWith('/api/stock'))).toEqual([]);
  });

  describe('packs, units and prices (CONTRACT §10)', () => {
    /** Milk counted by the piece, sold by the carton of 12 and the pallet of 960. */
    const milk = makeStockItem({
      id: 'i-milk',
      name: 'Almarai Fresh Milk 1L',
      nameAr: 'حليب المراعي طازج 1 لتر',
      sku: 'MILK-ALM-1L',
      unit: 'piece',
      sellingPrice: '6.00',
      packs: [
        { unit: 'carton', factor: 12, sellingPrice: '70.00', price: '70.00', barcode: null },
        { unit: 'pallet', factor: 960, sellingPrice: null, price: '5760.00', barcode: null },
      ],
    });
    /** Al Noor buys at the wholesale list: 5.82 a piece, 67.90 a carton; the pallet at its pack price. */
    const quote = {
      clientId: 'c-noor',
      priceListId: 'pl-1',
      priceListName: 'Wholesale',
      lines: [
        {
          stockItemId: 'i-milk',
          unit: 'piece',
          unitFactor: 1,
          baseUnit: 'piece',
          quantity: 1,
          baseQuantity: 1,
          unitPrice: '5.82',
          priceSource: 'price_list',
          units: [
            { unit: 'piece', factor: 1, price: '5.82', priceSource: 'price_list' },
            { unit: 'carton', factor: 12, price: '67.90', priceSource: 'price_list' },
            { unit: 'pallet', factor: 960, price: '5760.00', priceSource: 'pack' },
          ],
        },
      ],
    };

    async function pickMilk(routes: ApiRoutes = {}) {
      const rendered = renderDialog({
        '/api/stock': () => jsonResponse([milk]),
        'POST /api/orders/quote': () => jsonResponse(quote),
        'POST /api/orders/manual': () => jsonResponse(makeOrder(), 201, 'Created'),
        ...routes,
      });
      const { user, line } = rendered;
      await user.type(screen.getByRole('combobox', { name: /^Client/ }), 'noor');
      await user.click(await screen.findByRole('option', { name: /Al Noor Trading/ }));
      await user.type(line(0).item(), 'milk');
      await user.click(await screen.findByRole('option', { name: /Almarai Fresh Milk 1L/ }));
      return rendered;
    }

    const chooseUnit = async (rendered: Awaited<ReturnType<typeof pickMilk>>, name: string) => {
      await rendered.user.click(rendered.line(0).unitChoice());
      await rendered.user.click(await screen.findByRole('option', { name }));
    };

    it("offers exactly the item's units with their sizes, converts the quantity on a unit change and says so", async () => {
      const rendered = await pickMilk();
      const { user, line } = rendered;
      await user.click(line(0).unitChoice());
      const options = within(await screen.findByRole('listbox')).getAllByRole('option');
      expect(options.map((option) => option.textContent)).toEqual(['piece', 'carton (12 pcs)', 'pallet (960 pcs)']);
      await user.keyboard('{Escape}');

      await user.clear(line(0).quantity());
      await user.type(line(0).quantity(), '24');
      await chooseUnit(rendered, 'carton (12 pcs)');
      expect(line(0).quantity().value).toBe('2');
      expect(line(0).group.getByText('24 pcs converted to 2 ctn')).toBeTruthy();
      expect(line(0).group.getByText('= 24 pcs')).toBeTruthy();

      // 30 pieces are 2.5 cartons: converted, and said to be checked.
      await chooseUnit(rendered, 'piece');
      expect(line(0).quantity().value).toBe('24');
      await user.clear(line(0).quantity());
      await user.type(line(0).quantity(), '30');
      await chooseUnit(rendered, 'carton (12 pcs)');
      expect(line(0).quantity().value).toBe('2.5');
      expect(line(0).group.getByText('30 pcs converted to 2.5 ctn: check the quantity')).toBeTruthy();
    });

    it("shows the client's quoted price for the unit, takes a discount off, and sends neither price nor total", async () => {
      const rendered = await pickMilk();
      const { fetchMock, user, line, dialog, onClose, submit } = rendered;
      await chooseUnit(rendered, 'carton (12 pcs)');
      await user.clear(line(0).quantity());
      await user.type(line(0).quantity(), '5');
      await waitFor(() => expect(line(0).price().placeholder).toBe('67.90'));
      expect(line(0).group.getByText('Price list: \u2068Wholesale\u2069')).toBeTruthy();
      expect(within(dialog).getByTestId('price-list').textContent).toBe(
        'Prices from the price list: \u2068Wholesale\u2069',
      );
      expect(line(0).total()).toMatch(/^SAR\s339\.50$/);

      const discount = line(0).group.getByRole('textbox', { name: /^Discount/ });
      await user.type(discount, '101');
      expect(line(0).group.getByText('Enter 0 to 100')).toBeTruthy();
      expect(line(0).total()).toBe('—');
      await user.clear(discount);
      await user.type(discount, '12.5');
      // 5 × 67.90 × 0.875 = 297.0625, rounded once to 297.06.
      expect(line(0).total()).toMatch(/^SAR\s297\.06$/);
      expect(within(dialog).getByTestId('grand-total').textContent).toMatch(/^SAR\s297\.06$/);

      // A typed price overrides the quote.
      await user.type(line(0).price(), '60');
      expect(line(0).group.getByText('Replaces 67.90')).toBeTruthy();
      expect(line(0).total()).toMatch(/^SAR\s262\.50$/);
      await user.clear(line(0).price());
      await submit();

      await waitFor(() => expect(onClose).toHaveBeenCalled());
      expect(bodiesSent(fetchMock, 'POST', '/api/orders/quote').at(-1)).toEqual({
        clientId: 'c-noor',
        lines: [{ stockItemId: 'i-milk' }],
      });
      expect(bodiesSent(fetchMock, 'POST', '/api/orders/manual')).toEqual([
        {
          clientName: 'Al Noor Trading',
          clientId: 'c-noor',
          items: [
            {
              itemName: 'Almarai Fresh Milk 1L',
              itemNameAr: 'حليب المراعي طازج 1 لتر',
              quantity: '5',
              unit: 'carton',
              discountPercent: '12.5',
              stockItemId: 'i-milk',
            },
          ],
        },
      ]);
    });

    it('keeps the unit when the line is linked to another item sold in it, and switches to the base unit with a note when not', async () => {
      const water = makeStockItem({ id: 'i-water', name: 'Nova Water 330ml', sku: 'WATER', unit: 'piece', packs: [] });
      const laban = makeStockItem({
        id: 'i-laban',
        name: 'Nadec Laban 1L',
        sku: 'LABAN',
        unit: 'piece',
        packs: [{ unit: 'carton', factor: 12, sellingPrice: null, price: '60.00', barcode: null }],
      });
      const rendered = await pickMilk({
        '/api/stock': (_init, url) =>
          jsonResponse(
            [milk, water, laban].filter((item) =>
              item.name.toLowerCase().includes(url.searchParams.get('search') ?? ''),
            ),
          ),
        'POST /api/orders/quote': () => jsonResponse({ ...quote, lines: [] }),
      });
      const { user, line } = rendered;
      await chooseUnit(rendered, 'carton (12 pcs)');
      await user.clear(line(0).quantity());
      await user.type(line(0).quantity(), '5');

      await user.clear(line(0).item());
      await user.type(line(0).item(), 'laban');
      await user.click(await screen.findByRole('option', { name: /Nadec Laban 1L/ }));
      expect(line(0).unitChoice().textContent).toBe('carton (12 pcs)');
      expect(line(0).quantity().value).toBe('5');

      await user.clear(line(0).item());
      await user.type(line(0).item(), 'water');
      await user.click(await screen.findByRole('option', { name: /Nova Water 330ml/ }));
      expect(line(0).unitChoice().textContent).toBe('piece');
      expect(line(0).quantity().value).toBe('5');
      expect(line(0).group.getByText('Not sold by the carton: switched to piece')).toBeTruthy();
      expect(line(0).group.getByText('Check the quantity: it is now in piece')).toBeTruthy();
    });

    it("shows the server's INVENTORY_UNIT_NOT_SOLD on the line it names, with the units the item has", async () => {
      const rendered = await pickMilk({
        'POST /api/orders/manual': () =>
          jsonResponse(
            {
              message: 'items.0.unit: Almarai Fresh Milk 1L is sold in piece, carton, not pallet',
              code: 'INVENTORY_UNIT_NOT_SOLD',
              details: { stockItemId: 'i-milk', units: ['piece', 'carton'], fields: [{ field: 'items.0.unit' }] },
            },
            400,
            'Bad Request',
          ),
      });
      const { user, line, onClose, submit } = rendered;
      await chooseUnit(rendered, 'pallet (960 pcs)');
      await submit();
      expect(
        await line(0).group.findByText("Check the unit: this item is sold in piece, carton, not '\u2068pallet\u2069'"),
      ).toBeTruthy();
      expect(line(0).unitChoice().getAttribute('aria-invalid')).toBe('true');
      expect(onClose).not.toHaveBeenCalled();
      await chooseUnit(rendered, 'carton (12 pcs)');
      expect(line(0).group.queryByText(/Check the unit/)).toBeNull();
      void user;
    });
  });
});
