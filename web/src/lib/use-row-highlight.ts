import { useCallback, useEffect, useState } from 'react';

/** How long a saved row stays highlighted in its list. */
export const ROW_HIGHLIGHT_MS = 4000;

/**
 * The row just created or edited, highlighted for a few seconds after the dialog closes, so the
 * clerk sees where it went (issue 20). `highlight(id)` starts it again for another row.
 */
export function useRowHighlight(): [string | null, (id: string) => void] {
  const [id, setId] = useState<string | null>(null);
  useEffect(() => {
    if (!id) return;
    const timer = window.setTimeout(() => setId(null), ROW_HIGHLIGHT_MS);
    return () => window.clearTimeout(timer);
  }, [id]);
  return [id, useCallback((next: string) => setId(next), [])];
}
