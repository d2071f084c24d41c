import { IsOptional, IsString, MaxLength } from 'class-validator';
import { field } from '../common/date-fields.js';
import { EmptyToUndefined, Trim } from '../common/transforms.js';

/** An optional batch number, as printed on the goods or the supplier's invoice. */
export const BatchNumberField = (): PropertyDecorator =>
  field(EmptyToUndefined(), IsOptional(), Trim(), IsString(), MaxLength(100));
