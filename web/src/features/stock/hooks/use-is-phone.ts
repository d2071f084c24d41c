import useMediaQuery from '@mui/material/useMediaQuery';

/** Below MUI's `sm` breakpoint (600 px): lists become cards and dialogs take the whole screen. */
export function useIsPhone(): boolean {
  return useMediaQuery('(max-width: 599.95px)', { noSsr: true });
}
