import { AppException } from '@erp/contracts';
import { Type } from 'class-transformer';
import { IsArray, IsOptional, IsString, MaxLength, ValidateNested } from 'class-validator';
import { describe, expect, it } from 'vitest';
import { createValidationPipe, MAX_INPUT_DEPTH } from './validation.pipe.js';

class LineDto {
  @IsString() @MaxLength(200) name: string;
}

class OrderDto {
  @IsString() @MaxLength(200) clientName: string;
  @IsOptional() @IsString() notes?: string;
  @IsArray() @ValidateNested({ each: true }) @Type(() => LineDto) items: LineDto[];
}

const pipe = createValidationPipe();
const body = (value: unknown): Promise<unknown> => pipe.transform(value, { type: 'body', metatype: OrderDto });

async function failure(value: unknown): Promise<AppException> {
  try {
    await body(value);
  } catch (error) {
    if (error instanceof AppException) return error;
    throw error;
  }
  throw new Error('expected the pipe to refuse the value');
}

describe('createValidationPipe', () => {
  it('accepts Arabic, RTL marks, zero-width joiners and emoji', async () => {
    const value = { clientName: 'أسواق\u200F المزرعة \u200D😀', items: [{ name: 'Rice \u202Ebasmati' }] };
    await expect(body(value)).resolves.toMatchObject(value);
  });

  it('refuses a NUL character, naming the field (PostgreSQL text cannot hold one)', async () => {
    const refused = await failure({ clientName: 'ok', items: [{ name: 'rice\u0000' }] });
    expect(refused).toMatchObject({
      status: 400,
      code: 'VALIDATION_FAILED',
      message: 'items.0.name must not contain NUL characters',
    });
  });

  it('refuses an unpaired surrogate, which no column or validator can take', async () => {
    const refused = await failure({ clientName: 'x\uD800y', items: [] });
    expect(refused).toMatchObject({ status: 400, message: 'clientName must be valid Unicode text' });
  });

  it('refuses input nested 10,000 levels deep with a 400, not a stack overflow', async () => {
    let deep: unknown = 1;
    for (let level = 0; level < 10_000; level += 1) deep = { a: deep };
    const refused = await failure({ clientName: 'x', items: [], notes: deep });
    expect(refused).toMatchObject({
      status: 400,
      message: `Request is nested more than ${MAX_INPUT_DEPTH} levels deep`,
    });
  });

  it('leaves a path parameter to its own pipe (a malformed id is a 404 there)', async () => {
    await expect(pipe.transform('abc\u0000', { type: 'param', metatype: String, data: 'id' })).resolves.toBe(
      'abc\u0000',
    );
  });
});
