import { dec, moneyColumn, moneyJson, packPrice, quantityColumn, quantityJson } from '@erp/common';
import { AppException, ErrorCode, type FieldError, type StockPackDto, type StockPackInputDto } from '@erp/contracts';
import type { StockPackEntity } from './stock-pack.entity.js';

/**
 * The packs of a form as rows, or 400 naming each pack that cannot be: a unit twice, or the
 * item's base unit (CONTRACT §10: its stock is counted in that unit, it is no pack of itself).
 */
export function toPackRows(
  packs: readonly StockPackInputDto[],
  baseUnit: string,
): Omit<StockPackEntity, 'stockItemId'>[] {
  const fields: FieldError[] = [];
  const seen = new Set<string>();
  packs.forEach((pack, index) => {
    const field = `packs.${index}.unit`;
    if (pack.unit === baseUnit) {
      fields.push({
        field,
        messages: [`${field} must differ from the item's unit (${baseUnit}): stock is counted in it`],
      });
    } else if (seen.has(pack.unit)) {
      fields.push({ field, messages: [`${field} ${pack.unit} is given twice: each pack unit once`] });
    }
    seen.add(pack.unit);
  });
  const barcodes = packs.map((pack) => pack.barcode).filter((barcode): barcode is string => barcode !== undefined);
  packs.forEach((pack, index) => {
    if (pack.barcode !== undefined && barcodes.indexOf(pack.barcode) !== barcodes.lastIndexOf(pack.barcode)) {
      fields.push({ field: `packs.${index}.barcode`, messages: [`packs.${index}.barcode is given to two packs`] });
    }
  });
  if (fields.length > 0) throw new AppException(ErrorCode.ValidationFailed, fields[0]!.messages[0]!, { fields });
  return packs.map((pack) => ({
    unit: pack.unit,
    factor: quantityColumn(dec(pack.factor)),
    sellingPrice: pack.sellingPrice === undefined ? null : moneyColumn(dec(pack.sellingPrice)),
    barcode: pack.barcode ?? null,
  }));
}

/** A pack as it leaves the service, with the price it sells at (its own, else factor × the item's). */
export function toStockPackDto(
  pack: Pick<StockPackEntity, 'unit' | 'factor' | 'sellingPrice' | 'barcode'>,
  baseSellingPrice: string,
): StockPackDto {
  return {
    unit: pack.unit,
    factor: quantityJson(pack.factor),
    sellingPrice: pack.sellingPrice === null ? null : moneyJson(pack.sellingPrice),
    price: moneyJson(packPrice(pack.factor, pack.sellingPrice, baseSellingPrice)),
    barcode: pack.barcode,
  };
}
