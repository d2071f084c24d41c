import { IsOptional, IsString, Matches } from 'class-validator';
import { field } from './date-fields.js';
import { EmptyToUndefined, Trim } from './transforms.js';

export type SortDirection = 'asc' | 'desc';

export interface SortOrder<F extends string> {
  field: F;
  direction: SortDirection;
}

/**
 * `sort=<field>:asc|desc` on a list (CONTRACT §13), the field one of `fields`: anything else is a
 * 400 naming the fields there are.
 */
export function SortParam(fields: readonly string[]): PropertyDecorator {
  const pattern = new RegExp(`^(${fields.join('|')}):(asc|desc)$`);
  const message = `sort must be <field>:asc or <field>:desc, the field one of: ${fields.join(', ')}`;
  return field(EmptyToUndefined(), IsOptional(), Trim(), IsString({ message }), Matches(pattern, { message }));
}

/** The validated `sort` as field and direction, or null when none was asked. */
export function sortOrderOf<F extends string>(sort: string | undefined): SortOrder<F> | null {
  if (!sort) return null;
  const [field, direction] = sort.split(':') as [F, SortDirection];
  return { field, direction };
}
