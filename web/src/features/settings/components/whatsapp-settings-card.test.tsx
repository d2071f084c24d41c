import type { WhatsappSettingsDto } from '@erp/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { bodiesSent, serveApi } from '../../../test/fixtures';
import { jsonResponse, renderWithProviders } from '../../../test/render';
import { WhatsappSettingsCard } from './whatsapp-settings-card';

function makeWhatsappSettings(overrides: Partial<WhatsappSettingsDto> = {}): WhatsappSettingsDto {
  return {
    connected: true,
    phoneNumberId: '106540352242922',
    graphBaseUrl: 'https://graph.facebook.com/v23.0',
    accessToken: '••••Zx9Q',
    appSecret: '••••c0de',
    verifyToken: '••••2026',
    confirmationTemplate: 'order_confirmation',
    templateLanguage: 'ar',
    webhookPath: '/api/channels/whatsapp/webhook',
    updatedAt: '2026-11-20T08:00:00.000Z',
    ...overrides,
  };
}

function renderCard(
  routes: Parameters<typeof serveApi>[0] = {},
  settings = makeWhatsappSettings(),
  title = 'WhatsApp Business',
) {
  let current = settings;
  const fetchMock = serveApi({
    '/api/settings/whatsapp': () => jsonResponse(current),
    'PUT /api/settings/whatsapp': (init) => {
      const body = JSON.parse(String(init.body)) as Record<string, string | null>;
      const mask = (secret: 'accessToken' | 'appSecret' | 'verifyToken') =>
        typeof body[secret] === 'string' ? `••••${body[secret].slice(-4)}` : current[secret];
      current = {
        ...current,
        phoneNumberId: body.phoneNumberId ?? current.phoneNumberId,
        confirmationTemplate: body.confirmationTemplate ?? null,
        accessToken: mask('accessToken'),
        appSecret: mask('appSecret'),
        verifyToken: mask('verifyToken'),
        updatedAt: '2026-11-21T08:00:00.000Z',
      };
      return jsonResponse(current);
    },
    ...routes,
  });
  const user = userEvent.setup();
  renderWithProviders(<WhatsappSettingsCard />, '/settings');
  const card = screen.getByRole('region', { name: title });
  const save = () => within(card).getByRole('button', { name: i18n.t('settings:whatsapp.save') }) as HTMLButtonElement;
  return { fetchMock, user, card, save };
}

describe('WhatsappSettingsCard', () => {
  it('shows the saved settings with the secrets masked, never their values, and the connection status', async () => {
    const { card, save } = renderCard();
    const numberId = (await within(card).findByLabelText('Phone number ID')) as HTMLInputElement;
    expect(numberId.value).toBe('106540352242922');
    expect(within(card).getByLabelText('WhatsApp: Connected')).toBeTruthy();

    for (const [label, masked] of [
      ['Access token', '••••Zx9Q'],
      ['App secret', '••••c0de'],
      ['Verify token', '••••2026'],
    ] as const) {
      const input = within(card).getByLabelText(label) as HTMLInputElement;
      expect(input.type).toBe('password');
      expect(input.value).toBe('');
      expect(input.placeholder).toBe(masked);
      const hint = document.getElementById(input.getAttribute('aria-describedby') ?? '');
      expect(hint?.textContent).toBe('Saved. Leave empty to keep it, or type a new one to replace it.');
    }
    expect((within(card).getByLabelText('Confirmation template (optional)') as HTMLInputElement).value).toBe(
      'order_confirmation',
    );
    expect(save().disabled).toBe(true);
  });

  it('shows and hides a secret as it is typed', async () => {
    const { user, card } = renderCard();
    const token = (await within(card).findByLabelText('Access token')) as HTMLInputElement;
    await user.type(token, 'EAAG-new-token');
    const show = within(token.closest('.MuiFormControl-root') as HTMLElement).getByRole('button', {
      name: 'Show password',
    });
    await user.click(show);
    expect(token.type).toBe('text');
    expect(show.getAttribute('aria-pressed')).toBe('true');
  });

  it('says "Not connected" before the number and its secrets are set', async () => {
    const { card } = renderCard(
      {},
      makeWhatsappSettings({
        connected: false,
        phoneNumberId: null,
        accessToken: null,
        appSecret: null,
        verifyToken: null,
        confirmationTemplate: null,
        updatedAt: null,
      }),
    );
    expect(await within(card).findByLabelText('WhatsApp: Not connected')).toBeTruthy();
    const token = within(card).getByLabelText('Access token') as HTMLInputElement;
    expect(token.placeholder).toBe('');
    expect(document.getElementById(token.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'A permanent token of a system user, from Meta Business Settings.',
    );
    expect(within(card).getByText(/Choose a verify token above and save it first/)).toBeTruthy();
  });

  it('sends only the secrets typed, the number id in Latin digits, and an emptied template as null', async () => {
    const { fetchMock, user, card, save } = renderCard();
    const numberId = await within(card).findByLabelText('Phone number ID');
    await user.clear(numberId);
    await user.type(numberId, '١٠٦٥٤٠٣٥٢٢٤٢٩٢٣');
    await user.type(within(card).getByLabelText('Access token'), '  EAAG-new-token-Q7 ');
    await user.clear(within(card).getByLabelText('Confirmation template (optional)'));
    await user.click(save());

    expect(await screen.findByText('WhatsApp settings saved')).toBeTruthy();
    expect(bodiesSent(fetchMock, 'PUT', '/api/settings/whatsapp')).toEqual([
      {
        phoneNumberId: '106540352242923',
        accessToken: 'EAAG-new-token-Q7',
        graphBaseUrl: 'https://graph.facebook.com/v23.0',
        confirmationTemplate: null,
        templateLanguage: 'ar',
      },
    ]);
    // The form refills from what was saved: the token is masked again, the field empty.
    await waitFor(() =>
      expect((within(card).getByLabelText('Access token') as HTMLInputElement).placeholder).toBe('••••n-Q7'),
    );
    expect((within(card).getByLabelText('Access token') as HTMLInputElement).value).toBe('');
  });

  it('checks the fields before sending and marks the one the server refuses', async () => {
    const { fetchMock, user, card, save } = renderCard({
      'PUT /api/settings/whatsapp': () =>
        jsonResponse(
          {
            message: 'Validation failed',
            code: 'VALIDATION_FAILED',
            details: { fields: [{ field: 'graphBaseUrl', messages: ['graphBaseUrl must be an http(s) URL'] }] },
          },
          400,
          'Bad Request',
        ),
    });
    const numberId = await within(card).findByLabelText('Phone number ID');
    await user.clear(numberId);
    await user.type(numberId, '12ab');
    await user.type(within(card).getByLabelText('Verify token'), 'short');
    await user.click(save());
    expect(within(card).getByText('Enter the phone number ID: 5 to 20 digits.')).toBeTruthy();
    expect(within(card).getByText('Use 8 to 200 characters, without spaces.')).toBeTruthy();
    expect(document.activeElement).toBe(numberId);
    expect(bodiesSent(fetchMock, 'PUT', '/api/settings/whatsapp')).toEqual([]);

    await user.clear(numberId);
    await user.type(numberId, '106540352242999');
    await user.clear(within(card).getByLabelText('Verify token'));
    await user.click(save());
    const graph = within(card).getByLabelText('Graph API address');
    await waitFor(() => expect(graph.getAttribute('aria-invalid')).toBe('true'));
    expect(within(card).getByText('Enter an address that starts with https://')).toBeTruthy();
    expect(await screen.findByText('The WhatsApp settings were not saved')).toBeTruthy();
    expect(bodiesSent(fetchMock, 'PUT', '/api/settings/whatsapp')).toHaveLength(1);
  });

  it('shows the full callback URL and copies it', async () => {
    const { user, card } = renderCard();
    const url = (await within(card).findByLabelText('Callback URL')) as HTMLInputElement;
    const expected = `${window.location.origin}/api/channels/whatsapp/webhook`;
    expect(url.value).toBe(expected);
    expect(url.readOnly).toBe(true);
    await user.click(within(card).getByRole('button', { name: 'Copy the callback URL' }));
    expect(await navigator.clipboard.readText()).toBe(expected);
    expect(await screen.findByText('Copied to clipboard')).toBeTruthy();
    expect(within(card).getByText(/Paste this callback URL and your verify token/)).toBeTruthy();
  });

  it("tests the connection and shows the number and Meta's name for it", async () => {
    const { fetchMock, user, card } = renderCard({
      'POST /api/settings/whatsapp/test': () =>
        jsonResponse({ ok: true, displayPhoneNumber: '+966 11 234 5678', verifiedName: 'Al Nakheel Trading' }),
    });
    await user.click(await within(card).findByRole('button', { name: 'Test connection' }));
    const result = await within(card).findByText(/The connection works:/);
    expect(result.textContent).toContain('+966 11 234 5678');
    expect(result.textContent).toContain('Al Nakheel Trading');
    expect(bodiesSent(fetchMock, 'POST', '/api/settings/whatsapp/test')).toEqual([undefined]);
  });

  it("shows Meta's error when it refuses the settings", async () => {
    const { user, card } = renderCard({
      'POST /api/settings/whatsapp/test': () =>
        jsonResponse({ ok: false, error: 'Invalid OAuth access token - Cannot parse access token' }),
    });
    await user.click(await within(card).findByRole('button', { name: 'Test connection' }));
    const result = await within(card).findByText(/Meta did not accept the settings:/);
    expect(result.textContent).toContain('Invalid OAuth access token - Cannot parse access token');
  });

  it('says in Arabic that WhatsApp is not connected yet when the test is refused with 409', async () => {
    await i18n.changeLanguage('ar');
    const { user, card } = renderCard(
      {
        'POST /api/settings/whatsapp/test': () =>
          jsonResponse({ message: 'WhatsApp is not set up', code: 'WHATSAPP_NOT_CONNECTED' }, 409, 'Conflict'),
      },
      makeWhatsappSettings(),
      'واتساب للأعمال',
    );
    expect(await within(card).findByLabelText('معرّف رقم الهاتف (Phone number ID)')).toBeTruthy();
    expect(within(card).getByLabelText('واتساب: متصل')).toBeTruthy();
    await user.click(within(card).getByRole('button', { name: 'اختبار الاتصال' }));
    const result = await within(card).findByText(/تعذّر إجراء الاختبار/);
    expect(result.textContent).toContain('لم يتم ربط واتساب بعد');
    expect(within(card).getByRole('button', { name: 'حفظ إعدادات واتساب' })).toBeTruthy();
  });
});
