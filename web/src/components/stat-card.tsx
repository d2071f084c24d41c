import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

export type StatCardAccent = 'primary' | 'secondary' | 'info' | 'warning';

const accents: Record<StatCardAccent, { color: string; bgcolor: string }> = {
  primary: { color: '#0f766e', bgcolor: 'rgba(15, 118, 110, 0.08)' },
  secondary: { color: '#8a5a12', bgcolor: 'rgba(183, 121, 31, 0.12)' },
  info: { color: '#0369a1', bgcolor: 'rgba(3, 105, 161, 0.08)' },
  warning: { color: '#b45309', bgcolor: 'rgba(180, 83, 9, 0.1)' },
};

interface StatCardProps {
  /** The figure's name; a heading, so screen-reader users can jump from figure to figure. */
  label: string;
  icon: ReactNode;
  /** The figure, already formatted. */
  value: ReactNode;
  /** A line under the figure (a count, a change, a note). */
  detail?: ReactNode;
  /** Placeholders instead of the figure and its detail. */
  loading?: boolean;
  accent?: StatCardAccent;
  /** Colour of the figure itself (e.g. 'success.main', 'error.main'). */
  valueColor?: string;
  /** A link or button at the bottom of the card. */
  action?: ReactNode;
  headingComponent?: 'h2' | 'h3';
  testId?: string;
}

/** One key figure of a screen (Total Orders, Revenue, Profit Margin...) in a small card. */
export function StatCard({
  label,
  icon,
  value,
  detail,
  loading = false,
  accent = 'primary',
  valueColor,
  action,
  headingComponent = 'h3',
  testId,
}: StatCardProps) {
  return (
    <Card
      data-testid={testId}
      aria-busy={loading || undefined}
      // The figure's size follows the card's width (cqi), so "SAR 845,210.75" fits a quarter row.
      sx={{ height: '100%', containerType: 'inline-size' }}
    >
      <CardContent
        sx={{
          display: 'flex',
          flexDirection: 'column',
          gap: 0.75,
          height: '100%',
          p: { xs: 2, sm: 2.5 },
          '&:last-child': { pb: { xs: 2, sm: 2.5 } },
        }}
      >
        <Box sx={{ display: 'flex', alignItems: 'flex-start', justifyContent: 'space-between', gap: 1.5 }}>
          <Typography
            component={headingComponent}
            variant="body2"
            color="text.secondary"
            sx={{ fontWeight: 600, pt: 0.5 }}
          >
            {label}
          </Typography>
          <Box
            aria-hidden
            sx={{
              display: 'grid',
              placeItems: 'center',
              width: 40,
              height: 40,
              flexShrink: 0,
              borderRadius: 2,
              ...accents[accent],
              '& svg': { fontSize: 22 },
            }}
          >
            {icon}
          </Box>
        </Box>
        {loading ? (
          <>
            <Skeleton variant="text" width="55%" sx={{ fontSize: '1.75rem' }} data-testid="stat-skeleton" />
            <Skeleton variant="text" width="75%" />
          </>
        ) : (
          <>
            <Typography
              component="p"
              sx={{
                fontSize: 'clamp(1.25rem, 10cqi, 1.75rem)',
                fontWeight: 800,
                lineHeight: 1.25,
                // Breaks between "SAR" and the amount if it must, never inside the amount.
                overflowWrap: 'break-word',
                color: valueColor ?? 'text.primary',
              }}
            >
              {value}
            </Typography>
            {detail && (
              <Typography component="div" variant="body2" color="text.secondary">
                {detail}
              </Typography>
            )}
          </>
        )}
        {action && <Box sx={{ mt: 'auto', pt: 0.5 }}>{action}</Box>}
      </CardContent>
    </Card>
  );
}
