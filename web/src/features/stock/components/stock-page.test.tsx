import type { StockItemDto, UserDto } from '@erp/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { bodiesSent, makeSettings, makeUser, owner, serveApi, type ApiRoutes } from '../../../test/fixtures';
import { jsonResponse, renderApp, renderWithProviders, type mockFetch } from '../../../test/render';
import {
  makeExpiringBatch,
  makeReorderEntry,
  makeStockItem,
  makeStockItems,
  noContent,
  stockPageResponse,
} from '../../../test/stock-fixtures';
import { StockPage } from './stock-page';

const milk = makeStockItem();
const rice = makeStockItem({
  id: 'i-rice',
  name: 'Abu Kas Basmati Rice 10kg',
  nameAr: 'أرز أبو كاس بسمتي 10 كغ',
  sku: 'RICE-ABK-10',
  quantity: 6,
  unit: 'bag',
  costPrice: '48.00',
  sellingPrice: '55.50',
  status: 'low',
});
const cardamom = makeStockItem({
  id: 'i-cardamom',
  name: 'Green Cardamom',
  nameAr: null,
  sku: 'CARD-GRN',
  quantity: 12.345,
  unit: 'kg',
  costPrice: '1234.50',
  sellingPrice: '1499.00',
});

/** The /api/stock requests made, as URLs. */
function stockRequests(fetchMock: ReturnType<typeof mockFetch>): URL[] {
  return fetchMock.mock.calls
    .map(([url, init]) => ({ url: new URL(String(url), 'http://localhost'), method: init?.method ?? 'GET' }))
    .filter(({ url, method }) => url.pathname === '/api/stock' && method === 'GET')
    .map(({ url }) => url);
}

function renderPage(items: StockItemDto[], routes: ApiRoutes = {}, { canWrite = true, currency = 'SAR' } = {}) {
  const fetchMock = serveApi({
    '/api/stock': () => stockPageResponse(items),
    '/api/stock/expiring': () => jsonResponse([]),
    '/api/stock/reorder-suggestions': () => jsonResponse([]),
    ...routes,
  });
  const user = userEvent.setup();
  renderWithProviders(<StockPage canWrite={canWrite} currency={currency} />, '/stock');
  return { fetchMock, user };
}

function rowOf(name: string): HTMLElement {
  const row = screen.getByText(name).closest('tr');
  if (!row) throw new Error(`no row for ${name}`);
  return row;
}

describe('StockPage', () => {
  describe('Current Inventory', () => {
    it('says a quantity in its largest pack too, and lists the packs under the name, in both languages', async () => {
      const water = makeStockItem({
        id: 'i-water',
        name: 'Nova Water 330ml',
        nameAr: 'مياه نوفا 330 مل',
        sku: 'WATER-NOVA-330',
        quantity: 180,
        unit: 'piece',
        packs: [
          { unit: 'carton', factor: 12, sellingPrice: null, price: '18.00', barcode: null },
          { unit: 'pallet', factor: 960, sellingPrice: null, price: '1440.00', barcode: null },
        ],
      });
      renderPage([water]);
      await screen.findByText('Nova Water 330ml');
      const row = within(rowOf('Nova Water 330ml'));
      expect(row.getByText('180 pcs = 15 ctn')).toBeTruthy();
      expect(row.getByText('Packs: carton of 12 pcs · pallet of 960 pcs')).toBeTruthy();

      await i18n.changeLanguage('ar');
      expect(await row.findByText('180 حبة = 15 كرتونًا')).toBeTruthy();
      expect(row.getByText('العبوات: كرتون من 12 حبة · طبلية من 960 حبة')).toBeTruthy();
    });

    it('hides the columns a user chooses, and remembers the choice for that user', async () => {
      const routes = { '/api/user': () => jsonResponse(owner) };
      const { user } = renderPage([rice], routes);
      const table = await screen.findByRole('table', { name: 'Current inventory' });
      await within(table).findByText('Abu Kas Basmati Rice 10kg');
      expect(within(table).getByRole('columnheader', { name: /Cost Price/ })).toBeTruthy();
      await user.click(screen.getByRole('button', { name: 'Columns' }));
      await user.click(await screen.findByRole('menuitemcheckbox', { name: /Cost Price/ }));
      await user.keyboard('{Escape}');
      await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
      expect(within(table).queryByRole('columnheader', { name: /Cost Price/ })).toBeNull();
      expect(within(table).getByRole('columnheader', { name: /Selling Price/ })).toBeTruthy();
      expect(rowOf('Abu Kas Basmati Rice 10kg').querySelectorAll('td')).toHaveLength(6);
      expect(JSON.parse(window.localStorage.getItem(`erp.list-columns.${owner.id}.stock`) ?? '[]')).toEqual([
        'costPrice',
      ]);
      window.localStorage.removeItem(`erp.list-columns.${owner.id}.stock`);
    });

    it('lists name with the Arabic name, SKU, quantity with unit, prices in the currency and status', async () => {
      renderPage([rice, milk, cardamom]);
      const table = await screen.findByRole('table', { name: 'Current inventory' });
      await within(table).findByText('Abu Kas Basmati Rice 10kg');
      const row = within(rowOf('Abu Kas Basmati Rice 10kg'));
      expect(row.getByText('أرز أبو كاس بسمتي 10 كغ')).toBeTruthy();
      expect(row.getByText('RICE-ABK-10')).toBeTruthy();
      expect(row.getByText('6 bags')).toBeTruthy();
      expect(row.getByText(/^SAR\s48\.00$/)).toBeTruthy();
      expect(row.getByText(/^SAR\s55\.50$/)).toBeTruthy();
      expect(row.getByText('Low Stock')).toBeTruthy();

      const cardamomRow = within(rowOf('Green Cardamom'));
      expect(cardamomRow.getByText('12.345 kg')).toBeTruthy();
      expect(cardamomRow.getByText(/^SAR\s1,234\.50$/)).toBeTruthy();
      expect(cardamomRow.getByText('In Stock')).toBeTruthy();
      expect(table.textContent).not.toContain('$');
    });

    it('shows Low Stock in the warning colour and In Stock in the success colour', async () => {
      renderPage([rice, milk]);
      await screen.findByText('Abu Kas Basmati Rice 10kg');
      const badge = (text: string) => screen.getByText(text).closest('[data-status]') as HTMLElement;
      expect(badge('Low Stock').dataset.status).toBe('low');
      expect(getComputedStyle(badge('Low Stock')).color).toBe('rgb(146, 64, 14)');
      expect(getComputedStyle(badge('In Stock')).color).toBe('rgb(22, 101, 52)');
    });

    it('shows skeleton rows while the list loads', async () => {
      renderPage([], { '/api/stock': () => new Promise<Response>(() => undefined) });
      expect((await screen.findAllByTestId('skeleton-row')).length).toBeGreaterThan(0);
      expect(screen.getByRole('table', { name: 'Current inventory' }).getAttribute('aria-busy')).toBe('true');
    });

    it('asks for the first page of 20 and shows the total from X-Total-Count', async () => {
      const { fetchMock, user } = renderPage([], {
        '/api/stock': (_init, url) => {
          const offset = Number(url.searchParams.get('offset'));
          const limit = Number(url.searchParams.get('limit'));
          return stockPageResponse(makeStockItems(Math.min(limit, 45 - offset), offset + 1), 45);
        },
      });
      expect(await screen.findByText('1–20 of 45')).toBeTruthy();
      expect(screen.getAllByTestId('stock-row')).toHaveLength(20);
      const [first] = stockRequests(fetchMock);
      expect(first.searchParams.get('limit')).toBe('20');
      expect(first.searchParams.get('offset')).toBe('0');

      await user.click(screen.getByRole('button', { name: 'Go to next page' }));
      expect(await screen.findByText('21–40 of 45')).toBeTruthy();
      expect(screen.getByText('Item 21')).toBeTruthy();
      expect(stockRequests(fetchMock).at(-1)?.searchParams.get('offset')).toBe('20');

      await user.click(screen.getByRole('button', { name: 'Go to next page' }));
      expect(await screen.findByText('41–45 of 45')).toBeTruthy();
      expect(screen.getAllByTestId('stock-row')).toHaveLength(5);
      expect((screen.getByRole('button', { name: 'Go to next page' }) as HTMLButtonElement).disabled).toBe(true);
    });

    it('offers 20, 50 and 100 rows per page and starts again at the first page', async () => {
      const { fetchMock, user } = renderPage([], {
        '/api/stock': (_init, url) => {
          const offset = Number(url.searchParams.get('offset'));
          const limit = Number(url.searchParams.get('limit'));
          return stockPageResponse(makeStockItems(Math.min(limit, 120 - offset), offset + 1), 120);
        },
      });
      await screen.findByText('1–20 of 120');
      await user.click(screen.getByRole('button', { name: 'Go to next page' }));
      await screen.findByText('21–40 of 120');
      await user.click(screen.getByRole('combobox', { name: 'Rows per page:' }));
      const listbox = await screen.findByRole('listbox');
      expect(
        within(listbox)
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual(['20', '50', '100']);
      await user.click(within(listbox).getByRole('option', { name: '50' }));
      expect(await screen.findByText('1–50 of 120')).toBeTruthy();
      const last = stockRequests(fetchMock).at(-1);
      expect(last?.searchParams.get('limit')).toBe('50');
      expect(last?.searchParams.get('offset')).toBe('0');
    });

    it('debounces the search and sends search, limit and offset to the server', async () => {
      const { fetchMock, user } = renderPage([], {
        '/api/stock': (_init, url) =>
          url.searchParams.get('search') === 'milk' ? stockPageResponse([milk], 1) : stockPageResponse([rice, milk], 2),
      });
      await screen.findByText('Abu Kas Basmati Rice 10kg');
      await user.type(screen.getByRole('searchbox', { name: 'Search stock' }), 'milk');

      await waitFor(() => expect(screen.queryByText('Abu Kas Basmati Rice 10kg')).toBeNull());
      // Between the two answers the table may show its loading rows: wait for the new page.
      expect(await screen.findByText('Almarai Fresh Milk 1L')).toBeTruthy();
      const searches = stockRequests(fetchMock).map((url) => url.searchParams.get('search'));
      // One request for the whole word, none per keystroke.
      expect(searches).toEqual([null, 'milk']);
      const last = stockRequests(fetchMock).at(-1);
      expect(last?.searchParams.get('limit')).toBe('20');
      expect(last?.searchParams.get('offset')).toBe('0');
    });

    it('waits 300 ms after the last keystroke before asking', async () => {
      const { fetchMock, user } = renderPage([milk]);
      await screen.findByText('Almarai Fresh Milk 1L');
      await user.type(screen.getByRole('searchbox', { name: 'Search stock' }), 'ri');
      await new Promise((resolve) => setTimeout(resolve, 150));
      expect(stockRequests(fetchMock)).toHaveLength(1);
      await waitFor(() => expect(stockRequests(fetchMock)).toHaveLength(2));
      expect(stockRequests(fetchMock)[1].searchParams.get('search')).toBe('ri');
    });

    it('shows low stock only on the server when asked, and every item again', async () => {
      const { fetchMock, user } = renderPage([milk]);
      await screen.findByText('Almarai Fresh Milk 1L');
      await user.click(screen.getByRole('combobox', { name: 'Show' }));
      await user.click(await screen.findByRole('option', { name: 'Low stock only' }));
      await waitFor(() => expect(stockRequests(fetchMock).at(-1)?.searchParams.get('status')).toBe('low'));
      await user.click(screen.getByRole('combobox', { name: 'Show' }));
      await user.click(await screen.findByRole('option', { name: 'All items' }));
      expect(screen.getByRole('combobox', { name: 'Show' }).textContent).toBe('All items');
    });

    it('says so when a search finds nothing', async () => {
      const { user } = renderPage([], {
        '/api/stock': (_init, url) =>
          url.searchParams.get('search') ? stockPageResponse([], 0) : stockPageResponse([milk], 1),
      });
      await screen.findByText('Almarai Fresh Milk 1L');
      await user.type(screen.getByRole('searchbox', { name: 'Search stock' }), 'saffron');
      expect(await screen.findByText('No items match “\u2068saffron\u2069”')).toBeTruthy();
      expect(screen.queryByText('No stock items yet')).toBeNull();
    });

    it('shows the empty state, whose buttons open the import and the supplier invoice upload', async () => {
      const { user } = renderPage([]);
      expect(await screen.findByText('No stock items yet')).toBeTruthy();
      expect(screen.queryByRole('table', { name: 'Current inventory' })).toBeNull();
      // Import in the header and in the empty state: a first day starts from a spreadsheet.
      expect(screen.getAllByRole('button', { name: 'Import' })).toHaveLength(2);
      await user.click(screen.getByRole('button', { name: 'Upload First Invoice' }));
      expect(await screen.findByRole('dialog', { name: 'Upload Supplier Invoice' })).toBeTruthy();
    });

    it('shows a load error with a retry', async () => {
      renderPage([], {
        '/api/stock': () => jsonResponse({ message: 'Inventory is down', code: 'SERVICE_UNAVAILABLE' }, 503),
      });
      expect(await screen.findByText('Could not load the data')).toBeTruthy();
      expect(screen.getByText('Inventory is down')).toBeTruthy();
      expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
    });
  });

  describe('delete', () => {
    it('asks for confirmation naming the item, then deletes and refreshes', async () => {
      let items = [rice, milk];
      const { fetchMock, user } = renderPage([], {
        '/api/stock': () => stockPageResponse(items),
        'DELETE /api/stock/i-milk': () => {
          items = [rice];
          return noContent();
        },
      });
      await user.click(await screen.findByRole('button', { name: 'Delete \u2068Almarai Fresh Milk 1L\u2069' }));
      const dialog = await screen.findByRole('dialog', { name: 'Delete stock item' });
      expect(dialog.textContent).toContain(
        'Are you sure you want to delete \u2068Almarai Fresh Milk 1L\u2069 (SKU MILK-ALM-1L)?',
      );
      expect(bodiesSent(fetchMock, 'DELETE', '/api/stock/i-milk')).toHaveLength(0);

      await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
      expect(await screen.findByText('Stock item deleted successfully')).toBeTruthy();
      expect(bodiesSent(fetchMock, 'DELETE', '/api/stock/i-milk')).toEqual([undefined]);
      await waitFor(() => expect(screen.queryByText('MILK-ALM-1L')).toBeNull());
    });

    it('cancelling sends nothing', async () => {
      const { fetchMock, user } = renderPage([milk]);
      await user.click(await screen.findByRole('button', { name: 'Delete \u2068Almarai Fresh Milk 1L\u2069' }));
      const dialog = await screen.findByRole('dialog', { name: 'Delete stock item' });
      await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
      await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Delete stock item' })).toBeNull());
      expect(bodiesSent(fetchMock, 'DELETE', '/api/stock/i-milk')).toHaveLength(0);
    });

    it("shows 'Failed to delete stock item' with the server's message", async () => {
      const { user } = renderPage([milk], {
        'DELETE /api/stock/i-milk': () =>
          jsonResponse({ message: 'Stock item not found', code: 'INVENTORY_STOCK_ITEM_NOT_FOUND' }, 404),
      });
      await user.click(await screen.findByRole('button', { name: 'Delete \u2068Almarai Fresh Milk 1L\u2069' }));
      await user.click(
        within(await screen.findByRole('dialog', { name: 'Delete stock item' })).getByRole('button', {
          name: 'Delete',
        }),
      );
      const alert = await screen.findByRole('alert');
      expect(alert.textContent).toContain('Failed to delete stock item');
      expect(alert.textContent).toContain('Stock item not found');
    });
  });

  it('opens Add and Edit with the stock form, and a change refreshes the list and the expiring batches', async () => {
    let expiringCalls = 0;
    const { fetchMock, user } = renderPage([milk], {
      '/api/stock/expiring': () => {
        expiringCalls += 1;
        return jsonResponse([]);
      },
      'PATCH /api/stock/i-milk': () => jsonResponse({ ...milk, quantity: 40 }),
    });
    await user.click(await screen.findByRole('button', { name: 'Add Stock Item' }));
    expect(await screen.findByRole('dialog', { name: 'Add Stock Item' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add Stock Item' })).toBeNull());

    await user.click(screen.getByRole('button', { name: 'Edit \u2068Almarai Fresh Milk 1L\u2069' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit \u2068Almarai Fresh Milk 1L\u2069' });
    const quantity = within(dialog).getByLabelText(/^Quantity/);
    await user.clear(quantity);
    await user.type(quantity, '40');
    const before = stockRequests(fetchMock).length;
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    await screen.findByText('Stock item updated successfully');
    expect(bodiesSent(fetchMock, 'PATCH', '/api/stock/i-milk')).toEqual([{ quantity: '40' }]);
    await waitFor(() => expect(stockRequests(fetchMock).length).toBeGreaterThan(before));
    await waitFor(() => expect(expiringCalls).toBe(2));
    // The edited row is highlighted for a moment, so the eye finds it.
    expect(rowOf('Almarai Fresh Milk 1L').getAttribute('aria-current')).toBe('true');
  });

  it('hides every write action from a user without stock:write', async () => {
    renderPage(
      [milk],
      { '/api/stock/reorder-suggestions': () => jsonResponse([makeReorderEntry()]) },
      { canWrite: false },
    );
    await screen.findByText('Almarai Fresh Milk 1L');
    await userEvent.setup().click(screen.getByRole('tab', { name: 'Reorder suggestions (1)' }));
    await screen.findByRole('region', { name: 'Reorder Suggestions' });
    for (const name of [
      /Add Stock Item/,
      /Upload Supplier Invoice/,
      /^Edit /,
      /^Delete /,
      /Regenerate/,
      /Approve/,
      /Dismiss/,
    ]) {
      expect(screen.queryByRole('button', { name })).toBeNull();
    }
    expect(screen.queryByRole('columnheader', { name: 'Actions' })).toBeNull();
  });

  it('offers to generate reorder suggestions from the header while there are none', async () => {
    const { fetchMock, user } = renderPage([milk], {
      'POST /api/stock/generate-reorder-suggestions': () => jsonResponse({ generated: 0 }),
    });
    await screen.findByText('Almarai Fresh Milk 1L');
    await user.click(await screen.findByRole('button', { name: 'Generate reorder suggestions' }));
    expect(await screen.findByText('Reorder suggestions generated successfully')).toBeTruthy();
    expect(bodiesSent(fetchMock, 'POST', '/api/stock/generate-reorder-suggestions')).toEqual([undefined]);
  });

  it('opens on Inventory, with Expiring and Reorder suggestions one tab away (the tab in the address)', async () => {
    const { user } = renderPage([milk], {
      '/api/stock/expiring': () => jsonResponse([makeExpiringBatch()]),
      '/api/stock/reorder-suggestions': () => jsonResponse([makeReorderEntry()]),
    });
    const inventoryTab = await screen.findByRole('tab', { name: 'Inventory' });
    expect(inventoryTab.getAttribute('aria-selected')).toBe('true');
    expect(await screen.findByRole('table', { name: 'Current inventory' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Expiring Items' })).toBeNull();
    await user.click(screen.getByRole('tab', { name: 'Expiring' }));
    expect(await screen.findByRole('region', { name: 'Expiring Items' })).toBeTruthy();
    expect(screen.queryByRole('table', { name: 'Current inventory' })).toBeNull();
    expect(screen.getByRole('tabpanel', { name: 'Expiring' })).toBeTruthy();
    await user.click(screen.getByRole('tab', { name: 'Reorder suggestions (1)' }));
    expect(await screen.findByRole('region', { name: 'Reorder Suggestions' })).toBeTruthy();
  });

  it("shows the stock ledger on Movements, and a row's History opens that item's movements", async () => {
    const movement = {
      id: 'm-1',
      stockItemId: milk.id,
      sku: milk.sku,
      name: milk.name,
      nameAr: milk.nameAr,
      unit: 'carton',
      quantityBefore: 40,
      quantityChange: -12,
      quantityAfter: 28,
      reason: 'order',
      reference: 'o-1',
      batchNumber: 'B-7',
      notes: null,
      createdAt: '2026-11-20T09:30:00.000Z',
      createdBy: 'u-1',
      createdByName: 'Sara Al-Qahtani',
    };
    const { fetchMock, user } = renderPage([milk], {
      '/api/stock/movements': () =>
        new Response(JSON.stringify([movement]), {
          headers: { 'Content-Type': 'application/json', 'X-Total-Count': '1' },
        }),
    });
    await screen.findByText('MILK-ALM-1L');
    await user.click(screen.getByRole('button', { name: 'Movements of \u2068Almarai Fresh Milk 1L\u2069' }));
    const table = await screen.findByRole('table', { name: 'Stock movements' });
    await waitFor(() => expect(within(table).getByText('Sara Al-Qahtani')).toBeTruthy());
    expect(within(table).getByText('Order')).toBeTruthy();
    expect(within(table).getByText('Batch \u2068B-7\u2069')).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Movements' }).getAttribute('aria-selected')).toBe('true');
    const asked = fetchMock.mock.calls
      .map(([url]) => new URL(String(url), 'http://localhost'))
      .filter((url) => url.pathname === '/api/stock/movements');
    expect(asked.at(-1)?.searchParams.get('stockItemId')).toBe(milk.id);
    // Back to every item's movements.
    await user.click(screen.getByRole('button', { name: 'Show all items' }));
    await waitFor(() => {
      const last = fetchMock.mock.calls
        .map(([url]) => new URL(String(url), 'http://localhost'))
        .filter((url) => url.pathname === '/api/stock/movements')
        .at(-1);
      expect(last?.searchParams.has('stockItemId')).toBe(false);
    });
  });

  it('keeps working when the reorder suggestions cannot be read (404)', async () => {
    renderPage([milk], {
      '/api/stock/reorder-suggestions': () => jsonResponse({ message: 'No route', code: 'NOT_FOUND' }, 404),
      '/api/stock/expiring': () => jsonResponse([makeExpiringBatch()]),
    });
    expect(await screen.findByText('MILK-ALM-1L')).toBeTruthy();
    const user = userEvent.setup();
    await user.click(screen.getByRole('tab', { name: 'Expiring' }));
    expect(await screen.findByRole('region', { name: 'Expiring Items' })).toBeTruthy();
    await user.click(screen.getByRole('tab', { name: 'Reorder suggestions' }));
    expect(screen.queryByRole('region', { name: 'Reorder Suggestions' })).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    // No such endpoint yet: nothing offers to generate suggestions either.
    expect(screen.queryByRole('button', { name: 'Generate reorder suggestions' })).toBeNull();
  });

  it('is translated in Arabic, units and status included', async () => {
    await i18n.changeLanguage('ar');
    renderPage([rice]);
    expect(await screen.findByRole('heading', { level: 1, name: 'إدارة المخزون' })).toBeTruthy();
    await screen.findByText('Abu Kas Basmati Rice 10kg');
    const row = within(rowOf('Abu Kas Basmati Rice 10kg'));
    expect(row.getByText('6 أكياس')).toBeTruthy();
    expect(row.getByText('مخزون منخفض')).toBeTruthy();
    expect(row.getByText(/55\.50\sر\.س\./)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'إضافة صنف' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'رفع فاتورة مورد' })).toBeTruthy();
  });
});

describe('/stock route', () => {
  const staff = makeUser({ permissions: ['stock:read', 'orders:read'] });

  function serveStock(user: UserDto, currency: string) {
    return serveApi({
      '/api/user': () => jsonResponse(user),
      '/api/settings': () => jsonResponse(makeSettings({ currency: currency as 'SAR' })),
      '/api/stock': () => stockPageResponse([rice]),
      '/api/stock/expiring': () => jsonResponse([]),
      '/api/stock/reorder-suggestions': () => jsonResponse([]),
    });
  }

  it("shows money in the settings' currency", async () => {
    serveStock(owner, 'AED');
    renderApp('/stock');
    await screen.findByText('Abu Kas Basmati Rice 10kg');
    const row = within(rowOf('Abu Kas Basmati Rice 10kg'));
    expect(row.getByText(/^AED\s48\.00$/)).toBeTruthy();
    expect(row.getByText(/^AED\s55\.50$/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add Stock Item' })).toBeTruthy();
  });

  it('gives staff without stock:write a read-only screen', async () => {
    serveStock(staff, 'SAR');
    renderApp('/stock');
    await screen.findByText('Abu Kas Basmati Rice 10kg');
    expect(screen.queryByRole('button', { name: 'Add Stock Item' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Upload Supplier Invoice' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete \u2068Abu Kas Basmati Rice 10kg\u2069' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Generate reorder suggestions' })).toBeNull();
  });

  it('gives staff with stock:write the write actions', async () => {
    serveStock(makeUser({ permissions: ['stock:read', 'stock:write'] }), 'SAR');
    renderApp('/stock');
    await screen.findByText('Abu Kas Basmati Rice 10kg');
    expect(screen.getByRole('button', { name: 'Add Stock Item' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Delete \u2068Abu Kas Basmati Rice 10kg\u2069' })).toBeTruthy();
  });
});
