import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { bodiesSent, serveApi, type ApiRoutes } from '../../../test/fixtures';
import { jsonResponse, mockMatchMedia, renderWithProviders } from '../../../test/render';
import type { ClientDetailDto } from '../api/clients-api';
import { ClientProfilePage, type ClientProfileSections } from './client-profile-page';

function makeClientDetail(overrides: Partial<ClientDetailDto> = {}): ClientDetailDto {
  return {
    id: 'c-noor',
    name: 'Al Noor Trading',
    nameAr: 'مؤسسة النور التجارية',
    phone: '+966 50 123 4567',
    whatsapp: '966501234567',
    email: 'buyer@alnoor.sa',
    address: 'Industrial Area, Riyadh',
    notes: 'Deliveries before 10 am',
    priceListId: 'pl-wholesale',
    paymentTermsDays: 30,
    creditLimit: '5000.00',
    vatNumber: null,
    nationalAddress: null,
    createdAt: '2026-10-01T08:00:00.000Z',
    createdBy: 'u-owner',
    balance: '1250.00',
    overdueBalance: '400.00',
    ordersCount: 12,
    totalSpent: '18450.00',
    lastOrderAt: '2026-11-20T09:15:00.000Z',
    ...overrides,
  };
}

const priceLists = [
  {
    id: 'pl-wholesale',
    name: 'Wholesale',
    itemCount: 12,
    createdAt: '2026-03-01T09:00:00Z',
    updatedAt: '2026-03-01T09:00:00Z',
  },
];

interface RenderOptions {
  canWrite?: boolean;
  canReadPriceLists?: boolean;
  sections?: ClientProfileSections;
  path?: string;
}

function renderProfile(
  client: ClientDetailDto | (() => Response | Promise<Response>) = makeClientDetail(),
  routes: ApiRoutes = {},
  { canWrite = true, canReadPriceLists = true, sections = {}, path = '/clients/c-noor' }: RenderOptions = {},
) {
  const fetchMock = serveApi({
    '/api/clients/c-noor': typeof client === 'function' ? client : () => jsonResponse(client),
    '/api/price-lists': () => jsonResponse(priceLists),
    ...routes,
  });
  const user = userEvent.setup();
  const rendered = renderWithProviders(
    <ClientProfilePage
      clientId="c-noor"
      canWrite={canWrite}
      canReadPriceLists={canReadPriceLists}
      currency="SAR"
      sections={sections}
    />,
    path,
  );
  return { fetchMock, user, ...rendered };
}

/** One account figure's card: its value and the line under it. */
function fact(testId: string) {
  return within(screen.getByTestId(testId));
}

const notFound = () => jsonResponse({ message: 'Not found', code: 'NOT_FOUND' }, 404, 'Not Found');

describe('ClientProfilePage', () => {
  it('shows a VAT-registered client’s VAT number and national address, in both languages', async () => {
    const registered = makeClientDetail({
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
    renderProfile(registered);
    expect(await screen.findByText('300075588700003')).toBeTruthy();
    expect(screen.getByText('National address')).toBeTruthy();
    expect(
      screen.getByText(
        '8228 \u2068King Fahd Road\u2069, \u2068Al Olaya\u2069, \u2068Riyadh\u2069 12212 (additional no. 2121)',
      ),
    ).toBeTruthy();
    cleanup();
    await i18n.changeLanguage('ar');
    renderProfile(registered);
    expect(await screen.findByText('الرقم الضريبي')).toBeTruthy();
    expect(
      screen.getByText(
        '8228 \u2068King Fahd Road\u2069، حي \u2068Al Olaya\u2069، \u2068Riyadh\u2069 12212 (الرقم الإضافي 2121)',
      ),
    ).toBeTruthy();
  });

  it('shows the WhatsApp number as a link to a chat, and a dash without one', async () => {
    renderProfile();
    const chat = await screen.findByRole('link', { name: 'Chat on WhatsApp with +966501234567' });
    expect(chat.getAttribute('href')).toBe('https://wa.me/966501234567');
    expect(chat.textContent).toBe('+966501234567');
    expect(chat.getAttribute('dir')).toBe('ltr');
    expect(screen.getByText('WhatsApp number')).toBeTruthy();
    cleanup();
    await i18n.changeLanguage('ar');
    renderProfile(makeClientDetail({ whatsapp: null }));
    const label = await screen.findByText('رقم الواتساب');
    expect(label.nextElementSibling?.textContent).toBe('—');
  });

  it('shows the name, the Arabic name under it and the contact details', async () => {
    renderProfile();
    expect(await screen.findByRole('heading', { level: 1, name: 'Al Noor Trading' })).toBeTruthy();
    expect(screen.getByText('مؤسسة النور التجارية')).toBeTruthy();
    const contact = within(screen.getByRole('region', { name: 'Contact details' }));
    expect(contact.getByRole('link', { name: '+966 50 123 4567' }).getAttribute('href')).toBe('tel:+966501234567');
    expect(contact.getByRole('link', { name: 'buyer@alnoor.sa' }).getAttribute('href')).toBe('mailto:buyer@alnoor.sa');
    expect(contact.getByText('Industrial Area, Riyadh')).toBeTruthy();
    expect(contact.getByText('Deliveries before 10 am')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'All clients' }).getAttribute('href')).toBe('/clients');
    expect(document.title).toBe('Al Noor Trading · Gulf ERP');
  });

  it('shows what the client owes, the overdue part in red, the room under its limit, its terms and price list', async () => {
    renderProfile();
    await screen.findByRole('heading', { level: 1, name: 'Al Noor Trading' });
    const account = within(screen.getByRole('region', { name: 'Account' }));
    expect(account.getByRole('heading', { name: 'Balance' })).toBeTruthy();

    expect(fact('client-balance').getByText(/^SAR\s1,250\.00$/)).toBeTruthy();
    expect(fact('client-balance').getByText('Owed by the client')).toBeTruthy();
    const overdue = fact('client-overdue').getByText(/^SAR\s400\.00$/);
    expect(getComputedStyle(overdue).color).toBe('rgb(198, 40, 40)');
    expect(fact('client-overdue').getByText('Past the due date')).toBeTruthy();
    // 5,000.00 − 1,250.00, in cents.
    expect(fact('client-credit-limit').getByText(/^SAR\s5,000\.00$/)).toBeTruthy();
    expect(fact('client-credit-limit').getByText(/^SAR\s3,750\.00 left$/)).toBeTruthy();
    expect(fact('client-terms').getByText('Net 30 days')).toBeTruthy();
    expect(fact('client-terms').getByText('Invoices are due 30 days after issue')).toBeTruthy();
    expect(await within(screen.getByTestId('client-price-list')).findByText('Wholesale')).toBeTruthy();
  });

  it('says "in credit" for money on account, "No limit", "Cash" and the default prices', async () => {
    renderProfile(
      makeClientDetail({
        balance: '-300.00',
        overdueBalance: '0.00',
        creditLimit: null,
        paymentTermsDays: 0,
        priceListId: null,
      }),
    );
    await screen.findByRole('heading', { level: 1, name: 'Al Noor Trading' });
    expect(fact('client-balance').getByText(/^SAR\s300\.00$/)).toBeTruthy();
    expect(fact('client-balance').getByText('In credit: money on account')).toBeTruthy();
    const overdue = fact('client-overdue').getByText(/^SAR\s0\.00$/);
    expect(getComputedStyle(overdue).color).not.toBe('rgb(198, 40, 40)');
    expect(fact('client-overdue').getByText('Nothing past due')).toBeTruthy();
    expect(fact('client-credit-limit').getByText('No limit')).toBeTruthy();
    expect(fact('client-terms').getByText('Cash')).toBeTruthy();
    expect(fact('client-terms').getByText('Invoices are due on issue')).toBeTruthy();
    expect(fact('client-price-list').getByText('Default prices')).toBeTruthy();
  });

  it('says by how much a client is over its credit limit', async () => {
    renderProfile(makeClientDetail({ creditLimit: '1000.00', balance: '1200.10' }));
    await screen.findByRole('heading', { level: 1, name: 'Al Noor Trading' });
    const over = fact('client-credit-limit').getByText(/^Over the limit by SAR\s200\.10$/);
    expect(getComputedStyle(over).color).toBe('rgb(198, 40, 40)');
  });

  it('is in Arabic with the Arabic name first and the account in Gulf business words', async () => {
    await i18n.changeLanguage('ar');
    renderProfile(makeClientDetail({ balance: '-300.00', creditLimit: '5000.00', paymentTermsDays: 0 }));
    expect(await screen.findByRole('heading', { level: 1, name: 'مؤسسة النور التجارية' })).toBeTruthy();
    expect(screen.getByText('Al Noor Trading')).toBeTruthy();
    expect(document.documentElement.dir).toBe('rtl');
    expect(screen.getByRole('heading', { name: 'الحساب' })).toBeTruthy();
    expect(fact('client-balance').getByRole('heading', { name: 'الرصيد' })).toBeTruthy();
    expect(fact('client-balance').getByText('رصيد دائن: مبلغ لصالح العميل')).toBeTruthy();
    expect(fact('client-balance').getByText(/300\.00/)).toBeTruthy();
    expect(fact('client-overdue').getByRole('heading', { name: 'المتأخر' })).toBeTruthy();
    expect(fact('client-overdue').getByText('تجاوز تاريخ الاستحقاق')).toBeTruthy();
    expect(fact('client-credit-limit').getByRole('heading', { name: 'الحد الائتماني' })).toBeTruthy();
    // 5,000.00 + 300.00 on account.
    expect(fact('client-credit-limit').getByText(/^المتاح .*5,300\.00/)).toBeTruthy();
    expect(fact('client-terms').getByText('نقداً')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'جميع العملاء' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'تعديل العميل' })).toBeTruthy();
  });

  it('writes net terms with Arabic plurals', async () => {
    await i18n.changeLanguage('ar');
    renderProfile(makeClientDetail({ paymentTermsDays: 30, creditLimit: null }));
    await screen.findByRole('heading', { level: 1, name: 'مؤسسة النور التجارية' });
    expect(fact('client-terms').getByText('آجل 30 يومًا')).toBeTruthy();
    expect(fact('client-credit-limit').getByText('بلا حد')).toBeTruthy();
  });

  it('does not ask for price lists without stock:read and says why the name is not shown', async () => {
    const { fetchMock } = renderProfile(makeClientDetail(), {}, { canReadPriceLists: false });
    await screen.findByRole('heading', { level: 1, name: 'Al Noor Trading' });
    expect(fact('client-price-list').getByText('Seeing price lists needs the Stock (read) permission')).toBeTruthy();
    expect(fetchMock.mock.calls.map(([url]) => String(url))).not.toContain('/api/price-lists');
  });

  it('shows placeholders while the client loads', async () => {
    renderProfile(() => new Promise<Response>(() => undefined));
    const loading = await screen.findByLabelText('Loading the client');
    expect(loading.getAttribute('aria-busy')).toBe('true');
    expect(within(loading).getAllByTestId('stat-skeleton').length).toBeGreaterThan(0);
    expect(screen.queryByRole('heading', { level: 1 })).toBeNull();
  });

  it('shows "Client not found" with the way back for an unknown client (404)', async () => {
    renderProfile(notFound);
    expect(await screen.findByRole('heading', { level: 1, name: 'Client not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to clients' }).getAttribute('href')).toBe('/clients');
    expect(screen.queryByRole('tablist')).toBeNull();
  });

  it('says "Client not found" in Arabic too', async () => {
    await i18n.changeLanguage('ar');
    renderProfile(notFound);
    expect(await screen.findByRole('heading', { level: 1, name: 'العميل غير موجود' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'العودة إلى العملاء' })).toBeTruthy();
  });

  it('shows a failure with Try again, which asks again', async () => {
    let fail = true;
    const { user } = renderProfile(() =>
      fail
        ? jsonResponse({ message: 'Service down', code: 'SERVICE_UNAVAILABLE' }, 503, 'Service Unavailable')
        : jsonResponse(makeClientDetail()),
    );
    expect(await screen.findByText('Could not load the data')).toBeTruthy();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Al Noor Trading' })).toBeTruthy();
  });

  it('edits the client in the Clients screen dialog and shows the saved figures', async () => {
    let saved = false;
    const { user, fetchMock } = renderProfile(
      () => jsonResponse(makeClientDetail(saved ? { phone: '+966 55 000 1111' } : {})),
      { 'PATCH /api/clients/c-noor': () => ((saved = true), jsonResponse(makeClientDetail())) },
    );
    await user.click(await screen.findByRole('button', { name: 'Edit client' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit \u2068Al Noor Trading\u2069' });
    const phone = within(dialog).getByRole('textbox', { name: 'Phone' });
    await user.clear(phone);
    await user.type(phone, '+966 55 000 1111');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(bodiesSent(fetchMock, 'PATCH', '/api/clients/c-noor')).toEqual([{ phone: '+966 55 000 1111' }]);
    expect(await screen.findByRole('link', { name: '+966 55 000 1111' })).toBeTruthy();
  });

  it('shows how many orders the client placed, what it bought and when it last ordered', async () => {
    renderProfile(makeClientDetail());
    expect(await screen.findByText('12 orders · SAR 18,450.00 bought')).toBeTruthy();
    expect(screen.getByText(/Last order/)).toBeTruthy();
    cleanup();
    await i18n.changeLanguage('ar');
    renderProfile(makeClientDetail({ ordersCount: 3 }));
    expect(await screen.findByText(/^3 طلبات · مشتريات بقيمة/)).toBeTruthy();
  });

  it('deletes a client without orders after asking, and goes back to the list', async () => {
    const { user, fetchMock, router } = renderProfile(makeClientDetail({ ordersCount: 0, lastOrderAt: null }), {
      'DELETE /api/clients/c-noor': () => new Response(null, { status: 204 }),
      '/api/clients': () => jsonResponse([]),
    });
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete \u2068Al Noor Trading\u2069?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete client' }));
    expect(await screen.findByText('Client deleted')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/clients'));
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'DELETE')).toHaveLength(1);
  });

  it('says in Arabic why a client with orders is not deleted, and stays on the page', async () => {
    await i18n.changeLanguage('ar');
    const { user, router } = renderProfile(makeClientDetail(), {
      'DELETE /api/clients/c-noor': () =>
        jsonResponse(
          { message: 'This client has 12 orders and cannot be deleted', code: 'ORDERS_CLIENT_HAS_ORDERS' },
          409,
          'Conflict',
        ),
    });
    await user.click(await screen.findByRole('button', { name: 'حذف' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'حذف العميل' }));
    expect(await screen.findByText('لم يُحذف العميل')).toBeTruthy();
    expect(screen.getByText(/لا يمكن حذف هذا العميل لأن لديه طلبات/)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/clients/c-noor');
  });

  it('offers no Edit and no Delete without clients:write', async () => {
    renderProfile(makeClientDetail(), {}, { canWrite: false });
    await screen.findByRole('heading', { level: 1, name: 'Al Noor Trading' });
    expect(screen.queryByRole('button', { name: 'Edit client' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
  });

  it('shows the sections given as tabs, one at a time, and keeps the tab in the address', async () => {
    const { user, router } = renderProfile(
      makeClientDetail(),
      {},
      {
        sections: {
          orders: <p>orders-section</p>,
          invoices: <p>invoices-section</p>,
          statement: <p>statement-section</p>,
        },
      },
    );
    const tabs = await screen.findByRole('tablist', { name: 'Client activity' });
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual(['Orders', 'Invoices', 'Statement']);
    expect(screen.getByRole('tabpanel', { name: 'Orders' }).textContent).toBe('orders-section');
    expect(screen.queryByText('invoices-section')).toBeNull();

    await user.click(within(tabs).getByRole('tab', { name: 'Statement' }));
    expect(screen.getByRole('tabpanel', { name: 'Statement' }).textContent).toBe('statement-section');
    expect(router.state.location.search).toBe('?tab=statement');
  });

  it('opens the tab named in the address, and leaves out the sections not given', async () => {
    renderProfile(
      makeClientDetail(),
      {},
      {
        sections: { orders: false, invoices: <p>invoices-section</p>, statement: <p>statement-section</p> },
        path: '/clients/c-noor?tab=invoices',
      },
    );
    const tabs = await screen.findByRole('tablist', { name: 'Client activity' });
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual(['Invoices', 'Statement']);
    expect(screen.getByRole('tab', { name: 'Invoices' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByText('invoices-section')).toBeTruthy();
  });

  it('shows no tabs when no section may be read', async () => {
    renderProfile(makeClientDetail(), {}, { sections: { orders: false, invoices: false, statement: false } });
    await screen.findByRole('heading', { level: 1, name: 'Al Noor Trading' });
    expect(screen.queryByRole('tablist')).toBeNull();
  });

  it('edits in a full-screen dialog on a phone', async () => {
    mockMatchMedia((query) => query.includes('max-width: 599.95px'));
    const { user } = renderProfile();
    await user.click(await screen.findByRole('button', { name: 'Edit client' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit \u2068Al Noor Trading\u2069' });
    expect(dialog.className).toContain('MuiDialog-paperFullScreen');
  });
});
