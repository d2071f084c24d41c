import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** One labelled figure of an invoice (a `dt`/`dd` pair inside a `dl`): the dialog's and its ZATCA section's. */
export function InvoiceFact({
  label,
  children,
  strong = false,
}: {
  label: string;
  children: ReactNode;
  strong?: boolean;
}) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography component="dt" variant="caption" color="text.secondary" sx={{ display: 'block' }}>
        {label}
      </Typography>
      <Typography
        component="dd"
        variant={strong ? 'subtitle1' : 'body1'}
        sx={{ m: 0, fontWeight: strong ? 700 : 600, overflowWrap: 'anywhere' }}
      >
        {children}
      </Typography>
    </Box>
  );
}
