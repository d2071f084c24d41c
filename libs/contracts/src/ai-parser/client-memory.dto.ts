import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsNotEmpty,
  IsOptional,
  IsString,
  IsUUID,
  MaxLength,
  ValidateNested,
} from 'class-validator';
import { EmptyToUndefined, Trim } from '../common/transforms.js';

/** One wording the user confirmed: the parse result's `phrase` and the stock item they kept or chose. */
export class RememberedPhraseDto {
  @Trim()
  @IsString()
  @IsNotEmpty()
  @MaxLength(200)
  phrase: string;

  @IsUUID()
  stockItemId: string;
}

/** ai-parser.remember: the pairs of one confirmed order, for its client. */
export class RememberPhrasesDto {
  @EmptyToUndefined()
  @IsOptional()
  @IsUUID()
  clientId?: string;

  @Trim()
  @IsString()
  @IsNotEmpty()
  @MaxLength(200)
  clientName: string;

  @IsArray()
  @ArrayMaxSize(500)
  @ValidateNested({ each: true })
  @Type(() => RememberedPhraseDto)
  pairs: RememberedPhraseDto[];
}

export interface RememberPhrasesResultDto {
  /** Pairs written (new or changed); a client named "Unknown Client" has no memory. */
  remembered: number;
}
