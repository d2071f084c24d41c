import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeSettings, makeUser, owner, serveApi } from '../../../test/fixtures';
import { jsonResponse, renderWithProviders } from '../../../test/render';
import { SettingsPage } from './settings-page';

describe('SettingsPage', () => {
  it('shows the ZATCA settings to owners and admins only', async () => {
    serveApi({ '/api/settings': () => jsonResponse(makeSettings()), '/api/api-keys': () => jsonResponse([]) });
    const { unmount } = renderWithProviders(<SettingsPage currentUser={owner} />, '/settings');
    expect(await screen.findByRole('region', { name: 'ZATCA e-invoicing (phase 2)' })).toBeTruthy();
    unmount();

    renderWithProviders(<SettingsPage currentUser={makeUser()} />, '/settings');
    expect(await screen.findByRole('region', { name: 'Company details' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'ZATCA e-invoicing (phase 2)' })).toBeNull();
  });
});
