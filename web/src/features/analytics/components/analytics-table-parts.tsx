import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

/** Tighter cells on a phone so rank, name and money fit in 390 px without scrolling. */
export const compactCellSx = {
  '& .MuiTableCell-root': { px: { xs: 1, sm: 2 } },
  '& .MuiTableCell-root:first-of-type': { pl: { xs: 2, sm: 3 } },
  '& .MuiTableCell-root:last-of-type': { pr: { xs: 2, sm: 3 } },
} as const;

/** SPEC §2: an empty list says 'No data available'. */
export function NoDataAvailable() {
  const { t } = useTranslation('analytics');
  return (
    <Typography variant="body2" color="text.secondary" sx={{ px: { xs: 2, sm: 3 }, pb: 3 }}>
      {t('noDataAvailable')}
    </Typography>
  );
}

const medalColours = ['#b7791f', '#64748b', '#a16207'];

/** 1, 2, 3 stand out; the rest are plain numbers. */
export function RankBadge({ rank }: { rank: number }) {
  const medal = rank <= 3;
  return (
    <Box
      component="span"
      sx={{
        display: 'inline-grid',
        placeItems: 'center',
        minWidth: 26,
        height: 26,
        px: 0.5,
        borderRadius: '13px',
        fontSize: '0.8125rem',
        fontWeight: 700,
        bgcolor: medal ? medalColours[rank - 1] : 'transparent',
        color: medal ? '#ffffff' : 'text.secondary',
      }}
    >
      {rank}
    </Box>
  );
}

/**
 * A bar of `percent` (0–100) of the cell's width, starting at the reading start (left in
 * English, right in Arabic). Decorative: the amount next to it is the figure.
 */
export function ShareBar({ percent }: { percent: number }) {
  const width = Math.min(100, Math.max(0, percent));
  return (
    <Box
      aria-hidden
      data-testid="share-bar"
      sx={{ mt: 0.75, height: 6, borderRadius: 3, bgcolor: 'rgba(15, 118, 110, 0.1)', overflow: 'hidden' }}
    >
      <Box
        data-testid="share-bar-fill"
        data-percent={width.toFixed(1)}
        style={{ width: `${width}%` }}
        sx={{ height: '100%', borderRadius: 3, bgcolor: 'primary.main' }}
      />
    </Box>
  );
}
