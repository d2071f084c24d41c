import { IsISO8601, IsOptional, Matches } from 'class-validator';
import { EmptyToUndefined } from './transforms.js';

const isoDate = /^\d{4}-\d{2}-\d{2}$/;

/** Applies decorators as if written above a property in this order (the last one runs first). */
export function field(...decorators: PropertyDecorator[]): PropertyDecorator {
  return (target, key) => [...decorators].reverse().forEach((decorate) => decorate(target, key));
}

/** A calendar date, YYYY-MM-DD, required; the message names the field. */
export const DateField = (name: string): PropertyDecorator => {
  const message = { message: `${name} must be a date (YYYY-MM-DD)` };
  return field(Matches(isoDate, message), IsISO8601({ strict: true }, message));
};

/** An optional calendar date (an empty string counts as absent). */
export const OptionalDateField = (name: string): PropertyDecorator =>
  field(EmptyToUndefined(), IsOptional(), DateField(name));
