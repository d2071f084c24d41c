import type { UpdateZatcaSettingsDto, ZatcaSettingsDto } from '@erp/contracts';
import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { ZatcaSettingsValues } from './zatca-settings.entity.js';
import { toZatcaSettingsDto } from './zatca-settings.mapper.js';
import { ZatcaSettingsRepository } from './zatca-settings.repository.js';
import { assertZatcaSettingsValid, normaliseZatcaSettings } from './zatca-settings.rules.js';

/** The EGS unit's serial until one is saved; its third part is generated once, then kept with the row. */
export function defaultEgsSerial(): string {
  return `1-GulfERP|2-1.0|3-${randomUUID()}`;
}

/** What a company starts with: the local simulator, nothing filled in (CONTRACT §12). */
export function defaultZatcaSettingsValues(): ZatcaSettingsValues {
  return {
    environment: 'simulator',
    sellerNameAr: '',
    sellerNameEn: '',
    vatNumber: '',
    crn: '',
    street: '',
    buildingNumber: '',
    additionalNumber: '',
    district: '',
    city: '',
    postalCode: '',
    countryCode: 'SA',
    egsSerial: defaultEgsSerial(),
    egsName: '',
    egsModel: '',
    egsIndustry: '',
  };
}

function valuesOf(dto: UpdateZatcaSettingsDto): ZatcaSettingsValues {
  return {
    environment: dto.environment,
    sellerNameAr: dto.sellerNameAr,
    sellerNameEn: dto.sellerNameEn ?? '',
    vatNumber: dto.vatNumber,
    crn: dto.crn,
    street: dto.address.street,
    buildingNumber: dto.address.buildingNumber,
    additionalNumber: dto.address.additionalNumber ?? '',
    district: dto.address.district,
    city: dto.address.city,
    postalCode: dto.address.postalCode,
    countryCode: dto.address.countryCode,
    egsSerial: dto.egs.serial,
    egsName: dto.egs.name,
    egsModel: dto.egs.model,
    egsIndustry: dto.egs.industry,
  };
}

/** The ZATCA phase-2 settings (admin/owner: the gateway lets no one else call these). */
@Injectable()
export class ZatcaSettingsService {
  constructor(private readonly settings: ZatcaSettingsRepository) {}

  /** The saved settings; on the first read the defaults are written, so the EGS serial stays the same. */
  async get(): Promise<ZatcaSettingsDto> {
    let row = await this.settings.find();
    if (!row) {
      await this.settings.insertIfMissing(defaultZatcaSettingsValues());
      row = await this.settings.find();
    }
    if (!row) throw new Error('billing.zatca_settings has no row after inserting one');
    return toZatcaSettingsDto(row);
  }

  /** Replaces the settings (the onboarding's state stays); refused when a ZATCA rule is broken. */
  async update(dto: UpdateZatcaSettingsDto, actorId: string | undefined): Promise<ZatcaSettingsDto> {
    const settings = normaliseZatcaSettings(dto);
    assertZatcaSettingsValid(settings);
    await this.settings.upsert(valuesOf(settings), actorId ?? null);
    return this.get();
  }
}
