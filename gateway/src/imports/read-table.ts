import { AppException, IMPORT_MAX_BYTES, IMPORT_MAX_ROWS, ImportErrorCode } from '@erp/contracts';
import { readSheet, type SheetData } from 'read-excel-file/node';

/** A sheet's cells as text, the header first; `rowNumbers[k]` is the spreadsheet's number of row k. */
export interface Table {
  rows: string[][];
  rowNumbers: number[];
}

const zipSignature = [0x50, 0x4b, 0x03, 0x04];

/** What the bytes look like when they are neither CSV nor XLSX, for the 415's message. */
function lookOf(bytes: Buffer): string | null {
  const head = bytes.subarray(0, 1024).toString('latin1');
  if (head.startsWith('%PDF') || head.includes('%PDF-')) return 'a PDF document';
  if (bytes[0] === 0xd0 && bytes[1] === 0xcf && bytes[2] === 0x11 && bytes[3] === 0xe0) {
    return 'an old Excel (.xls) workbook: save it as .xlsx or CSV';
  }
  if (bytes[0] === 0xff && bytes[1] === 0xd8) return 'a JPG image';
  if (bytes[0] === 0x89 && head.startsWith('\x89PNG')) return 'a PNG image';
  return null;
}

/** A data URL's payload or bare base64 as bytes; anything that is not base64 is a 400. */
export function decodeBase64File(text: string): Buffer {
  const comma = text.startsWith('data:') ? text.indexOf(',') : -1;
  const payload = (comma >= 0 ? text.slice(comma + 1) : text).replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/_-]*={0,2}$/.test(payload)) {
    throw new AppException(ImportErrorCode.UnreadableFile, 'fileBase64 must be the file in base64');
  }
  return Buffer.from(payload, 'base64');
}

/**
 * The file's first sheet as text cells: XLSX (a ZIP with a workbook) or CSV in UTF-8 (with or
 * without a BOM) or Windows-1256 (what Arabic Excel saves as plain "CSV"), its delimiter the
 * header line's most common of comma, semicolon and tab. Blank rows are left out; more than
 * IMPORT_MAX_ROWS data rows, or more than IMPORT_MAX_BYTES, is 413.
 */
export async function readTable(bytes: Buffer): Promise<Table> {
  if (bytes.length === 0) throw new AppException(ImportErrorCode.EmptyFile, 'The file is empty');
  if (bytes.length > IMPORT_MAX_BYTES) {
    throw new AppException(ImportErrorCode.FileTooLarge, `A file of at most ${IMPORT_MAX_BYTES / 1024 / 1024} MB`, {
      maxBytes: IMPORT_MAX_BYTES,
      bytes: bytes.length,
    });
  }
  const look = zipSignature.every((byte, k) => bytes[k] === byte) ? null : lookOf(bytes);
  if (look)
    throw new AppException(ImportErrorCode.UnsupportedFile, `The file is ${look}, not CSV or XLSX`, { found: look });
  const cells = zipSignature.every((byte, k) => bytes[k] === byte) ? await readWorkbook(bytes) : readCsv(bytes);
  const rows: string[][] = [];
  const rowNumbers: number[] = [];
  cells.forEach((row, index) => {
    if (row.some((cell) => cell.trim() !== '')) {
      rows.push(row);
      rowNumbers.push(index + 1);
    }
  });
  if (rows.length < 2) throw new AppException(ImportErrorCode.EmptyFile, 'The file has no rows under its header row');
  if (rows.length - 1 > IMPORT_MAX_ROWS) {
    throw new AppException(ImportErrorCode.TooManyRows, `A file of at most ${IMPORT_MAX_ROWS} rows`, {
      maxRows: IMPORT_MAX_ROWS,
      rows: rows.length - 1,
    });
  }
  return { rows, rowNumbers };
}

async function readWorkbook(bytes: Buffer): Promise<string[][]> {
  let sheet: SheetData<string>;
  try {
    // Numbers stay as written (no float), dates come as Dates.
    sheet = await readSheet<string>(bytes, { parseNumber: (text) => text });
  } catch {
    const look = 'a ZIP archive that is not an Excel workbook';
    throw new AppException(ImportErrorCode.UnsupportedFile, `The file is ${look}, not CSV or XLSX`, { found: look });
  }
  return sheet.map((row) => row.map(cellText));
}

function cellText(cell: unknown): string {
  if (cell === null || cell === undefined) return '';
  if (cell instanceof Date) return Number.isNaN(cell.getTime()) ? '' : cell.toISOString().slice(0, 10);
  return String(cell);
}

function decodeText(bytes: Buffer): string {
  const start = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  const body = bytes.subarray(start);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(body);
  } catch {
    return new TextDecoder('windows-1256').decode(body);
  }
}

function readCsv(bytes: Buffer): string[][] {
  // Text has no NUL bytes and few control characters; anything else is some other kind of file.
  const head = bytes.subarray(0, 4096);
  const controls = [...head].filter((byte) => byte < 0x09 || (byte > 0x0d && byte < 0x20)).length;
  if (head.includes(0) || controls > head.length / 100) {
    throw new AppException(ImportErrorCode.UnsupportedFile, 'The file is a binary file, not CSV or XLSX', {
      found: 'a binary file',
    });
  }
  const text = decodeText(bytes);
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  const delimiter = [',', ';', '\t'].reduce((best, candidate) =>
    firstLine.split(candidate).length > firstLine.split(best).length ? candidate : best,
  );
  return parseCsv(text, delimiter);
}

/** RFC 4180: quoted fields may hold the delimiter, line breaks and doubled quotes. */
export function parseCsv(text: string, delimiter = ','): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let k = 0; k < text.length; k += 1) {
    const char = text[k]!;
    if (quoted) {
      if (char === '"' && text[k + 1] === '"') {
        field += '"';
        k += 1;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"' && field === '') quoted = true;
    else if (char === delimiter) {
      row.push(field);
      field = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[k + 1] === '\n') k += 1;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += char;
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}
