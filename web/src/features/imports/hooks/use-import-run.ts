import { skipToken } from '@reduxjs/toolkit/query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { api, type TagType } from '../../../lib/api';
import { useDispatch } from 'react-redux';
import type { AppDispatch } from '../../../app/store';
import {
  useGetImportQuery,
  useStartImportMutation,
  type ImportDto,
  type ImportKind,
  type StartImportRequest,
} from '../api/imports-api';

/** The cache tags of what each kind changes (opening balances: the invoices and the clients' balances). */
const changedTags = {
  'stock-items': ['StockItem'],
  clients: ['Client'],
  'price-list': ['PriceList'],
  'opening-balances': ['Invoice', 'Client'],
} as const satisfies Record<ImportKind, readonly TagType[]>;

/** How often a running import is asked for its progress. */
export const IMPORT_POLL_MS = 500;

export type ImportMode = 'check' | 'import';

export interface ImportRun {
  /** What the last call was: a check (dry run) or the import itself; null before the first. */
  mode: ImportMode | null;
  /** The import as last polled (its progress, then its result); null while it is being sent. */
  result: ImportDto | null;
  /** Sending or running. */
  busy: boolean;
  /** Why the file was refused (the POST's error), or null. */
  error: unknown;
  send: (request: Omit<StartImportRequest, 'dryRun'>, mode: ImportMode) => Promise<void>;
  reset: () => void;
}

/**
 * One import's life (docs/imports.md): POST it, then poll GET /api/imports/{id} every half second
 * until it is done or failed. A finished real import refreshes the kind's lists.
 */
export function useImportRun(kind: ImportKind): ImportRun {
  const dispatch = useDispatch<AppDispatch>();
  const [startImport, started] = useStartImportMutation();
  const [mode, setMode] = useState<ImportMode | null>(null);
  const [id, setId] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [finishedId, setFinishedId] = useState<string | null>(null);
  const polled = useGetImportQuery(id ?? skipToken, {
    pollingInterval: id && id !== finishedId ? IMPORT_POLL_MS : 0,
  });
  const result = polled.currentData ?? null;

  const ended = result !== null && (result.status === 'done' || result.status === 'failed');
  // Polling stops once the import has ended (state kept from this render for the next).
  if (ended && id && id !== finishedId) setFinishedId(id);
  const refreshedId = useRef<string | null>(null);
  useEffect(() => {
    if (!ended || !result || result.dryRun || refreshedId.current === result.id) return;
    refreshedId.current = result.id;
    // The lists and every record's own page: an import updates records as well as adding them.
    dispatch(api.util.invalidateTags([...changedTags[kind]]));
  }, [ended, result, kind, dispatch]);

  const send = useCallback(
    async (request: Omit<StartImportRequest, 'dryRun'>, next: ImportMode) => {
      setMode(next);
      setError(null);
      setId(null);
      try {
        const { id: created } = await startImport({ ...request, dryRun: next === 'check' }).unwrap();
        setId(created);
      } catch (refused) {
        setError(refused);
      }
    },
    [startImport],
  );

  const reset = useCallback(() => {
    setMode(null);
    setId(null);
    setError(null);
  }, []);

  const running = Boolean(id) && !ended;
  return { mode, result: id ? result : null, busy: started.isLoading || running, error, send, reset };
}
