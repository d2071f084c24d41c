import { AppException, type UpdateZatcaSettingsDto } from '@erp/contracts';
import { describe, expect, it } from 'vitest';
import { zatcaSettingsValuesOf, type ZatcaSettingsEntity, type ZatcaSettingsValues } from './zatca-settings.entity.js';
import type { ZatcaSettingsRepository } from './zatca-settings.repository.js';
import { ZatcaSettingsService } from './zatca-settings.service.js';

/** The one row, kept in memory; the secret columns set as the onboarding would. */
class FakeRepository {
  row: ZatcaSettingsEntity | null = null;

  find(): Promise<ZatcaSettingsEntity | null> {
    return Promise.resolve(this.row ? { ...this.row } : null);
  }

  insertIfMissing(values: ZatcaSettingsValues): Promise<void> {
    this.row ??= {
      ...values,
      id: 1,
      onboardingStatus: 'not_onboarded',
      onboardingMessage: null,
      certificateExpiresAt: null,
      onboardedAt: null,
      privateKeyEnc: 'secret-key',
      complianceCsidEnc: 'secret-ccsid',
      productionCsidEnc: 'secret-pcsid',
      certificate: 'MIIC-cert',
      onboardedValues: null,
      updatedAt: new Date(),
      updatedBy: null,
    };
    return Promise.resolve();
  }

  async upsert(values: ZatcaSettingsValues, updatedBy: string | null): Promise<void> {
    await this.insertIfMissing(values);
    this.row = { ...this.row!, ...values, updatedBy };
  }
}

function settingsService(): { service: ZatcaSettingsService; repository: FakeRepository } {
  const repository = new FakeRepository();
  return { service: new ZatcaSettingsService(repository as unknown as ZatcaSettingsRepository), repository };
}

const valid: UpdateZatcaSettingsDto = {
  environment: 'sandbox',
  sellerNameAr: 'شركة النور التجارية',
  sellerNameEn: 'Al Noor Trading Co.',
  vatNumber: '310122393500003',
  crn: '1010010000',
  address: {
    street: 'King Fahd Road',
    buildingNumber: '1234',
    additionalNumber: '5678',
    district: 'Al Olaya',
    city: 'Riyadh',
    postalCode: '12211',
    countryCode: 'SA',
  },
  egs: { serial: '1-GulfERP|2-1.0|3-abc', name: 'EGS1', model: 'GulfERP', industry: 'Wholesale' },
};

async function refusal(change: (dto: UpdateZatcaSettingsDto) => void): Promise<AppException> {
  const dto = structuredClone(valid);
  change(dto);
  try {
    await settingsService().service.update(dto, 'u-owner');
  } catch (error) {
    if (error instanceof AppException) return error;
    throw error;
  }
  throw new Error('expected the settings to be refused');
}

describe('ZatcaSettingsService', () => {
  describe('get', () => {
    it('answers the defaults with an EGS serial generated once and then kept', async () => {
      const { service } = settingsService();
      const first = await service.get();
      expect(first).toMatchObject({ environment: 'simulator', sellerNameAr: '', vatNumber: '', crn: '' });
      expect(first.egs.serial).toMatch(/^1-GulfERP\|2-1\.0\|3-[0-9a-f-]{36}$/);
      expect(first.onboarding).toEqual({
        status: 'not_onboarded',
        certificateExpiresAt: null,
        message: null,
        onboardedAt: null,
        changedSinceOnboarding: [],
      });
      expect((await service.get()).egs.serial).toBe(first.egs.serial);
    });

    it('never answers the key, the CSIDs or the certificate', async () => {
      const { service } = settingsService();
      expect(JSON.stringify(await service.get())).not.toMatch(/secret|MIIC|privateKey|csid|certificate"/i);
    });
  });

  describe('update', () => {
    it('saves valid settings, with Arabic-Indic digits as ASCII, and keeps the onboarding state', async () => {
      const { service, repository } = settingsService();
      const saved = await service.update(
        {
          ...valid,
          vatNumber: '٣١٠١٢٢٣٩٣٥٠٠٠٠٣',
          crn: '۱۰۱۰۰۱۰۰۰۰',
          address: { ...valid.address, buildingNumber: '١٢٣٤', postalCode: '١٢٢١١' },
        },
        'u-owner',
      );
      expect(saved).toMatchObject({ vatNumber: '310122393500003', crn: '1010010000' });
      expect(saved.address).toMatchObject({ buildingNumber: '1234', postalCode: '12211' });
      expect(repository.row).toMatchObject({ updatedBy: 'u-owner', privateKeyEnc: 'secret-key' });
    });

    it('names what was saved since onboarding, which documents do not carry until the next one', async () => {
      const { service, repository } = settingsService();
      await service.update(valid, 'u-owner');
      const { onboardingStatus: _status, onboardedValues: _values, ...onboarded } = repository.row!;
      repository.row = {
        ...repository.row!,
        onboardingStatus: 'onboarded',
        onboardedValues: zatcaSettingsValuesOf(onboarded),
      };
      const changed = await service.update(
        { ...valid, vatNumber: '399999999900003', address: { ...valid.address, city: 'Jeddah' } },
        'u-owner',
      );
      expect(changed.onboarding.changedSinceOnboarding).toEqual(['vatNumber', 'address.city']);
      expect(repository.row!.onboardedValues).toMatchObject({ vatNumber: '310122393500003', city: 'Riyadh' });
      const back = await service.update(valid, 'u-owner');
      expect(back.onboarding.changedSinceOnboarding).toEqual([]);
    });

    it.each([
      ['environment', 'ZATCA-ENVIRONMENT', (d: UpdateZatcaSettingsDto) => void (d.environment = 'live' as never)],
      ['sellerNameAr', 'BR-06', (d: UpdateZatcaSettingsDto) => void (d.sellerNameAr = '')],
      ['sellerNameAr', 'ZATCA-SELLER-NAME-AR', (d: UpdateZatcaSettingsDto) => void (d.sellerNameAr = 'Al Noor')],
      ['vatNumber', 'BR-KSA-39', (d: UpdateZatcaSettingsDto) => void (d.vatNumber = '310122393500004')],
      ['crn', 'BR-KSA-08', (d: UpdateZatcaSettingsDto) => void (d.crn = '101001000')],
      ['address.street', 'BR-KSA-09', (d: UpdateZatcaSettingsDto) => void (d.address.street = '')],
      ['address.buildingNumber', 'BR-KSA-37', (d: UpdateZatcaSettingsDto) => void (d.address.buildingNumber = '123')],
      ['address.district', 'BR-KSA-09', (d: UpdateZatcaSettingsDto) => void (d.address.district = '')],
      ['address.city', 'BR-KSA-09', (d: UpdateZatcaSettingsDto) => void (d.address.city = '')],
      ['address.postalCode', 'BR-KSA-66', (d: UpdateZatcaSettingsDto) => void (d.address.postalCode = '1221')],
      ['address.countryCode', 'BR-KSA-09', (d: UpdateZatcaSettingsDto) => void (d.address.countryCode = 'AE' as 'SA')],
      ['egs.serial', 'ZATCA-CSR-SERIAL', (d: UpdateZatcaSettingsDto) => void (d.egs.serial = 'GulfERP-1')],
    ])('refuses a broken %s naming rule %s', async (field, rule, change) => {
      const error = await refusal(change);
      expect(error).toMatchObject({ code: 'ZATCA_SETTINGS_INVALID', status: 400, details: { field, rule } });
      expect(error.message).toContain(field);
    });
  });
});
