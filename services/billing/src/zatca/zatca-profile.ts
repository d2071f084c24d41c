import { createPrivateKey } from 'node:crypto';
import { readStampCertificate, SecretBox, type NationalAddress, type Stamp, type ZatcaParty } from '@erp/common';
import type { ZatcaEnvironment } from '@erp/contracts';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { BillingConfig } from '../billing.config.js';
import { fatooraBaseUrl, FatooraApi, type Csid } from './fatoora-api.js';
import { ZatcaSettingsEntity, type ZatcaSettingsValues } from './settings/zatca-settings.entity.js';
import { ZATCA_SETTINGS_ID } from './settings/zatca-settings.repository.js';

/** What signing and submitting need: the onboarded EGS unit, its seller, stamp and production CSID. */
export interface ZatcaProfile {
  environment: ZatcaEnvironment;
  egsSerial: string;
  seller: ZatcaParty & { crn: string; vatNumber: string; address: NationalAddress };
  stamp: Stamp;
  production: Csid;
}

/**
 * The settings row with its secrets, which only this file and the onboarding read. `forShare`
 * (inside a transaction) holds the row until that transaction ends: an onboarding cannot change
 * the unit a document is being signed for until the document is committed.
 */
export async function settingsWithSecrets(
  manager: EntityManager,
  { forShare = false }: { forShare?: boolean } = {},
): Promise<ZatcaSettingsEntity | null> {
  const query = manager
    .getRepository(ZatcaSettingsEntity)
    .createQueryBuilder('settings')
    .addSelect([
      'settings.privateKeyEnc',
      'settings.complianceCsidEnc',
      'settings.productionCsidEnc',
      'settings.certificate',
    ])
    .where('settings.id = :id', { id: ZATCA_SETTINGS_ID });
  return (forShare ? query.setLock('pessimistic_read') : query).getOne();
}

export function sellerOfSettings(row: ZatcaSettingsValues): ZatcaProfile['seller'] {
  return {
    name: row.sellerNameAr,
    vatNumber: row.vatNumber,
    crn: row.crn,
    address: {
      street: row.street,
      buildingNumber: row.buildingNumber,
      additionalNumber: row.additionalNumber || null,
      district: row.district,
      city: row.city,
      postalCode: row.postalCode,
      countryCode: row.countryCode,
    },
  };
}

/**
 * The current ZATCA profile, or null before onboarding. Its seller, unit and environment are the
 * ones the certificate was issued for (the onboarded values), not settings saved since: those wait
 * for the next onboarding (docs/decisions/0026). The decrypted stamp is kept in memory for as long
 * as the sealed values in the row are the same.
 */
@Injectable()
export class ZatcaProfiles {
  readonly box: SecretBox;
  private cached: { key: string; stamp: Stamp; production: Csid } | null = null;

  constructor(
    private readonly config: BillingConfig,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {
    this.box = SecretBox.fromConfig(config.ZATCA_SECRET_KEY || undefined, `${config.ERP_DATA_DIR}/zatca-secret.key`);
  }

  /** With `forShare`, in the issuing transaction: the unit stays the same until it commits. */
  async current(
    manager: EntityManager = this.dataSource.manager,
    options: { forShare?: boolean } = {},
  ): Promise<ZatcaProfile | null> {
    const row = await settingsWithSecrets(manager, options);
    if (
      !row ||
      row.onboardingStatus !== 'onboarded' ||
      !row.privateKeyEnc ||
      !row.productionCsidEnc ||
      !row.certificate
    ) {
      return null;
    }
    const key = `${row.privateKeyEnc}|${row.productionCsidEnc}`;
    if (this.cached?.key !== key) {
      const production = JSON.parse(this.box.open(row.productionCsidEnc)) as Csid;
      this.cached = {
        key,
        production,
        stamp: {
          privateKey: createPrivateKey(this.box.open(row.privateKeyEnc)),
          certificate: readStampCertificate(row.certificate),
        },
      };
    }
    const onboarded = row.onboardedValues ?? row;
    return {
      environment: onboarded.environment,
      egsSerial: onboarded.egsSerial,
      seller: sellerOfSettings(onboarded),
      stamp: this.cached.stamp,
      production: this.cached.production,
    };
  }

  /** ZATCA's API in `environment`; with `deadline` (epoch ms), no call goes on past it. */
  api(environment: ZatcaEnvironment, deadline?: number): FatooraApi {
    return new FatooraApi(
      fatooraBaseUrl(environment, this.config.ZATCA_SIMULATOR_URL),
      this.config.ZATCA_TIMEOUT_MS,
      deadline,
    );
  }
}
