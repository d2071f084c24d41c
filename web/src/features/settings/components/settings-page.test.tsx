import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeSettings, makeUser, owner, serveApi } from '../../../test/fixtures';
import { jsonResponse, renderWithProviders } from '../../../test/render';
import { SettingsPage } from './settings-page';

describe('SettingsPage', () => {
  it('shows the ZATCA and WhatsApp settings to owners and admins only', async () => {
    serveApi({ '/api/settings': () => jsonResponse(makeSettings()), '/api/api-keys': () => jsonResponse([]) });
    const { unmount } = renderWithProviders(<SettingsPage currentUser={owner} />, '/settings');
    expect(await screen.findByRole('region', { name: 'ZATCA e-invoicing (phase 2)' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'WhatsApp Business' })).toBeTruthy();
    unmount();

    const fetchMock = serveApi({
      '/api/settings': () => jsonResponse(makeSettings()),
      '/api/api-keys': () => jsonResponse([]),
    });
    renderWithProviders(<SettingsPage currentUser={makeUser()} />, '/settings');
    expect(await screen.findByRole('region', { name: 'Company details' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'ZATCA e-invoicing (phase 2)' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'WhatsApp Business' })).toBeNull();
    expect(fetchMock.mock.calls.map(([url]) => String(url))).not.toContain('/api/settings/whatsapp');
  });
});
