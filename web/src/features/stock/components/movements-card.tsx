import type { StockMovementDto, StockMovementReason } from '@erp/contracts';
import HistoryRoundedIcon from '@mui/icons-material/HistoryRounded';
import SearchRoundedIcon from '@mui/icons-material/SearchRounded';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BilingualName } from '../../../components/bilingual-name';
import { ExportMenu } from '../../../components/list/export-menu';
import { ListPagination } from '../../../components/list/list-pagination';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { PhoneFacts, PhoneList, PhoneListHead, PhoneListItem, useIsPhone } from '../../../components/phone-list';
import { SectionCardHeader } from '../../../components/section-card-header';
import { TableSkeletonRows } from '../../../components/table-skeleton-rows';
import { nameIn } from '../../../lib/language';
import { formatDateTime, formatQuantity } from '../../../lib/format';
import { listPath } from '../../../lib/list-sort';
import { useLanguage } from '../../../lib/use-language';
import { useUnitFormat } from '../../../lib/units';
import { useStockMovements } from '../hooks/use-stock-movements';

const reasons: readonly StockMovementReason[] = [
  'initial',
  'adjustment',
  'order',
  'order-put-back',
  'order-return',
  'order-return-written-off',
  'receipt',
];

interface MovementsCardProps {
  /** One item's ledger (from its row's History), or null for all of it. */
  stockItemId: string | null;
  onShowAll: () => void;
}

/**
 * Movements (CONTRACT §13): the stock ledger, newest first: when, which item, why, the change
 * and the quantity before and after, and who made it. One item's or everything, by reason and
 * search, in pages; exported as on screen.
 */
export function MovementsCard({ stockItemId, onShowAll }: MovementsCardProps) {
  const { t } = useTranslation('stock');
  const { language } = useLanguage();
  const units = useUnitFormat();
  const isPhone = useIsPhone();
  const [reason, setReason] = useState<StockMovementReason | ''>('');
  const list = useStockMovements({ stockItemId: stockItemId ?? undefined, reason: reason || undefined });
  const rows = list.rows;
  const columns = 6;

  // The signed number in its own left-to-right run ("−4", "+12"), then the unit's word.
  const change = (movement: StockMovementDto) => {
    const sign = movement.quantityChange > 0 ? '+' : movement.quantityChange < 0 ? '−' : '';
    const color = movement.quantityChange > 0 ? 'success.main' : movement.quantityChange < 0 ? 'error.main' : undefined;
    return (
      <Box component="span" sx={{ fontWeight: 600, color }}>
        <bdi dir="ltr">
          {sign}
          {formatQuantity(Math.abs(movement.quantityChange), language)}
        </bdi>{' '}
        {units.short(movement.unit)}
      </Box>
    );
  };
  const beforeAfter = (movement: StockMovementDto) =>
    t('movements.beforeAfter', {
      before: formatQuantity(movement.quantityBefore, language),
      after: units.quantity(movement.quantityAfter, movement.unit),
    });
  const who = (movement: StockMovementDto) =>
    movement.createdByName ? <bdi>{movement.createdByName}</bdi> : t('movements.bySystem');
  const reasonText = (movement: StockMovementDto) => (
    <>
      {t(`movements.reasons.${movement.reason}`)}
      {movement.batchNumber && (
        <Typography variant="caption" color="text.secondary" component="div">
          {t('movements.batch', { batch: movement.batchNumber })}
        </Typography>
      )}
    </>
  );
  const oneItem = stockItemId ? rows?.[0] : undefined;

  const toolbar = (
    <Box
      sx={{
        display: 'flex',
        gap: 1,
        alignItems: 'center',
        flexWrap: { xs: 'wrap', md: 'nowrap' },
        width: { xs: '100%', sm: 'auto' },
      }}
    >
      {!stockItemId && (
        <TextField
          type="search"
          size="small"
          label={t('movements.search.label')}
          placeholder={t('movements.search.placeholder')}
          value={list.searchText}
          onChange={(event) => list.setSearchText(event.target.value)}
          sx={{ width: { xs: '100%', sm: 220 } }}
          slotProps={{
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchRoundedIcon fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
        />
      )}
      <TextField
        select
        size="small"
        label={t('movements.reason')}
        value={reason}
        onChange={(event) => setReason(event.target.value as StockMovementReason | '')}
        sx={{ width: { xs: 'auto', sm: 200 }, flex: { xs: 1, sm: 'none' } }}
        slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
      >
        <MenuItem value="">{t('movements.allReasons')}</MenuItem>
        {reasons.map((name) => (
          <MenuItem key={name} value={name}>
            {t(`movements.reasons.${name}`)}
          </MenuItem>
        ))}
      </TextField>
      <ExportMenu path={listPath('/api/stock/movements', list.exportParams)} name="stock-movements" />
    </Box>
  );

  const empty = (
    <Typography variant="body2" color="text.secondary" sx={{ py: 2 }}>
      {list.search || reason ? t('movements.noResults') : t('movements.empty')}
    </Typography>
  );

  return (
    <Card component="section" aria-labelledby="movements-title">
      <SectionCardHeader
        id="movements-title"
        icon={<HistoryRoundedIcon />}
        title={t('movements.title')}
        subtitle={t('movements.subtitle')}
        action={isPhone ? undefined : toolbar}
      />
      {isPhone && <Box sx={{ px: 2, pb: 2 }}>{toolbar}</Box>}
      {stockItemId && (
        <Box sx={{ px: { xs: 2, sm: 3 }, pb: 2 }}>
          <Chip
            label={
              oneItem ? (
                <bdi>
                  {t('movements.oneItem', {
                    name: nameIn(language, oneItem),
                  })}
                </bdi>
              ) : (
                t('movements.oneItemUnnamed')
              )
            }
            onClick={onShowAll}
            onDelete={onShowAll}
            aria-label={t('movements.showAll')}
          />
        </Box>
      )}
      {list.isError ? (
        <Box sx={{ px: { xs: 2, sm: 3 }, pb: 3 }}>
          <LoadErrorAlert error={list.error} onRetry={() => void list.refetch()} />
        </Box>
      ) : (
        <>
          {isPhone ? (
            <PhoneList label={t('movements.tableLabel')} busy={!rows}>
              {rows?.length === 0 && <Box sx={{ px: 2 }}>{empty}</Box>}
              {rows?.map((movement) => (
                <PhoneListItem key={movement.id} testId="movement-row">
                  <PhoneListHead badge={change(movement)}>
                    <BilingualName name={movement.name} nameAr={movement.nameAr} detail={movement.sku} />
                  </PhoneListHead>
                  <PhoneFacts
                    facts={[
                      { label: t('movements.columns.reason'), value: reasonText(movement) },
                      { label: t('movements.columns.quantity'), value: beforeAfter(movement) },
                    ]}
                  />
                  <PhoneFacts
                    facts={[
                      { label: t('movements.columns.when'), value: formatDateTime(movement.createdAt, language) },
                      { label: t('movements.columns.by'), value: who(movement) },
                    ]}
                  />
                </PhoneListItem>
              ))}
            </PhoneList>
          ) : (
            <TableContainer>
              <Table aria-label={t('movements.tableLabel')} aria-busy={!rows} sx={{ minWidth: 860 }}>
                <TableHead>
                  <TableRow>
                    <TableCell>{t('movements.columns.when')}</TableCell>
                    <TableCell>{t('movements.columns.item')}</TableCell>
                    <TableCell>{t('movements.columns.reason')}</TableCell>
                    <TableCell align="right">{t('movements.columns.change')}</TableCell>
                    <TableCell align="right">{t('movements.columns.quantity')}</TableCell>
                    <TableCell>{t('movements.columns.by')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {!rows ? (
                    <TableSkeletonRows rows={5} columns={columns} />
                  ) : rows.length === 0 ? (
                    <TableRow>
                      <TableCell colSpan={columns} sx={{ borderBottom: 0 }}>
                        {empty}
                      </TableCell>
                    </TableRow>
                  ) : (
                    rows.map((movement) => (
                      <TableRow key={movement.id} hover data-testid="movement-row">
                        <TableCell sx={{ whiteSpace: 'nowrap' }}>
                          {formatDateTime(movement.createdAt, language)}
                        </TableCell>
                        <TableCell>
                          <BilingualName name={movement.name} nameAr={movement.nameAr} detail={movement.sku} />
                        </TableCell>
                        <TableCell>{reasonText(movement)}</TableCell>
                        <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                          {change(movement)}
                        </TableCell>
                        <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                          {beforeAfter(movement)}
                        </TableCell>
                        <TableCell>{who(movement)}</TableCell>
                      </TableRow>
                    ))
                  )}
                </TableBody>
              </Table>
            </TableContainer>
          )}
          <ListPagination list={list} />
        </>
      )}
    </Card>
  );
}
