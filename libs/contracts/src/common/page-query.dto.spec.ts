import { plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';
import { describe, expect, it } from 'vitest';
import { ListV1OrdersDto } from '../v1/orders.dto.js';
import { ListProductsDto } from '../v1/products.dto.js';
import { PageQueryDto } from './page-query.dto.js';

async function refused(type: new () => object, value: Record<string, unknown>): Promise<string[]> {
  const errors = await validate(plainToInstance(type, value), { whitelist: true, forbidNonWhitelisted: true });
  return errors.map((error) => error.property);
}

describe('list queries', () => {
  it('refuse an offset beyond an exact integer (it reached SQL as 1e+40)', async () => {
    for (const type of [PageQueryDto, ListProductsDto, ListV1OrdersDto]) {
      expect(await refused(type, { offset: '9'.repeat(40) })).toEqual(['offset']);
      expect(await refused(type, { offset: '1.7976931348623157e+308' })).toEqual(['offset']);
      expect(await refused(type, { offset: '20' })).toEqual([]);
    }
  });
});
