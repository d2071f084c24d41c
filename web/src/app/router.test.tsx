import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeSettings, makeUser, owner, serveApi, unauthenticated } from '../test/fixtures';
import { jsonResponse, mockFetch, renderApp } from '../test/render';

/** A signed-in owner with empty lists everywhere. */
function serveSignedInOwner() {
  return serveApi({
    '/api/user': () => jsonResponse(owner),
    '/api/settings': () => jsonResponse(makeSettings()),
    '/api/api-keys': () => jsonResponse([]),
    '/api/users': () => jsonResponse([owner]),
    '/api/admin/users': () => jsonResponse([owner]),
    '/api/admin/demo-requests': () => jsonResponse([]),
    '/api/price-lists': () => jsonResponse([]),
    '/api/clients': () => jsonResponse([]),
    '/api/receivables/aging': () => jsonResponse([]),
    '/api/inbox': () => jsonResponse([]),
  });
}

describe('routes', () => {
  it.each([
    ['/dashboard', 'Dashboard', 'An overview of your orders, revenue, clients and stock'],
    ['/orders', 'Orders', 'Process orders via AI or create manually'],
    ['/inbox', 'Inbox', 'Orders your clients send on WhatsApp, read and waiting for your confirmation'],
    ['/stock', 'Stock Management', 'Track quantities, batches, expiry dates and reorder needs'],
    ['/price-lists', 'Price Lists', 'Prices per customer group: wholesale, HORECA, retail'],
    ['/clients', 'Clients', 'Manage your customers and their contact details'],
    ['/invoices', 'Invoices', 'View and manage generated invoices'],
    ['/receivables', 'Receivables Aging', 'What clients owe you, by how long it is past the due date'],
    ['/analytics', 'Analytics & Reports', 'Business insights and performance metrics'],
    ['/settings', 'Settings', 'Manage your company settings and preferences'],
    ['/api-docs', 'API Documentation', 'Connect your systems to Gulf ERP with the external API'],
    ['/admin/users', 'User Approvals', 'Review new accounts and demo requests'],
    ['/users-permissions', 'Users & Permissions', 'Create users and manage their roles and permissions'],
  ])('%s renders its heading and subtitle inside the shell for a signed-in owner', async (path, title, subtitle) => {
    serveSignedInOwner();
    renderApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeTruthy();
    expect(screen.getByText(subtitle)).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Main navigation' })).toBeTruthy();
  });

  it.each(['/', '/landing'])('%s shows the landing page without the application chrome', async (path) => {
    mockFetch(unauthenticated);
    renderApp(path);
    expect(await screen.findByText('Turn WhatsApp orders into confirmed sales, automatically')).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Main navigation' })).toBeNull();
  });

  it('/auth shows the sign-in screen', async () => {
    mockFetch(unauthenticated);
    renderApp('/auth');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeTruthy();
  });

  it('an unknown path shows the 404 screen with a developer hint and a link home', async () => {
    mockFetch(unauthenticated);
    renderApp('/no-such-screen');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
    expect(screen.getByText('Error 404')).toBeTruthy();
    expect(screen.queryByText(/router/i)).toBeNull();
    expect(screen.getByRole('link', { name: 'Go to home page' }).getAttribute('href')).toBe('/');
    expect(screen.queryByRole('navigation', { name: 'Main navigation' })).toBeNull();
  });

  it('the 404 screen is translated in Arabic', async () => {
    const { i18n } = await import('../lib/i18n');
    await i18n.changeLanguage('ar');
    mockFetch(unauthenticated);
    renderApp('/orders/unknown/deep');
    expect(await screen.findByRole('heading', { level: 1, name: 'الصفحة غير موجودة' })).toBeTruthy();
    expect(screen.getByText('خطأ 404')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'العودة إلى الصفحة الرئيسية' })).toBeTruthy();
  });
});

describe('sign-in guard', () => {
  it('shows a centred spinner, and no application screen, while the session loads', async () => {
    let answer: (response: Response) => void = () => undefined;
    serveApi({ '/api/user': () => new Promise<Response>((resolve) => (answer = resolve)) });
    renderApp('/orders');

    expect(await screen.findByRole('progressbar', { name: 'Loading…' })).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Main navigation' })).toBeNull();
    expect(screen.queryByRole('heading', { level: 1, name: 'Orders' })).toBeNull();

    answer(jsonResponse(makeUser()));
    expect(await screen.findByRole('heading', { level: 1, name: 'Orders' })).toBeTruthy();
    expect(screen.queryByRole('progressbar', { name: 'Loading…' })).toBeNull();
  });

  it('sends a signed-out visitor (401) to /auth and keeps the page asked for', async () => {
    serveApi({ '/api/user': unauthenticated });
    const { router } = renderApp('/orders?status=pending');

    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/auth');
    expect(router.state.location.state).toEqual({ from: '/orders?status=pending' });
    expect(screen.queryByRole('navigation', { name: 'Main navigation' })).toBeNull();
  });

  it('returns to the page asked for after logging in', async () => {
    let signedIn = false;
    const sara = makeUser();
    serveApi({
      '/api/user': () => (signedIn ? jsonResponse(sara) : unauthenticated()),
      'POST /api/login': () => {
        signedIn = true;
        return jsonResponse(sara);
      },
    });
    const user = userEvent.setup();
    const { router } = renderApp('/invoices');

    await screen.findByRole('heading', { level: 1, name: 'Sign in' });
    await user.type(screen.getByLabelText(/Username/), 'sara');
    await user.type(screen.getByLabelText(/^Password/), 'correct horse');
    await user.click(screen.getByRole('button', { name: 'Log in' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Invoices' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/invoices');
  });

  it('sends a signed-in user who opens /auth to /dashboard', async () => {
    serveApi({ '/api/user': () => jsonResponse(makeUser()) });
    const { router } = renderApp('/auth');
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it.each(['/admin/users', '/users-permissions'])(
    'shows staff a "not allowed" state on %s and never loads the admin screen',
    async (path) => {
      const fetchMock = serveApi({ '/api/user': () => jsonResponse(makeUser({ role: 'staff' })) });
      renderApp(path);

      expect(await screen.findByRole('heading', { level: 1, name: "You don't have access to this page" })).toBeTruthy();
      expect(screen.getByRole('link', { name: 'Go to dashboard' }).getAttribute('href')).toBe('/dashboard');
      expect(screen.queryByRole('table')).toBeNull();
      expect(screen.queryByRole('button', { name: 'Create user' })).toBeNull();
      await waitFor(() =>
        expect(fetchMock.mock.calls.map(([url]) => String(url))).not.toContain(
          path === '/admin/users' ? '/api/admin/users' : '/api/users',
        ),
      );
    },
  );
});
