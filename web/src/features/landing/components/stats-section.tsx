import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useInView } from '../hooks/use-in-view';
import { StatCounter } from './stat-counter';

/** 90% time saved, 100% accuracy (animated) and 24/7 availability (SPEC §1). */
export function StatsSection() {
  const { t } = useTranslation('landing');
  const ref = useRef<HTMLElement>(null);
  const inView = useInView(ref);

  return (
    <Box component="section" ref={ref} aria-labelledby="stats-title" sx={{ py: { xs: 5, md: 7 } }}>
      <Container maxWidth="lg">
        <Typography
          id="stats-title"
          variant="h6"
          component="h2"
          sx={{ textAlign: 'center', mb: 3, color: 'text.secondary', fontWeight: 600 }}
        >
          {t('stats.title')}
        </Typography>
        <Paper
          variant="outlined"
          sx={{
            display: 'grid',
            gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, 1fr)' },
            gap: { xs: 3, sm: 2 },
            p: { xs: 3, md: 4 },
            '& > *:not(:last-child)': {
              borderBottom: { xs: 1, sm: 0 },
              borderRight: { xs: 0, sm: 1 },
              borderColor: { xs: 'divider', sm: 'divider' },
              pb: { xs: 3, sm: 0 },
            },
          }}
        >
          <StatCounter target={90} label={t('stats.timeSaved')} start={inView} />
          <StatCounter target={100} label={t('stats.accuracy')} start={inView} />
          <Box sx={{ textAlign: 'center' }}>
            <Typography
              component="p"
              sx={{
                fontSize: { xs: '2.75rem', md: '3.5rem' },
                fontWeight: 800,
                lineHeight: 1.1,
                color: 'primary.main',
              }}
            >
              {t('stats.availabilityValue')}
            </Typography>
            <Typography color="text.secondary" sx={{ mt: 1, fontWeight: 500 }}>
              {t('stats.availability')}
            </Typography>
          </Box>
        </Paper>
      </Container>
    </Box>
  );
}
