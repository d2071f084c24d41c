import type { UserDto } from '@erp/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { admin, bodiesSent, makeUser, owner, serveApi } from '../../../test/fixtures';
import { jsonResponse, renderWithProviders } from '../../../test/render';
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
      await user.click(await screen.findByRole('button', { name: 'Delete Sara Al-Qahtani' }));

      const dialog = await screen.findByRole('dialog', { name: 'Delete user' });
      expect(dialog.textContent).toContain('Are you sure you want to delete Sara Al-Qahtani (sara)?');
      expect(bodiesSent(fetchMock, 'DELETE', '/api/users/u-sara')).toHaveLength(0);
      await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

      expect(await screen.findByText('User deleted')).toBeTruthy();
      expect(bodiesSent(fetchMock, 'DELETE', '/api/users/u-sara')).toEqual([undefined]);
      await waitFor(() => expect(screen.queryByText('Sara Al-Qahtani')).toBeNull());
    });

    it('cancelling sends nothing', async () => {
      const { fetchMock, user } = renderPage(owner, [owner, sara]);
      await user.click(await screen.findByRole('button', { name: 'Delete Sara Al-Qahtani' }));
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
      await user.click(await screen.findByRole('button', { name: 'Delete Sara Al-Qahtani' }));
      await user.click(
        within(await screen.findByRole('dialog', { name: 'Delete user' })).getByRole('button', { name: 'Delete' }),
      );
      const alert = await screen.findByRole('alert');
      expect(alert.textContent).toContain('Deletion Failed');
      expect(alert.textContent).toContain('The last owner cannot be removed');
    });

    it("disables deleting one's own row, with a tooltip saying why", async () => {
      const { user } = renderPage(owner, [owner, sara]);
      const own = await screen.findByRole('button', { name: 'Delete Khalid Al-Mansouri' });
      expect((own as HTMLButtonElement).disabled).toBe(true);
      expect((screen.getByRole('button', { name: 'Delete Sara Al-Qahtani' }) as HTMLButtonElement).disabled).toBe(
        false,
      );
      await user.hover(own.parentElement as HTMLElement);
      expect(await screen.findByRole('tooltip')).toBeTruthy();
      expect(screen.getByRole('tooltip').textContent).toBe('You cannot delete your own account');
    });
  });

  it('shows owners read-only to an admin', async () => {
    renderPage(admin, [owner, admin, sara]);
    const ownerRow = within(await waitFor(() => rowOf('Khalid Al-Mansouri')));
    expect((ownerRow.getByRole('button', { name: 'Edit Khalid Al-Mansouri' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    expect((ownerRow.getByRole('button', { name: 'Delete Khalid Al-Mansouri' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    expect((screen.getByRole('button', { name: 'Edit Sara Al-Qahtani' }) as HTMLButtonElement).disabled).toBe(false);
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
    await user.click(await screen.findByRole('button', { name: 'Edit Sara Al-Qahtani' }));
    const dialog = await screen.findByRole('dialog', { name: /Edit Sara Al-Qahtani/ });
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
    await user.click(await screen.findByRole('button', { name: 'Edit Sara Al-Qahtani' }));
    const dialog = await screen.findByRole('dialog', { name: /Edit Sara Al-Qahtani/ });
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
    await user.click(await screen.findByRole('button', { name: 'Edit Sara Al-Qahtani' }));
    const dialog = await screen.findByRole('dialog', { name: /Edit Sara Al-Qahtani/ });
    await user.click(within(dialog).getByRole('checkbox', { name: 'Manage invoices' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Update Failed');
    expect(alert.textContent).toContain('Only an owner can make someone an owner');
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
