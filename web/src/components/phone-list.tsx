import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { ReactNode } from 'react';

/** Below MUI's `sm` breakpoint (600 px): lists become cards and dialogs take the whole screen. */
export function useIsPhone(): boolean {
  return useMediaQuery('(max-width: 599.95px)', { noSsr: true });
}

/** On a phone a table becomes this list of small cards, one per row (SPEC §9: below 600 px). */
export function PhoneList({ label, busy = false, children }: { label: string; busy?: boolean; children: ReactNode }) {
  return (
    <Box component="ul" aria-label={label} aria-busy={busy} sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {children}
    </Box>
  );
}

export function PhoneListItem({
  testId,
  highlighted = false,
  children,
}: {
  testId?: string;
  /** The row just saved (useRowHighlight). */
  highlighted?: boolean;
  children: ReactNode;
}) {
  return (
    <Box
      component="li"
      data-testid={testId}
      aria-current={highlighted ? 'true' : undefined}
      sx={{
        display: 'grid',
        gap: 1.25,
        px: 2,
        py: 1.75,
        borderTop: 1,
        borderColor: 'divider',
        bgcolor: highlighted ? 'action.selected' : undefined,
        transition: 'background-color 600ms',
      }}
    >
      {children}
    </Box>
  );
}

/** Three placeholder cards while a phone list loads (the table's TableSkeletonRows). */
export function PhoneSkeletonItems({ count = 3 }: { count?: number }) {
  return Array.from({ length: count }, (_value, index) => (
    <PhoneListItem key={index} testId="skeleton-row">
      <Skeleton variant="text" width="55%" />
      <Skeleton variant="text" width="85%" />
    </PhoneListItem>
  ));
}

/** The names on one side and a badge (or any short value) on the other. */
export function PhoneListHead({ children, badge }: { children: ReactNode; badge?: ReactNode }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'flex-start', justifyContent: 'space-between', gap: 1.5 }}>
      <Box sx={{ minWidth: 0 }}>{children}</Box>
      {badge && <Box sx={{ flexShrink: 0 }}>{badge}</Box>}
    </Box>
  );
}

/** Values side by side, each under its small label. */
export function PhoneFacts({ facts }: { facts: ReadonlyArray<{ label: string; value: ReactNode }> }) {
  return (
    <Box
      component="dl"
      sx={{ display: 'grid', gridTemplateColumns: `repeat(${facts.length}, minmax(0, 1fr))`, gap: 1, m: 0 }}
    >
      {facts.map(({ label, value }) => (
        <Box key={label} sx={{ minWidth: 0 }}>
          <Typography component="dt" variant="caption" color="text.secondary" sx={{ display: 'block' }}>
            {label}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, fontWeight: 600, overflowWrap: 'anywhere' }}>
            {value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
