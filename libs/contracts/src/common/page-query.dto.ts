import { Type } from 'class-transformer';
import { IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { EmptyToUndefined, Trim } from './transforms.js';

/** CONTRACT §4b: every internal list is narrowed by `search` and paged by `limit` and `offset`. */
export const LIST_DEFAULT_LIMIT = 500;
export const LIST_MAX_LIMIT = 5000;
/** The largest offset: an integer JavaScript holds exactly (1e40 would reach SQL as "1e+40", a 500). */
export const LIST_MAX_OFFSET = Number.MAX_SAFE_INTEGER;

/** A list's query: `search` anywhere, `limit` 1–5000 (default 500), `offset` ≥ 0. */
export class PageQueryDto {
  @EmptyToUndefined()
  @IsOptional()
  @Trim()
  @IsString()
  @MaxLength(100)
  search?: string;

  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(LIST_MAX_LIMIT)
  limit?: number;

  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(0)
  @Max(LIST_MAX_OFFSET)
  offset?: number;
}

/** A page, and the total that matches when a limit was asked (the X-Total-Count header). */
export interface PageDto<T> {
  items: T[];
  total: number | null;
}
