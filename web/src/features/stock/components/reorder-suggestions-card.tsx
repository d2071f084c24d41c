import CheckRoundedIcon from '@mui/icons-material/CheckRounded';
import CloseRoundedIcon from '@mui/icons-material/CloseRounded';
import ShoppingCartCheckoutRoundedIcon from '@mui/icons-material/ShoppingCartCheckoutRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PhoneFacts, PhoneList, PhoneListHead, PhoneListItem, useIsPhone } from '../../../components/phone-list';
import { SectionCardHeader } from '../../../components/section-card-header';
import { useToast } from '../../../components/toaster/use-toast';
import { describeError } from '../../../lib/http-error';
import { nameIn } from '../../../lib/language';
import { useLanguage } from '../../../lib/use-language';
import {
  useDecideReorderSuggestionMutation,
  useGetReorderSuggestionsQuery,
  type ReorderSuggestionEntry,
} from '../api/stock-api';
import { useStockFormat } from '../hooks/use-stock-format';
import { GenerateSuggestionsButton } from './generate-suggestions-button';
import { BilingualName } from '../../../components/bilingual-name';
import { EmptyStateCard } from '../../../components/empty-state-card';
import { LoadingSectionCard } from './loading-section-card';
import { UrgencyBadge } from './stock-badges';
import { ApproveReorderDialog } from './approve-reorder-dialog';

interface ReorderSuggestionsCardProps {
  currency: string;
  /** stock:write: Regenerate, Approve and Dismiss. */
  canWrite: boolean;
}

/**
 * SPEC §2: pending reorder suggestions, or a card saying there are none. A failed list (the
 * endpoint missing, say) counts as none: the rest of the screen does not depend on it. Approve
 * opens the approval (quantity and supplier: a purchase order); Dismiss decides at once.
 */
export function ReorderSuggestionsCard({ currency, canWrite }: ReorderSuggestionsCardProps) {
  const { t } = useTranslation('stock');
  const { language } = useLanguage();
  const { toast } = useToast();
  const format = useStockFormat(currency);
  const isPhone = useIsPhone();
  const suggestions = useGetReorderSuggestionsQuery();
  const [decide] = useDecideReorderSuggestionMutation();
  const [deciding, setDeciding] = useState<ReadonlySet<string>>(new Set());
  const [approving, setApproving] = useState<ReorderSuggestionEntry | null>(null);

  if (suggestions.isLoading) {
    return (
      <LoadingSectionCard
        id="reorder-suggestions-title"
        icon={<ShoppingCartCheckoutRoundedIcon />}
        title={t('reorder.title')}
        subtitle={t('reorder.subtitle')}
      />
    );
  }
  const entries = suggestions.isError ? [] : (suggestions.data ?? []);
  // At the same place in the tree whatever the list holds: approving the last suggestion empties
  // the list while the dialog still shows the purchase order it made.
  const approveDialog = approving && (
    <ApproveReorderDialog entry={approving} currency={currency} onClose={() => setApproving(null)} />
  );
  if (entries.length === 0) {
    return (
      <>
        <EmptyStateCard
          icon={<ShoppingCartCheckoutRoundedIcon />}
          title={t('reorder.emptyTitle')}
          description={t('reorder.emptyDescription')}
          action={
            canWrite && !suggestions.isError ? <GenerateSuggestionsButton label={t('reorder.generate')} /> : undefined
          }
        />
        {approveDialog}
      </>
    );
  }

  const dismiss = async ({ suggestion, stockItem }: ReorderSuggestionEntry) => {
    setDeciding((current) => new Set(current).add(suggestion.id));
    try {
      await decide({ id: suggestion.id, status: 'dismissed' }).unwrap();
      toast({ variant: 'success', title: t('toasts.dismissed'), description: nameIn(language, stockItem) });
    } catch (error) {
      toast({ variant: 'error', title: t('toasts.decideFailed'), description: describeError(error, t, language) });
    } finally {
      setDeciding((current) => {
        const next = new Set(current);
        next.delete(suggestion.id);
        return next;
      });
    }
  };

  const reasonOf = ({ suggestion }: ReorderSuggestionEntry) =>
    language === 'ar' ? suggestion.reasonAr || suggestion.reason : suggestion.reason;
  const daysLeftOf = ({ suggestion }: ReorderSuggestionEntry) =>
    suggestion.daysOfStockRemaining === null ? t('common:noValue') : format.days(suggestion.daysOfStockRemaining);
  const stockoutOf = ({ suggestion }: ReorderSuggestionEntry) =>
    suggestion.estimatedStockoutDate ? format.day(suggestion.estimatedStockoutDate) : t('common:noValue');

  const actionsOf = (entry: ReorderSuggestionEntry, direction: 'row' | 'column') => {
    const busy = deciding.has(entry.suggestion.id);
    const name = entry.stockItem.name;
    return (
      <Box sx={{ display: 'flex', flexDirection: direction, alignItems: 'stretch', gap: 0.75 }}>
        <Button
          size="small"
          variant="contained"
          startIcon={<CheckRoundedIcon />}
          disabled={busy}
          onClick={() => setApproving(entry)}
          aria-label={t('reorder.approveLabel', { name })}
          sx={direction === 'row' ? { flex: 1 } : undefined}
        >
          {t('reorder.approve')}
        </Button>
        <Button
          size="small"
          variant="outlined"
          color="inherit"
          startIcon={<CloseRoundedIcon />}
          disabled={busy}
          onClick={() => void dismiss(entry)}
          aria-label={t('reorder.dismissLabel', { name })}
          sx={{ borderColor: 'divider', ...(direction === 'row' ? { flex: 1 } : {}) }}
        >
          {t('reorder.dismiss')}
        </Button>
      </Box>
    );
  };

  return (
    <>
      <Card component="section" aria-labelledby="reorder-suggestions-title">
        <SectionCardHeader
          id="reorder-suggestions-title"
          icon={<ShoppingCartCheckoutRoundedIcon />}
          title={t('reorder.title')}
          subtitle={t('reorder.subtitle')}
          action={canWrite ? <GenerateSuggestionsButton label={t('reorder.regenerate')} /> : undefined}
        />
        {isPhone ? (
          <PhoneList label={t('reorder.tableLabel')}>
            {entries.map((entry) => (
              <PhoneListItem key={entry.suggestion.id} testId="reorder-row">
                <PhoneListHead badge={<UrgencyBadge urgency={entry.suggestion.urgency} />}>
                  <BilingualName name={entry.stockItem.name} nameAr={entry.stockItem.nameAr} />
                </PhoneListHead>
                <Typography variant="body2" color="text.secondary">
                  {reasonOf(entry)}
                </Typography>
                <PhoneFacts
                  facts={[
                    {
                      label: t('reorder.columns.suggestedQuantity'),
                      value: format.inPacks(
                        entry.suggestion.suggestedQuantity,
                        entry.stockItem.unit,
                        entry.stockItem.packs,
                      ),
                    },
                    { label: t('reorder.columns.daysLeft'), value: daysLeftOf(entry) },
                    { label: t('reorder.columns.stockoutDate'), value: stockoutOf(entry) },
                  ]}
                />
                {canWrite && actionsOf(entry, 'row')}
              </PhoneListItem>
            ))}
          </PhoneList>
        ) : (
          <TableContainer>
            <Table size="small" aria-label={t('reorder.tableLabel')} sx={{ minWidth: 880 }}>
              <TableHead>
                <TableRow>
                  <TableCell sx={{ minWidth: 170 }}>{t('reorder.columns.item')}</TableCell>
                  <TableCell>{t('reorder.columns.urgency')}</TableCell>
                  <TableCell sx={{ minWidth: 220 }}>{t('reorder.columns.reason')}</TableCell>
                  <TableCell align="right">{t('reorder.columns.suggestedQuantity')}</TableCell>
                  <TableCell align="right">{t('reorder.columns.daysLeft')}</TableCell>
                  <TableCell>{t('reorder.columns.stockoutDate')}</TableCell>
                  {canWrite && <TableCell align="right">{t('reorder.columns.actions')}</TableCell>}
                </TableRow>
              </TableHead>
              <TableBody>
                {entries.map((entry) => (
                  <TableRow key={entry.suggestion.id} data-testid="reorder-row" sx={{ verticalAlign: 'top' }}>
                    <TableCell>
                      <BilingualName name={entry.stockItem.name} nameAr={entry.stockItem.nameAr} />
                    </TableCell>
                    <TableCell>
                      <UrgencyBadge urgency={entry.suggestion.urgency} />
                    </TableCell>
                    <TableCell>
                      <Typography variant="body2" color="text.secondary">
                        {reasonOf(entry)}
                      </Typography>
                    </TableCell>
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap', fontWeight: 600 }}>
                      {format.inPacks(entry.suggestion.suggestedQuantity, entry.stockItem.unit, entry.stockItem.packs)}
                    </TableCell>
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                      {daysLeftOf(entry)}
                    </TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{stockoutOf(entry)}</TableCell>
                    {canWrite && <TableCell align="right">{actionsOf(entry, 'column')}</TableCell>}
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </Card>
      {approveDialog}
    </>
  );
}
