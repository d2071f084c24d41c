/** Error codes of spreadsheet imports (translated by the web app). Values are never renamed. */
export const ImportErrorCode = {
  /** 415: the file is neither CSV nor XLSX (details.found names what it looks like). */
  UnsupportedFile: 'IMPORT_UNSUPPORTED_FILE',
  /** 400: a CSV or XLSX that cannot be read (a broken workbook, text in no known encoding). */
  UnreadableFile: 'IMPORT_UNREADABLE_FILE',
  /** 400: a header row and nothing else, or nothing at all. */
  EmptyFile: 'IMPORT_EMPTY_FILE',
  /** 413: more than IMPORT_MAX_BYTES. */
  FileTooLarge: 'IMPORT_FILE_TOO_LARGE',
  /** 413: more than IMPORT_MAX_ROWS data rows. */
  TooManyRows: 'IMPORT_TOO_MANY_ROWS',
  /** 400: a column every row needs is not in the file (details.missing, details.columns). */
  MissingColumns: 'IMPORT_MISSING_COLUMNS',
  /** 400: the mapping names a field this kind has not, or gives one field two columns (details.columns). */
  BadMapping: 'IMPORT_BAD_MAPPING',
  /** 404: no import with this id (or it was forgotten, a day after it ended). */
  NotFound: 'IMPORT_NOT_FOUND',
} as const;

export type ImportErrorCode = (typeof ImportErrorCode)[keyof typeof ImportErrorCode];

export const importErrorStatus: Record<ImportErrorCode, number> = {
  [ImportErrorCode.UnsupportedFile]: 415,
  [ImportErrorCode.UnreadableFile]: 400,
  [ImportErrorCode.EmptyFile]: 400,
  [ImportErrorCode.FileTooLarge]: 413,
  [ImportErrorCode.TooManyRows]: 413,
  [ImportErrorCode.MissingColumns]: 400,
  [ImportErrorCode.BadMapping]: 400,
  [ImportErrorCode.NotFound]: 404,
};
