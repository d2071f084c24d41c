import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { useLanguage } from '../../../lib/use-language';
import type { OrderReturnDto } from '../api/orders-api';
import type { OrderFormat } from '../hooks/use-order-format';

interface OrderReturnsSectionProps {
  returns: OrderReturnDto[] | undefined;
  error?: unknown;
  onRetry: () => void;
  format: OrderFormat;
}

/**
 * The order's returns under its items (decision 0017), oldest first: when, why, each line's
 * quantity as sold and whether it went back to stock or was written off, and the credit note
 * (or that it is being issued). Shown only when there are returns (or they could not be read).
 */
export function OrderReturnsSection({ returns, error, onRetry, format }: OrderReturnsSectionProps) {
  const { t } = useTranslation('orders');
  const { language } = useLanguage();
  if (!error && (!returns || returns.length === 0)) return null;

  return (
    <Box component="section" aria-labelledby="order-returns-heading" sx={{ display: 'grid', gap: 1 }}>
      <Typography id="order-returns-heading" variant="subtitle2" component="h3">
        {t('returns.section.title')}
      </Typography>
      {error && !returns ? (
        <LoadErrorAlert error={error} onRetry={onRetry} />
      ) : (
        <Box
          component="ul"
          aria-label={t('returns.section.title')}
          sx={{ listStyle: 'none', m: 0, p: 0, border: 1, borderColor: 'divider', borderRadius: 2 }}
        >
          {(returns ?? []).map((entry) => (
            <Box
              component="li"
              key={entry.id}
              data-testid="order-return"
              sx={{
                display: 'grid',
                gap: 0.75,
                px: 2,
                py: 1.5,
                borderTop: 1,
                borderColor: 'divider',
                '&:first-of-type': { borderTop: 0 },
              }}
            >
              <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', columnGap: 1.5, rowGap: 0.5 }}>
                <Typography variant="body2" sx={{ fontWeight: 600 }}>
                  <Box component="time" dateTime={entry.createdAt}>
                    {format.dateTime(entry.createdAt)}
                  </Box>
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {entry.creditNoteNumber ? (
                    <>
                      {t('returns.section.creditNote')}{' '}
                      <Box component="bdi" dir="ltr" sx={{ fontFamily: 'monospace', color: 'text.primary' }}>
                        {entry.creditNoteNumber}
                      </Box>
                    </>
                  ) : (
                    t('returns.section.creditNotePending')
                  )}
                </Typography>
              </Box>
              <Typography variant="body2">
                {t('returns.section.reason')} <bdi>{entry.reason}</bdi>
              </Typography>
              <Box component="ul" sx={{ m: 0, pl: 2.5, display: 'grid', gap: 0.5 }}>
                {entry.lines.map((line, index) => (
                  <Typography component="li" variant="body2" key={`${line.orderItemId}:${index}`}>
                    <bdi>{language === 'ar' && line.itemNameAr ? line.itemNameAr : line.itemName}</bdi>
                    {': '}
                    <Box component="span" sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
                      {format.quantity(line.quantity, line.unit)}
                    </Box>{' '}
                    <Chip
                      size="small"
                      variant="outlined"
                      color={line.restock ? 'success' : 'warning'}
                      label={t(line.restock ? 'returns.section.restocked' : 'returns.section.writtenOff')}
                      sx={{ height: 20, fontSize: '0.72rem' }}
                    />
                  </Typography>
                ))}
              </Box>
            </Box>
          ))}
        </Box>
      )}
    </Box>
  );
}
