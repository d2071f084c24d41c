import type { ZatcaSettingsDto } from '@erp/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { bodiesSent, serveApi } from '../../../test/fixtures';
import { jsonResponse, renderWithProviders } from '../../../test/render';
import { certificateStateOf, ZatcaSettingsCard } from './zatca-settings-card';

function makeZatcaSettings(overrides: Partial<ZatcaSettingsDto> = {}): ZatcaSettingsDto {
  return {
    environment: 'simulator',
    sellerNameAr: 'شركة النور التجارية',
    sellerNameEn: 'Al Noor Trading Co.',
    vatNumber: '310122393500003',
    crn: '1010010000',
    address: {
      street: 'King Fahd Road',
      buildingNumber: '1234',
      additionalNumber: '',
      district: 'Al Olaya',
      city: 'Riyadh',
      postalCode: '12211',
      countryCode: 'SA',
    },
    egs: { serial: '1-GulfERP|2-1.0|3-7f1c9a52', name: 'EGS1', model: 'GulfERP', industry: 'Wholesale' },
    onboarding: {
      status: 'not_onboarded',
      certificateExpiresAt: null,
      message: null,
      onboardedAt: null,
      changedSinceOnboarding: [],
    },
    ...overrides,
  };
}

function renderCard(routes: Parameters<typeof serveApi>[0] = {}, settings = makeZatcaSettings()) {
  let current = settings;
  const fetchMock = serveApi({
    '/api/settings/zatca': () => jsonResponse(current),
    'PUT /api/settings/zatca': (init) => {
      current = { ...current, ...(JSON.parse(String(init.body)) as Partial<ZatcaSettingsDto>) };
      return jsonResponse(current);
    },
    ...routes,
  });
  const user = userEvent.setup();
  renderWithProviders(<ZatcaSettingsCard />, '/settings');
  return { fetchMock, user };
}

describe('ZatcaSettingsCard', () => {
  it('shows every field with its label, and the onboarding status', async () => {
    renderCard();
    const card = screen.getByRole('region', { name: 'ZATCA e-invoicing (phase 2)' });
    expect(((await within(card).findByLabelText('VAT number')) as HTMLInputElement).value).toBe('310122393500003');
    for (const label of [
      'Seller name (Arabic)',
      'Seller name (English) (optional)',
      'Commercial registration (CR) number',
      'Street',
      'Building number',
      'Additional number (optional)',
      'District',
      'City',
      'Postal code',
      'Country',
      'Unit serial number',
      'Unit name',
      'Model',
      'Business category',
      'One-time password (OTP)',
    ]) {
      expect(within(card).getByLabelText(label)).toBeTruthy();
    }
    expect(within(card).getByLabelText('Onboarding status: Not onboarded')).toBeTruthy();
  });

  it('saves the whole settings with PUT', async () => {
    const { fetchMock, user } = renderCard();
    const city = await screen.findByLabelText('City');
    await user.clear(city);
    await user.type(city, 'Jeddah');
    await user.click(screen.getByRole('button', { name: 'Save ZATCA settings' }));

    expect(await screen.findByText('ZATCA settings saved')).toBeTruthy();
    const [body] = bodiesSent(fetchMock, 'PUT', '/api/settings/zatca') as Array<Record<string, unknown>>;
    expect(body).toMatchObject({
      environment: 'simulator',
      vatNumber: '310122393500003',
      address: { city: 'Jeddah', countryCode: 'SA', buildingNumber: '1234' },
      egs: { serial: '1-GulfERP|2-1.0|3-7f1c9a52', industry: 'Wholesale' },
    });
    expect(body).not.toHaveProperty('onboarding');
  });

  it('shows the rule the server names under the field it names, until that field is edited', async () => {
    const { user } = renderCard({
      'PUT /api/settings/zatca': () =>
        jsonResponse(
          {
            message: 'address.postalCode must be exactly 5 digits (BR-KSA-66)',
            code: 'ZATCA_SETTINGS_INVALID',
            details: { field: 'address.postalCode', rule: 'BR-KSA-66' },
          },
          400,
          'Bad Request',
        ),
    });
    const postalCode = await screen.findByLabelText('Postal code');
    await user.clear(postalCode);
    await user.type(postalCode, '1221');
    await user.click(screen.getByRole('button', { name: 'Save ZATCA settings' }));

    const message = 'The postal code must be exactly 5 digits (BR-KSA-66).';
    await waitFor(() => expect(postalCode.getAttribute('aria-invalid')).toBe('true'));
    expect(postalCode.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(postalCode.getAttribute('aria-describedby')!)?.textContent).toBe(message);
    expect(document.activeElement).toBe(postalCode);

    await user.type(postalCode, '1');
    expect(postalCode.getAttribute('aria-invalid')).toBe('false');
  });

  it('shows the certificate expiry and the last message of the onboarding', async () => {
    renderCard(
      {},
      makeZatcaSettings({
        onboarding: {
          status: 'failed',
          certificateExpiresAt: '2031-05-01T00:00:00.000Z',
          message: 'Invalid OTP',
          onboardedAt: null,
          changedSinceOnboarding: [],
        },
      }),
    );
    expect(await screen.findByLabelText('Onboarding status: Failed')).toBeTruthy();
    expect(screen.getByText(/Certificate expires on/)).toBeTruthy();
    expect(screen.getByText('Invalid OTP')).toBeTruthy();
  });

  it('says an expired certificate must be renewed, in both languages, and offers Renew', async () => {
    const expired = makeZatcaSettings({
      onboarding: {
        status: 'onboarded',
        certificateExpiresAt: '2026-01-01T00:00:00.000Z',
        message: null,
        onboardedAt: '2025-01-01T00:00:00.000Z',
        changedSinceOnboarding: [],
      },
    });
    renderCard({}, expired);
    expect(await screen.findByText(/The certificate expired on .*ZATCA will not take them/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Renew certificate' })).toBeTruthy();
    await i18n.changeLanguage('ar');
    expect(await screen.findByText(/انتهت صلاحية الشهادة/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'تجديد الشهادة' })).toBeTruthy();
  });

  it('names the saved changes invoices do not carry yet, and offers to onboard again, in both languages', async () => {
    renderCard(
      {},
      makeZatcaSettings({
        onboarding: {
          status: 'onboarded',
          certificateExpiresAt: '2031-05-01T00:00:00.000Z',
          message: null,
          onboardedAt: '2026-05-01T00:00:00.000Z',
          changedSinceOnboarding: ['vatNumber', 'address.city'],
        },
      }),
    );
    expect(await screen.findByText(/Saved changes not yet on your invoices: VAT number and City\./)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Onboard again' })).toBeTruthy();
    await i18n.changeLanguage('ar');
    expect(await screen.findByText(/تعديلات محفوظة لم تظهر في فواتيرك بعد: الرقم الضريبي و\s?المدينة\./)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'إعادة الربط' })).toBeTruthy();
  });

  it('warns within 30 days of the expiry, and not before', () => {
    const day = 86_400_000;
    const now = Date.parse('2026-11-28T00:00:00Z');
    const onboarded = (expiresInDays: number) => ({
      status: 'onboarded' as const,
      certificateExpiresAt: new Date(now + expiresInDays * day).toISOString(),
      message: null,
      onboardedAt: null,
      changedSinceOnboarding: [],
    });
    expect(certificateStateOf(onboarded(-1), now)).toBe('expired');
    expect(certificateStateOf(onboarded(29), now)).toBe('expiring');
    expect(certificateStateOf(onboarded(31), now)).toBe('valid');
    expect(certificateStateOf({ ...onboarded(-1), status: 'failed' }, now)).toBeNull();
  });

  it('onboards with a 6-digit OTP (Arabic-Indic digits too), shows the outcome and reads the settings again', async () => {
    let reads = 0;
    const { fetchMock, user } = renderCard({
      '/api/settings/zatca': () => {
        reads += 1;
        return jsonResponse(
          makeZatcaSettings(
            reads > 1
              ? {
                  onboarding: {
                    status: 'onboarded',
                    certificateExpiresAt: '2031-05-01T00:00:00.000Z',
                    message: null,
                    onboardedAt: '2026-05-01T00:00:00.000Z',
                    changedSinceOnboarding: [],
                  },
                }
              : {},
          ),
        );
      },
      'POST /api/settings/zatca/onboard': () => jsonResponse({ status: 'onboarded' }),
    });
    const otp = await screen.findByLabelText('One-time password (OTP)');
    await user.type(otp, '123');
    await user.click(screen.getByRole('button', { name: 'Onboard' }));
    expect(screen.getByText('Enter the 6-digit OTP')).toBeTruthy();
    expect(bodiesSent(fetchMock, 'POST', '/api/settings/zatca/onboard')).toEqual([]);

    await user.clear(otp);
    await user.type(otp, '١٢٣٤٥٦');
    await user.click(screen.getByRole('button', { name: 'Onboard' }));
    expect(await screen.findByText('The e-invoicing unit is onboarded.')).toBeTruthy();
    expect(bodiesSent(fetchMock, 'POST', '/api/settings/zatca/onboard')).toEqual([{ otp: '123456' }]);
    expect(await screen.findByLabelText('Onboarding status: Onboarded')).toBeTruthy();
  });

  it("shows the server's message when onboarding fails", async () => {
    const { user } = renderCard({
      'POST /api/settings/zatca/onboard': () =>
        jsonResponse({ message: 'ZATCA refused the OTP', code: 'VALIDATION_FAILED' }, 400, 'Bad Request'),
    });
    await user.type(await screen.findByLabelText('One-time password (OTP)'), '654321');
    await user.click(screen.getByRole('button', { name: 'Onboard' }));
    expect(await screen.findByText(/ZATCA refused the OTP/)).toBeTruthy();
  });

  it('says what a refusal by ZATCA means; ZATCA’s own words are the onboarding’s message, shown once', async () => {
    let reads = 0;
    const { user } = renderCard({
      '/api/settings/zatca': () => {
        reads += 1;
        return jsonResponse(
          makeZatcaSettings({
            onboarding: {
              status: 'failed',
              certificateExpiresAt: null,
              message: reads > 1 ? 'ZATCA refused the compliance CSID: Invalid-OTP: The provided OTP is invalid' : null,
              onboardedAt: null,
              changedSinceOnboarding: [],
            },
          }),
        );
      },
      'POST /api/settings/zatca/onboard': () =>
        jsonResponse(
          {
            message: 'ZATCA refused the compliance CSID: Invalid-OTP: The provided OTP is invalid',
            code: 'ZATCA_ONBOARDING_FAILED',
          },
          400,
          'Bad Request',
        ),
    });
    await user.type(await screen.findByLabelText('One-time password (OTP)'), '654321');
    await user.click(screen.getByRole('button', { name: 'Onboard' }));
    expect(
      await screen.findByText(/Onboarding failed: ZATCA refused the onboarding\. Its message says why/),
    ).toBeTruthy();
    await waitFor(() => expect(screen.getAllByText(/Invalid-OTP/)).toHaveLength(1));
  });

  it('uses the Gulf business terms in Arabic', async () => {
    await i18n.changeLanguage('ar');
    renderCard();
    expect(await screen.findByRole('region', { name: 'الفوترة الإلكترونية (المرحلة الثانية)' })).toBeTruthy();
    for (const label of ['الرقم الضريبي', 'السجل التجاري', 'رقم المبنى', 'الحي', 'الرمز البريدي']) {
      expect(await screen.findByLabelText(label)).toBeTruthy();
    }
    expect(screen.getByText('العنوان الوطني')).toBeTruthy();
    expect(screen.getByText('وحدة الفوترة (EGS)')).toBeTruthy();
  });
});
