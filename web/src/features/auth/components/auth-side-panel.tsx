import AutoAwesomeRoundedIcon from '@mui/icons-material/AutoAwesomeRounded';
import Inventory2RoundedIcon from '@mui/icons-material/Inventory2Rounded';
import QueryStatsRoundedIcon from '@mui/icons-material/QueryStatsRounded';
import ReceiptLongRoundedIcon from '@mui/icons-material/ReceiptLongRounded';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { BrandLogo } from '../../../components/brand-logo';

const highlights: ReadonlyArray<{ key: string; icon: ReactElement }> = [
  { key: 'aiOrders', icon: <AutoAwesomeRoundedIcon /> },
  { key: 'stock', icon: <Inventory2RoundedIcon /> },
  { key: 'invoicing', icon: <ReceiptLongRoundedIcon /> },
  { key: 'analytics', icon: <QueryStatsRoundedIcon /> },
];

/** The side panel of SPEC §2: AI Order Processing, Smart Stock Management, Instant Invoicing, Real-time Analytics. */
export function AuthSidePanel() {
  const { t } = useTranslation('auth');
  return (
    <Box
      component="aside"
      aria-labelledby="auth-panel-title"
      sx={{
        position: 'relative',
        overflow: 'hidden',
        color: 'common.white',
        background: 'linear-gradient(150deg, #0b5953 0%, #0f766e 55%, #14877d 100%)',
        px: { xs: 3, sm: 5, lg: 7 },
        py: { xs: 5, md: 6 },
        display: 'flex',
        flexDirection: 'column',
        gap: 4,
      }}
    >
      <BrandLogo inverted />
      <Box sx={{ my: { md: 'auto' } }}>
        <Typography
          id="auth-panel-title"
          variant="h4"
          component="h2"
          sx={{ mb: 1.5, fontSize: { xs: '1.5rem', md: '2rem' } }}
        >
          {t('panel.title')}
        </Typography>
        <Typography sx={{ opacity: 0.85, mb: 4, maxWidth: 460 }}>{t('panel.subtitle')}</Typography>
        <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 2.5 }}>
          {highlights.map(({ key, icon }) => (
            <Box component="li" key={key} sx={{ display: 'flex', gap: 2, alignItems: 'flex-start' }}>
              <Box
                aria-hidden
                sx={{
                  display: 'grid',
                  placeItems: 'center',
                  width: 44,
                  height: 44,
                  flexShrink: 0,
                  borderRadius: 2,
                  bgcolor: 'rgba(255,255,255,0.14)',
                  color: '#f5c46b',
                }}
              >
                {icon}
              </Box>
              <Box>
                <Typography component="h3" sx={{ fontWeight: 700, fontSize: '1.0625rem' }}>
                  {t(`panel.items.${key}.title`)}
                </Typography>
                <Typography variant="body2" sx={{ opacity: 0.82 }}>
                  {t(`panel.items.${key}.description`)}
                </Typography>
              </Box>
            </Box>
          ))}
        </Box>
      </Box>
      <Typography variant="body2" sx={{ opacity: 0.7 }}>
        {t('panel.footnote')}
      </Typography>
    </Box>
  );
}
