import type { UserDto } from '@erp/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { admin, bodiesSent, makeApiKey, makeUser, owner, serveApi } from '../../../test/fixtures';
import { jsonResponse, mockMatchMedia, renderWithProviders } from '../../../test/render';
import { UsersPermissionsPage } from './users-permissions-page';

const sara = makeUser({ id: 'u-sara', fullName: 'Sara Al-Qahtani', username: 'sara' });

function rowOf(name: string): HTMLElement {
  const row = screen.getByText(name).closest('tr');
  if (!row) throw new Error(`no row for ${name}`);
  return row;
}

function renderPage(currentUser: UserDto, users: UserDto[], routes: Parameters<typeof serveApi>[0] = {}) {
  const fetchMock = serveApi({ '/api/users': () => jsonResponse(users), ...routes });
  const user = userEvent.setup();
  renderWithProviders(<UsersPermissionsPage currentUser={currentUser} />, '/users-permissions');
  return { fetchMock, user };
}

describe('UsersPermissionsPage', () => {
  describe('the list', () => {
    const zaid = makeUser({ id: 'u-zaid', fullName: 'Zaid Omar', username: 'zaid', createdAt: '2026-01-05T08:00:00Z' });
    const amal = makeUser({
      id: 'u-amal',
      fullName: 'Amal Saleh',
      username: 'amal',
      createdAt: '2026-03-01T08:00:00Z',
    });
    const names = () =>
      within(screen.getByRole('table'))
        .getAllByRole('row')
        .slice(1)
        .map((row) => within(row).getAllByRole('cell')[0]!.querySelector('bdi')?.textContent);

    it('sorts by a column header, ascending, descending, then as the server gave it', async () => {
      const { user } = renderPage(owner, [zaid, owner, amal]);
      await screen.findByText('Zaid Omar');
      const original = names();
      const header = screen.getByRole('columnheader', { name: /User/ });
      await user.click(within(header).getByRole('button'));
      expect(header.getAttribute('aria-sort')).toBe('ascending');
      expect(names()).toEqual([...original].sort((a, b) => a!.localeCompare(b!)));
      await user.click(within(header).getByRole('button'));
      expect(names()).toEqual([...original].sort((a, b) => b!.localeCompare(a!)));
      await user.click(within(header).getByRole('button'));
      expect(names()).toEqual(original);
      const added = screen.getByRole('columnheader', { name: /Created|Added/ });
      await user.click(within(added).getByRole('button'));
      expect(names().indexOf('Zaid Omar')).toBeLessThan(names().indexOf('Amal Saleh'));
    });

    it('shows each user as a card with its actions at phone width', async () => {
      mockMatchMedia((query) => query.includes('max-width: 599.95px'));
      const { user } = renderPage(owner, [owner, amal]);
      const list = await screen.findByRole('list', { name: 'Users' });
      expect(screen.queryByRole('table')).toBeNull();
      const cards = await within(list).findAllByTestId('user-row');
      expect(cards).toHaveLength(2);
      const card = cards.find((element) => element.textContent?.includes('Amal Saleh'))!;
      await user.click(within(card).getByRole('button', { name: 'Edit \u2068Amal Saleh\u2069' }));
      expect(await screen.findByRole('dialog', { name: /Edit \u2068Amal Saleh\u2069/ })).toBeTruthy();
    });

    it('exports the users as Excel with the screen language', async () => {
      const createObjectURL = vi.fn(() => 'blob:users');
      Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
      const { fetchMock, user } = renderPage(owner, [owner, amal]);
      await screen.findByText('Amal Saleh');
      await user.click(screen.getByRole('button', { name: 'Export' }));
      await user.click(await screen.findByRole('menuitem', { name: /Excel/ }));
      await waitFor(() => expect(createObjectURL).toHaveBeenCalled());
      const exportCall = fetchMock.mock.calls.find(([url]) => String(url).includes('format=xlsx'));
      expect(String(exportCall![0])).toMatch(/\/api\/users\?format=xlsx$/);
      expect(new Headers(exportCall![1]?.headers).get('accept-language')).toBe('en');
    });
  });

  describe('create user', () => {
    it("refuses missing required fields with 'Validation Error' and sends nothing", async () => {
      const { fetchMock, user } = renderPage(owner, [owner]);
      await user.click(await screen.findByRole('button', { name: 'Create user' }));
      const dialog = await screen.findByRole('dialog', { name: 'Create user' });
      await user.type(within(dialog).getByLabelText(/Full name/), 'Omar Haddad');
      await user.type(within(dialog).getByLabelText(/^Email/), 'omar@example.com');
      await user.click(within(dialog).getByRole('button', { name: 'Create user' }));

      const alert = await screen.findByRole('alert');
      expect(alert.textContent).toContain('Validation Error');
      expect(alert.textContent).toContain('Please fill in all required fields');
      expect(bodiesSent(fetchMock, 'POST', '/api/users')).toEqual([]);
      expect(
        within(dialog)
          .getByLabelText(/Username/)
          .getAttribute('aria-invalid'),
      ).toBe('true');
      expect(
        within(dialog)
          .getByLabelText(/Full name/)
          .getAttribute('aria-invalid'),
      ).toBe('false');
    });

    it('creates a staff user with the ticked permissions', async () => {
      const { fetchMock, user } = renderPage(owner, [owner], {
        'POST /api/users': () => jsonResponse(makeUser({ id: 'u-omar', fullName: 'Omar Haddad' }), 201, 'Created'),
      });
      await user.click(await screen.findByRole('button', { name: 'Create user' }));
      const dialog = await screen.findByRole('dialog', { name: 'Create user' });
      await user.type(within(dialog).getByLabelText(/Full name/), ' Omar Haddad ');
      await user.type(within(dialog).getByLabelText(/Username/), 'omar');
      await user.type(within(dialog).getByLabelText(/^Email/), 'omar@example.com');
      await user.type(within(dialog).getByLabelText(/^Password/), 'long-enough');
      await user.type(within(dialog).getByLabelText(/Company/), 'Haddad Foods');
      // Defaults are the staff ones; add analytics, drop invoices.
      expect((within(dialog).getByRole('checkbox', { name: 'View orders' }) as HTMLInputElement).checked).toBe(true);
      await user.click(within(dialog).getByRole('checkbox', { name: 'View dashboard and analytics' }));
      await user.click(within(dialog).getByRole('checkbox', { name: 'View invoices' }));
      await user.click(within(dialog).getByRole('button', { name: 'Create user' }));

      expect(await screen.findByText('User created')).toBeTruthy();
      expect(bodiesSent(fetchMock, 'POST', '/api/users')).toEqual([
        {
          username: 'omar',
          password: 'long-enough',
          email: 'omar@example.com',
          fullName: 'Omar Haddad',
          role: 'staff',
          company: 'Haddad Foods',
          permissions: ['orders:read', 'orders:write', 'stock:read', 'clients:read', 'clients:write', 'analytics:read'],
        },
      ]);
      await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Create user' })).toBeNull());
    });

    it('ticks and locks every permission for an admin, and sends none', async () => {
      const { fetchMock, user } = renderPage(owner, [owner], {
        'POST /api/users': () => jsonResponse(makeUser({ role: 'admin' }), 201, 'Created'),
      });
      await user.click(await screen.findByRole('button', { name: 'Create user' }));
      const dialog = await screen.findByRole('dialog', { name: 'Create user' });
      await user.click(within(dialog).getByRole('combobox', { name: 'Role' }));
      await user.click(await screen.findByRole('option', { name: 'Admin' }));

      const boxes = within(dialog).getAllByRole('checkbox') as HTMLInputElement[];
      expect(boxes).toHaveLength(10);
      expect(boxes.every((box) => box.checked && box.disabled)).toBe(true);
      expect(within(dialog).getByText('Admins and owners hold every permission.')).toBeTruthy();

      await user.type(within(dialog).getByLabelText(/Full name/), 'Noura');
      await user.type(within(dialog).getByLabelText(/Username/), 'noura');
      await user.type(within(dialog).getByLabelText(/^Email/), 'noura@example.com');
      await user.type(within(dialog).getByLabelText(/^Password/), 'long-enough');
      await user.click(within(dialog).getByRole('button', { name: 'Create user' }));
      await screen.findByText('User created');
      const [body] = bodiesSent(fetchMock, 'POST', '/api/users') as Array<Record<string, unknown>>;
      expect(body.role).toBe('admin');
      expect(body).not.toHaveProperty('permissions');
    });

    it('offers the owner role to owners only', async () => {
      const { user } = renderPage(admin, [admin]);
      await user.click(await screen.findByRole('button', { name: 'Create user' }));
      const dialog = await screen.findByRole('dialog', { name: 'Create user' });
      await user.click(within(dialog).getByRole('combobox', { name: 'Role' }));
      const listbox = await screen.findByRole('listbox');
      expect(
        within(listbox)
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual(['Staff', 'Admin']);
    });

    it("shows 'Creation Failed' with the server's message and marks the field", async () => {
      const { user } = renderPage(owner, [owner], {
        'POST /api/users': () =>
          jsonResponse(
            {
              message: 'This username is already taken',
              code: 'IDENTITY_USERNAME_TAKEN',
              details: { field: 'username' },
            },
            409,
            'Conflict',
          ),
      });
      await user.click(await screen.findByRole('button', { name: 'Create user' }));
      const dialog = await screen.findByRole('dialog', { name: 'Create user' });
      await user.type(within(dialog).getByLabelText(/Full name/), 'Sara');
      await user.type(within(dialog).getByLabelText(/Username/), 'sara');
      await user.type(within(dialog).getByLabelText(/^Email/), 'sara2@example.com');
      await user.type(within(dialog).getByLabelText(/^Password/), 'long-enough');
      await user.click(within(dialog).getByRole('button', { name: 'Create user' }));

      const alert = await screen.findByRole('alert');
      expect(alert.textContent).toContain('Creation Failed');
      expect(alert.textContent).toContain('This username is already taken');
      expect(
        within(dialog)
          .getByLabelText(/Username/)
          .getAttribute('aria-invalid'),
      ).toBe('true');
    });
  });

  describe('delete', () => {
    it('asks for confirmation naming the user, then deletes', async () => {
      let users = [owner, sara];
      const { fetchMock, user } = renderPage(owner, users, {
        '/api/users': () => jsonResponse(users),
        'DELETE /api/users/u-sara': () => {
          users = [owner];
          return new Response(null, { status: 204 });
        },
      });
      await user.click(await screen.findByRole('button', { name: 'Delete \u2068Sara Al-Qahtani\u2069' }));

      const dialog = await screen.findByRole('dialog', { name: 'Delete user' });
      expect(dialog.textContent).toContain(
        'Are you sure you want to delete \u2068Sara Al-Qahtani\u2069 (\u2068sara\u2069)?',
      );
      expect(bodiesSent(fetchMock, 'DELETE', '/api/users/u-sara')).toHaveLength(0);
      await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

      expect(await screen.findByText('User deleted')).toBeTruthy();
      expect(bodiesSent(fetchMock, 'DELETE', '/api/users/u-sara')).toEqual([undefined]);
      await waitFor(() => expect(screen.queryByText('Sara Al-Qahtani')).toBeNull());
    });

    it('cancelling sends nothing', async () => {
      const { fetchMock, user } = renderPage(owner, [owner, sara]);
      await user.click(await screen.findByRole('button', { name: 'Delete \u2068Sara Al-Qahtani\u2069' }));
      const dialog = await screen.findByRole('dialog', { name: 'Delete user' });
      await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
      await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Delete user' })).toBeNull());
      expect(bodiesSent(fetchMock, 'DELETE', '/api/users/u-sara')).toHaveLength(0);
    });

    it("shows 'Deletion Failed' with the server's message", async () => {
      const { user } = renderPage(owner, [owner, sara], {
        'DELETE /api/users/u-sara': () =>
          jsonResponse({ message: 'The last owner cannot be removed', code: 'IDENTITY_LAST_OWNER' }, 409, 'Conflict'),
      });
      await user.click(await screen.findByRole('button', { name: 'Delete \u2068Sara Al-Qahtani\u2069' }));
      await user.click(
        within(await screen.findByRole('dialog', { name: 'Delete user' })).getByRole('button', { name: 'Delete' }),
      );
      const alert = await screen.findByRole('alert');
      expect(alert.textContent).toContain('Deletion Failed');
      expect(alert.textContent).toContain('The last owner cannot be removed');
    });

    it("disables deleting one's own row, with a tooltip saying why", async () => {
      const { user } = renderPage(owner, [owner, sara]);
      const own = await screen.findByRole('button', { name: 'Delete \u2068Khalid Al-Mansouri\u2069' });
      expect((own as HTMLButtonElement).disabled).toBe(true);
      expect(
        (screen.getByRole('button', { name: 'Delete \u2068Sara Al-Qahtani\u2069' }) as HTMLButtonElement).disabled,
      ).toBe(false);
      await user.hover(own.parentElement as HTMLElement);
      expect(await screen.findByRole('tooltip')).toBeTruthy();
      expect(screen.getByRole('tooltip').textContent).toBe('You cannot delete your own account');
    });
  });

  it('shows owners read-only to an admin', async () => {
    renderPage(admin, [owner, admin, sara]);
    const ownerRow = within(await waitFor(() => rowOf('Khalid Al-Mansouri')));
    expect(
      (ownerRow.getByRole('button', { name: 'Edit \u2068Khalid Al-Mansouri\u2069' }) as HTMLButtonElement).disabled,
    ).toBe(true);
    expect(
      (ownerRow.getByRole('button', { name: 'Delete \u2068Khalid Al-Mansouri\u2069' }) as HTMLButtonElement).disabled,
    ).toBe(true);
    expect(
      (screen.getByRole('button', { name: 'Edit \u2068Sara Al-Qahtani\u2069' }) as HTMLButtonElement).disabled,
    ).toBe(false);
  });

  it('shows role and status badges in the spec colours', async () => {
    renderPage(owner, [owner, admin, makeUser({ status: 'pending' })]);
    await screen.findByText('Sara Al-Qahtani');
    const badge = (text: string, attribute: string) =>
      screen
        .getAllByText(text)
        .map((label) => label.closest(`[${attribute}]`))
        .find(Boolean) as HTMLElement;
    expect(getComputedStyle(badge('Owner', 'data-role')).color).toBe('rgb(107, 33, 168)');
    expect(getComputedStyle(badge('Admin', 'data-role')).color).toBe('rgb(29, 78, 216)');
    expect(getComputedStyle(badge('Staff', 'data-role')).color).toBe('rgb(55, 65, 81)');
    expect(getComputedStyle(badge('Pending', 'data-status')).color).toBe('rgb(146, 64, 14)');
    expect(getComputedStyle(badge('Approved', 'data-status')).color).toBe('rgb(22, 101, 52)');
  });

  it('edits status and permissions, sending only what changed', async () => {
    const { fetchMock, user } = renderPage(owner, [owner, sara], {
      'PATCH /api/users/u-sara': () => jsonResponse({ ...sara, status: 'rejected' }),
    });
    await user.click(await screen.findByRole('button', { name: 'Edit \u2068Sara Al-Qahtani\u2069' }));
    const dialog = await screen.findByRole('dialog', { name: /Edit \u2068Sara Al-Qahtani\u2069/ });
    await user.click(within(dialog).getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Rejected' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Manage stock' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('User updated')).toBeTruthy();
    expect(bodiesSent(fetchMock, 'PATCH', '/api/users/u-sara')).toEqual([
      {
        status: 'rejected',
        permissions: [
          'orders:read',
          'orders:write',
          'stock:read',
          'stock:write',
          'clients:read',
          'clients:write',
          'invoices:read',
        ],
      },
    ]);
  });

  it('locks the permissions of an admin in the edit dialog and sends only the role', async () => {
    const { fetchMock, user } = renderPage(owner, [owner, sara], {
      'PATCH /api/users/u-sara': () => jsonResponse({ ...sara, role: 'admin' }),
    });
    await user.click(await screen.findByRole('button', { name: 'Edit \u2068Sara Al-Qahtani\u2069' }));
    const dialog = await screen.findByRole('dialog', { name: /Edit \u2068Sara Al-Qahtani\u2069/ });
    await user.click(within(dialog).getByRole('combobox', { name: 'Role' }));
    await user.click(await screen.findByRole('option', { name: 'Admin' }));
    const boxes = within(dialog).getAllByRole('checkbox') as HTMLInputElement[];
    expect(boxes.every((box) => box.checked && box.disabled)).toBe(true);
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await screen.findByText('User updated');
    expect(bodiesSent(fetchMock, 'PATCH', '/api/users/u-sara')).toEqual([{ role: 'admin' }]);
  });

  it("shows 'Update Failed' with the server's message", async () => {
    const { user } = renderPage(admin, [admin, sara], {
      'PATCH /api/users/u-sara': () =>
        jsonResponse(
          { message: 'Only an owner can make someone an owner', code: 'IDENTITY_OWNER_PROTECTED' },
          403,
          'Forbidden',
        ),
    });
    await user.click(await screen.findByRole('button', { name: 'Edit \u2068Sara Al-Qahtani\u2069' }));
    const dialog = await screen.findByRole('dialog', { name: /Edit \u2068Sara Al-Qahtani\u2069/ });
    await user.click(within(dialog).getByRole('checkbox', { name: 'Manage invoices' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Update Failed');
    expect(alert.textContent).toContain('Only an owner can make someone an owner');
  });

  describe('reset password', () => {
    it('sets a new password for a user after confirming it, showing the policy', async () => {
      const { fetchMock, user } = renderPage(owner, [owner, sara], {
        'POST /api/users/u-sara/password': () => new Response(null, { status: 204 }),
      });
      await user.click(await screen.findByRole('button', { name: 'Reset password for \u2068Sara Al-Qahtani\u2069' }));
      const dialog = await screen.findByRole('dialog', { name: 'Reset password' });
      expect(dialog.textContent).toContain('Set a new password for \u2068Sara Al-Qahtani\u2069.');
      expect(
        within(dialog).getByText(
          'At least 10 characters. Not your username or email, and not a commonly used password.',
        ),
      ).toBeTruthy();
      await user.type(within(dialog).getByLabelText(/^New password/), 'password');
      await user.click(within(dialog).getByRole('button', { name: 'Reset password' }));
      expect(within(dialog).getByText('Password must be at least 10 characters')).toBeTruthy();
      await user.type(within(dialog).getByLabelText(/^New password/), '-of-sara');
      await user.type(within(dialog).getByLabelText(/^Confirm new password/), 'password-of-sarah');
      await user.click(within(dialog).getByRole('button', { name: 'Reset password' }));
      expect(within(dialog).getByText('The passwords do not match')).toBeTruthy();
      expect(bodiesSent(fetchMock, 'POST', '/api/users/u-sara/password')).toEqual([]);

      await user.clear(within(dialog).getByLabelText(/^Confirm new password/));
      await user.type(within(dialog).getByLabelText(/^Confirm new password/), 'password-of-sara');
      await user.click(within(dialog).getByRole('button', { name: 'Reset password' }));
      expect(await screen.findByText('Password reset')).toBeTruthy();
      expect(bodiesSent(fetchMock, 'POST', '/api/users/u-sara/password')).toEqual([
        { newPassword: 'password-of-sara' },
      ]);
      await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Reset password' })).toBeNull());
    });

    it("shows the server's refusal in Arabic by its code", async () => {
      await i18n.changeLanguage('ar');
      const { user } = renderPage(owner, [owner, sara], {
        'POST /api/users/u-sara/password': () =>
          jsonResponse(
            {
              message: 'New password must not be the username or the email address',
              code: 'IDENTITY_PASSWORD_LIKE_ACCOUNT',
              details: { field: 'newPassword' },
            },
            400,
            'Bad Request',
          ),
      });
      await user.click(
        await screen.findByRole('button', { name: 'إعادة تعيين كلمة المرور لـ \u2068Sara Al-Qahtani\u2069' }),
      );
      const dialog = await screen.findByRole('dialog', { name: 'إعادة تعيين كلمة المرور' });
      await user.type(within(dialog).getByLabelText(/^كلمة المرور الجديدة/), 'sara@example.com');
      await user.type(within(dialog).getByLabelText(/^تأكيد كلمة المرور الجديدة/), 'sara@example.com');
      await user.click(within(dialog).getByRole('button', { name: 'إعادة التعيين' }));
      const alert = await screen.findByRole('alert');
      expect(alert.textContent).toContain('تعذّرت إعادة التعيين');
      expect(alert.textContent).toContain('يجب ألا تكون كلمة المرور هي اسم المستخدم أو البريد الإلكتروني.');
    });

    it("is not offered on one's own row, nor on an owner's to an admin, with a tooltip saying why", async () => {
      const { user } = renderPage(admin, [owner, admin, sara]);
      const own = await screen.findByRole('button', { name: 'Reset password for \u2068Noura Admin\u2069' });
      const ofOwner = screen.getByRole('button', { name: 'Reset password for \u2068Khalid Al-Mansouri\u2069' });
      expect((own as HTMLButtonElement).disabled).toBe(true);
      expect((ofOwner as HTMLButtonElement).disabled).toBe(true);
      expect(
        (screen.getByRole('button', { name: 'Reset password for \u2068Sara Al-Qahtani\u2069' }) as HTMLButtonElement)
          .disabled,
      ).toBe(false);
      await user.hover(own.parentElement as HTMLElement);
      expect((await screen.findByRole('tooltip')).textContent).toBe(
        'Use Change password in your account menu to change your own password',
      );
    });
  });

  describe('API keys of a user', () => {
    const keys = [
      makeApiKey({ id: 'k1', name: 'Warehouse system', lastUsedAt: '2026-03-05T10:30:00.000Z' }),
      makeApiKey({
        id: 'k2',
        name: 'Old shop',
        maskedKey: 'wsk_Zz99…',
        permissions: ['products:sync'],
        expiresAt: '2026-01-01T00:00:00.000Z',
      }),
    ];

    it('lists the keys with their masked prefix, permissions, use, expiry and state, and revokes one after a confirm', async () => {
      let listed = keys;
      const { fetchMock, user } = renderPage(owner, [owner, sara], {
        '/api/users/u-sara/api-keys': () => jsonResponse(listed),
        'DELETE /api/users/u-sara/api-keys/k1': () => {
          listed = listed.filter((key) => key.id !== 'k1');
          return new Response(null, { status: 204 });
        },
      });
      await user.click(await screen.findByRole('button', { name: 'API keys of \u2068Sara Al-Qahtani\u2069' }));
      const dialog = await screen.findByRole('dialog', { name: 'API keys of \u2068Sara Al-Qahtani\u2069' });
      const list = await within(dialog).findByRole('list', { name: 'API keys of Sara Al-Qahtani' });
      const warehouse = within(list).getByRole('listitem', { name: 'Warehouse system' });
      expect(warehouse.textContent).toContain('wsk_Ab12…');
      expect(warehouse.textContent).toContain('Active');
      expect(warehouse.textContent).toContain('Read Orders');
      expect(warehouse.textContent).toContain('Read Products');
      expect(warehouse.textContent).toContain('Last used');
      expect(warehouse.textContent).toContain('No expiry');
      const old = within(list).getByRole('listitem', { name: 'Old shop' });
      expect(old.textContent).toContain('Expired');
      expect(old.textContent).toContain('Sync Stock Levels');
      expect(old.textContent).toContain('Never used');

      await user.click(within(warehouse).getByRole('button', { name: 'Revoke \u2068Warehouse system\u2069' }));
      const confirm = await screen.findByRole('dialog', { name: 'Revoke API key' });
      expect(confirm.textContent).toContain(
        'Revoke the key “\u2068Warehouse system\u2069” of \u2068Sara Al-Qahtani\u2069?',
      );
      expect(bodiesSent(fetchMock, 'DELETE', '/api/users/u-sara/api-keys/k1')).toEqual([]);
      await user.click(within(confirm).getByRole('button', { name: 'Revoke key' }));

      expect(await screen.findByText('API key revoked')).toBeTruthy();
      expect(bodiesSent(fetchMock, 'DELETE', '/api/users/u-sara/api-keys/k1')).toEqual([undefined]);
      await waitFor(() => expect(within(list).queryByRole('listitem', { name: 'Warehouse system' })).toBeNull());
    });

    it('reads the list again each time it opens, and says when a user has none', async () => {
      const { fetchMock, user } = renderPage(owner, [owner, sara], {
        '/api/users/u-sara/api-keys': () => jsonResponse([]),
      });
      for (let time = 0; time < 2; time += 1) {
        await user.click(await screen.findByRole('button', { name: 'API keys of \u2068Sara Al-Qahtani\u2069' }));
        const dialog = await screen.findByRole('dialog', { name: 'API keys of \u2068Sara Al-Qahtani\u2069' });
        expect(await within(dialog).findByText('\u2068Sara Al-Qahtani\u2069 has no API keys.')).toBeTruthy();
        await user.click(within(dialog).getByRole('button', { name: 'Close' }));
        await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      }
      expect(bodiesSent(fetchMock, 'GET', '/api/users/u-sara/api-keys')).toHaveLength(2);
    });

    it("shows an admin an owner's keys without the means to revoke them", async () => {
      const { user } = renderPage(admin, [owner, admin], {
        '/api/users/u-owner/api-keys': () => jsonResponse([keys[0]]),
      });
      await user.click(await screen.findByRole('button', { name: 'API keys of \u2068Khalid Al-Mansouri\u2069' }));
      const dialog = await screen.findByRole('dialog', { name: 'API keys of \u2068Khalid Al-Mansouri\u2069' });
      const revoke = await within(dialog).findByRole('button', { name: 'Revoke \u2068Warehouse system\u2069' });
      expect((revoke as HTMLButtonElement).disabled).toBe(true);
      await user.hover(revoke.parentElement as HTMLElement);
      expect((await screen.findByRole('tooltip')).textContent).toBe("Only an owner can revoke an owner's API keys");
    });
  });

  it('has bilingual permission labels', async () => {
    await i18n.changeLanguage('ar');
    const { user } = renderPage(owner, [owner]);
    await user.click(await screen.findByRole('button', { name: 'إضافة مستخدم' }));
    const dialog = await screen.findByRole('dialog', { name: 'إضافة مستخدم' });
    expect(within(dialog).getByRole('checkbox', { name: 'عرض الطلبات' })).toBeTruthy();
    expect(within(dialog).getByRole('checkbox', { name: 'إدارة المخزون' })).toBeTruthy();
    expect(within(dialog).getAllByRole('checkbox')).toHaveLength(10);
  });
});
