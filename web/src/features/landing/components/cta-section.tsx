import ArrowForwardRoundedIcon from '@mui/icons-material/ArrowForwardRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { mirrorInRtl } from '../../../lib/rtl';
import type { DemoRequestKind } from './demo-request-dialog';

/** Call to action: 14-day free trial, no credit card (SPEC §1). */
export function CtaSection({ onRequest }: { onRequest: (kind: DemoRequestKind) => void }) {
  const { t } = useTranslation('landing');
  return (
    <Box component="section" aria-labelledby="cta-title" sx={{ pb: { xs: 7, md: 10 }, pt: { xs: 1, md: 2 } }}>
      <Container maxWidth="lg">
        <Box
          sx={{
            borderRadius: 4,
            px: { xs: 3, sm: 6 },
            py: { xs: 5, md: 7 },
            textAlign: 'center',
            color: 'common.white',
            background: 'linear-gradient(135deg, #0b5953 0%, #0f766e 60%, #1c8f84 100%)',
          }}
        >
          <Typography
            id="cta-title"
            variant="h3"
            component="h2"
            sx={{ fontSize: { xs: '1.75rem', md: '2.4rem' }, mb: 1.5 }}
          >
            {t('cta.title')}
          </Typography>
          <Typography sx={{ opacity: 0.88, fontSize: { md: '1.125rem' }, maxWidth: 640, mx: 'auto', mb: 4 }}>
            {t('cta.subtitle')}
          </Typography>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, justifyContent: 'center' }}>
            <Button
              size="large"
              variant="contained"
              onClick={() => onRequest('trial')}
              endIcon={<ArrowForwardRoundedIcon sx={mirrorInRtl} />}
              sx={{
                bgcolor: 'common.white',
                color: 'primary.dark',
                '&:hover': { bgcolor: '#e9f5f3' },
                flex: { xs: '1 1 100%', sm: '0 0 auto' },
              }}
            >
              {t('actions.startTrial')}
            </Button>
            <Button
              size="large"
              variant="outlined"
              onClick={() => onRequest('demo')}
              sx={{
                color: 'common.white',
                borderColor: 'rgba(255,255,255,0.6)',
                '&:hover': { borderColor: 'common.white', bgcolor: 'rgba(255,255,255,0.08)' },
                flex: { xs: '1 1 100%', sm: '0 0 auto' },
              }}
            >
              {t('actions.requestDemo')}
            </Button>
          </Box>
          <Typography variant="body2" sx={{ mt: 2.5, opacity: 0.8 }}>
            {t('cta.note')}
          </Typography>
        </Box>
      </Container>
    </Box>
  );
}
