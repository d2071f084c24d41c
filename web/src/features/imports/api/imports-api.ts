import type { ImportDto, ImportKind } from '@erp/contracts';
import { api } from '../../../lib/api';

export type { ImportColumnDto, ImportDto, ImportKind, ImportRowErrorDto } from '@erp/contracts';

/** POST /api/imports (CONTRACT §13, docs/imports.md). */
export interface StartImportRequest {
  kind: ImportKind;
  /** The file as a data URL. */
  fileBase64: string;
  fileName: string;
  dryRun: boolean;
  /** A header's field, or '' to leave the column out: the columns the clerk chose. */
  mapping: Record<string, string>;
}

export const importsApi = api.injectEndpoints({
  endpoints: (build) => ({
    startImport: build.mutation<{ id: string }, StartImportRequest>({
      query: (body) => ({ url: '/api/imports', method: 'POST', body }),
    }),
    /** Polled while the import runs; never cached. */
    getImport: build.query<ImportDto, string>({
      query: (id) => `/api/imports/${encodeURIComponent(id)}`,
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useStartImportMutation, useGetImportQuery } = importsApi;
