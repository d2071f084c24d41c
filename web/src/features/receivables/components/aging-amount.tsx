import Box from '@mui/material/Box';
import { toCents } from '../../../lib/decimal';
import { visuallyHidden } from '../../../lib/visually-hidden';
import type { AgingFormat } from '../hooks/use-aging-format';
import { agingFlagColours, type AgingFlag } from '../lib/aging';

interface AgingAmountProps {
  /** A 2-decimal string. */
  value: string;
  format: AgingFormat;
  /** 61–90 days (warning) or over 90 days (error): a tinted pill when there is money in it. */
  flag?: AgingFlag;
  /** Bold (a total). */
  strong?: boolean;
}

/**
 * One amount of the aging report. Nothing owed reads as a light dash (the amount stays for
 * screen readers), so the columns with money stand out; money 61–90 days late sits on amber,
 * over 90 days on red, in dark text that keeps its contrast.
 */
export function AgingAmount({ value, format, flag, strong = false }: AgingAmountProps) {
  const cents = toCents(value);
  if (cents === 0n) {
    return (
      <Box component="span" data-amount={value}>
        <Box component="span" aria-hidden sx={{ color: 'text.disabled' }}>
          —
        </Box>
        <Box component="span" sx={visuallyHidden}>
          {format.money(value)}
        </Box>
      </Box>
    );
  }
  const flagged = flag !== undefined && cents > 0n;
  return (
    <Box
      component="bdi"
      data-amount={value}
      data-flag={flagged ? flag : undefined}
      sx={{
        display: 'inline-block',
        whiteSpace: 'nowrap',
        fontWeight: strong || flagged ? 700 : 500,
        ...(flagged && {
          ...agingFlagColours[flag],
          px: 0.75,
          borderRadius: 1,
          border: 1,
        }),
      }}
    >
      {format.money(value)}
    </Box>
  );
}
