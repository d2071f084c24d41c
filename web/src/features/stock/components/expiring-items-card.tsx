import EventBusyRoundedIcon from '@mui/icons-material/EventBusyRounded';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PhoneFacts, PhoneList, PhoneListHead, PhoneListItem, useIsPhone } from '../../../components/phone-list';
import { SectionCardHeader } from '../../../components/section-card-header';
import { useToast } from '../../../components/toaster/use-toast';
import { describeError } from '../../../lib/http-error';
import { useLanguage } from '../../../lib/use-language';
import { expiringWindows, useGetExpiringBatchesQuery, type ExpiringWindow } from '../api/stock-api';
import { useStockFormat } from '../hooks/use-stock-format';
import { BilingualName } from '../../../components/bilingual-name';
import { LoadingSectionCard } from './loading-section-card';
import { ExpiryBadge } from './stock-badges';

const DEFAULT_WINDOW: ExpiringWindow = 30;

/**
 * SPEC §2: batches that expire within 30, 60 or 90 days (expired ones too), shown only when
 * there are some. Once the user picks another window the card stays, so they can switch back.
 */
export function ExpiringItemsCard({ currency }: { currency: string }) {
  const { t } = useTranslation('stock');
  const { language } = useLanguage();
  const { toast } = useToast();
  const format = useStockFormat(currency);
  const isPhone = useIsPhone();
  const [days, setDays] = useState<ExpiringWindow>(DEFAULT_WINDOW);
  const { data, isError, error, isFetching, isLoading } = useGetExpiringBatchesQuery(days);

  // One toast per failure: a language change does not raise it again.
  const toastedError = useRef<unknown>(null);
  useEffect(() => {
    if (!isError || toastedError.current === error) return;
    toastedError.current = error;
    toast({ variant: 'error', title: t('toasts.expiringFailed'), description: describeError(error, t, language) });
  }, [isError, error, t, language, toast]);

  if (isLoading && days === DEFAULT_WINDOW) {
    return (
      <LoadingSectionCard
        id="expiring-items-title"
        icon={<EventBusyRoundedIcon />}
        title={t('expiring.title')}
        subtitle={t('expiring.subtitle')}
      />
    );
  }
  const batches = isError ? [] : (data ?? []);
  if (batches.length === 0 && days === DEFAULT_WINDOW) return null;

  return (
    <Card component="section" aria-labelledby="expiring-items-title">
      <SectionCardHeader
        id="expiring-items-title"
        icon={<EventBusyRoundedIcon />}
        title={t('expiring.title')}
        subtitle={t('expiring.subtitle')}
        action={
          <ToggleButtonGroup
            exclusive
            size="small"
            color="primary"
            value={days}
            onChange={(_event, value: ExpiringWindow | null) => {
              if (value !== null) setDays(value);
            }}
            aria-label={t('expiring.windowLabel')}
          >
            {expiringWindows.map((window) => (
              <ToggleButton key={window} value={window} sx={{ px: 1.5, py: 0.5 }}>
                {format.days(window)}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
        }
      />
      {batches.length === 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ px: 3, pb: 3 }}>
          {t('expiring.none', { window: format.days(days) })}
        </Typography>
      ) : isPhone ? (
        <PhoneList label={t('expiring.tableLabel')} busy={isFetching}>
          {batches.map((batch) => (
            <PhoneListItem key={batch.id} testId="expiring-row">
              <PhoneListHead badge={<ExpiryBadge daysUntilExpiry={batch.daysUntilExpiry} />}>
                <BilingualName name={batch.name} nameAr={batch.nameAr} />
              </PhoneListHead>
              <PhoneFacts
                facts={[
                  {
                    label: t('expiring.columns.batch'),
                    value: <bdi>{batch.batchNumber ?? t('common:noValue')}</bdi>,
                  },
                  {
                    label: t('expiring.columns.quantity'),
                    value: format.inPacks(batch.quantity, batch.unit, batch.packs),
                  },
                  { label: t('expiring.columns.expiryDate'), value: format.day(batch.expiryDate) },
                ]}
              />
            </PhoneListItem>
          ))}
        </PhoneList>
      ) : (
        <TableContainer>
          <Table
            size="small"
            aria-label={t('expiring.tableLabel')}
            aria-busy={isFetching}
            sx={{ minWidth: 640, opacity: isFetching ? 0.6 : 1, transition: 'opacity 150ms' }}
          >
            <TableHead>
              <TableRow>
                <TableCell>{t('expiring.columns.name')}</TableCell>
                <TableCell>{t('expiring.columns.batch')}</TableCell>
                <TableCell>{t('expiring.columns.quantity')}</TableCell>
                <TableCell>{t('expiring.columns.expiryDate')}</TableCell>
                <TableCell>{t('expiring.columns.daysLeft')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {batches.map((batch) => (
                <TableRow key={batch.id} data-testid="expiring-row">
                  <TableCell>
                    <BilingualName name={batch.name} nameAr={batch.nameAr} />
                  </TableCell>
                  <TableCell>
                    <Box component="bdi" sx={{ fontFamily: 'monospace', fontSize: '0.8125rem' }}>
                      {batch.batchNumber ?? t('common:noValue')}
                    </Box>
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    {format.inPacks(batch.quantity, batch.unit, batch.packs)}
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{format.day(batch.expiryDate)}</TableCell>
                  <TableCell>
                    <ExpiryBadge daysUntilExpiry={batch.daysUntilExpiry} />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Card>
  );
}
