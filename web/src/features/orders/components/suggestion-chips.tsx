import type { ParsedItemAlternativeDto } from '@erp/contracts';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../lib/use-language';
import { useLazyLookupStockItemsQuery } from '../api/order-lookups-api';
import { fillFromStockItem, linkLine, type OrderLine } from '../lib/manual-order';

interface SuggestionChipsProps {
  line: OrderLine;
  /** The catalogue items the AI thought the line might mean. */
  alternatives: readonly ParsedItemAlternativeDto[];
  onPick: (line: OrderLine) => void;
  percent: (confidence: number) => string;
  /** What the chips are introduced with (default "Did you mean"). */
  heading?: string;
}

function linkBySuggestion(line: OrderLine, alternative: ParsedItemAlternativeDto): OrderLine {
  return linkLine(
    line,
    { id: alternative.stockItemId, sku: alternative.sku, name: alternative.name },
    { name: alternative.name, nameAr: alternative.nameAr ?? line.itemNameAr },
  );
}

/** At most this many suggestions per line. */
const MAX_SUGGESTIONS = 3;

/**
 * "Did you mean": one click links a line to a suggested stock item (its names and units, found by
 * its SKU), keeping the line's quantity, wording and its unit when the item is sold in it. Shown
 * for an unmatched line, and for a line matched without certainty (several items fit it).
 */
export function SuggestionChips({ line, alternatives, onPick, percent, heading }: SuggestionChipsProps) {
  const { t } = useTranslation('orders');
  const { language } = useLanguage();
  const nameOf = (alternative: ParsedItemAlternativeDto) =>
    (language === 'ar' && alternative.nameAr) || alternative.name;
  const labelId = useId();
  const [lookup] = useLazyLookupStockItemsQuery();
  const [loading, setLoading] = useState<string | null>(null);

  const pick = async (alternative: ParsedItemAlternativeDto) => {
    setLoading(alternative.stockItemId);
    try {
      const items = await lookup(alternative.sku || alternative.name, true).unwrap();
      const item = items.find((candidate) => candidate.id === alternative.stockItemId);
      onPick(item ? fillFromStockItem(line, item) : linkBySuggestion(line, alternative));
    } catch {
      // The item could not be read: link it by what the suggestion says; the quote tells its units.
      onPick(linkBySuggestion(line, alternative));
    } finally {
      setLoading(null);
    }
  };

  return (
    <Box
      role="group"
      aria-labelledby={labelId}
      sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}
    >
      <Typography id={labelId} variant="caption" color="text.secondary" sx={{ fontWeight: 700 }}>
        {heading ?? t('confirm.line.suggestions')}
      </Typography>
      {alternatives.slice(0, MAX_SUGGESTIONS).map((alternative) => (
        <Chip
          key={alternative.stockItemId}
          size="small"
          variant="outlined"
          color="primary"
          clickable
          disabled={loading !== null}
          onClick={() => void pick(alternative)}
          label={t('confirm.line.suggestion', { name: nameOf(alternative), percent: percent(alternative.confidence) })}
        />
      ))}
    </Box>
  );
}
