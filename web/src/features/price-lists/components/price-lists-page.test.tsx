import type { ClientDto, PriceListDto } from '@erp/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { bodiesSent, serveApi, type ApiRoutes } from '../../../test/fixtures';
import { jsonResponse, renderWithProviders } from '../../../test/render';
import { makeStockItem, noContent } from '../../../test/stock-fixtures';
import { PriceListsPage } from './price-lists-page';

const milk = makeStockItem({
  id: 'i-milk',
  unit: 'piece',
  sellingPrice: '6.00',
  packs: [{ unit: 'carton', factor: 12, sellingPrice: '70.00', price: '70.00', barcode: null }],
});
const rice = makeStockItem({
  id: 'i-rice',
  name: 'Abu Kas Basmati Rice 10kg',
  nameAr: 'أرز أبو كاس بسمتي 10 كغ',
  sku: 'RICE-ABK-10',
  unit: 'bag',
  sellingPrice: '55.50',
  packs: [],
});

function makePriceList(overrides: Partial<PriceListDto> = {}): PriceListDto {
  return {
    id: 'pl-wholesale',
    name: 'Wholesale',
    itemCount: 2,
    createdAt: '2026-03-01T09:00:00.000Z',
    updatedAt: '2026-03-04T09:00:00.000Z',
    ...overrides,
  };
}

const wholesale = makePriceList();
const horeca = makePriceList({ id: 'pl-horeca', name: 'HORECA', itemCount: 0 });
const wholesaleWithPrices = makePriceList({
  items: [
    {
      stockItemId: 'i-milk',
      sku: 'MILK-ALM-1L',
      itemName: milk.name,
      itemNameAr: milk.nameAr,
      unit: 'piece',
      price: '5.82',
    },
    {
      stockItemId: 'i-milk',
      sku: 'MILK-ALM-1L',
      itemName: milk.name,
      itemNameAr: milk.nameAr,
      unit: 'carton',
      price: '67.90',
    },
  ],
});

function client(id: string, name: string, priceListId: string | null): ClientDto {
  return {
    id,
    name,
    nameAr: null,
    phone: null,
    whatsapp: null,
    email: null,
    address: null,
    notes: null,
    priceListId,
    paymentTermsDays: 0,
    creditLimit: null,
    vatNumber: null,
    nationalAddress: null,
    createdAt: '2026-03-01T09:00:00.000Z',
    createdBy: null,
  };
}

const clients = [
  client('c-1', 'Al Othaim Markets', 'pl-wholesale'),
  client('c-2', 'Danube', 'pl-wholesale'),
  client('c-3', 'Tamimi', 'pl-wholesale'),
  client('c-4', 'Corner Cafe', null),
];

function renderPage(routes: ApiRoutes = {}, { canWrite = true, canReadClients = true } = {}) {
  const fetchMock = serveApi({
    '/api/price-lists': () => jsonResponse([horeca, wholesale]),
    '/api/price-lists/pl-wholesale': () => jsonResponse(wholesaleWithPrices),
    '/api/clients': () => jsonResponse(clients),
    '/api/stock': (_init, url) =>
      jsonResponse(
        url.searchParams.get('search') ? [milk, rice].filter((item) => /rice/i.test(item.name)) : [milk, rice],
      ),
    ...routes,
  });
  const user = userEvent.setup();
  renderWithProviders(
    <PriceListsPage canWrite={canWrite} canReadClients={canReadClients} currency="SAR" />,
    '/price-lists',
  );
  return { fetchMock, user };
}

function rowOf(name: string): HTMLElement {
  const row = screen.getByText(name).closest('tr');
  if (!row) throw new Error(`no row for ${name}`);
  return row;
}

describe('PriceListsPage', () => {
  it('lists the lists with their number of prices, who buys at them and when they changed', async () => {
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Price Lists' })).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Price lists' });
    await within(table).findByText('Wholesale');
    const row = within(rowOf('Wholesale'));
    expect(row.getByText('2')).toBeTruthy();
    expect(await row.findByText('\u2068Al Othaim Markets\u2069, \u2068Danube\u2069 +1')).toBeTruthy();
    expect(within(rowOf('HORECA')).getByText('No clients yet')).toBeTruthy();
    expect(row.getByRole('button', { name: 'Edit \u2068Wholesale\u2069' })).toBeTruthy();
  });

  it('offers no changes to a reader, and no client names without clients:read', async () => {
    const { fetchMock } = renderPage({}, { canWrite: false, canReadClients: false });
    await screen.findByText('Wholesale');
    expect(screen.queryByRole('button', { name: 'New Price List' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit \u2068Wholesale\u2069' })).toBeNull();
    expect(screen.queryByRole('columnheader', { name: 'Clients' })).toBeNull();
    expect(fetchMock.mock.calls.some(([url]) => String(url).startsWith('/api/clients'))).toBe(false);
  });

  it('shows an empty state that offers a new list', async () => {
    renderPage({ '/api/price-lists': () => jsonResponse([]) });
    expect(await screen.findByText('No price lists yet')).toBeTruthy();
    expect(screen.getAllByRole('button', { name: 'New Price List' }).length).toBeGreaterThan(0);
  });

  it('says why the lists could not be loaded', async () => {
    renderPage({
      '/api/price-lists': () => jsonResponse({ message: 'Inventory is unavailable', code: 'SERVICE_UNAVAILABLE' }, 503),
    });
    expect(await screen.findByText('Could not load the data')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('imports prices from a spreadsheet: the wizard opens for price lists and checks the file first', async () => {
    const { fetchMock, user } = renderPage({
      'POST /api/imports': () => jsonResponse({ id: 'imp-1' }, 202, 'Accepted'),
    });
    await screen.findByText('Wholesale');
    await user.click(screen.getByRole('button', { name: 'Import prices' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import prices' });
    expect(within(dialog).getByText(/one price per row: the price list/)).toBeTruthy();
    const file = new File(['Price list,SKU,Unit,Price\r\nHORECA,MILK-ALM-1L,carton,64.00\r\n'], 'prices.csv', {
      type: 'text/csv',
    });
    await user.upload(within(dialog).getByTestId('import-file-input'), file);
    await user.click(within(dialog).getByRole('button', { name: 'Check file' }));
    await waitFor(() => expect(bodiesSent(fetchMock, 'POST', '/api/imports')).toHaveLength(1));
    expect(bodiesSent(fetchMock, 'POST', '/api/imports')[0]).toMatchObject({
      kind: 'price-list',
      dryRun: true,
      fileName: 'prices.csv',
    });
  });

  it('offers no import to a reader', async () => {
    renderPage({}, { canWrite: false });
    await screen.findByText('Wholesale');
    expect(screen.queryByRole('button', { name: 'Import prices' })).toBeNull();
  });

  describe('the dialog', () => {
    it("creates a list: an item searched in the stock, one of its units, a price; the item's own price as a hint", async () => {
      const { fetchMock, user } = renderPage({
        'POST /api/price-lists': () => jsonResponse(makePriceList({ id: 'pl-new', name: 'Retail' }), 201, 'Created'),
      });
      await screen.findByText('Wholesale');
      await user.click(screen.getByRole('button', { name: 'New Price List' }));
      const dialog = await screen.findByRole('dialog', { name: 'New Price List' });
      await user.type(within(dialog).getByLabelText(/^Name/), ' Retail ');
      await user.click(within(dialog).getByRole('button', { name: 'Add price' }));

      const item = within(dialog).getByRole('combobox', { name: 'Item, price 1' });
      await user.click(item);
      await user.type(item, 'rice');
      await user.click(await screen.findByRole('option', { name: /Abu Kas Basmati Rice 10kg/ }));
      expect(within(dialog).getByRole('combobox', { name: 'Unit, price 1' }).textContent).toBe('bag');
      expect(within(dialog).getByText(/^Item price: SAR\s55\.50$/)).toBeTruthy();
      await user.type(within(dialog).getByRole('textbox', { name: 'Price, price 1' }), '٥٢٫٥');

      await user.click(within(dialog).getByRole('button', { name: 'Create List' }));
      expect(await screen.findByText('Price list created')).toBeTruthy();
      expect(bodiesSent(fetchMock, 'POST', '/api/price-lists')).toEqual([
        { name: 'Retail', items: [{ stockItemId: 'i-rice', unit: 'bag', price: '52.50' }] },
      ]);
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    });

    it('refuses a missing name, an item priced twice in one unit and a bad price before sending', async () => {
      const { fetchMock, user } = renderPage();
      await screen.findByText('Wholesale');
      await user.click(within(rowOf('Wholesale')).getByRole('button', { name: 'Edit \u2068Wholesale\u2069' }));
      const dialog = await screen.findByRole('dialog', { name: 'Edit \u2068Wholesale\u2069' });
      await within(dialog).findByRole('combobox', { name: 'Unit, price 2' });
      await user.clear(within(dialog).getByLabelText(/^Name/));
      await user.click(within(dialog).getByRole('combobox', { name: 'Unit, price 2' }));
      await user.click(await screen.findByRole('option', { name: 'piece' }));
      const price = within(dialog).getByRole('textbox', { name: 'Price, price 1' });
      await user.clear(price);
      await user.type(price, '5.825');
      await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));

      expect(within(dialog).getByText('Name is required')).toBeTruthy();
      expect(within(dialog).getByText('This item already has a price in this unit')).toBeTruthy();
      expect(within(dialog).getByText('Use at most 2 decimal places')).toBeTruthy();
      expect(document.activeElement).toBe(within(dialog).getByLabelText(/^Name/));
      expect(bodiesSent(fetchMock, 'PATCH', '/api/price-lists/pl-wholesale')).toEqual([]);
    });

    it('edits a list: its prices with their units, pack units by their contents; sends every price when one changed', async () => {
      const { fetchMock, user } = renderPage({
        'PATCH /api/price-lists/pl-wholesale': () => jsonResponse(wholesaleWithPrices),
      });
      await screen.findByText('Wholesale');
      await user.click(within(rowOf('Wholesale')).getByRole('button', { name: 'Edit \u2068Wholesale\u2069' }));
      const dialog = await screen.findByRole('dialog', { name: 'Edit \u2068Wholesale\u2069' });
      expect(await within(dialog).findByText(/^Item price: SAR\s70\.00$/)).toBeTruthy();
      expect(within(dialog).getByRole('combobox', { name: 'Unit, price 2' }).textContent).toBe('carton of 12 pcs');
      expect(within(dialog).getByRole('textbox', { name: 'Price, price 2' })).toHaveProperty('value', '67.90');
      const price = within(dialog).getByRole('textbox', { name: 'Price, price 2' });
      await user.clear(price);
      await user.type(price, '66');
      await user.click(within(dialog).getByRole('button', { name: 'Remove price 1' }));
      await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));

      expect(await screen.findByText('Price list saved')).toBeTruthy();
      expect(bodiesSent(fetchMock, 'PATCH', '/api/price-lists/pl-wholesale')).toEqual([
        { items: [{ stockItemId: 'i-milk', unit: 'carton', price: '66.00' }] },
      ]);
    });

    it('sends only the name when only the name changed, and puts a taken name (409) on the name field', async () => {
      const { fetchMock, user } = renderPage({
        'PATCH /api/price-lists/pl-wholesale': () =>
          jsonResponse(
            {
              message: 'A price list named HORECA already exists',
              code: 'INVENTORY_PRICE_LIST_NAME_TAKEN',
              details: { field: 'name' },
            },
            409,
            'Conflict',
          ),
      });
      await screen.findByText('Wholesale');
      await user.click(within(rowOf('Wholesale')).getByRole('button', { name: 'Edit \u2068Wholesale\u2069' }));
      const dialog = await screen.findByRole('dialog', { name: 'Edit \u2068Wholesale\u2069' });
      await within(dialog).findByRole('combobox', { name: 'Unit, price 2' });
      const name = within(dialog).getByLabelText(/^Name/);
      await user.clear(name);
      await user.type(name, 'horeca');
      await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));

      expect(await within(dialog).findByText('A price list with this name already exists')).toBeTruthy();
      expect(name.getAttribute('aria-invalid')).toBe('true');
      expect(within(dialog).getByRole('alert').textContent).toContain('A price list named HORECA already exists');
      expect(bodiesSent(fetchMock, 'PATCH', '/api/price-lists/pl-wholesale')).toEqual([{ name: 'horeca' }]);
    });
  });

  describe('deleting', () => {
    it('deletes a list no client buys at, after a confirmation', async () => {
      const { fetchMock, user } = renderPage({ 'DELETE /api/price-lists/pl-horeca': noContent });
      await screen.findByText('HORECA');
      await user.click(within(rowOf('HORECA')).getByRole('button', { name: 'Delete \u2068HORECA\u2069' }));
      const confirm = await screen.findByRole('dialog', { name: 'Delete price list' });
      await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
      expect(await screen.findByText('Price list deleted')).toBeTruthy();
      expect(bodiesSent(fetchMock, 'DELETE', '/api/price-lists/pl-horeca')).toHaveLength(1);
    });

    it('names the clients that buy at a list the server would not delete (409)', async () => {
      const inUse = () =>
        jsonResponse(
          {
            message: '3 clients buy at this price list: give them another list first',
            code: 'INVENTORY_PRICE_LIST_IN_USE',
            details: { clients: 3 },
          },
          409,
          'Conflict',
        );
      const { user } = renderPage({ 'DELETE /api/price-lists/pl-wholesale': inUse });
      await screen.findByText('\u2068Al Othaim Markets\u2069, \u2068Danube\u2069 +1');
      await user.click(within(rowOf('Wholesale')).getByRole('button', { name: 'Delete \u2068Wholesale\u2069' }));
      const confirm = await screen.findByRole('dialog', { name: 'Delete price list' });
      await user.click(within(confirm).getByRole('button', { name: 'Delete' }));

      const alert = await screen.findByRole('alert');
      expect(alert.textContent).toContain('The price list was not deleted');
      expect(alert.textContent).toContain(
        'These clients buy at \u2068Wholesale\u2069: \u2068Al Othaim Markets\u2069, \u2068Danube\u2069, \u2068Tamimi\u2069. Give them another list (or none) first, then delete it.',
      );
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    });

    it('counts them, in Arabic, when the clients cannot be read', async () => {
      await i18n.changeLanguage('ar');
      const { user } = renderPage(
        {
          'DELETE /api/price-lists/pl-wholesale': () =>
            jsonResponse(
              { message: 'in use', code: 'INVENTORY_PRICE_LIST_IN_USE', details: { clients: 3 } },
              409,
              'Conflict',
            ),
        },
        { canReadClients: false },
      );
      expect(await screen.findByRole('heading', { level: 1, name: 'قوائم الأسعار' })).toBeTruthy();
      await screen.findByText('Wholesale');
      await user.click(within(rowOf('Wholesale')).getByRole('button', { name: 'حذف \u2068Wholesale\u2069' }));
      const confirm = await screen.findByRole('dialog', { name: 'حذف قائمة الأسعار' });
      await user.click(within(confirm).getByRole('button', { name: 'حذف' }));
      const alert = await screen.findByRole('alert');
      expect(alert.textContent).toContain('عدد العملاء الذين يشترون بأسعار \u2068Wholesale\u2069: 3.');
    });
  });
});
