import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { bodiesSent, idempotencyKeysSent, makeUser, owner, serveApi, type ApiRoutes } from '../../../test/fixtures';
import { jsonResponse, mockMatchMedia, renderApp, renderWithProviders } from '../../../test/render';
import type { ClientDto } from '../api/clients-api';
import { ClientsPage } from './clients-page';

function makeClient(overrides: Partial<ClientDto> = {}): ClientDto {
  return {
    id: 'c-noor',
    name: 'Al Noor Trading',
    nameAr: 'مؤسسة النور التجارية',
    phone: '+966 50 123 4567',
    whatsapp: '966501234567',
    email: 'buyer@alnoor.sa',
    address: 'Industrial Area, Riyadh',
    notes: null,
    priceListId: null,
    paymentTermsDays: 0,
    creditLimit: null,
    vatNumber: null,
    nationalAddress: null,
    createdAt: '2026-10-01T08:00:00.000Z',
    createdBy: 'u-owner',
    ...overrides,
  };
}

const noor = makeClient();
const baraka = makeClient({
  id: 'c-baraka',
  name: 'Baraka Foods',
  nameAr: null,
  phone: null,
  email: null,
  address: null,
  createdAt: '2026-11-02T08:00:00.000Z',
});

function pageResponse(items: ClientDto[], total = items.length): Response {
  return new Response(JSON.stringify(items), {
    status: 200,
    headers: { 'Content-Type': 'application/json', 'X-Total-Count': String(total) },
  });
}

const priceLists = [
  {
    id: 'pl-wholesale',
    name: 'Wholesale',
    itemCount: 12,
    createdAt: '2026-03-01T09:00:00.000Z',
    updatedAt: '2026-03-01T09:00:00.000Z',
  },
  {
    id: 'pl-horeca',
    name: 'HORECA',
    itemCount: 4,
    createdAt: '2026-03-01T09:00:00.000Z',
    updatedAt: '2026-03-01T09:00:00.000Z',
  },
];

function renderPage(routes: ApiRoutes = {}, canWrite = true, canReadPriceLists = true) {
  const fetchMock = serveApi({
    '/api/clients': () => pageResponse([baraka, noor]),
    '/api/price-lists': () => jsonResponse(priceLists),
    ...routes,
  });
  const user = userEvent.setup();
  renderWithProviders(<ClientsPage canWrite={canWrite} canReadPriceLists={canReadPriceLists} />, '/clients');
  return { fetchMock, user };
}

describe('ClientsPage', () => {
  it('lists name with the Arabic name under it, contact, address and joined date', async () => {
    renderPage();
    const table = await screen.findByRole('table', { name: 'Clients' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Name', 'Contact', 'Address', 'Price list', 'Joined', 'Actions']);
    const row = within((await within(table).findByText('Al Noor Trading')).closest('tr') as HTMLElement);
    expect(row.getByText('مؤسسة النور التجارية')).toBeTruthy();
    expect(row.getByRole('link', { name: '+966 50 123 4567' }).getAttribute('href')).toBe('tel:+966501234567');
    expect(row.getByRole('link', { name: 'buyer@alnoor.sa' }).getAttribute('href')).toBe('mailto:buyer@alnoor.sa');
    expect(row.getByText('Industrial Area, Riyadh')).toBeTruthy();
    expect(row.getByText('Oct 1, 2026')).toBeTruthy();
    const empty = within(within(table).getByText('Baraka Foods').closest('tr') as HTMLElement);
    expect(empty.getAllByText('—')).toHaveLength(2);
  });

  it('hides the columns a user chooses, and offers no price list column to one who cannot read the lists', async () => {
    const { user } = renderPage({}, true, false);
    const table = await screen.findByRole('table', { name: 'Clients' });
    await within(table).findByText('Al Noor Trading');
    await user.click(screen.getByRole('button', { name: 'Columns' }));
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitemcheckbox')
        .map((item) => item.textContent),
    ).toEqual(['Contact', 'Address', 'Joined']);
    await user.click(within(menu).getByRole('menuitemcheckbox', { name: 'Address' }));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Name', 'Contact', 'Joined', 'Actions']);
    expect(
      (within(table).getByText('Al Noor Trading').closest('tr') as HTMLElement).querySelectorAll('td'),
    ).toHaveLength(4);
  });

  it('shows the price list each client buys at', async () => {
    renderPage({ '/api/clients': () => pageResponse([makeClient({ priceListId: 'pl-wholesale' }), baraka]) });
    const table = await screen.findByRole('table', { name: 'Clients' });
    const row = within((await within(table).findByText('Al Noor Trading')).closest('tr') as HTMLElement);
    expect(await row.findByText('Wholesale')).toBeTruthy();
    expect(within(within(table).getByText('Baraka Foods').closest('tr') as HTMLElement).getByText('None')).toBeTruthy();
  });

  it('reads no price lists without stock:read', async () => {
    const { fetchMock } = renderPage({}, true, false);
    const table = await screen.findByRole('table', { name: 'Clients' });
    await within(table).findByText('Al Noor Trading');
    expect(within(table).queryByRole('columnheader', { name: 'Price list' })).toBeNull();
    expect(fetchMock.mock.calls.some(([url]) => String(url).startsWith('/api/price-lists'))).toBe(false);
  });

  describe('Edit', () => {
    async function openEdit(routes: ApiRoutes = {}, client = noor) {
      const rendered = renderPage({ '/api/clients': () => pageResponse([baraka, client]), ...routes });
      await screen.findByText('Al Noor Trading');
      await rendered.user.click(screen.getByRole('button', { name: 'Edit \u2068Al Noor Trading\u2069' }));
      const dialog = await screen.findByRole('dialog', { name: 'Edit \u2068Al Noor Trading\u2069' });
      return { ...rendered, dialog };
    }

    it('gives the client a price list: PATCH sends priceListId only', async () => {
      const { fetchMock, user, dialog } = await openEdit({
        'PATCH /api/clients/c-noor': () => jsonResponse(makeClient({ priceListId: 'pl-horeca' })),
      });
      const select = within(dialog).getByRole('combobox', { name: 'Price list' });
      expect(select.textContent).toBe('None: the items’ own prices');
      await user.click(select);
      await user.click(await screen.findByRole('option', { name: 'HORECA' }));
      await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
      expect(await screen.findByText('Client updated')).toBeTruthy();
      expect(bodiesSent(fetchMock, 'PATCH', '/api/clients/c-noor')).toEqual([{ priceListId: 'pl-horeca' }]);
    });

    it('sets payment terms and a credit limit, and clears the limit with null', async () => {
      const { fetchMock, user, dialog } = await openEdit({
        'PATCH /api/clients/c-noor': () => jsonResponse(makeClient({ paymentTermsDays: 30, creditLimit: '5000.00' })),
      });
      const terms = within(dialog).getByRole('textbox', { name: 'Payment terms (days)' });
      const limit = within(dialog).getByRole('textbox', { name: 'Credit limit' });
      expect((terms as HTMLInputElement).value).toBe('0');
      expect((limit as HTMLInputElement).value).toBe('');
      await user.clear(terms);
      await user.type(terms, '٣٠');
      await user.type(limit, '5000');
      await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
      await screen.findByText('Client updated');
      expect(bodiesSent(fetchMock, 'PATCH', '/api/clients/c-noor')).toEqual([
        { paymentTermsDays: 30, creditLimit: '5000.00' },
      ]);
    });

    it('sends null for a cleared credit limit and nothing for an unchanged one', async () => {
      const { fetchMock, user, dialog } = await openEdit(
        { 'PATCH /api/clients/c-noor': () => jsonResponse(makeClient()) },
        makeClient({ paymentTermsDays: 30, creditLimit: '5000.00' }),
      );
      const limit = within(dialog).getByRole('textbox', { name: 'Credit limit' });
      expect((limit as HTMLInputElement).value).toBe('5000.00');
      await user.clear(limit);
      await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
      await screen.findByText('Client updated');
      expect(bodiesSent(fetchMock, 'PATCH', '/api/clients/c-noor')).toEqual([{ creditLimit: null }]);
    });

    it('removes a VAT number with null, leaving the unchanged national address out of the PATCH', async () => {
      const registered = makeClient({
        vatNumber: '300075588700003',
        nationalAddress: {
          street: 'King Fahd Road',
          buildingNumber: '8228',
          additionalNumber: '2121',
          district: 'Al Olaya',
          city: 'Riyadh',
          postalCode: '12212',
          countryCode: 'SA',
        },
      });
      const { fetchMock, user, dialog } = await openEdit(
        { 'PATCH /api/clients/c-noor': () => jsonResponse(makeClient()) },
        registered,
      );
      const vat = within(dialog).getByRole('textbox', { name: 'VAT registration number' });
      expect((vat as HTMLInputElement).value).toBe('300075588700003');
      expect((within(dialog).getByRole('textbox', { name: 'Additional number' }) as HTMLInputElement).value).toBe(
        '2121',
      );
      await user.clear(vat);
      await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
      await screen.findByText('Client updated');
      expect(bodiesSent(fetchMock, 'PATCH', '/api/clients/c-noor')).toEqual([{ vatNumber: null }]);
    });

    it('shows the tax details in Arabic', async () => {
      await i18n.changeLanguage('ar');
      const rendered = renderPage({ '/api/clients': () => pageResponse([noor]) });
      await rendered.user.click(await screen.findByRole('button', { name: 'تعديل \u2068مؤسسة النور التجارية\u2069' }));
      const dialog = await screen.findByRole('dialog');
      expect(within(dialog).getByText('البيانات الضريبية والعنوان الوطني')).toBeTruthy();
      for (const label of [
        'الرقم الضريبي',
        'رقم المبنى',
        'الشارع',
        'الحي',
        'المدينة',
        'الرمز البريدي',
        'الرقم الإضافي',
      ]) {
        expect(within(dialog).getByRole('textbox', { name: label })).toBeTruthy();
      }
    });

    it('refuses terms above 365 days and a limit with 3 decimals before sending', async () => {
      const { fetchMock, user, dialog } = await openEdit();
      const terms = within(dialog).getByRole('textbox', { name: 'Payment terms (days)' });
      await user.clear(terms);
      await user.type(terms, '400');
      await user.type(within(dialog).getByRole('textbox', { name: 'Credit limit' }), '10.555');
      await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
      expect(within(dialog).getByText('Enter whole days from 0 to 365')).toBeTruthy();
      expect(within(dialog).getByText('Enter an amount with at most 2 decimals')).toBeTruthy();
      expect(bodiesSent(fetchMock, 'PATCH', '/api/clients/c-noor')).toEqual([]);
    });

    it('takes the client off its list with null, and sends a cleared field as null', async () => {
      const { fetchMock, user, dialog } = await openEdit(
        { 'PATCH /api/clients/c-noor': () => jsonResponse(makeClient()) },
        makeClient({ priceListId: 'pl-wholesale' }),
      );
      const select = within(dialog).getByRole('combobox', { name: 'Price list' });
      expect(select.textContent).toBe('Wholesale');
      await user.click(select);
      await user.click(await screen.findByRole('option', { name: 'None: the items’ own prices' }));
      await user.clear(within(dialog).getByRole('textbox', { name: 'Address' }));
      await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
      await screen.findByText('Client updated');
      expect(bodiesSent(fetchMock, 'PATCH', '/api/clients/c-noor')).toEqual([{ address: null, priceListId: null }]);
    });

    it('says "Failed to update client" with the server message (an unknown list is a 400)', async () => {
      const { user, dialog } = await openEdit({
        'PATCH /api/clients/c-noor': () =>
          jsonResponse(
            {
              message: 'priceListId names no price list',
              code: 'VALIDATION_FAILED',
              details: { fields: [{ field: 'priceListId', messages: ['priceListId names no price list'] }] },
            },
            400,
            'Bad Request',
          ),
      });
      await user.click(within(dialog).getByRole('combobox', { name: 'Price list' }));
      await user.click(await screen.findByRole('option', { name: 'Wholesale' }));
      await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
      const toast = await screen.findByRole('alert');
      expect(within(toast).getByText('Failed to update client')).toBeTruthy();
      expect(within(toast).getByText('priceListId names no price list')).toBeTruthy();
      expect(within(dialog).getByText('Check this value')).toBeTruthy();
    });

    it('offers the price lists in Arabic', async () => {
      await i18n.changeLanguage('ar');
      const { user } = renderPage();
      await screen.findByText('Al Noor Trading');
      await user.click(screen.getByRole('button', { name: 'تعديل \u2068مؤسسة النور التجارية\u2069' }));
      const dialog = await screen.findByRole('dialog', { name: 'تعديل \u2068مؤسسة النور التجارية\u2069' });
      const select = within(dialog).getByRole('combobox', { name: 'قائمة الأسعار' });
      await user.click(select);
      expect((await screen.findAllByRole('option')).map((option) => option.textContent)).toEqual([
        'بلا قائمة: أسعار الأصناف الأساسية',
        'Wholesale',
        'HORECA',
      ]);
    });
  });

  it('sorts by a column header: ascending, then descending, and says so to screen readers', async () => {
    const { fetchMock, user } = renderPage();
    const table = await screen.findByRole('table');
    const nameHeader = within(table).getByRole('columnheader', { name: /Name/ });
    expect(nameHeader.getAttribute('aria-sort')).toBe('none');
    const sortsSent = () =>
      fetchMock.mock.calls
        .map(([url]) => new URL(String(url), 'http://localhost'))
        .filter((url) => url.pathname === '/api/clients')
        .map((url) => url.searchParams.get('sort'));
    await user.click(within(nameHeader).getByRole('button'));
    await waitFor(() => expect(sortsSent()).toContain('name:asc'));
    expect(within(table).getByRole('columnheader', { name: /Name/ }).getAttribute('aria-sort')).toBe('ascending');
    await user.click(within(within(table).getByRole('columnheader', { name: /Name/ })).getByRole('button'));
    await waitFor(() => expect(sortsSent()).toContain('name:desc'));
  });

  it('exports the list as on screen, with Arabic headers asked for in Arabic', async () => {
    await i18n.changeLanguage('ar');
    const createObjectURL = vi.fn(() => 'blob:clients');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const { fetchMock, user } = renderPage({
      '/api/clients': (_init, url) =>
        url.searchParams.get('format') === 'csv'
          ? new Response('\uFEFFالاسم\r\n', { headers: { 'Content-Type': 'text/csv; charset=utf-8' } })
          : pageResponse([noor]),
    });
    await screen.findByRole('table');
    await user.type(screen.getByRole('searchbox'), 'نور');
    // The search reaches the list once typing pauses (debounced); the export follows what is on screen.
    const searched = () =>
      fetchMock.mock.calls.some(
        ([sent]) => new URL(String(sent), 'http://localhost').searchParams.get('search') === 'نور',
      );
    await waitFor(() => expect(searched()).toBe(true));
    await user.click(screen.getByRole('button', { name: 'تصدير' }));
    await user.click(await screen.findByRole('menuitem', { name: /ملف CSV/ }));
    await waitFor(() => expect(createObjectURL).toHaveBeenCalled());
    const exportCall = fetchMock.mock.calls.find(([url]) => String(url).includes('format=csv'));
    const url = new URL(String(exportCall![0]), 'http://localhost');
    expect(url.searchParams.get('search')).toBe('نور');
    expect(new Headers(exportCall![1]?.headers).get('accept-language')).toBe('ar');
  });

  it('shows skeleton rows while loading', async () => {
    renderPage({ '/api/clients': () => new Promise<Response>(() => undefined) });
    expect((await screen.findAllByTestId('skeleton-row')).length).toBeGreaterThan(0);
  });

  it('shows the empty state with Add Client when there are no clients', async () => {
    const { user } = renderPage({ '/api/clients': () => pageResponse([], 0) });
    expect(await screen.findByRole('heading', { name: 'No clients yet' })).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    await user.click(screen.getAllByRole('button', { name: 'Add Client' })[1]);
    expect(await screen.findByRole('dialog', { name: 'Add Client' })).toBeTruthy();
  });

  it('searches and pages on the server', async () => {
    const { fetchMock, user } = renderPage({
      '/api/clients': (_init, url) =>
        url.searchParams.get('search') === '0501' ? pageResponse([noor], 1) : pageResponse([baraka, noor], 42),
    });
    expect(await screen.findByText('1–20 of 42')).toBeTruthy();
    await user.type(screen.getByRole('searchbox', { name: 'Search clients' }), '0501');
    await waitFor(() => expect(screen.queryByText('Baraka Foods')).toBeNull());
    const urls = fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.startsWith('/api/clients'));
    expect(urls).toEqual(['/api/clients?limit=20&offset=0', '/api/clients?search=0501&limit=20&offset=0']);
  });

  it('shows cards at phone width', async () => {
    mockMatchMedia((query) => query.includes('max-width: 599.95px'));
    renderPage();
    const list = await screen.findByRole('list', { name: 'Clients' });
    const card = within((await within(list).findByText('Al Noor Trading')).closest('li') as HTMLElement);
    expect(card.getByText('Industrial Area, Riyadh')).toBeTruthy();
    expect(card.getByRole('link', { name: 'buyer@alnoor.sa' })).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('hides Add Client without clients:write', async () => {
    renderPage({}, false);
    await screen.findByText('Al Noor Trading');
    expect(screen.queryByRole('button', { name: 'Add Client' })).toBeNull();
  });

  describe('Add Client', () => {
    async function openDialog(routes: ApiRoutes = {}) {
      const rendered = renderPage(routes);
      await screen.findByText('Al Noor Trading');
      await rendered.user.click(screen.getByRole('button', { name: 'Add Client' }));
      const dialog = await screen.findByRole('dialog', { name: 'Add Client' });
      const field = (name: RegExp | string) => within(dialog).getByRole('textbox', { name });
      const save = () => within(dialog).getByRole('button', { name: 'Save Client' }) as HTMLButtonElement;
      return { ...rendered, dialog, field, save };
    }

    it('keeps Save disabled while the name is empty', async () => {
      const { user, field, save } = await openDialog();
      expect(save().disabled).toBe(true);
      await user.type(field(/^Name/), '   ');
      expect(save().disabled).toBe(true);
      await user.type(field(/^Name/), 'Baraka');
      expect(save().disabled).toBe(false);
    });

    it('checks email and phone inline before sending', async () => {
      const { fetchMock, user, dialog, field, save } = await openDialog();
      await user.type(field(/^Name/), 'Baraka Foods');
      await user.type(field('Email'), 'not-an-email');
      await user.type(field('Phone'), '12-34');
      await user.click(save());
      expect(within(dialog).getByText('Enter a valid email address')).toBeTruthy();
      expect(within(dialog).getByText('Enter a phone number of at least 7 digits')).toBeTruthy();
      expect(bodiesSent(fetchMock, 'POST', '/api/clients')).toEqual([]);
    });

    it('adds the client, says so, and refreshes the list', async () => {
      let created = false;
      const added = makeClient({ id: 'c-new', name: 'Gulf Sweets', nameAr: 'حلويات الخليج' });
      const { fetchMock, user, field, save } = await openDialog({
        '/api/clients': () => pageResponse(created ? [added, baraka, noor] : [baraka, noor]),
        'POST /api/clients': () => {
          created = true;
          return jsonResponse(added, 201, 'Created');
        },
      });
      await user.type(field(/^Name/), '  Gulf Sweets ');
      await user.type(field('Arabic name'), 'حلويات الخليج');
      await user.type(field('Email'), 'orders@gulfsweets.ae');
      await user.type(field('Phone'), '+971 4 555 0101');
      await user.type(field('Notes'), 'Pays on delivery');
      await user.click(save());

      const toast = await screen.findByRole('status');
      expect(within(toast).getByText('Client added')).toBeTruthy();
      expect(within(toast).getByText('New client has been added successfully')).toBeTruthy();
      expect(bodiesSent(fetchMock, 'POST', '/api/clients')).toEqual([
        {
          name: 'Gulf Sweets',
          nameAr: 'حلويات الخليج',
          email: 'orders@gulfsweets.ae',
          phone: '+971 4 555 0101',
          notes: 'Pays on delivery',
        },
      ]);
      await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add Client' })).toBeNull());
      expect(await screen.findByText('Gulf Sweets')).toBeTruthy();
    });

    it('adds a VAT-registered client with its national address, typed in Arabic digits', async () => {
      const added = makeClient({ id: 'c-rayyan', name: 'Al-Rayyan Foodstuff Est.' });
      const { fetchMock, user, field, save } = await openDialog({
        'POST /api/clients': () => jsonResponse(added, 201, 'Created'),
      });
      await user.type(field(/^Name/), 'Al-Rayyan Foodstuff Est.');
      await user.type(field('VAT registration number'), '٣٠٠٠٧٥٥٨٨٧٠٠٠٠٣');
      await user.type(field('Building number'), '٨٢٢٨');
      await user.type(field('Street'), 'King Fahd Road');
      await user.type(field('District'), 'Al Olaya');
      await user.type(field('City'), 'Riyadh');
      await user.type(field('Postal code'), '١٢٢١٢');
      await user.click(save());
      await screen.findByText('Client added');
      expect(bodiesSent(fetchMock, 'POST', '/api/clients')).toEqual([
        {
          name: 'Al-Rayyan Foodstuff Est.',
          vatNumber: '300075588700003',
          nationalAddress: {
            buildingNumber: '8228',
            street: 'King Fahd Road',
            district: 'Al Olaya',
            city: 'Riyadh',
            postalCode: '12212',
          },
        },
      ]);
    });

    it('asks for the national address with a VAT number, and checks its numbers, before sending', async () => {
      const { fetchMock, user, dialog, field, save } = await openDialog();
      await user.type(field(/^Name/), 'Al-Rayyan Foodstuff Est.');
      await user.type(field('VAT registration number'), '30007558870000');
      await user.type(field('Postal code'), '1221');
      await user.click(save());
      expect(within(dialog).getByText('Enter the 15-digit VAT number')).toBeTruthy();
      expect(within(dialog).getAllByText('Required with a VAT number')).toHaveLength(3);
      expect(within(dialog).getByText('Enter the 4-digit building number')).toBeTruthy();
      expect(within(dialog).getByText('Enter the 5-digit postal code')).toBeTruthy();
      expect(field('Street').getAttribute('aria-invalid')).toBe('true');
      expect(bodiesSent(fetchMock, 'POST', '/api/clients')).toEqual([]);
    });

    it('adds a client that buys at a price list', async () => {
      const { fetchMock, user, dialog, field, save } = await openDialog({
        'POST /api/clients': () => jsonResponse(makeClient({ id: 'c-new', priceListId: 'pl-wholesale' }), 201),
      });
      await user.type(field(/^Name/), 'Gulf Sweets');
      await user.click(within(dialog).getByRole('combobox', { name: 'Price list' }));
      await user.click(await screen.findByRole('option', { name: 'Wholesale' }));
      await user.click(save());
      await screen.findByText('Client added');
      expect(bodiesSent(fetchMock, 'POST', '/api/clients')).toEqual([
        { name: 'Gulf Sweets', priceListId: 'pl-wholesale' },
      ]);
    });

    it('sends the same Idempotency-Key when the client is sent again after an error, and a new one for the next client', async () => {
      let answers = 0;
      const { fetchMock, user, dialog, field, save } = await openDialog({
        'POST /api/clients': () => {
          answers += 1;
          return answers === 1
            ? jsonResponse({ message: 'The orders service is unavailable', code: 'SERVICE_UNAVAILABLE' }, 503, 'Error')
            : jsonResponse(makeClient({ id: `c-new-${answers}`, name: 'Gulf Sweets' }), 201, 'Created');
        },
      });
      await user.type(field(/^Name/), 'Gulf Sweets');
      await user.click(save());
      await screen.findByText('Failed to add client');
      await user.click(save());
      await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add Client' })).toBeNull());
      expect(dialog.isConnected).toBe(false);
      // The same name once more, after the first was added: a new client.
      await user.click(screen.getByRole('button', { name: 'Add Client' }));
      const again = await screen.findByRole('dialog', { name: 'Add Client' });
      await user.type(within(again).getByRole('textbox', { name: /^Name/ }), 'Gulf Sweets');
      await user.click(within(again).getByRole('button', { name: 'Save Client' }));
      await waitFor(() => expect(answers).toBe(3));

      const keys = idempotencyKeysSent(fetchMock, 'POST', '/api/clients');
      expect(keys).toHaveLength(3);
      expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
      expect(keys[1]).toBe(keys[0]);
      expect(keys[2]).toMatch(/^[0-9a-f]{32}$/);
      expect(keys[2]).not.toBe(keys[0]);
      expect(bodiesSent(fetchMock, 'POST', '/api/clients')).toEqual(
        Array.from({ length: 3 }, () => ({ name: 'Gulf Sweets' })),
      );
    });

    it('says "Failed to add client" with the server message and marks the field it names', async () => {
      const { user, field, save } = await openDialog({
        'POST /api/clients': () =>
          jsonResponse(
            {
              message: 'email must be an email',
              code: 'VALIDATION_FAILED',
              details: { fields: [{ field: 'email', messages: ['email must be an email'] }] },
            },
            400,
            'Bad Request',
          ),
      });
      await user.type(field(/^Name/), 'Baraka');
      await user.type(field('Email'), 'a@b.co');
      await user.click(save());
      const toast = await screen.findByRole('alert');
      expect(within(toast).getByText('Failed to add client')).toBeTruthy();
      expect(within(toast).getByText('email must be an email')).toBeTruthy();
      expect(field('Email').getAttribute('aria-invalid')).toBe('true');
    });
  });

  it('is translated in Arabic', async () => {
    await i18n.changeLanguage('ar');
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'العملاء' })).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'العملاء' });
    // The Arabic name comes first in Arabic.
    const row = within((await within(table).findByText('مؤسسة النور التجارية')).closest('tr') as HTMLElement);
    expect(row.getByText('Al Noor Trading')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'إضافة عميل' })).toBeTruthy();
  });
});

describe('/clients', () => {
  it('hides Add Client from staff without clients:write', async () => {
    serveApi({
      '/api/user': () => jsonResponse(makeUser({ permissions: ['clients:read'] })),
      '/api/clients': () => pageResponse([noor]),
    });
    renderApp('/clients');
    expect(await screen.findByText('Al Noor Trading')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add Client' })).toBeNull();
  });

  it('offers Add Client to an owner', async () => {
    serveApi({ '/api/user': () => jsonResponse(owner), '/api/clients': () => pageResponse([noor]) });
    renderApp('/clients');
    expect(await screen.findByText('Al Noor Trading')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add Client' })).toBeTruthy();
  });
});
