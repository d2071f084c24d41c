import { registerDecorator, type ValidationArguments, type ValidationOptions } from 'class-validator';

/** CONTRACT §4: money and quantities arrive as JSON numbers or numeric strings. */
export type DecimalInput = number | string;

export interface DecimalInputOptions {
  /** Digits allowed after the point (the column's scale). */
  scale: number;
  /** Digits allowed before the point (the column's precision minus its scale). */
  integerDigits: number;
  /** Above zero instead of at least zero. */
  positive?: boolean;
  /** The message for a value below the minimum (SPEC §5 words some of them). */
  minMessage?: string;
  /** The largest value allowed (a percentage's 100), compared exactly; its message is `minMessage` when given. */
  max?: number;
}

const plainDecimal = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)$/;

type Verdict = 'ok' | 'not-a-number' | 'below-minimum' | 'above-maximum' | 'too-precise' | 'too-large';

/** Whether the non-negative decimal `whole.fraction` is above the integer `max`, without a float. */
function isAbove(whole: string, fraction: string, max: number): boolean {
  const digits = whole.replace(/^0+/, '');
  const limit = String(max);
  if (digits.length !== limit.length) return digits.length > limit.length;
  if (digits !== limit) return digits > limit;
  return /[1-9]/.test(fraction);
}

/** Why a value is or is not an acceptable decimal, without ever going through a float for strings. */
export function judgeDecimalInput(value: unknown, options: DecimalInputOptions): Verdict {
  let text: string;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return 'not-a-number';
    text = String(value);
    if (/e/i.test(text)) {
      // 1e-7 or 1e+21: far outside any column's scale or precision.
      if (value < 0 || (options.positive && value === 0)) return 'below-minimum';
      return Math.abs(value) < 1 ? 'too-precise' : 'too-large';
    }
  } else if (typeof value === 'string' && plainDecimal.test(value.trim())) {
    text = value.trim();
  } else {
    return 'not-a-number';
  }
  const negative = text.startsWith('-');
  const unsigned = text.replace(/^[+-]/, '');
  const [whole = '', fraction = ''] = unsigned.split('.');
  const isZero = /^0*$/.test(whole) && /^0*$/.test(fraction);
  if ((negative && !isZero) || (options.positive && isZero)) return 'below-minimum';
  if (fraction.replace(/0+$/, '').length > options.scale) return 'too-precise';
  if (whole.replace(/^0+/, '').length > options.integerDigits) return 'too-large';
  if (options.max !== undefined && !negative && isAbove(whole, fraction, options.max)) return 'above-maximum';
  return 'ok';
}

/**
 * A decimal field: a JSON number or a numeric string, at least zero (or above zero), with at
 * most `scale` decimals and `integerDigits` digits before the point. One constraint with one
 * message that says what is wrong, so the validation pipe names the field once.
 */
export function IsDecimalInput(options: DecimalInputOptions, validationOptions?: ValidationOptions): PropertyDecorator {
  return (target: object, propertyName: string | symbol) => {
    registerDecorator({
      // Ranked with isNumber by the validation pipe: a type problem is named before others.
      name: 'isNumber',
      target: target.constructor,
      propertyName: String(propertyName),
      options: validationOptions,
      validator: {
        validate: (value: unknown) => judgeDecimalInput(value, options) === 'ok',
        defaultMessage: (args: ValidationArguments) => {
          const field = args.property;
          switch (judgeDecimalInput(args.value, options)) {
            case 'below-minimum':
              return options.minMessage ?? `${field} must be ${options.positive ? 'greater than' : 'at least'} 0`;
            case 'above-maximum':
              return options.minMessage ?? `${field} must be at most ${options.max}`;
            case 'too-precise':
              return `${field} must have at most ${options.scale} decimal places`;
            case 'too-large':
              return `${field} must have at most ${options.integerDigits} digits before the decimal point`;
            default:
              return `${field} must be a number`;
          }
        },
      },
    });
  };
}
