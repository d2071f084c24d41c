import { Type } from 'class-transformer';
import { IsInt, IsNotEmpty, IsOptional, IsString, Matches, MaxLength, Min, ValidateNested } from 'class-validator';

/**
 * The Idempotency-Key of a creating call (docs/decisions/0019-idempotent-creates.md): unique per
 * scope (a partner's API key, `user:<id>` for a session) and operation for `ttlSeconds`. The
 * gateway builds it from the header; the service claims it in the transaction that creates.
 */
export class IdempotencyDto {
  @IsString()
  @IsNotEmpty()
  @MaxLength(100)
  scope: string;

  @IsString()
  @IsNotEmpty()
  @MaxLength(200)
  key: string;

  /** sha256 of the request (its body, and the path's ids): the same key with another request is refused. */
  @IsString()
  @Matches(/^[0-9a-f]{64}$/)
  requestHash: string;

  @IsInt()
  @Min(60)
  ttlSeconds: number;
}

/** The optional `idempotency` of a creating call's RPC request: the one field every such request declares alike. */
export function IdempotencyField(): PropertyDecorator {
  const decorators = [IsOptional(), ValidateNested(), Type(() => IdempotencyDto)];
  return (target, property) => {
    for (const decorate of decorators) decorate(target, property);
  };
}
