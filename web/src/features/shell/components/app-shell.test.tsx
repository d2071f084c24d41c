import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { browserNavigation } from '../../../lib/browser-navigation';
import { i18n } from '../../../lib/i18n';
import { jsonResponse, mockFetch, mockMatchMedia, renderApp } from '../../../test/render';

const userWithRole = (role: 'owner' | 'admin' | 'staff', permissions: string[] = []) => ({
  id: 'u1',
  username: 'sara',
  email: 'sara@example.com',
  fullName: 'Sara Al-Qahtani',
  role,
  status: 'approved',
  permissions,
});

function serveUser(answer: Response | (() => Response)) {
  return mockFetch((url) => {
    if (url === '/api/user') return typeof answer === 'function' ? answer() : answer;
    return jsonResponse({ message: 'not here', code: 'NOT_FOUND' }, 404, 'Not Found');
  });
}

/** A staff user with every permission: sees every screen but Administration. */
const signedInStaff = () =>
  jsonResponse(userWithRole('staff', ['orders:read', 'stock:read', 'clients:read', 'invoices:read', 'analytics:read']));

async function navigation() {
  return screen.findByRole('navigation', { name: 'Main navigation' });
}

describe('AppShell', () => {
  it('lists the application screens in the order of the spec', async () => {
    serveUser(signedInStaff);
    renderApp('/dashboard');
    const nav = await navigation();
    const labels = within(nav)
      .getAllByRole('link')
      .map((link) => link.textContent);
    expect(labels).toEqual([
      'Dashboard',
      'Orders',
      'Inbox',
      'Stock',
      'Price Lists',
      'Clients',
      'Invoices',
      'Receivables',
      'Analytics',
      'Settings',
      'API Docs',
    ]);
  });

  it('shows staff only the screens their permissions open', async () => {
    serveUser(jsonResponse(userWithRole('staff', ['orders:read', 'clients:read', 'invoices:read'])));
    renderApp('/dashboard');
    const nav = await navigation();
    await waitFor(() => expect(within(nav).getAllByRole('link').length).toBeLessThan(10));
    const labels = within(nav)
      .getAllByRole('link')
      .map((link) => link.textContent);
    expect(labels).toEqual([
      'Dashboard',
      'Orders',
      'Inbox',
      'Clients',
      'Invoices',
      'Receivables',
      'Settings',
      'API Docs',
    ]);
  });

  it('shows Receivables, after Invoices, only to holders of invoices:read', async () => {
    serveUser(jsonResponse(userWithRole('staff', ['orders:read', 'clients:read'])));
    renderApp('/dashboard');
    const nav = await navigation();
    await waitFor(() => expect(within(nav).getByRole('link', { name: 'Orders' })).toBeTruthy());
    expect(within(nav).queryByRole('link', { name: 'Receivables' })).toBeNull();
    expect(within(nav).queryByRole('link', { name: 'Invoices' })).toBeNull();
  });

  it('links Receivables to the aging report, in Arabic too', async () => {
    await i18n.changeLanguage('ar');
    serveUser(signedInStaff);
    renderApp('/dashboard');
    const nav = await screen.findByRole('navigation', { name: 'القائمة الرئيسية' });
    expect(within(nav).getByRole('link', { name: 'الذمم المدينة' }).getAttribute('href')).toBe('/receivables');
  });

  it('hides the Administration group from staff', async () => {
    const fetchMock = serveUser(jsonResponse(userWithRole('staff')));
    renderApp('/dashboard');
    await screen.findByText('Sara Al-Qahtani');
    expect(fetchMock).toHaveBeenCalledWith('/api/user', expect.objectContaining({ credentials: 'include' }));
    const nav = await navigation();
    expect(within(nav).queryByText('Administration')).toBeNull();
    expect(within(nav).queryByRole('link', { name: 'User Approvals' })).toBeNull();
  });

  it.each(['admin', 'owner'] as const)('shows the Administration group to an %s', async (role) => {
    serveUser(jsonResponse(userWithRole(role)));
    renderApp('/dashboard');
    const group = await screen.findByRole('list', { name: 'Administration' });
    expect(within(group).getByRole('link', { name: 'User Approvals' }).getAttribute('href')).toBe('/admin/users');
    expect(within(group).getByRole('link', { name: 'Users & Permissions' }).getAttribute('href')).toBe(
      '/users-permissions',
    );
  });

  it('highlights the active item by path prefix', async () => {
    serveUser(jsonResponse(userWithRole('admin')));
    renderApp('/admin/users');
    const approvals = await screen.findByRole('link', { name: 'User Approvals' });
    await waitFor(() => expect(approvals.getAttribute('aria-current')).toBe('page'));
    expect(screen.getByRole('link', { name: 'Dashboard' }).getAttribute('aria-current')).toBeNull();
  });

  it('collapses and expands with Ctrl+B and writes the sidebar_state cookie', async () => {
    serveUser(signedInStaff);
    renderApp('/dashboard');
    await navigation();
    const sidebar = document.getElementById('app-sidebar');
    expect(sidebar?.dataset.state).toBe('expanded');

    act(() => {
      fireEvent.keyDown(window, { key: 'b', code: 'KeyB', ctrlKey: true });
    });
    expect(sidebar?.dataset.state).toBe('collapsed');
    expect(document.cookie).toContain('sidebar_state=false');
    // Collapsed: icons only, names kept as accessible labels.
    expect(screen.getByRole('link', { name: 'Orders' }).textContent).toBe('');

    act(() => {
      fireEvent.keyDown(window, { key: 'b', code: 'KeyB', metaKey: true });
    });
    expect(sidebar?.dataset.state).toBe('expanded');
    expect(document.cookie).toContain('sidebar_state=true');
  });

  it('ignores B without Ctrl or Cmd', async () => {
    serveUser(signedInStaff);
    renderApp('/dashboard');
    await navigation();
    act(() => {
      fireEvent.keyDown(window, { key: 'b', code: 'KeyB' });
    });
    expect(document.getElementById('app-sidebar')?.dataset.state).toBe('expanded');
    expect(document.cookie).not.toContain('sidebar_state');
  });

  it('restores the collapsed state from the cookie', async () => {
    document.cookie = 'sidebar_state=false; path=/';
    serveUser(signedInStaff);
    renderApp('/dashboard');
    await navigation();
    expect(document.getElementById('app-sidebar')?.dataset.state).toBe('collapsed');
    expect(screen.getByRole('button', { name: 'Expand sidebar' }).getAttribute('aria-expanded')).toBe('false');
  });

  it('toggles from the header button too', async () => {
    const user = userEvent.setup();
    serveUser(signedInStaff);
    renderApp('/dashboard');
    await navigation();
    await user.click(screen.getByRole('button', { name: 'Collapse sidebar' }));
    expect(document.getElementById('app-sidebar')?.dataset.state).toBe('collapsed');
    expect(document.cookie).toContain('sidebar_state=false');
  });

  it('uses an off-canvas sheet opened from the menu button below 768 px', async () => {
    mockMatchMedia((query) => query.includes('max-width: 767.98px'));
    const user = userEvent.setup();
    serveUser(signedInStaff);
    renderApp('/dashboard');
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
    expect(screen.queryByRole('navigation', { name: 'Main navigation' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Open navigation menu' }));
    const nav = await navigation();
    await user.click(within(nav).getByRole('link', { name: 'Invoices' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Invoices' })).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('navigation', { name: 'Main navigation' })).toBeNull());
  });

  it('opens Change password from the account menu with the keyboard', async () => {
    const user = userEvent.setup();
    serveUser(signedInStaff);
    renderApp('/dashboard');
    const account = await screen.findByRole('button', { name: /Sara Al-Qahtani/ });
    expect(account.getAttribute('aria-haspopup')).toBe('menu');
    account.focus();
    await user.keyboard('{Enter}');
    const menu = await screen.findByRole('menu');
    expect(account.getAttribute('aria-expanded')).toBe('true');
    const item = within(menu).getByRole('menuitem', { name: 'Change password' });
    await waitFor(() => expect(document.activeElement).toBe(item));
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Change password' });
    await waitFor(() => expect(document.activeElement).toBe(within(dialog).getByLabelText(/^Current password/)));
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('has the account menu below 768 px too, naming the user it belongs to', async () => {
    mockMatchMedia((query) => query.includes('max-width: 767.98px'));
    await i18n.changeLanguage('ar');
    const user = userEvent.setup();
    serveUser(signedInStaff);
    renderApp('/dashboard');
    await user.click(await screen.findByRole('button', { name: 'قائمة الحساب' }));
    const menu = await screen.findByRole('menu');
    expect(menu.textContent).toContain('Sara Al-Qahtani');
    // No room for the header's Log out button on a phone: it is in this menu.
    expect(screen.queryByRole('button', { name: 'تسجيل الخروج' })).toBeNull();
    expect(within(menu).getByRole('menuitem', { name: 'تسجيل الخروج' })).toBeTruthy();
    await user.click(within(menu).getByRole('menuitem', { name: 'تغيير كلمة المرور' }));
    expect(await screen.findByRole('dialog', { name: 'تغيير كلمة المرور' })).toBeTruthy();
  });

  it('logs out with POST /api/auth/logout and a full reload on /auth', async () => {
    const assign = vi.spyOn(browserNavigation, 'assign').mockImplementation(() => undefined);
    const user = userEvent.setup();
    const fetchMock = mockFetch((url) =>
      url === '/api/auth/logout' ? new Response(null, { status: 204 }) : jsonResponse(userWithRole('staff')),
    );
    renderApp('/dashboard');
    await screen.findByText('Sara Al-Qahtani');

    await user.click(screen.getByRole('button', { name: 'Log out' }));

    await waitFor(() => expect(assign).toHaveBeenCalledWith('/auth'));
    expect(fetchMock).toHaveBeenCalledWith('/api/auth/logout', expect.objectContaining({ method: 'POST' }));
  });

  it("shows 'Logout failed' with the server's message when logout fails", async () => {
    const assign = vi.spyOn(browserNavigation, 'assign').mockImplementation(() => undefined);
    const user = userEvent.setup();
    mockFetch((url) =>
      url === '/api/auth/logout'
        ? jsonResponse(
            { message: 'Session store unavailable', code: 'SERVICE_UNAVAILABLE' },
            503,
            'Service Unavailable',
          )
        : jsonResponse(userWithRole('staff')),
    );
    renderApp('/dashboard');
    await screen.findByText('Sara Al-Qahtani');

    await user.click(screen.getByRole('button', { name: 'Log out' }));

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Logout failed');
    expect(alert.textContent).toContain('Session store unavailable');
    expect(assign).not.toHaveBeenCalled();
  });
});
