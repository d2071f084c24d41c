import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { formatPercent } from '../../../lib/format';
import { useLanguage } from '../../../lib/use-language';
import { useCountUp } from '../hooks/use-count-up';

interface StatCounterProps {
  /** Percent reached at the end, e.g. 90. */
  target: number;
  label: string;
  start?: boolean;
}

/** A percentage counting up from 0 over 2 s (SPEC §1, §9). */
export function StatCounter({ target, label, start = true }: StatCounterProps) {
  const { language } = useLanguage();
  const value = useCountUp(target, { start });
  return (
    <Box sx={{ textAlign: 'center' }}>
      <Typography
        component="p"
        data-testid="stat-value"
        sx={{
          fontSize: { xs: '2.75rem', md: '3.5rem' },
          fontWeight: 800,
          lineHeight: 1.1,
          color: 'primary.main',
          fontVariantNumeric: 'tabular-nums',
        }}
      >
        {formatPercent(value, language)}
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 1, fontWeight: 500 }}>
        {label}
      </Typography>
    </Box>
  );
}
