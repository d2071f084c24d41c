import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { bodiesSent, makeUser, owner, serveApi, type ApiRoutes } from '../../../test/fixtures';
import { jsonResponse, mockMatchMedia, renderApp, renderWithProviders } from '../../../test/render';
import type { ClientDto } from '../api/clients-api';
import { ClientsPage } from './clients-page';

function makeClient(overrides: Partial<ClientDto> = {}): ClientDto {
  return {
    id: 'c-noor',
    name: 'Al Noor Trading',
    nameAr: 'مؤسسة النور التجارية',
    phone: '+966 50 123 4567',
    email: 'buyer@alnoor.sa',
    address: 'Industrial Area, Riyadh',
    notes: null,
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

function renderPage(routes: ApiRoutes = {}, canWrite = true) {
  const fetchMock = serveApi({ '/api/clients': () => pageResponse([baraka, noor]), ...routes });
  const user = userEvent.setup();
  renderWithProviders(<ClientsPage canWrite={canWrite} />, '/clients');
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
    ).toEqual(['Name', 'Contact', 'Address', 'Joined']);
    const row = within((await within(table).findByText('Al Noor Trading')).closest('tr') as HTMLElement);
    expect(row.getByText('مؤسسة النور التجارية')).toBeTruthy();
    expect(row.getByRole('link', { name: '+966 50 123 4567' }).getAttribute('href')).toBe('tel:+966501234567');
    expect(row.getByRole('link', { name: 'buyer@alnoor.sa' }).getAttribute('href')).toBe('mailto:buyer@alnoor.sa');
    expect(row.getByText('Industrial Area, Riyadh')).toBeTruthy();
    expect(row.getByText('Oct 1, 2026')).toBeTruthy();
    const empty = within(within(table).getByText('Baraka Foods').closest('tr') as HTMLElement);
    expect(empty.getAllByText('—')).toHaveLength(2);
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
