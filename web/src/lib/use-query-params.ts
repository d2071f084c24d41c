import { useCallback, useLayoutEffect, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';

/** Changes the query parameters in place (`next` starts as the current ones). */
export type QueryParamsChange = (next: URLSearchParams) => void;

/**
 * The address's query parameters, and a way to change some of them that builds each change on
 * the one before, even before the router has rendered it: react-router hands the callback of
 * `setSearchParams(fn)` the parameters of the last render, so a filter clicked and a search
 * typed in the same moment would lose the filter. Changes replace the history entry unless
 * told otherwise.
 */
export function useQueryParams(): [
  URLSearchParams,
  (change: QueryParamsChange, options?: { replace?: boolean }) => void,
] {
  const [params, setParams] = useSearchParams();
  // The parameters last rendered; the last ones asked for, and what they were built on.
  const rendered = useRef(params);
  const asked = useRef<{ on: URLSearchParams; params: URLSearchParams } | null>(null);
  useLayoutEffect(() => {
    rendered.current = params;
  });
  const update = useCallback(
    (change: QueryParamsChange, { replace = true }: { replace?: boolean } = {}) => {
      const current = rendered.current;
      // Still waiting for the router to render the last change: build on that change.
      const base = asked.current?.on === current ? asked.current.params : current;
      const next = new URLSearchParams(base);
      change(next);
      asked.current = { on: current, params: next };
      setParams(next, { replace });
    },
    [setParams],
  );
  return [params, update];
}
