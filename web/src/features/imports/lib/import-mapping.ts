import type { ImportKind } from '@erp/contracts';

/** A header's chosen field ('' leaves the column out), as POST /api/imports takes it. */
export type ColumnChoices = Record<string, string>;

const storageKey = (userId: string, kind: ImportKind) => `erp.import-columns.${userId}.${kind}`;

/**
 * The columns a user chose by hand on an earlier import of this kind, remembered in this browser
 * (docs/imports.md): sent with the next file, where a header the server does not know is then
 * read as it was last time. Headers the file does not have are ignored by the server.
 */
export function rememberedChoices(userId: string | undefined, kind: ImportKind): ColumnChoices {
  if (!userId) return {};
  try {
    const stored: unknown = JSON.parse(window.localStorage.getItem(storageKey(userId, kind)) ?? '{}');
    if (typeof stored !== 'object' || stored === null || Array.isArray(stored)) return {};
    return Object.fromEntries(Object.entries(stored).filter(([, field]) => typeof field === 'string')) as ColumnChoices;
  } catch {
    return {};
  }
}

export function rememberChoices(userId: string | undefined, kind: ImportKind, choices: ColumnChoices): void {
  if (!userId) return;
  try {
    const merged = { ...rememberedChoices(userId, kind), ...choices };
    window.localStorage.setItem(storageKey(userId, kind), JSON.stringify(merged));
  } catch {
    // Storage full or blocked: the choices are not remembered, the import goes on.
  }
}

/** The largest file the server takes (IMPORT_MAX_BYTES). */
export const IMPORT_MAX_FILE_BYTES = 20 * 1024 * 1024;
export const IMPORT_ACCEPT = '.csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Why a picked file cannot be sent, or null. */
export function importFileProblem(file: File): 'tooLarge' | 'wrongType' | null {
  if (file.size > IMPORT_MAX_FILE_BYTES) return 'tooLarge';
  return /\.(csv|xlsx)$/i.test(file.name) ? null : 'wrongType';
}

/** A CSV of the kind's headers in the screen's language, with a BOM so Excel shows Arabic. */
export function templateCsv(labels: string[]): Blob {
  const line = labels.map((label) => (/[",\n]/.test(label) ? `"${label.replace(/"/g, '""')}"` : label)).join(',');
  return new Blob([`\uFEFF${line}\r\n`], { type: 'text/csv;charset=utf-8' });
}
