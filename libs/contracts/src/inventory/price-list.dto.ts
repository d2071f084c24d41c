import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsDefined,
  IsNotEmpty,
  IsString,
  IsUUID,
  MaxLength,
  ValidateNested,
} from 'class-validator';
import { IsDecimalInput, type DecimalInput } from '../common/decimal-input.js';
import { IgnoresServerComputed } from '../common/server-computed.js';
import { IfPresent, Trim } from '../common/transforms.js';
import { NormalizeUnit } from './stock-item.dto.js';

/** Most prices one list may hold: a catalogue of thousands, in a few units each. */
export const PRICE_LIST_MAX_ITEMS = 20_000;

/** One price of a list: an item, in one of its units (the base unit or a pack). */
export interface PriceListItemDto {
  stockItemId: string;
  sku: string;
  itemName: string;
  itemNameAr: string | null;
  unit: string;
  price: string;
}

/** A price list for a customer group (wholesale, retail, HORECA...): CONTRACT §10. */
export interface PriceListDto {
  id: string;
  name: string;
  itemCount: number;
  createdAt: string;
  updatedAt: string;
  /** Its prices, by item name then unit: in the answer of one list, not in the list of lists. */
  items?: PriceListItemDto[];
}

export class PriceListItemInputDto {
  @IsUUID()
  stockItemId: string;

  @NormalizeUnit()
  @IsString()
  @IsNotEmpty()
  @MaxLength(20)
  unit: string;

  @IsDecimalInput({ scale: 2, integerDigits: 10, minMessage: 'A price must be at least 0' })
  price: DecimalInput;
}

const priceListComputedFields = ['id', 'itemCount', 'createdAt', 'updatedAt'];

/** POST /api/price-lists. */
@IgnoresServerComputed(priceListComputedFields, { items: ['sku', 'itemName', 'itemNameAr'] })
export class CreatePriceListDto {
  @Trim()
  @IsString()
  @IsNotEmpty()
  @MaxLength(120)
  name: string;

  @IsArray()
  @ArrayMaxSize(PRICE_LIST_MAX_ITEMS)
  @ValidateNested({ each: true })
  @Type(() => PriceListItemInputDto)
  items: PriceListItemInputDto[];
}

/** PATCH /api/price-lists/{id}: a new name, and/or all its prices (what is sent replaces them). */
@IgnoresServerComputed(priceListComputedFields, { items: ['sku', 'itemName', 'itemNameAr'] })
export class UpdatePriceListDto {
  @IfPresent()
  @Trim()
  @IsString()
  @IsNotEmpty()
  @MaxLength(120)
  name?: string;

  @IfPresent()
  @IsArray()
  @ArrayMaxSize(PRICE_LIST_MAX_ITEMS)
  @ValidateNested({ each: true })
  @Type(() => PriceListItemInputDto)
  items?: PriceListItemInputDto[];
}

/** A row of a price-list import (CONTRACT §13), checked before the item and list are looked up. */
export class PriceListImportRowDto {
  @Trim()
  @IsString()
  @IsNotEmpty({ message: 'priceList is required: the name of the price list' })
  @MaxLength(120)
  priceList: string;

  @Trim()
  @IsString()
  @IsNotEmpty({ message: 'sku is required' })
  @MaxLength(64)
  sku: string;

  /** The item's base unit when left out. */
  @IfPresent()
  @NormalizeUnit()
  @IsString()
  @MaxLength(20)
  unit?: string;

  @IsDefined({ message: 'price is required' })
  @IsDecimalInput({ scale: 2, integerDigits: 10, minMessage: 'A price must be at least 0' })
  price: DecimalInput;
}

export class UpdatePriceListRequestDto extends UpdatePriceListDto {
  @IsUUID()
  id: string;
}

export class PriceListIdDto {
  @IsUUID()
  id: string;
}

/** inventory.list-prices: what one list says for these items, in every unit it prices them. */
export class ListPricesDto {
  @IsUUID()
  priceListId: string;

  @IsArray()
  @ArrayMaxSize(1000)
  @IsUUID('all', { each: true })
  stockItemIds: string[];
}

/** A list's price of an item in a unit. */
export interface ListPriceDto {
  stockItemId: string;
  unit: string;
  price: string;
}

/** What inventory.list-prices answers: the list's name too, so a quote can say whose price it is. */
export interface ListPricesResultDto {
  priceListId: string;
  name: string;
  prices: ListPriceDto[];
}
