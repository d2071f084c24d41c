import { plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';
import { describe, expect, it } from 'vitest';
import { UpdateSettingsDto } from './settings.dto.js';
import { UpdateUserDto } from './user.dto.js';

/** The properties class-validator refuses (found by the fuzz run: each of these was a 500). */
async function refused(type: new () => object, value: Record<string, unknown>): Promise<string[]> {
  const errors = await validate(plainToInstance(type, value), { whitelist: true, forbidNonWhitelisted: true });
  return errors.map((error) => error.property);
}

describe('settings and user updates: what the fuzz run found', () => {
  describe('UpdateSettingsDto', () => {
    it('refuses a tax rate printed with an exponent (1e-7) instead of throwing', async () => {
      expect(await refused(UpdateSettingsDto, { taxRate: 1e-7 })).toEqual(['taxRate']);
      expect(await refused(UpdateSettingsDto, { taxRate: 1.005 })).toEqual(['taxRate']);
      expect(await refused(UpdateSettingsDto, { taxRate: 15.25 })).toEqual([]);
    });

    it('refuses null for a setting, which would have reached a NOT NULL column', async () => {
      for (const field of ['companyName', 'vatNumber', 'taxRate', 'currency', 'allowNegativeStock']) {
        expect(await refused(UpdateSettingsDto, { [field]: null })).toEqual([field]);
      }
      expect(await refused(UpdateSettingsDto, {})).toEqual([]);
    });
  });

  describe('UpdateUserDto', () => {
    it('refuses null for role, status and permissions; absent leaves them unchanged', async () => {
      expect(await refused(UpdateUserDto, { role: null, status: null, permissions: null })).toEqual([
        'role',
        'status',
        'permissions',
      ]);
      expect(await refused(UpdateUserDto, {})).toEqual([]);
    });
  });
});
