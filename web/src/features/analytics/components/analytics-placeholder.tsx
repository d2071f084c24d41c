import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import { useTranslation } from 'react-i18next';
import { visuallyHidden } from '../../../lib/visually-hidden';

/** SPEC §2: placeholder blocks in the shape of the screen while its figures load. */
export function AnalyticsPlaceholder() {
  const { t } = useTranslation('common');
  return (
    <Box
      role="status"
      aria-busy
      data-testid="analytics-placeholder"
      sx={{ display: 'grid', gap: 3, gridTemplateColumns: 'minmax(0, 1fr)' }}
    >
      <Box component="span" sx={visuallyHidden}>
        {t('loading')}
      </Box>
      <Box
        aria-hidden
        sx={{
          display: 'grid',
          gap: { xs: 2, md: 2.5 },
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(3, minmax(0, 1fr))' },
        }}
      >
        {[0, 1, 2].map((index) => (
          <Card key={index}>
            <CardContent>
              <Skeleton variant="text" width="45%" />
              <Skeleton variant="text" width="65%" sx={{ fontSize: '1.75rem' }} />
              <Skeleton variant="text" width="80%" />
            </CardContent>
          </Card>
        ))}
      </Box>
      <Card aria-hidden>
        <CardContent>
          <Skeleton variant="text" width="30%" />
          <Skeleton variant="rounded" height={220} sx={{ mt: 1.5 }} />
        </CardContent>
      </Card>
      <Box
        aria-hidden
        sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' } }}
      >
        {[0, 1].map((index) => (
          <Card key={index}>
            <CardContent>
              <Skeleton variant="text" width="40%" />
              {[0, 1, 2, 3, 4].map((row) => (
                <Skeleton key={row} variant="rounded" height={28} sx={{ mt: 1.5 }} />
              ))}
            </CardContent>
          </Card>
        ))}
      </Box>
    </Box>
  );
}
