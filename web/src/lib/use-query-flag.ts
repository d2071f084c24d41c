import { useEffect, useState } from 'react';
import { useQueryParams } from './use-query-params';

/**
 * A dialog that another screen can open with a link (the Dashboard's quick actions:
 * /orders?new=1, /stock?upload=1): open once when `?<name>=1` is there and allowed, and the
 * parameter dropped (replacing the history entry) so Back or a reload does not reopen it.
 */
export function useQueryFlag(name: string, allowed: boolean): [boolean, (open: boolean) => void] {
  const [params, updateParams] = useQueryParams();
  const [open, setOpen] = useState(false);
  const asked = params.get(name) === '1';
  // Opened during render (no effect round); the parameter is dropped by the effect below.
  if (asked && allowed && !open) setOpen(true);
  useEffect(() => {
    if (!asked) return;
    updateParams((next) => next.delete(name));
  }, [asked, name, updateParams]);
  return [open, setOpen];
}
