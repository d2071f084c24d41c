import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { bodiesSent, makeSettings, serveApi } from '../../../test/fixtures';
import { jsonResponse, renderWithProviders } from '../../../test/render';
import { CompanyDetailsCard } from './company-details-card';

function renderCard(canEdit = true, settings = makeSettings()) {
  const fetchMock = serveApi({
    '/api/settings': () => jsonResponse(settings),
    'PATCH /api/settings': (init) => jsonResponse({ ...settings, ...JSON.parse(String(init.body)) }),
  });
  const user = userEvent.setup();
  renderWithProviders(<CompanyDetailsCard settings={settings} canEdit={canEdit} />, '/settings');
  return { fetchMock, user };
}

describe('CompanyDetailsCard', () => {
  it('checks the VAT number inline: 15 digits starting and ending with 3', async () => {
    const { fetchMock, user } = renderCard();
    const vat = screen.getByLabelText('VAT number');
    await user.clear(vat);
    await user.type(vat, '312345678901234');
    await user.tab();
    expect(screen.getByText('The VAT number must be 15 digits, starting and ending with 3')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(bodiesSent(fetchMock, 'PATCH', '/api/settings')).toEqual([]);

    await user.clear(vat);
    await user.type(vat, '312345678901233');
    expect(screen.queryByText('The VAT number must be 15 digits, starting and ending with 3')).toBeNull();
  });

  it('saves only what changed and says so', async () => {
    const { fetchMock, user } = renderCard();
    await user.clear(screen.getByLabelText('VAT rate'));
    await user.type(screen.getByLabelText('VAT rate'), '5');
    await user.click(screen.getByRole('switch', { name: 'Allow negative stock' }));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('Settings saved')).toBeTruthy();
    expect(bodiesSent(fetchMock, 'PATCH', '/api/settings')).toEqual([{ taxRate: 5, allowNegativeStock: true }]);
  });

  it('refuses a tax rate above 100', async () => {
    const { user } = renderCard();
    await user.clear(screen.getByLabelText('VAT rate'));
    await user.type(screen.getByLabelText('VAT rate'), '150');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(screen.getByText('Enter a rate between 0 and 100, with at most 2 decimals')).toBeTruthy();
  });

  it('is read-only for staff', () => {
    renderCard(false);
    const card = screen.getByRole('region', { name: 'Company details' });
    expect(within(card).getByText('Only an admin or owner can change the company details.')).toBeTruthy();
    expect((within(card).getByLabelText('Company name (English)') as HTMLInputElement).readOnly).toBe(true);
    expect((within(card).getByRole('switch', { name: 'Allow negative stock' }) as HTMLInputElement).disabled).toBe(
      true,
    );
    expect(within(card).queryByRole('button', { name: 'Save changes' })).toBeNull();
  });

  it('uses the Gulf business terms in Arabic', async () => {
    await i18n.changeLanguage('ar');
    renderCard();
    expect(screen.getByLabelText('الرقم الضريبي')).toBeTruthy();
    expect(screen.getByLabelText('نسبة ضريبة القيمة المضافة')).toBeTruthy();
  });
});
