import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import { formatPercent } from '../../../lib/format';
import { useLanguage } from '../../../lib/use-language';
import { matchLevelOf } from '../lib/ai-order';

const levelColours = { good: 'success', fair: 'warning', poor: 'error' } as const;

/** How sure the AI is of a line's stock item: "93% match", green, amber or red by level. */
export function MatchConfidenceChip({ confidence }: { confidence: number }) {
  const { t } = useTranslation('orders');
  const { language } = useLanguage();
  const percent = formatPercent(Math.round(confidence * 100), language);
  return (
    <Chip
      size="small"
      variant="outlined"
      color={levelColours[matchLevelOf(confidence)]}
      label={t('confirm.line.confidence', { percent })}
      aria-label={t('confirm.line.confidenceLabel', { percent })}
      data-testid="line-confidence"
    />
  );
}
