import { plainToInstance } from 'class-transformer';
import { getMetadataStorage, type ValidationArguments } from 'class-validator';
import type { ValidationMetadata } from 'class-validator/types/metadata/ValidationMetadata.js';

/** The subset of JSON Schema (2020-12, as OpenAPI 3.1 uses it) this generator writes. */
export interface JsonSchema {
  type?: string | string[];
  format?: string;
  description?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: readonly unknown[];
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  default?: unknown;
  additionalProperties?: boolean | JsonSchema;
  $ref?: string;
  [extension: `x-${string}`]: unknown;
}

type Class = new () => object;

/** What a validator without readable constraints (a registerDecorator one) accepts, found by asking it. */
function probe(metadata: ValidationMetadata): (value: unknown) => boolean {
  const Constraint = metadata.constraintCls as unknown as new () => {
    validate(value: unknown, args: ValidationArguments): boolean;
  };
  const instance = new Constraint();
  return (value) => {
    try {
      return (
        instance.validate(value, {
          value,
          constraints: metadata.constraints ?? [],
          targetName: '',
          object: {},
          property: metadata.propertyName,
        }) === true
      );
    } catch {
      return false;
    }
  };
}

/**
 * A decimal field (IsDecimalInput: a JSON number or a numeric string): its minimum and the
 * decimals it allows are read off the validator's own answers, so the document follows the code.
 */
function decimalSchema(metadata: ValidationMetadata): JsonSchema {
  const accepts = probe(metadata);
  const schema: JsonSchema = { type: ['number', 'string'] };
  if (!accepts(-1)) {
    if (accepts(0)) schema.minimum = 0;
    else schema.exclusiveMinimum = 0;
  }
  let scale = 0;
  while (scale < 8 && accepts(`1.${'1'.repeat(scale + 1)}`)) scale += 1;
  let digits = 1;
  while (digits < 20 && accepts('9'.repeat(digits + 1))) digits += 1;
  schema['x-decimal'] = { scale, integerDigits: digits };
  schema.description = `A decimal: a JSON number or a numeric string, at most ${scale} decimal places and ${digits} digits before the point.`;
  return schema;
}

/** A property's class for @ValidateNested, as class-transformer's @Type resolves it. */
function nestedClassOf(target: Class, property: string, isArray: boolean): Class | null {
  const sample = plainToInstance(target, { [property]: isArray ? [{}] : {} }) as Record<string, unknown>;
  const value = isArray ? (sample[property] as unknown[] | undefined)?.[0] : sample[property];
  const constructor = (value as object | undefined)?.constructor;
  return constructor && constructor !== Object ? (constructor as Class) : null;
}

/** Applies one class-validator constraint to a (property or item) schema. */
function apply(schema: JsonSchema, metadata: ValidationMetadata): void {
  const [first, second] = (metadata.constraints ?? []) as unknown[];
  switch (metadata.name) {
    case 'isString':
      schema.type = 'string';
      break;
    case 'isNotEmpty':
      if (schema.type === 'string' || schema.type === undefined) schema.minLength = Math.max(schema.minLength ?? 0, 1);
      break;
    case 'maxLength':
      schema.maxLength = first as number;
      break;
    case 'minLength':
      schema.minLength = first as number;
      break;
    case 'length':
      schema.minLength = first as number;
      if (second !== undefined) schema.maxLength = second as number;
      break;
    case 'isInt':
      schema.type = 'integer';
      break;
    case 'isBoolean':
      schema.type = 'boolean';
      break;
    case 'isNumber':
      if (metadata.constraints === undefined) Object.assign(schema, decimalSchema(metadata));
      else schema.type = 'number';
      break;
    case 'min':
      schema.minimum = first as number;
      break;
    case 'max':
      schema.maximum = first as number;
      break;
    case 'isPositive':
      schema.exclusiveMinimum = 0;
      break;
    case 'isIn':
      schema.enum = [...(first as readonly unknown[])];
      if (schema.type === undefined && schema.enum.every((value) => typeof value === 'string')) schema.type = 'string';
      break;
    case 'isEnum':
      schema.enum = Object.values(first as object);
      break;
    case 'isUUID':
    case 'isUuid':
      schema.type = 'string';
      schema.format = 'uuid';
      break;
    case 'isISO8601':
    case 'isIso8601':
      schema.type = 'string';
      schema.format = 'date-time';
      schema.description = 'An ISO 8601 date or timestamp.';
      break;
    case 'isEmail':
      schema.type = 'string';
      schema.format = 'email';
      break;
    case 'isUrl':
    case 'isURL':
      schema.type = 'string';
      schema.format = 'uri';
      break;
    default:
      break;
  }
}

/** A date field (DateField: ISO 8601 narrowed by a YYYY-MM-DD pattern) takes a day, not a timestamp. */
function isCalendarDate(list: ValidationMetadata[]): boolean {
  return list.some((metadata) => {
    const pattern: unknown = metadata.constraints?.[0];
    return (
      metadata.name === 'matches' && pattern instanceof RegExp && pattern.source === String.raw`^\d{4}-\d{2}-\d{2}$`
    );
  });
}

/**
 * The JSON Schema of a DTO class from its class-validator decorators: types, required (no
 * @IsOptional / conditional validation) vs optional, bounds, lengths, enums (@IsIn), nested
 * objects and arrays (@ValidateNested + @Type, referenced through `refOf`), and defaults from
 * the class's initialisers.
 */
export function schemaFromClass(
  target: Class,
  refOf: (nested: Class) => JsonSchema,
  omit: readonly string[] = [],
): JsonSchema {
  const metadatas = getMetadataStorage().getTargetValidationMetadatas(target, '', true, false);
  const byProperty = new Map<string, ValidationMetadata[]>();
  for (const metadata of metadatas) {
    if (omit.includes(metadata.propertyName)) continue;
    byProperty.set(metadata.propertyName, [...(byProperty.get(metadata.propertyName) ?? []), metadata]);
  }
  const defaults = new target() as Record<string, unknown>;
  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  for (const [property, list] of byProperty) {
    const isArray = list.some((metadata) => metadata.name === 'isArray' || metadata.each);
    const schema: JsonSchema = isArray ? { type: 'array', items: {} } : {};
    for (const metadata of list) {
      if (metadata.type === 'nestedValidation') {
        const nested = nestedClassOf(target, property, isArray);
        if (nested) {
          if (isArray) schema.items = refOf(nested);
          else Object.assign(schema, refOf(nested));
        }
        continue;
      }
      if (metadata.type === 'conditionalValidation') continue;
      if (metadata.name === 'isArray') continue;
      if (metadata.name === 'arrayMinSize') schema.minItems = metadata.constraints[0] as number;
      else if (metadata.name === 'arrayMaxSize') schema.maxItems = metadata.constraints[0] as number;
      else apply(metadata.each && schema.items ? schema.items : schema, metadata);
    }
    if (isCalendarDate(list)) {
      schema.format = 'date';
      schema.description = 'A calendar date, YYYY-MM-DD.';
    }
    if (defaults[property] !== undefined) schema.default = defaults[property];
    properties[property] = schema;
    if (!list.some((metadata) => metadata.type === 'conditionalValidation')) required.push(property);
  }
  return {
    type: 'object',
    properties,
    ...(required.length > 0 ? { required } : {}),
    additionalProperties: false,
  };
}
