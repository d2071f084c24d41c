import ArrowForwardRoundedIcon from '@mui/icons-material/ArrowForwardRounded';
import ChatRoundedIcon from '@mui/icons-material/ChatRounded';
import MicRoundedIcon from '@mui/icons-material/MicRounded';
import PhotoCameraRoundedIcon from '@mui/icons-material/PhotoCameraRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { mirrorInRtl } from '../../../lib/rtl';
import type { DemoRequestKind } from './demo-request-dialog';
import { OrderPreviewCard } from './order-preview-card';

const channels = [
  { key: 'whatsapp', icon: <ChatRoundedIcon /> },
  { key: 'photos', icon: <PhotoCameraRoundedIcon /> },
  { key: 'voice', icon: <MicRoundedIcon /> },
] as const;

export function HeroSection({ onRequest }: { onRequest: (kind: DemoRequestKind) => void }) {
  const { t } = useTranslation('landing');
  return (
    <Box
      component="section"
      aria-labelledby="hero-title"
      sx={{
        background:
          'radial-gradient(1200px 500px at 85% -10%, rgba(20, 135, 125, 0.16), transparent 60%), radial-gradient(900px 400px at 0% 110%, rgba(183, 121, 31, 0.10), transparent 60%)',
        pt: { xs: 5, md: 9 },
        pb: { xs: 6, md: 10 },
      }}
    >
      <Container
        maxWidth="lg"
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1.1fr) minmax(0, 0.9fr)' },
          gap: { xs: 5, md: 8 },
          alignItems: 'center',
        }}
      >
        <Box>
          <Chip
            label={t('hero.eyebrow')}
            sx={{
              mb: 2.5,
              maxWidth: '100%',
              height: 'auto',
              py: 0.5,
              bgcolor: 'rgba(15, 118, 110, 0.1)',
              color: 'primary.dark',
              fontWeight: 700,
              '& .MuiChip-label': { whiteSpace: 'normal' },
            }}
          />
          <Typography
            id="hero-title"
            variant="h1"
            sx={{
              fontSize: { xs: '2.1rem', sm: '2.75rem', md: '3.25rem' },
              lineHeight: { xs: 1.2, md: 1.15 },
              mb: 2.5,
              // Arabic needs room above and below the letters for its marks.
              '[dir="rtl"] &': { lineHeight: 1.45 },
            }}
          >
            {t('hero.title')}
          </Typography>
          <Typography color="text.secondary" sx={{ fontSize: { xs: '1.05rem', md: '1.2rem' }, mb: 3, maxWidth: 620 }}>
            {t('hero.subtitle')}
          </Typography>
          <Box
            component="ul"
            aria-label={t('hero.channelsLabel')}
            sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, listStyle: 'none', p: 0, m: 0, mb: 4 }}
          >
            {channels.map((channel) => (
              <Box component="li" key={channel.key}>
                <Chip
                  icon={channel.icon}
                  label={t(`hero.channels.${channel.key}`)}
                  variant="outlined"
                  sx={{ bgcolor: 'background.paper', fontWeight: 600 }}
                />
              </Box>
            ))}
          </Box>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5 }}>
            <Button
              variant="contained"
              size="large"
              endIcon={<ArrowForwardRoundedIcon sx={mirrorInRtl} />}
              onClick={() => onRequest('trial')}
              sx={{ flex: { xs: '1 1 100%', sm: '0 0 auto' } }}
            >
              {t('actions.startTrial')}
            </Button>
            <Button
              variant="outlined"
              size="large"
              onClick={() => onRequest('demo')}
              sx={{ flex: { xs: '1 1 100%', sm: '0 0 auto' }, bgcolor: 'background.paper' }}
            >
              {t('actions.requestDemo')}
            </Button>
          </Box>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
            {t('hero.trialNote')}
          </Typography>
        </Box>
        <OrderPreviewCard />
      </Container>
    </Box>
  );
}
