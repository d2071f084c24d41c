import { AppException, ErrorCode, withoutServerComputed, type FieldError } from '@erp/contracts';
import { ValidationPipe, type ArgumentMetadata, type ValidationPipeOptions } from '@nestjs/common';
import type { ValidationError } from 'class-validator';

/** Which failure to name first when a field breaks several rules: "missing" beats "too long". */
const constraintPriority = [
  'isDefined',
  'isNotEmpty',
  'isString',
  'isNumber',
  'isInt',
  'matches',
  'isBoolean',
  'isArray',
  'isEnum',
  'isIn',
];

/** A field's messages, the most basic failure first. */
export function orderedMessages(constraints: Record<string, string>): string[] {
  const rank = (name: string): number => {
    const index = constraintPriority.indexOf(name);
    return index === -1 ? constraintPriority.length : index;
  };
  return Object.entries(constraints)
    .sort(([a], [b]) => rank(a) - rank(b))
    .map(([, message]) => message);
}

/** A nested field's message names its whole path: "items.0.quantity must be …", not "quantity must be …". */
function withPath(message: string, property: string, field: string): string {
  return field !== property && message.startsWith(`${property} `)
    ? `${field}${message.slice(property.length)}`
    : message;
}

function flatten(errors: ValidationError[], parent = ''): FieldError[] {
  return errors.flatMap((error) => {
    const field = parent ? `${parent}.${error.property}` : error.property;
    const messages = error.constraints
      ? orderedMessages(error.constraints).map((message) => withPath(message, error.property, field))
      : [];
    const own: FieldError[] = messages.length > 0 ? [{ field, messages }] : [];
    return [...own, ...flatten(error.children ?? [], field)];
  });
}

function isPlainObject(value: unknown): boolean {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Deeper than any DTO (an order's items are 2 levels down): class-transformer recurses once per level. */
export const MAX_INPUT_DEPTH = 32;

const unpairedSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** The first problem no validator can report, found without recursion: too deep, or text a database cannot hold. */
function unsafeInput(value: unknown): AppException | null {
  const stack: Array<{ value: unknown; path: string; depth: number }> = [{ value, path: '', depth: 0 }];
  while (stack.length > 0) {
    const { value: current, path, depth } = stack.pop()!;
    if (typeof current === 'string') {
      // PostgreSQL text cannot hold U+0000, and an unpaired surrogate is no character at all
      // (jsonb refuses it; URI encoding in validators throws on it).
      const problem = current.includes('\u0000')
        ? 'must not contain NUL characters'
        : unpairedSurrogate.test(current)
          ? 'must be valid Unicode text'
          : null;
      if (problem) {
        const field = path || 'value';
        return new AppException(ErrorCode.ValidationFailed, `${field} ${problem}`, {
          fields: [{ field, messages: [`${field} ${problem}`] }],
        });
      }
    } else if (typeof current === 'object' && current !== null && !ArrayBuffer.isView(current)) {
      if (depth >= MAX_INPUT_DEPTH) {
        return new AppException(
          ErrorCode.ValidationFailed,
          `Request is nested more than ${MAX_INPUT_DEPTH} levels deep`,
        );
      }
      for (const [key, item] of Object.entries(current).reverse()) {
        stack.push({ value: item, path: path ? `${path}.${key}` : key, depth: depth + 1 });
      }
    }
  }
  return null;
}

/**
 * The one validation pipe of every app: unknown fields refused, types transformed, a body
 * that is not a JSON object refused, input nested deeper than MAX_INPUT_DEPTH or holding
 * text no column can store (NUL, unpaired surrogates) refused, and a failure reported as
 * VALIDATION_FAILED whose message names the first field.
 */
class AppValidationPipe extends ValidationPipe {
  /** Query strings: unknown parameters are dropped, not refused (CONTRACT §9: `_=` cache busters, `utm_*`). */
  private readonly queryPipe: ValidationPipe;

  constructor(
    options: ValidationPipeOptions,
    private readonly edge: boolean,
  ) {
    super(options);
    this.queryPipe = new ValidationPipe({ ...options, forbidNonWhitelisted: false });
  }

  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    const validatesClass = typeof metadata.metatype === 'function' && metadata.metatype !== Object;
    if (validatesClass && (metadata.type === 'body' || metadata.type === 'custom') && !isPlainObject(value)) {
      throw new AppException(ErrorCode.ValidationFailed, 'Request body must be a JSON object');
    }
    // An HTTP body may carry back what the server computed (CONTRACT §9): dropped at the edge, not
    // refused. Services never drop anything: what the gateway sends them (an id from the path) is theirs.
    if (this.edge && validatesClass && metadata.type === 'body')
      value = withoutServerComputed(metadata.metatype, value);
    // A path parameter is left to its own pipe (ParseIdPipe: anything but a uuid is a 404).
    if (validatesClass && metadata.type !== 'param') {
      const problem = unsafeInput(value);
      if (problem) throw problem;
    }
    return metadata.type === 'query' ? this.queryPipe.transform(value, metadata) : super.transform(value, metadata);
  }
}

/**
 * The pipe of every app; `edge` for the gateway, where HTTP bodies arrive (and may carry fields
 * the server computes); services validate RPC payloads as they are.
 */
export function createValidationPipe(options: { edge?: boolean } = {}): ValidationPipe {
  return new AppValidationPipe(
    {
      whitelist: true,
      forbidNonWhitelisted: true,
      forbidUnknownValues: true,
      transform: true,
      exceptionFactory: (errors: ValidationError[]) => {
        const fields = flatten(errors);
        const first = fields[0];
        const message = first ? (first.messages[0] ?? `${first.field} is invalid`) : 'Invalid request';
        return new AppException(ErrorCode.ValidationFailed, message, { fields });
      },
    },
    options.edge ?? false,
  );
}
