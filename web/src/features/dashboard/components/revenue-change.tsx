import TrendingDownRoundedIcon from '@mui/icons-material/TrendingDownRounded';
import TrendingFlatRoundedIcon from '@mui/icons-material/TrendingFlatRounded';
import TrendingUpRoundedIcon from '@mui/icons-material/TrendingUpRounded';
import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { mirrorInRtl } from '../../../lib/rtl';
import { useLanguage } from '../../../lib/use-language';
import { formatChange, trendOf } from '../lib/revenue-change';

const trendColours = { up: 'success.main', down: 'error.main', flat: 'text.secondary' } as const;

/**
 * This month's revenue against last month's: "+12.4%" in green with a rising arrow, "-3.1%" in
 * red with a falling one; a short note when last month had no sales (null).
 */
export function RevenueChange({ change }: { change: number | null }) {
  const { t } = useTranslation('dashboard');
  const { language } = useLanguage();
  const trend = trendOf(change);

  if (change === null || trend === 'none') {
    return (
      <Box component="span" data-trend="none">
        {t('stats.revenue.noComparison')}
      </Box>
    );
  }

  const Icon =
    trend === 'up' ? TrendingUpRoundedIcon : trend === 'down' ? TrendingDownRoundedIcon : TrendingFlatRoundedIcon;
  return (
    <Box
      component="span"
      data-trend={trend}
      sx={{ display: 'inline-flex', alignItems: 'center', flexWrap: 'wrap', gap: 0.5 }}
    >
      <Box
        component="span"
        sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.25, fontWeight: 700, color: trendColours[trend] }}
      >
        <Icon aria-hidden fontSize="small" sx={mirrorInRtl} />
        <bdi>{formatChange(change, language)}</bdi>
      </Box>
      <span>{t('stats.revenue.vsLastMonth')}</span>
    </Box>
  );
}
