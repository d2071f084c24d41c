import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { ZatcaSettingsEntity, type ZatcaSettingsValues } from './zatca-settings.entity.js';

/** The one row of billing.zatca_settings. */
export const ZATCA_SETTINGS_ID = 1;

@Injectable()
export class ZatcaSettingsRepository {
  constructor(@InjectRepository(ZatcaSettingsEntity) private readonly rows: Repository<ZatcaSettingsEntity>) {}

  find(): Promise<ZatcaSettingsEntity | null> {
    return this.rows.findOneBy({ id: ZATCA_SETTINGS_ID });
  }

  /** Writes the row with these values unless it exists (two first reads race: one wins, both read it). */
  async insertIfMissing(values: ZatcaSettingsValues): Promise<void> {
    await this.rows
      .createQueryBuilder()
      .insert()
      .values({ ...values, id: ZATCA_SETTINGS_ID })
      .orIgnore()
      .execute();
  }

  /** Creates or replaces the settings' values; the onboarding's columns are left as they are. */
  async upsert(values: ZatcaSettingsValues, updatedBy: string | null): Promise<void> {
    const columns = Object.keys(values) as Array<keyof ZatcaSettingsValues>;
    await this.rows
      .createQueryBuilder()
      .insert()
      .values({ ...values, id: ZATCA_SETTINGS_ID, updatedAt: new Date(), updatedBy })
      .orUpdate([...columns.map((column) => this.columnOf(column)), 'updated_at', 'updated_by'], ['id'])
      .execute();
  }

  private columnOf(property: keyof ZatcaSettingsValues): string {
    const column = this.rows.metadata.findColumnWithPropertyName(property);
    if (!column) throw new Error(`zatca_settings has no column for ${property}`);
    return column.databaseName;
  }
}
