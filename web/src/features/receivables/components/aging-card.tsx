import type { AgingRowDto } from '@erp/contracts';
import QueryStatsRoundedIcon from '@mui/icons-material/QueryStatsRounded';
import SearchOffRoundedIcon from '@mui/icons-material/SearchOffRounded';
import SearchRoundedIcon from '@mui/icons-material/SearchRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import InputAdornment from '@mui/material/InputAdornment';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableFooter from '@mui/material/TableFooter';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { PhoneFacts, PhoneList, PhoneListItem, useIsPhone } from '../../../components/phone-list';
import { SectionCardHeader } from '../../../components/section-card-header';
import { TableSkeletonRows } from '../../../components/table-skeleton-rows';
import type { AgingFormat } from '../hooks/use-aging-format';
import {
  agingBuckets,
  agingFlagColours,
  agingTotals,
  clientPath,
  filterByClientName,
  flagOf,
  type AgingBucket,
  type AgingTotals,
} from '../lib/aging';
import { AgingAmount } from './aging-amount';

/** Placeholder rows while the report loads (SPEC §2: three). */
const PLACEHOLDER_ROWS = 3;
/** Client, the five buckets, total. */
const COLUMNS = 7;

/** The client's name, a link to its page. */
function ClientLink({ row }: { row: Pick<AgingRowDto, 'clientId' | 'clientName'> }) {
  return (
    <Link
      component={RouterLink}
      to={clientPath(row.clientId)}
      underline="hover"
      sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}
    >
      <bdi>{row.clientName}</bdi>
    </Link>
  );
}

/** A column's heading; "Current" says under it that it is not yet due. */
function BucketHeading({ bucket }: { bucket: AgingBucket }) {
  const { t } = useTranslation('receivables');
  return (
    <>
      {t(`buckets.${bucket}`)}
      {bucket === 'current' && (
        <Typography
          component="span"
          variant="caption"
          color="text.secondary"
          sx={{ display: 'block', fontWeight: 400 }}
        >
          {t('buckets.currentHint')}
        </Typography>
      )}
    </>
  );
}

/** A client's (or the totals') buckets and total on a phone card, two to a line. */
function PhoneBuckets({ row, format }: { row: AgingTotals; format: AgingFormat }) {
  const { t } = useTranslation('receivables');
  const fact = (bucket: AgingBucket) => ({
    label: t(`buckets.${bucket}`),
    value: <AgingAmount value={row[bucket]} format={format} flag={flagOf(bucket)} />,
  });
  return (
    <>
      <PhoneFacts facts={[fact('current'), fact('d1_30')]} />
      <PhoneFacts facts={[fact('d31_60'), fact('d61_90')]} />
      <PhoneFacts
        facts={[
          fact('d90_plus'),
          { label: t('table.total'), value: <AgingAmount value={row.total} format={format} strong /> },
        ]}
      />
    </>
  );
}

interface AgingCardProps {
  /** Every client with a balance, largest total first; undefined while loading. */
  rows: readonly AgingRowDto[] | undefined;
  format: AgingFormat;
}

/**
 * The aging report: per client its balance not yet due and by days past due (1–30, 31–60,
 * 61–90, over 90), its total, and a totals row summed exactly in cents; 61–90 and over 90 days
 * flagged amber and red. A search narrows the clients by name (here, in the browser: the report
 * is one row per client owing money). Cards instead of the table on a phone.
 */
export function AgingCard({ rows, format }: AgingCardProps) {
  const { t } = useTranslation('receivables');
  const isPhone = useIsPhone();
  const [search, setSearch] = useState('');
  const shown = rows && filterByClientName(rows, search);
  const totals = shown && agingTotals(shown);
  const filtered = rows !== undefined && shown !== undefined && shown.length !== rows.length;
  const totalsLabel = filtered
    ? t('table.totalsRowFiltered', { shown: format.count(shown.length), clients: format.count(rows.length) })
    : t('table.totalsRow');

  const noResults = (
    <Box sx={{ py: 5, px: 2, textAlign: 'center', color: 'text.secondary' }}>
      <SearchOffRoundedIcon sx={{ fontSize: 36, opacity: 0.6 }} aria-hidden />
      <Typography variant="subtitle1" component="p" sx={{ fontWeight: 600, color: 'text.primary' }}>
        {t('search.noResults.title')}
      </Typography>
      <Typography variant="body2">{t('search.noResults.description')}</Typography>
      <Button onClick={() => setSearch('')} sx={{ mt: 1.5 }}>
        {t('search.clear')}
      </Button>
    </Box>
  );

  const phoneList = (
    <PhoneList label={t('table.label')} busy={!shown}>
      {!shown || !totals ? (
        Array.from({ length: PLACEHOLDER_ROWS }, (_value, index) => (
          <PhoneListItem key={index} testId="skeleton-row">
            <Skeleton variant="text" width="60%" />
            <Skeleton variant="text" width="90%" />
            <Skeleton variant="text" width="90%" />
          </PhoneListItem>
        ))
      ) : shown.length === 0 ? (
        <Box component="li">{noResults}</Box>
      ) : (
        [
          ...shown.map((row) => (
            <PhoneListItem key={row.clientId} testId="aging-row">
              <Typography variant="body2" component="div">
                <ClientLink row={row} />
              </Typography>
              <PhoneBuckets row={row} format={format} />
            </PhoneListItem>
          )),
          <Box
            component="li"
            key="totals"
            data-testid="aging-totals"
            sx={{
              display: 'grid',
              gap: 1.25,
              px: 2,
              py: 1.75,
              borderTop: 2,
              borderColor: 'divider',
              bgcolor: 'rgba(15, 118, 110, 0.04)',
            }}
          >
            <Typography variant="subtitle2" component="p" sx={{ fontWeight: 700 }}>
              {totalsLabel}
            </Typography>
            <PhoneBuckets row={totals} format={format} />
          </Box>,
        ]
      )}
    </PhoneList>
  );

  const table = (
    <TableContainer>
      <Table
        aria-label={t('table.label')}
        aria-busy={!shown}
        sx={{ minWidth: 880, '& .MuiTableCell-root': { px: 1.5 } }}
      >
        <TableHead>
          <TableRow>
            {/* Room for a name on two lines or so; the amounts keep to one line each. */}
            <TableCell sx={{ verticalAlign: 'bottom', minWidth: 160 }}>{t('table.client')}</TableCell>
            {agingBuckets.map((bucket) => {
              const flag = flagOf(bucket);
              return (
                <TableCell
                  key={bucket}
                  align="right"
                  data-bucket={bucket}
                  sx={{
                    verticalAlign: 'bottom',
                    // The flagged columns are marked from the top: an amber or red rule under their heading.
                    ...(flag && { borderBottom: 2, borderBottomColor: agingFlagColours[flag].borderColor }),
                  }}
                >
                  <BucketHeading bucket={bucket} />
                </TableCell>
              );
            })}
            <TableCell align="right" sx={{ verticalAlign: 'bottom' }}>
              {t('table.total')}
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {!shown ? (
            <TableSkeletonRows rows={PLACEHOLDER_ROWS} columns={COLUMNS} />
          ) : shown.length === 0 ? (
            <TableRow>
              <TableCell colSpan={COLUMNS} sx={{ borderBottom: 0 }}>
                {noResults}
              </TableCell>
            </TableRow>
          ) : (
            shown.map((row) => (
              <TableRow key={row.clientId} hover data-testid="aging-row">
                <TableCell component="th" scope="row">
                  <ClientLink row={row} />
                </TableCell>
                {agingBuckets.map((bucket) => (
                  <TableCell key={bucket} align="right" data-bucket={bucket}>
                    <AgingAmount value={row[bucket]} format={format} flag={flagOf(bucket)} />
                  </TableCell>
                ))}
                <TableCell align="right" data-bucket="total">
                  <AgingAmount value={row.total} format={format} strong />
                </TableCell>
              </TableRow>
            ))
          )}
        </TableBody>
        {totals && shown && shown.length > 0 && (
          <TableFooter
            sx={{
              '& .MuiTableCell-root': {
                color: 'text.primary',
                fontSize: '0.875rem',
                fontWeight: 700,
                borderTop: 2,
                borderTopColor: 'divider',
                borderBottom: 0,
                bgcolor: 'rgba(15, 118, 110, 0.04)',
              },
            }}
          >
            <TableRow data-testid="aging-totals">
              <TableCell component="th" scope="row">
                {totalsLabel}
              </TableCell>
              {agingBuckets.map((bucket) => (
                <TableCell key={bucket} align="right" data-bucket={bucket}>
                  <AgingAmount value={totals[bucket]} format={format} flag={flagOf(bucket)} strong />
                </TableCell>
              ))}
              <TableCell align="right" data-bucket="total">
                <AgingAmount value={totals.total} format={format} strong />
              </TableCell>
            </TableRow>
          </TableFooter>
        )}
      </Table>
    </TableContainer>
  );

  return (
    <Card component="section" aria-labelledby="aging-table-title">
      <SectionCardHeader
        id="aging-table-title"
        icon={<QueryStatsRoundedIcon />}
        title={t('table.title')}
        subtitle={t('table.subtitle')}
      />
      <Box
        component="form"
        role="search"
        aria-label={t('search.label')}
        onSubmit={(event) => event.preventDefault()}
        sx={{ px: { xs: 2, sm: 3 }, pb: 2 }}
      >
        <TextField
          type="search"
          size="small"
          id="receivables-search"
          label={t('search.label')}
          placeholder={t('search.placeholder')}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          disabled={!rows}
          sx={{ maxWidth: { md: 360 } }}
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
      </Box>
      {isPhone ? phoneList : table}
    </Card>
  );
}
