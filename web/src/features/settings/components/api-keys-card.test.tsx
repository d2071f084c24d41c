import type { CreatedApiKeyDto } from '@erp/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { bodiesSent, makeApiKey, owner, serveApi } from '../../../test/fixtures';
import { i18n } from '../../../lib/i18n';
import { jsonResponse, renderWithProviders } from '../../../test/render';
import { ApiKeysCard } from './api-keys-card';

const fullKey = 'wsk_9fJ2kLmN0pQrStUvWxYz1234567890abcdefGHIJ';

function created(overrides: Partial<CreatedApiKeyDto> = {}): CreatedApiKeyDto {
  return { ...makeApiKey({ id: 'k2', name: 'ERP connector', maskedKey: 'wsk_9fJ2…' }), key: fullKey, ...overrides };
}

function renderCard(routes: Parameters<typeof serveApi>[0] = {}, role = owner.role, permissions = owner.permissions) {
  const fetchMock = serveApi({ '/api/api-keys': () => jsonResponse([]), ...routes });
  const user = userEvent.setup();
  renderWithProviders(<ApiKeysCard userRole={role} userPermissions={permissions} />, '/settings');
  return { fetchMock, user };
}

async function openCreateDialog(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Create API Key' }));
  return screen.findByRole('dialog', { name: 'Create API Key' });
}

describe('ApiKeysCard', () => {
  it('shows the empty state', async () => {
    renderCard();
    expect(await screen.findByText('No API keys yet. Create one to get started with integrations.')).toBeTruthy();
  });

  it('lists keys with name, masked key, permission chips, dates and a delete button', async () => {
    renderCard({
      '/api/api-keys': () =>
        jsonResponse([makeApiKey({ lastUsedAt: '2026-03-04T10:15:00.000Z', expiresAt: '2099-12-31T20:59:59.999Z' })]),
    });
    const item = await screen.findByRole('listitem', { name: 'Warehouse system' });
    const row = within(item);
    expect(row.getByText('wsk_Ab12…')).toBeTruthy();
    expect(row.getByText('Read Orders')).toBeTruthy();
    expect(row.getByText('Read Products')).toBeTruthy();
    expect(item.textContent).toContain('Created Mar 2, 2026');
    expect(item.textContent).toContain('Last used Mar 4, 2026');
    expect(item.textContent).toContain('Expires Dec 31, 2099');
    expect(row.getByRole('button', { name: 'Delete \u2068Warehouse system\u2069' })).toBeTruthy();
    expect(item.textContent).not.toContain(fullKey);
  });

  describe('Create API Key dialog', () => {
    it('starts with Read Orders and Read Products ticked, and Create Key disabled until a name', async () => {
      const { user } = renderCard();
      const dialog = within(await openCreateDialog(user));
      const box = (name: string) => dialog.getByRole('checkbox', { name: new RegExp(`^${name}`) }) as HTMLInputElement;

      expect(dialog.getByLabelText(/Key Name/)).toBeTruthy();
      expect(box('Read Orders').checked).toBe(true);
      expect(box('Read Products').checked).toBe(true);
      expect(box('Create Orders').checked).toBe(false);
      expect(box('Update Products').checked).toBe(false);
      expect(box('Sync Stock Levels').checked).toBe(false);
      expect(box('Read Invoices').checked).toBe(false);

      const create = dialog.getByRole('button', { name: 'Create Key' }) as HTMLButtonElement;
      expect(create.disabled).toBe(true);
      await user.type(dialog.getByLabelText(/Key Name/), '   ');
      expect(create.disabled).toBe(true);
      await user.type(dialog.getByLabelText(/Key Name/), 'Warehouse');
      expect(create.disabled).toBe(false);

      // No permission: disabled again.
      await user.click(box('Read Orders'));
      await user.click(box('Read Products'));
      expect(create.disabled).toBe(true);
      expect(dialog.getByText('Select at least one permission')).toBeTruthy();
      await user.click(box('Sync Stock Levels'));
      expect(create.disabled).toBe(false);
    });

    it('creates the key, shows it once with a copy button, and never again after Done', async () => {
      let keys = [makeApiKey()];
      const { fetchMock, user } = renderCard({
        '/api/api-keys': () => jsonResponse(keys),
        'POST /api/api-keys': () => {
          keys = [created(), ...keys];
          return jsonResponse(created(), 201, 'Created');
        },
      });
      const dialog = within(await openCreateDialog(user));
      await user.type(dialog.getByLabelText(/Key Name/), ' ERP connector ');
      await user.click(dialog.getByRole('checkbox', { name: /^Create Orders/ }));
      await user.click(dialog.getByRole('button', { name: 'Create Key' }));

      const shown = await screen.findByRole('dialog', { name: 'Your new API key' });
      expect(bodiesSent(fetchMock, 'POST', '/api/api-keys')).toEqual([
        { name: 'ERP connector', permissions: ['orders:read', 'orders:write', 'products:read'] },
      ]);
      expect((within(shown).getByLabelText('API key') as HTMLInputElement).value).toBe(fullKey);
      expect(shown.textContent).toContain("won't be shown again");
      expect(screen.queryByRole('dialog', { name: 'Create API Key' })).toBeNull();

      await user.click(within(shown).getByRole('button', { name: 'Copy' }));
      // user-event's clipboard stands in for the browser's.
      expect(await navigator.clipboard.readText()).toBe(fullKey);
      expect(await screen.findByText('Copied to clipboard')).toBeTruthy();

      await user.click(within(shown).getByRole('button', { name: 'Done' }));
      await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Your new API key' })).toBeNull());
      expect(await screen.findByRole('listitem', { name: 'ERP connector' })).toBeTruthy();
      expect(document.body.textContent).not.toContain(fullKey);

      // Reopened: empty name and the default permissions again (SPEC §4).
      const again = within(await openCreateDialog(user));
      expect((again.getByLabelText(/Key Name/) as HTMLInputElement).value).toBe('');
      expect((again.getByRole('checkbox', { name: /^Create Orders/ }) as HTMLInputElement).checked).toBe(false);
      expect((again.getByRole('checkbox', { name: /^Read Orders/ }) as HTMLInputElement).checked).toBe(true);
    });

    it('sends an optional expiry date as the end of that day', async () => {
      const { fetchMock, user } = renderCard({
        'POST /api/api-keys': () => jsonResponse(created(), 201, 'Created'),
      });
      const dialog = within(await openCreateDialog(user));
      await user.type(dialog.getByLabelText(/Key Name/), 'Temp');
      await user.type(dialog.getByLabelText(/Expiry date/), '2099-06-30');
      await user.click(dialog.getByRole('button', { name: 'Create Key' }));
      await screen.findByRole('dialog', { name: 'Your new API key' });
      const [body] = bodiesSent(fetchMock, 'POST', '/api/api-keys') as Array<{ expiresAt: string }>;
      expect(body.expiresAt).toBe(new Date('2099-06-30T23:59:59.999').toISOString());
    });

    it("shows 'Failed to create API key' with the server's message", async () => {
      const { user } = renderCard({
        'POST /api/api-keys': () =>
          jsonResponse(
            {
              message: 'You do not hold stock:write',
              code: 'IDENTITY_PERMISSION_NOT_HELD',
              details: { permissions: ['products:sync'] },
            },
            403,
            'Forbidden',
          ),
      });
      const dialog = within(await openCreateDialog(user));
      await user.type(dialog.getByLabelText(/Key Name/), 'Sync');
      await user.click(dialog.getByRole('button', { name: 'Create Key' }));
      const alert = await screen.findByRole('alert');
      expect(alert.textContent).toContain('Failed to create API key');
      expect(alert.textContent).toContain('You do not hold stock:write');
      expect(screen.getByRole('dialog', { name: 'Create API Key' })).toBeTruthy();
    });

    it("locks the permissions a staff user's own account does not back", async () => {
      const { user } = renderCard({}, 'staff', ['orders:read', 'stock:read']);
      const dialog = within(await openCreateDialog(user));
      const box = (name: string) => dialog.getByRole('checkbox', { name: new RegExp(`^${name}`) }) as HTMLInputElement;
      expect(box('Read Orders').disabled).toBe(false);
      expect(box('Read Products').disabled).toBe(false);
      expect(box('Create Orders').disabled).toBe(true);
      expect(box('Update Products').disabled).toBe(true);
      expect(box('Sync Stock Levels').disabled).toBe(true);
      expect(box('Read Invoices').disabled).toBe(true);
    });

    it('offers Read Invoices (invoices:read) to a user who may view invoices', async () => {
      const { fetchMock, user } = renderCard(
        { 'POST /api/api-keys': () => jsonResponse(created({ permissions: ['invoices:read'] }), 201, 'Created') },
        'staff',
        ['invoices:read'],
      );
      const dialog = within(await openCreateDialog(user));
      const invoices = dialog.getByRole('checkbox', { name: /^Read Invoices/ }) as HTMLInputElement;
      expect(invoices.disabled).toBe(false);
      expect(invoices.checked).toBe(false);
      expect(dialog.getByText('invoices:read')).toBeTruthy();
      await user.type(dialog.getByLabelText(/Key Name/), 'Accounting system');
      await user.click(invoices);
      await user.click(dialog.getByRole('button', { name: 'Create Key' }));
      await screen.findByRole('dialog', { name: 'Your new API key' });
      expect(bodiesSent(fetchMock, 'POST', '/api/api-keys')).toEqual([
        { name: 'Accounting system', permissions: ['invoices:read'] },
      ]);
    });

    it('names invoices:read in Arabic, in the dialog and on a key', async () => {
      await i18n.changeLanguage('ar');
      const { user } = renderCard({
        '/api/api-keys': () => jsonResponse([makeApiKey({ permissions: ['orders:read', 'invoices:read'] })]),
      });
      const item = await screen.findByRole('listitem', { name: 'Warehouse system' });
      expect(within(item).getByText('قراءة الفواتير')).toBeTruthy();
      await user.click(screen.getByRole('button', { name: 'إنشاء مفتاح' }));
      const dialog = within(await screen.findByRole('dialog', { name: 'إنشاء مفتاح واجهة برمجية' }));
      expect(dialog.getByRole('checkbox', { name: /^قراءة الفواتير/ })).toBeTruthy();
    });
  });

  describe('delete', () => {
    it('asks the SPEC question, then deletes', async () => {
      let keys = [makeApiKey()];
      const { fetchMock, user } = renderCard({
        '/api/api-keys': () => jsonResponse(keys),
        'DELETE /api/api-keys/k1': () => {
          keys = [];
          return new Response(null, { status: 204 });
        },
      });
      await user.click(await screen.findByRole('button', { name: 'Delete \u2068Warehouse system\u2069' }));
      const dialog = await screen.findByRole('dialog', { name: 'Delete API key' });
      expect(dialog.textContent).toContain(
        'Are you sure you want to delete this API key? This action cannot be undone.',
      );
      await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

      expect(await screen.findByText('API key deleted')).toBeTruthy();
      expect(bodiesSent(fetchMock, 'DELETE', '/api/api-keys/k1')).toEqual([undefined]);
      expect(await screen.findByText('No API keys yet. Create one to get started with integrations.')).toBeTruthy();
    });

    it("shows 'Failed to delete API key' with the server's message", async () => {
      const { user } = renderCard({
        '/api/api-keys': () => jsonResponse([makeApiKey()]),
        'DELETE /api/api-keys/k1': () =>
          jsonResponse({ message: 'API key not found', code: 'IDENTITY_API_KEY_NOT_FOUND' }, 404, 'Not Found'),
      });
      await user.click(await screen.findByRole('button', { name: 'Delete \u2068Warehouse system\u2069' }));
      await user.click(
        within(await screen.findByRole('dialog', { name: 'Delete API key' })).getByRole('button', { name: 'Delete' }),
      );
      const alert = await screen.findByRole('alert');
      expect(alert.textContent).toContain('Failed to delete API key');
      expect(alert.textContent).toContain('API key not found');
    });
  });
});
