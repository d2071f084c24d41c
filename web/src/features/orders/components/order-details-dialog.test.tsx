import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { bodiesSent, serveApi, type ApiRoutes } from '../../../test/fixtures';
import { jsonResponse, renderWithProviders } from '../../../test/render';
import { makeStockItem, noContent } from '../../../test/stock-fixtures';
import { fullAccess, readOnlyAccess, type OrdersAccess } from '../lib/access';
import { makeOrder, makeOrderItem } from '../test/order-fixtures';
import { OrderDetailsDialog } from './order-details-dialog';

const rice = makeOrderItem();
const milk = makeOrderItem({
  id: 'oi-milk',
  lineNo: 2,
  stockItemId: 'i-milk',
  sku: 'MILK-ALM-1L',
  itemName: 'Almarai Fresh Milk 1L',
  itemNameAr: 'حليب المراعي طازج 1 لتر',
  quantity: 2.5,
  unit: 'carton',
  unitPrice: '49.80',
  totalPrice: '124.50',
});

function renderDialog(
  order = makeOrder({ totalAmount: '1234.50' }),
  routes: ApiRoutes = {},
  access: OrdersAccess = fullAccess,
) {
  const fetchMock = serveApi({
    [`/api/orders/${order.id}`]: () => jsonResponse(order),
    [`/api/orders/${order.id}/items`]: () => jsonResponse([rice, milk]),
    [`/api/orders/${order.id}/returns`]: () => jsonResponse([]),
    ...routes,
  });
  const onClose = vi.fn();
  const user = userEvent.setup();
  renderWithProviders(
    <OrderDetailsDialog orderId={order.id} initialOrder={order} currency="SAR" access={access} onClose={onClose} />,
    '/orders',
  );
  const dialog = screen.getByRole('dialog', { name: /Order Details/ });
  return { fetchMock, onClose, user, dialog };
}

async function openEditor(user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement) {
  const edit = within(dialog).getByRole('button', { name: 'Edit Order' });
  await waitFor(() => expect(edit).toHaveProperty('disabled', false));
  await user.click(edit);
  return screen.getByRole('button', { name: 'Save Changes' });
}

const invalidField = (input: HTMLElement) => input.getAttribute('aria-invalid') === 'true';

/** The PATCH requests sent, in order, with their bodies. */
const patchesSent = (fetchMock: ReturnType<typeof serveApi>) =>
  fetchMock.mock.calls
    .filter(([, init]) => init?.method === 'PATCH')
    .map(([url, init]) => [String(url), JSON.parse(String(init?.body))]);

describe('OrderDetailsDialog', () => {
  it('shows the order, its texts and its items with Arabic names, SKUs, units and money in the currency', async () => {
    const { dialog } = renderDialog(
      makeOrder({
        notes: 'Deliver to the back door',
        rawOrderText: 'Send 20 bags of rice and 2.5 cartons of milk',
        transcribedText: 'ارسل ٢٠ كيس رز',
      }),
    );
    const facts = within(dialog);
    expect(facts.getAllByText('ORD-2026-000042').length).toBeGreaterThan(0);
    expect(facts.getByText('Al Noor Trading')).toBeTruthy();
    expect(facts.getAllByText(/^SAR\s1,234\.50$/).length).toBeGreaterThan(0);
    expect(facts.getByText('Deliver to the back door')).toBeTruthy();
    expect(facts.getByRole('heading', { name: 'Original order text' })).toBeTruthy();
    expect(facts.getByText('Send 20 bags of rice and 2.5 cartons of milk')).toBeTruthy();
    expect(facts.getByRole('heading', { name: 'Voice note transcription' })).toBeTruthy();

    const table = await screen.findByRole('table', { name: 'Order items' });
    const row = within((await within(table).findByText('Almarai Fresh Milk 1L')).closest('tr') as HTMLElement);
    expect(row.getByText('حليب المراعي طازج 1 لتر')).toBeTruthy();
    expect(row.getByText('MILK-ALM-1L')).toBeTruthy();
    expect(row.getByText('2.5 ctn')).toBeTruthy();
    expect(row.getByText(/^SAR\s49\.80$/)).toBeTruthy();
    expect(row.getByText(/^SAR\s124\.50$/)).toBeTruthy();
    expect(table.textContent).not.toContain('$');
  });

  describe('Edit Order', () => {
    it.each(['confirmed', 'completed', 'cancelled'] as const)(
      'is disabled for a %s order, with the reason next to it',
      async (status) => {
        const { dialog } = renderDialog(makeOrder({ status }));
        await within(dialog).findByText('Almarai Fresh Milk 1L');
        const edit = within(dialog).getByRole('button', { name: 'Edit Order' });
        expect(edit).toHaveProperty('disabled', true);
        const reason = within(dialog).getByText('Only pending orders can be edited');
        expect(edit.getAttribute('aria-describedby')).toBe(reason.id);
      },
    );

    it('is enabled for a pending order, without the reason', async () => {
      const { dialog } = renderDialog(makeOrder());
      await within(dialog).findByText('Almarai Fresh Milk 1L');
      await waitFor(() =>
        expect(within(dialog).getByRole('button', { name: 'Edit Order' })).toHaveProperty('disabled', false),
      );
      expect(within(dialog).queryByText('Only pending orders can be edited')).toBeNull();
    });

    it('saves the changed items one by one, then the order, and only what changed', async () => {
      const order = makeOrder({ notes: null });
      const { fetchMock, user, dialog } = renderDialog(order, {
        'PATCH /api/orders/o-1/items/oi-rice': () => jsonResponse(rice),
        'PATCH /api/orders/o-1/items/oi-milk': () => jsonResponse(milk),
        'PATCH /api/orders/o-1': () => jsonResponse(order),
      });
      await within(dialog).findByText('Almarai Fresh Milk 1L');
      await waitFor(() =>
        expect(within(dialog).getByRole('button', { name: 'Edit Order' })).toHaveProperty('disabled', false),
      );
      await user.click(within(dialog).getByRole('button', { name: 'Edit Order' }));

      const riceQuantity = screen.getByRole('textbox', { name: 'Quantity of Abu Kas Basmati Rice 10kg' });
      await user.clear(riceQuantity);
      await user.type(riceQuantity, '0');
      await user.tab();
      // SPEC §5: not a whole number of at least 1 becomes 1.
      expect((riceQuantity as HTMLInputElement).value).toBe('1');
      const milkPrice = screen.getByRole('textbox', { name: 'Unit price of Almarai Fresh Milk 1L' });
      await user.clear(milkPrice);
      await user.type(milkPrice, '51');
      await user.clear(screen.getByRole('textbox', { name: /^Client name/ }));
      await user.type(screen.getByRole('textbox', { name: /^Client name/ }), 'Al Noor Trading Co.');
      await user.click(screen.getByRole('button', { name: 'Save Changes' }));

      expect(await screen.findByText('Order updated')).toBeTruthy();
      const writes = fetchMock.mock.calls
        .filter(([, init]) => init?.method === 'PATCH')
        .map(([url, init]) => [String(url), JSON.parse(String(init?.body))]);
      expect(writes).toEqual([
        ['/api/orders/o-1/items/oi-rice', { quantity: '1' }],
        ['/api/orders/o-1/items/oi-milk', { unitPrice: '51.00' }],
        ['/api/orders/o-1', { clientName: 'Al Noor Trading Co.' }],
      ]);
      expect(screen.queryByRole('button', { name: 'Save Changes' })).toBeNull();
    });

    it('reads Arabic-Indic digits typed into a quantity and a price', async () => {
      const { fetchMock, user, dialog } = renderDialog(makeOrder(), {
        'PATCH /api/orders/o-1/items/oi-rice': () => jsonResponse(rice),
        'PATCH /api/orders/o-1/items/oi-milk': () => jsonResponse(milk),
      });
      await within(dialog).findByText('Almarai Fresh Milk 1L');
      await openEditor(user, dialog);

      const riceQuantity = screen.getByRole('textbox', { name: 'Quantity of Abu Kas Basmati Rice 10kg' });
      await user.clear(riceQuantity);
      await user.type(riceQuantity, '٢٤');
      await user.tab();
      expect((riceQuantity as HTMLInputElement).value).toBe('24');
      const milkPrice = screen.getByRole('textbox', { name: 'Unit price of Almarai Fresh Milk 1L' });
      await user.clear(milkPrice);
      await user.type(milkPrice, '٥١٫٥');
      // 2.5 × 51.50 = 128.75
      expect(within(milkPrice.closest('tr')!).getByText(/^SAR\s128\.75$/)).toBeTruthy();
      await user.click(screen.getByRole('button', { name: 'Save Changes' }));

      expect(await screen.findByText('Item updated')).toBeTruthy();
      expect(patchesSent(fetchMock)).toEqual([
        ['/api/orders/o-1/items/oi-rice', { quantity: '24' }],
        ['/api/orders/o-1/items/oi-milk', { unitPrice: '51.50' }],
      ]);
    });

    it('refuses an empty client name or a negative price, and Cancel leaves without saving', async () => {
      const { fetchMock, user, dialog } = renderDialog();
      await within(dialog).findByText('Almarai Fresh Milk 1L');
      await waitFor(() =>
        expect(within(dialog).getByRole('button', { name: 'Edit Order' })).toHaveProperty('disabled', false),
      );
      await user.click(within(dialog).getByRole('button', { name: 'Edit Order' }));
      await user.clear(screen.getByRole('textbox', { name: /^Client name/ }));
      const price = screen.getByRole('textbox', { name: 'Unit price of Almarai Fresh Milk 1L' });
      await user.clear(price);
      await user.type(price, '-1');
      await user.click(screen.getByRole('button', { name: 'Save Changes' }));
      expect(screen.getByText('Client name is required')).toBeTruthy();
      expect(price.getAttribute('aria-invalid')).toBe('true');
      await user.click(screen.getByRole('button', { name: 'Cancel' }));
      expect(screen.getByRole('button', { name: 'Edit Order' })).toBeTruthy();
      expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'PATCH')).toEqual([]);
    });

    it('deletes an item after a confirm, and adds one typed (name required, quantity 1 and price 0 by default)', async () => {
      const { fetchMock, user, dialog } = renderDialog(makeOrder(), {
        'DELETE /api/orders/o-1/items/oi-milk': noContent,
        'POST /api/orders/o-1/items': () => jsonResponse(makeOrderItem({ id: 'oi-new' }), 201, 'Created'),
        '/api/stock': () => jsonResponse([]),
      });
      await within(dialog).findByText('Almarai Fresh Milk 1L');
      await waitFor(() =>
        expect(within(dialog).getByRole('button', { name: 'Edit Order' })).toHaveProperty('disabled', false),
      );
      await user.click(within(dialog).getByRole('button', { name: 'Edit Order' }));

      await user.click(screen.getByRole('button', { name: 'Delete \u2068Almarai Fresh Milk 1L\u2069' }));
      const confirm = await screen.findByRole('dialog', { name: 'Delete item' });
      expect(
        within(confirm).getByText(/Remove \u2068Almarai Fresh Milk 1L\u2069 from order ORD-2026-000042\?/),
      ).toBeTruthy();
      await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
      expect(await screen.findByText('Item deleted')).toBeTruthy();
      expect(bodiesSent(fetchMock, 'DELETE', '/api/orders/o-1/items/oi-milk')).toEqual([undefined]);
      await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Delete item' })).toBeNull());

      const adding = within(screen.getByRole('region', { name: 'Add an item' }));
      expect((adding.getByRole('textbox', { name: /^Quantity/ }) as HTMLInputElement).value).toBe('1');
      expect((adding.getByRole('textbox', { name: /^Unit price/ }) as HTMLInputElement).value).toBe('0');
      await user.click(adding.getByRole('button', { name: 'Add' }));
      expect(invalidField(adding.getByRole('combobox', { name: /^Item/ }))).toBe(true);
      await user.type(adding.getByRole('combobox', { name: /^Item/ }), 'Tea bags');
      await user.click(adding.getByRole('button', { name: 'Add' }));
      expect(await screen.findByText('Item added')).toBeTruthy();
      expect(bodiesSent(fetchMock, 'POST', '/api/orders/o-1/items')).toEqual([
        { itemName: 'Tea bags', quantity: '1', unit: 'piece', unitPrice: '0.00' },
      ]);
      // The line is cleared for the next one.
      expect((adding.getByRole('combobox', { name: /^Item/ }) as HTMLInputElement).value).toBe('');
    });

    it('adds an item picked from the catalogue like New Order: its unit chosen, its price left to the price list', async () => {
      const dates = makeStockItem({
        id: 'i-dates',
        name: 'Sukkari Dates 1kg',
        nameAr: 'تمر سكري 1 كغ',
        sku: 'DATES-SKR-1',
        unit: 'box',
        sellingPrice: '30.00',
        packs: [{ unit: 'carton', factor: 12, sellingPrice: null, price: '360.00', barcode: null }],
      });
      const { fetchMock, user, dialog } = renderDialog(makeOrder(), {
        '/api/stock': (_init, url) => jsonResponse(url.searchParams.get('search') === 'dates' ? [dates] : []),
        'POST /api/orders/o-1/items': () => jsonResponse(makeOrderItem({ id: 'oi-new' }), 201, 'Created'),
      });
      await within(dialog).findByText('Almarai Fresh Milk 1L');
      await openEditor(user, dialog);
      const adding = within(screen.getByRole('region', { name: 'Add an item' }));
      await user.type(adding.getByRole('combobox', { name: /^Item/ }), 'dates');
      await user.click(await screen.findByRole('option', { name: /Sukkari Dates 1kg/ }));
      expect(adding.getByText('From stock · SKU DATES-SKR-1')).toBeTruthy();
      // Picked: the typed price 0 is dropped; the server prices the line for the client.
      expect((adding.getByRole('textbox', { name: /^Unit price/ }) as HTMLInputElement).value).toBe('');
      await user.click(adding.getByRole('combobox', { name: /^Unit/ }));
      await user.click(await screen.findByRole('option', { name: /carton/ }));
      await user.clear(adding.getByRole('textbox', { name: /^Quantity/ }));
      await user.type(adding.getByRole('textbox', { name: /^Quantity/ }), '2');
      await user.click(adding.getByRole('button', { name: 'Add' }));
      expect(await screen.findByText('Item added')).toBeTruthy();
      expect(bodiesSent(fetchMock, 'POST', '/api/orders/o-1/items')).toEqual([
        {
          itemName: 'Sukkari Dates 1kg',
          itemNameAr: 'تمر سكري 1 كغ',
          quantity: '2',
          unit: 'carton',
          stockItemId: 'i-dates',
        },
      ]);
    });

    describe('SKU (stock link)', () => {
      const dates = makeStockItem({
        id: 'i-dates',
        name: 'Sukkari Dates 1kg',
        nameAr: 'تمر سكري 1 كغ',
        sku: 'DATES-SKR-1',
        unit: 'box',
        quantity: 40,
      });
      const skuOf = (name: string) => screen.getByRole('combobox', { name: `SKU of ${name}` }) as HTMLInputElement;

      it('links a line to the stock item searched for and unlinks another with None, saved with Save Changes', async () => {
        const { fetchMock, user, dialog } = renderDialog(makeOrder(), {
          // Only the search typed finds the dates: the picker must send what was typed.
          '/api/stock': (_init, url) => jsonResponse(url.searchParams.get('search') === 'dates' ? [dates] : []),
          'PATCH /api/orders/o-1/items/oi-rice': () =>
            jsonResponse({ ...rice, stockItemId: 'i-dates', sku: 'DATES-SKR-1' }),
          'PATCH /api/orders/o-1/items/oi-milk': () => jsonResponse({ ...milk, stockItemId: null, sku: null }),
        });
        await within(dialog).findByText('Almarai Fresh Milk 1L');
        const save = await openEditor(user, dialog);
        expect(screen.getByRole('columnheader', { name: 'SKU' })).toBeTruthy();
        expect(skuOf('Abu Kas Basmati Rice 10kg').value).toBe('RICE-ABK-10');
        expect(skuOf('Almarai Fresh Milk 1L').value).toBe('MILK-ALM-1L');

        await user.clear(skuOf('Abu Kas Basmati Rice 10kg'));
        await user.type(skuOf('Abu Kas Basmati Rice 10kg'), 'dates');
        const option = await screen.findByRole('option', { name: /Sukkari Dates 1kg/ });
        expect(within(option).getByText('DATES-SKR-1')).toBeTruthy();
        expect(within(option).getByText('In stock: 40 boxes')).toBeTruthy();
        expect(screen.getByRole('option', { name: 'None' })).toBeTruthy();
        await user.click(option);
        expect(skuOf('Abu Kas Basmati Rice 10kg').value).toBe('DATES-SKR-1');
        // The picked item's name under its SKU.
        expect(screen.getByText('Sukkari Dates 1kg')).toBeTruthy();
        // The dates are not sold by the bag: the line is now in boxes, its 20 to check, not silently kept.
        expect(screen.getByText('Not sold by the bag: switched to box')).toBeTruthy();
        expect(screen.getByText('Check the quantity: it is now in box')).toBeTruthy();

        await user.click(skuOf('Almarai Fresh Milk 1L'));
        await user.click(await screen.findByRole('option', { name: 'None' }));
        expect(skuOf('Almarai Fresh Milk 1L').value).toBe('None');

        expect(patchesSent(fetchMock)).toEqual([]);
        await user.click(save);
        expect(await screen.findByText('Item updated')).toBeTruthy();
        expect(screen.getByText('Items saved: 2')).toBeTruthy();
        expect(patchesSent(fetchMock)).toEqual([
          ['/api/orders/o-1/items/oi-rice', { stockItemId: 'i-dates', unit: 'box', quantity: '20' }],
          ['/api/orders/o-1/items/oi-milk', { stockItemId: null }],
        ]);
      });

      it('sends nothing when the same link is picked again, and Cancel drops a changed link', async () => {
        const { fetchMock, user, dialog } = renderDialog(makeOrder(), {
          '/api/stock': () =>
            jsonResponse([
              makeStockItem({ id: 'i-rice', name: 'Abu Kas Basmati Rice 10kg', sku: 'RICE-ABK-10' }),
              dates,
            ]),
        });
        await within(dialog).findByText('Almarai Fresh Milk 1L');
        await openEditor(user, dialog);
        await user.click(skuOf('Abu Kas Basmati Rice 10kg'));
        await user.click(await screen.findByRole('option', { name: /Abu Kas Basmati Rice 10kg/ }));
        await user.click(skuOf('Almarai Fresh Milk 1L'));
        await user.click(await screen.findByRole('option', { name: /Sukkari Dates 1kg/ }));
        await user.click(screen.getByRole('button', { name: 'Cancel' }));
        await user.click(await screen.findByRole('button', { name: 'Edit Order' }));
        expect(skuOf('Almarai Fresh Milk 1L').value).toBe('MILK-ALM-1L');
        await user.click(screen.getByRole('button', { name: 'Save Changes' }));
        await waitFor(() => expect(screen.queryByRole('button', { name: 'Save Changes' })).toBeNull());
        expect(patchesSent(fetchMock)).toEqual([]);
      });

      it('is text only without stock:read: the SKU or None, and no stock search', async () => {
        const loose = makeOrderItem({
          id: 'oi-loose',
          lineNo: 2,
          stockItemId: null,
          sku: null,
          itemName: 'Loose cardamom',
        });
        const { fetchMock, user, dialog } = renderDialog(
          makeOrder(),
          { '/api/orders/o-1/items': () => jsonResponse([rice, loose]) },
          { ...fullAccess, readStock: false, writeStock: false },
        );
        await within(dialog).findByText('Loose cardamom');
        await openEditor(user, dialog);
        expect(screen.getByRole('columnheader', { name: 'SKU' })).toBeTruthy();
        expect(screen.queryByRole('combobox', { name: /^SKU of/ })).toBeNull();
        const [riceRow, looseRow] = screen.getAllByTestId('order-item-row');
        expect(within(riceRow).getAllByText('RICE-ABK-10').length).toBeGreaterThan(0);
        expect(within(looseRow).getByText('None')).toBeTruthy();
        expect(fetchMock.mock.calls.some(([url]) => String(url).startsWith('/api/stock'))).toBe(false);
      });
    });

    it("changes a linked line's unit among its item's units, converting the quantity, and lets the server price it", async () => {
      const quote = {
        clientId: 'c-noor',
        priceListId: null,
        priceListName: null,
        lines: ['i-milk', 'i-rice'].map((stockItemId) => ({
          stockItemId,
          unit: 'piece',
          unitFactor: 1,
          baseUnit: 'piece',
          quantity: 1,
          baseQuantity: 1,
          unitPrice: '6.00',
          priceSource: 'item',
          units: [
            { unit: stockItemId === 'i-rice' ? 'bag' : 'piece', factor: 1, price: '6.00', priceSource: 'item' },
            { unit: 'carton', factor: 12, price: '70.00', priceSource: 'pack' },
          ],
        })),
      };
      const { fetchMock, user, dialog } = renderDialog(makeOrder(), {
        'POST /api/orders/quote': () => jsonResponse(quote),
        'PATCH /api/orders/o-1/items/oi-milk': () => jsonResponse(milk),
      });
      await within(dialog).findByText('Almarai Fresh Milk 1L');
      const save = await openEditor(user, dialog);
      const unit = screen.getByRole('combobox', { name: 'Unit of Almarai Fresh Milk 1L' });
      await waitFor(() => expect(unit.textContent).toBe('carton (12 pcs)'));
      await user.click(unit);
      await user.click(within(await screen.findByRole('listbox')).getByRole('option', { name: 'piece' }));
      const quantity = screen.getByRole('textbox', { name: 'Quantity of Almarai Fresh Milk 1L' }) as HTMLInputElement;
      expect(quantity.value).toBe('30');
      expect(screen.getByText('2.5 ctn converted to 30 pcs')).toBeTruthy();
      const price = screen.getByRole('textbox', { name: 'Unit price of Almarai Fresh Milk 1L' }) as HTMLInputElement;
      expect(price.value).toBe('');
      expect(price.placeholder).toBe('6.00');
      const discount = screen.getByRole('textbox', { name: 'Discount of Almarai Fresh Milk 1L' });
      await user.type(discount, '5');
      await user.click(save);
      expect(await screen.findByText('Item updated')).toBeTruthy();
      expect(patchesSent(fetchMock)).toEqual([
        ['/api/orders/o-1/items/oi-milk', { unit: 'piece', quantity: '30', discountPercent: '5' }],
      ]);
    });

    describe('quantities (decision 0005)', () => {
      const sugar = makeOrderItem({
        id: 'oi-sugar',
        stockItemId: 'i-sugar',
        sku: 'SUGAR-LOOSE',
        itemName: 'Loose white sugar',
        itemNameAr: 'سكر أبيض سائب',
        quantity: 2,
        unit: 'kg',
        unitPrice: '4.20',
        totalPrice: '8.40',
      });
      const tea = makeOrderItem({
        id: 'oi-tea',
        lineNo: 2,
        stockItemId: null,
        sku: null,
        itemName: 'Tea glasses',
        itemNameAr: null,
        quantity: 3,
        unit: 'piece',
        unitPrice: '2.00',
        totalPrice: '6.00',
      });

      it('saves a fractional kg quantity, and keeps pieces whole (2.5 pieces becomes 1)', async () => {
        const { fetchMock, user, dialog } = renderDialog(makeOrder(), {
          '/api/orders/o-1/items': () => jsonResponse([sugar, tea]),
          'PATCH /api/orders/o-1/items/oi-sugar': () => jsonResponse({ ...sugar, quantity: 2.75 }),
          'PATCH /api/orders/o-1/items/oi-tea': () => jsonResponse({ ...tea, quantity: 1 }),
        });
        await within(dialog).findByText('Loose white sugar');
        const save = await openEditor(user, dialog);

        const sugarQuantity = screen.getByRole('textbox', {
          name: 'Quantity of Loose white sugar',
        }) as HTMLInputElement;
        expect(sugarQuantity.inputMode).toBe('decimal');
        const teaQuantity = screen.getByRole('textbox', { name: 'Quantity of Tea glasses' }) as HTMLInputElement;
        expect(teaQuantity.inputMode).toBe('numeric');
        const [sugarRow, teaRow] = screen.getAllByTestId('order-item-row');
        expect(within(sugarRow).getByText('kg')).toBeTruthy();
        expect(within(teaRow).getByText('pcs')).toBeTruthy();

        await user.clear(sugarQuantity);
        await user.type(sugarQuantity, '2.75');
        await user.tab();
        expect(sugarQuantity.value).toBe('2.75');
        // 2.75 × 4.20 = 11.55
        expect(within(sugarRow).getByText(/^SAR\s11\.55$/)).toBeTruthy();
        await user.clear(teaQuantity);
        await user.type(teaQuantity, '2.5');
        await user.tab();
        expect(teaQuantity.value).toBe('1');

        await user.click(save);
        expect(await screen.findByText('Item updated')).toBeTruthy();
        expect(patchesSent(fetchMock)).toEqual([
          ['/api/orders/o-1/items/oi-sugar', { quantity: '2.75' }],
          ['/api/orders/o-1/items/oi-tea', { quantity: '1' }],
        ]);
      });

      it('turns a kg quantity that is not above 0 into 1', async () => {
        const { user, dialog } = renderDialog(makeOrder(), {
          '/api/orders/o-1/items': () => jsonResponse([sugar, tea]),
        });
        await within(dialog).findByText('Loose white sugar');
        await openEditor(user, dialog);
        const sugarQuantity = screen.getByRole('textbox', {
          name: 'Quantity of Loose white sugar',
        }) as HTMLInputElement;
        await user.clear(sugarQuantity);
        await user.type(sugarQuantity, '0');
        await user.tab();
        expect(sugarQuantity.value).toBe('1');
      });
    });

    it('does not offer deleting the last item, nor deleting at all without orders:delete', async () => {
      const { dialog, user } = renderDialog(makeOrder(), {
        '/api/orders/o-1/items': () => jsonResponse([rice]),
      });
      await within(dialog).findByText('Abu Kas Basmati Rice 10kg');
      await waitFor(() =>
        expect(within(dialog).getByRole('button', { name: 'Edit Order' })).toHaveProperty('disabled', false),
      );
      await user.click(within(dialog).getByRole('button', { name: 'Edit Order' }));
      expect(screen.getByRole('button', { name: 'Delete \u2068Abu Kas Basmati Rice 10kg\u2069' })).toHaveProperty(
        'disabled',
        true,
      );
    });
  });

  it('is read-only without orders:write: a status badge, no Edit Order, no Generate Invoice', async () => {
    const { dialog } = renderDialog(makeOrder({ status: 'completed' }), {}, readOnlyAccess);
    await within(dialog).findByText('Almarai Fresh Milk 1L');
    expect(within(dialog).getByText('Completed')).toBeTruthy();
    expect(within(dialog).queryByRole('combobox', { name: 'Status' })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Edit Order' })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Generate Invoice' })).toBeNull();
  });

  describe('Generate Invoice', () => {
    it('downloads the PDF with the session cookie as invoice-<number>-<timestamp>.pdf and revokes its URL', async () => {
      const createObjectURL = vi.fn(() => 'blob:invoice');
      const revokeObjectURL = vi.fn();
      // jsdom has no object URLs.
      Object.assign(URL, { createObjectURL, revokeObjectURL });
      onTestFinished(() => {
        Reflect.deleteProperty(URL, 'createObjectURL');
        Reflect.deleteProperty(URL, 'revokeObjectURL');
      });
      const clicks: HTMLAnchorElement[] = [];
      vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
        clicks.push(this);
      });
      const { fetchMock, user, dialog } = renderDialog(makeOrder({ status: 'confirmed', commitCount: 1 }), {
        'POST /api/orders/o-1/generate-invoice': () =>
          jsonResponse({ id: 'inv-1', invoiceNumber: 'INV-2026-000007', pdfUrl: '/api/invoices/inv-1/pdf' }),
        '/api/invoices/inv-1/pdf': () =>
          new Response('%PDF-1.7', { status: 200, headers: { 'Content-Type': 'application/pdf' } }),
      });
      await user.click(within(dialog).getByRole('button', { name: 'Generate Invoice' }));

      expect(await screen.findByText('Invoice generated')).toBeTruthy();
      const pdfCall = fetchMock.mock.calls.find(([url]) => String(url) === '/api/invoices/inv-1/pdf');
      expect(pdfCall?.[1]).toMatchObject({ credentials: 'include' });
      expect(clicks).toHaveLength(1);
      expect(clicks[0].download).toMatch(/^invoice-INV-2026-000007-\d{13}\.pdf$/);
      expect(clicks[0].getAttribute('href')).toBe('blob:invoice');
      await waitFor(() => expect(revokeObjectURL).toHaveBeenCalledWith('blob:invoice'));
    });

    it('says "Failed to generate invoice" when billing is not there', async () => {
      const { user, dialog } = renderDialog(makeOrder({ status: 'completed', commitCount: 1 }));
      await user.click(within(dialog).getByRole('button', { name: 'Generate Invoice' }));
      expect(await screen.findByText('Failed to generate invoice')).toBeTruthy();
      expect(screen.getByText('No route POST /api/orders/o-1/generate-invoice')).toBeTruthy();
    });
  });

  describe('Proforma', () => {
    it('offers a proforma instead of a tax invoice while the order is pending, and downloads it', async () => {
      Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:proforma'), revokeObjectURL: vi.fn() });
      onTestFinished(() => {
        Reflect.deleteProperty(URL, 'createObjectURL');
        Reflect.deleteProperty(URL, 'revokeObjectURL');
      });
      const clicks: HTMLAnchorElement[] = [];
      vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
        clicks.push(this);
      });
      const { fetchMock, user, dialog } = renderDialog(makeOrder({ status: 'pending' }), {
        '/api/orders/o-1/proforma': () =>
          new Response('%PDF-1.7', { status: 200, headers: { 'Content-Type': 'application/pdf' } }),
      });
      expect(within(dialog).queryByRole('button', { name: 'Generate Invoice' })).toBeNull();
      await user.click(within(dialog).getByRole('button', { name: 'Proforma' }));
      await waitFor(() => expect(clicks).toHaveLength(1));
      expect(clicks[0].download).toMatch(/^proforma-ORD-2026-000042-\d{13}\.pdf$/);
      const call = fetchMock.mock.calls.find(([url]) => String(url) === '/api/orders/o-1/proforma');
      expect(call?.[1]).toMatchObject({ credentials: 'include' });
    });
  });
});
