import {
  AppException,
  fieldOfHeader,
  importFieldList,
  importFields,
  ImportErrorCode,
  normalizeHeader,
  toAsciiDigits,
  unitNamesAr,
  type ImportCellType,
  type ImportColumnDto,
  type ImportKind,
  type ImportRowDto,
} from '@erp/contracts';

/**
 * The field of each column: the mapping's choice for its header ('' leaves it out), else the
 * field its header names. Refused: a mapping to a field the kind has not, two columns for one
 * field, and a field every row needs (the SKU, a client's name) with no column.
 */
export function mapColumns(
  kind: ImportKind,
  headers: string[],
  mapping: Record<string, string> = {},
): ImportColumnDto[] {
  const fields = importFields[kind];
  const chosen = new Map(Object.entries(mapping).map(([header, field]) => [normalizeHeader(header), field]));
  const columns = headers.map((raw): ImportColumnDto => {
    const header = raw.trim();
    const choice = chosen.get(normalizeHeader(header));
    if (choice === undefined) return { header, field: fieldOfHeader(kind, header) };
    if (choice === '') return { header, field: null };
    const field = fields.find((spec) => spec.name === choice);
    if (!field) {
      throw new AppException(ImportErrorCode.BadMapping, `mapping: ${kind} have no field ${choice}`, {
        header,
        field: choice,
        fields: importFieldList(kind),
      });
    }
    return { header, field: field.name };
  });
  const seen = new Set<string>();
  for (const column of columns) {
    if (column.field === null) continue;
    if (seen.has(column.field)) {
      throw new AppException(ImportErrorCode.BadMapping, `Two columns are read as ${column.field}: choose one`, {
        field: column.field,
        columns,
        fields: importFieldList(kind),
      });
    }
    seen.add(column.field);
  }
  const missing = fields.filter((spec) => spec.required === 'always' && !seen.has(spec.name)).map((spec) => spec.name);
  if (missing.length > 0) {
    throw new AppException(ImportErrorCode.MissingColumns, `The file needs a column for ${missing.join(', ')}`, {
      missing,
      columns,
      fields: importFieldList(kind),
    });
  }
  return columns;
}

const arabicUnits = new Map(Object.entries(unitNamesAr).map(([code, word]) => [normalizeHeader(word), code]));

/** dd/mm/yyyy, d-m-yyyy or d.m.yyyy (the Gulf's order) as yyyy-mm-dd; anything else as it is. */
function isoDate(text: string): string {
  const match = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(text);
  if (!match) return text;
  const [, day, month, year] = match;
  return `${year}-${month!.padStart(2, '0')}-${day!.padStart(2, '0')}`;
}

/** A cell as its field's type reads it (see ImportCellType); '' stays '' (the cell is empty). */
export function normalizeCell(type: ImportCellType, cell: string): string {
  const text = cell.trim();
  if (text === '' || type === 'text') return text;
  const ascii = toAsciiDigits(text);
  switch (type) {
    case 'decimal':
    case 'integer': {
      const plain = ascii.replace(/٫/g, '.').replace(/[٬\s]/g, '');
      // 1,250.50 or 1,250: commas that group thousands; any other comma is left for the check to refuse.
      return /^-?\d{1,3}(,\d{3})+(\.\d+)?$/.test(plain) ? plain.replace(/,/g, '') : plain;
    }
    case 'date':
      return isoDate(ascii.replace(/\s/g, ''));
    case 'unit':
      return arabicUnits.get(normalizeHeader(text)) ?? text;
  }
}

/** The data rows as the import job takes them: the mapped fields' non-empty values, by field. */
export function mappedRows(
  kind: ImportKind,
  columns: ImportColumnDto[],
  rows: string[][],
  rowNumbers: number[],
): ImportRowDto[] {
  const types = new Map(importFields[kind].map((spec) => [spec.name, spec.type]));
  return rows.map((cells, index) => {
    const values: Record<string, string> = {};
    columns.forEach((column, k) => {
      if (column.field === null) return;
      const value = normalizeCell(types.get(column.field) ?? 'text', cells[k] ?? '');
      if (value !== '') values[column.field] = value;
    });
    return { row: rowNumbers[index]!, values };
  });
}
