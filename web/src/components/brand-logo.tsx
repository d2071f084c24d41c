import ShoppingBasketRoundedIcon from '@mui/icons-material/ShoppingBasketRounded';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

interface BrandLogoProps {
  /** Hide the name and keep the mark (collapsed layouts). */
  compact?: boolean;
  /** Light text for dark backgrounds. */
  inverted?: boolean;
}

export function BrandLogo({ compact = false, inverted = false }: BrandLogoProps) {
  const { t } = useTranslation('common');
  return (
    <Box sx={{ display: 'inline-flex', alignItems: 'center', gap: 1.25, minWidth: 0 }}>
      <Box
        aria-hidden
        sx={{
          display: 'grid',
          placeItems: 'center',
          width: 34,
          height: 34,
          flexShrink: 0,
          borderRadius: '9px',
          bgcolor: inverted ? 'common.white' : 'primary.main',
          color: inverted ? 'primary.main' : 'common.white',
        }}
      >
        <ShoppingBasketRoundedIcon sx={{ fontSize: 20 }} />
      </Box>
      {!compact && (
        <Typography
          component="span"
          noWrap
          sx={{ fontWeight: 800, fontSize: '1.125rem', color: inverted ? 'common.white' : 'text.primary' }}
        >
          {t('appName')}
        </Typography>
      )}
    </Box>
  );
}
