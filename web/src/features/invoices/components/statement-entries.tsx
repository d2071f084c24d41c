import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  PhoneFacts,
  PhoneList,
  PhoneListHead,
  PhoneListItem,
  PhoneSkeletonItems,
  useIsPhone,
} from '../../../components/phone-list';
import { TableSkeletonRows } from '../../../components/table-skeleton-rows';
import { toCents } from '../../../lib/decimal';
import type { StatementDto, StatementLineDto } from '../api/statements-api';
import { useInvoiceFormat } from '../hooks/use-invoice-format';

const COLUMNS = 6;
const PLACEHOLDER_ROWS = 3;

function Ltr({ children }: { children: ReactNode }) {
  return (
    <Box component="bdi" dir="ltr" sx={{ whiteSpace: 'nowrap' }}>
      {children}
    </Box>
  );
}

function Dash() {
  return (
    <Box component="span" aria-hidden sx={{ color: 'text.disabled' }}>
      —
    </Box>
  );
}

/** The entry's kind and number: "Invoice INV-2026-000123"; a payment's number is the invoice it paid. */
function LineDocument({ line }: { line: StatementLineDto }) {
  const { t } = useTranslation('invoices');
  return (
    <>
      <Typography variant="body2" component="span" sx={{ display: 'block', fontWeight: 600 }} data-type={line.type}>
        {t(`statement.type.${line.type}`)}
      </Typography>
      <Typography variant="caption" color="text.secondary" sx={{ display: 'block', fontFamily: 'monospace' }}>
        <Ltr>{line.number}</Ltr>
      </Typography>
    </>
  );
}

/** A payment's method and reference; the invoice a credit note undoes; nothing for an invoice. */
function LineDetails({ line }: { line: StatementLineDto }) {
  const { t } = useTranslation('invoices');
  if (line.type === 'payment') {
    return (
      <>
        {line.method && <Box component="span">{t(`payment.method.${line.method}`)}</Box>}
        {line.reference && (
          <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
            {t('payments.reference')} <Ltr>{line.reference}</Ltr>
          </Typography>
        )}
      </>
    );
  }
  if (line.type === 'opening_balance' && line.reference) {
    return (
      <>
        {/* The old system's number may be written in Arabic ("ف-2317"). */}
        {t('reference.previous')} <bdi dir="auto">{line.reference}</bdi>
      </>
    );
  }
  if ((line.type === 'credit_note' || line.type === 'write_off') && line.reference) {
    return (
      <>
        {t(line.type === 'credit_note' ? 'reference.credits' : 'reference.writesOff')} <Ltr>{line.reference}</Ltr>
      </>
    );
  }
  return <Dash />;
}

/** Opening and closing balances over the entries, each with the day it stands at ("in credit" below zero). */
export function StatementSummary({ statement }: { statement: StatementDto | undefined }) {
  const { t } = useTranslation('invoices');
  const format = useInvoiceFormat();
  const fact = (label: string, amount: string | undefined, detail: string, testId: string) => (
    <Box sx={{ minWidth: 0 }} data-testid={testId}>
      <Typography component="dt" variant="caption" color="text.secondary" sx={{ display: 'block' }}>
        {label}
      </Typography>
      <Box component="dd" sx={{ m: 0 }}>
        {amount === undefined || !statement ? (
          <Skeleton variant="text" width="60%" />
        ) : (
          <>
            <Typography variant="subtitle1" component="span" sx={{ display: 'block', fontWeight: 700 }}>
              {format.money(amount, statement.currency)}
            </Typography>
            <Typography variant="caption" color="text.secondary">
              {toCents(amount) < 0n ? `${t('statement.inCredit')} · ${detail}` : detail}
            </Typography>
          </>
        )}
      </Box>
    </Box>
  );
  return (
    <Box
      component="dl"
      sx={{
        display: 'grid',
        gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
        gap: 2,
        m: 0,
        px: { xs: 2, sm: 3 },
        pb: 2,
      }}
    >
      {fact(
        t('statement.opening'),
        statement?.openingBalance,
        statement ? t('statement.openingDetail', { date: format.day(statement.from) }) : '',
        'statement-opening',
      )}
      {fact(
        t('statement.closing'),
        statement?.closingBalance,
        statement ? t('statement.closingDetail', { date: format.day(statement.to) }) : '',
        'statement-closing',
      )}
    </Box>
  );
}

/**
 * A statement's entries by day: date, document, details, debit, credit and the running balance in a
 * table, or cards on a phone; placeholder rows while it loads (`statement` undefined).
 */
export function StatementEntries({ statement }: { statement: StatementDto | undefined }) {
  const { t } = useTranslation('invoices');
  const isPhone = useIsPhone();
  const format = useInvoiceFormat();
  /** An amount in the statement's currency; nothing for zero (the other column of the entry). */
  const money = (value: string) =>
    statement && toCents(value) !== 0n ? format.money(value, statement.currency) : null;

  const emptyText = (
    <Typography variant="body2" color="text.secondary" sx={{ py: 3, textAlign: 'center' }}>
      {t('statement.empty')}
    </Typography>
  );

  const phoneList = (
    <PhoneList label={t('statement.tableLabel')} busy={!statement}>
      {!statement ? (
        <PhoneSkeletonItems count={PLACEHOLDER_ROWS} />
      ) : statement.lines.length === 0 ? (
        emptyText
      ) : (
        statement.lines.map((line, index) => (
          <PhoneListItem key={`${line.type}-${line.number}-${index}`} testId="statement-line">
            <PhoneListHead
              badge={
                <Typography variant="caption" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
                  {format.day(line.date)}
                </Typography>
              }
            >
              <LineDocument line={line} />
            </PhoneListHead>
            {line.type !== 'invoice' && (
              <Typography variant="body2" component="div">
                <LineDetails line={line} />
              </Typography>
            )}
            <PhoneFacts
              facts={[
                { label: t('statement.columns.debit'), value: money(line.debit) ?? <Dash /> },
                { label: t('statement.columns.credit'), value: money(line.credit) ?? <Dash /> },
                { label: t('statement.columns.balance'), value: format.money(line.balance, statement.currency) },
              ]}
            />
          </PhoneListItem>
        ))
      )}
    </PhoneList>
  );

  const table = (
    <TableContainer>
      <Table aria-label={t('statement.tableLabel')} aria-busy={!statement} sx={{ minWidth: 760 }}>
        <TableHead>
          <TableRow>
            <TableCell>{t('statement.columns.date')}</TableCell>
            <TableCell>{t('statement.columns.document')}</TableCell>
            <TableCell>{t('statement.columns.details')}</TableCell>
            <TableCell align="right">{t('statement.columns.debit')}</TableCell>
            <TableCell align="right">{t('statement.columns.credit')}</TableCell>
            <TableCell align="right">{t('statement.columns.balance')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {!statement ? (
            <TableSkeletonRows rows={PLACEHOLDER_ROWS} columns={COLUMNS} />
          ) : statement.lines.length === 0 ? (
            <TableRow>
              <TableCell colSpan={COLUMNS} sx={{ borderBottom: 0 }}>
                {emptyText}
              </TableCell>
            </TableRow>
          ) : (
            statement.lines.map((line, index) => (
              <TableRow key={`${line.type}-${line.number}-${index}`} data-testid="statement-line">
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  <Box component="time" dateTime={line.date}>
                    {format.day(line.date)}
                  </Box>
                </TableCell>
                <TableCell>
                  <LineDocument line={line} />
                </TableCell>
                <TableCell>
                  <LineDetails line={line} />
                </TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {money(line.debit) ?? <Dash />}
                </TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {money(line.credit) ?? <Dash />}
                </TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap', fontWeight: 600 }}>
                  {format.money(line.balance, statement.currency)}
                </TableCell>
              </TableRow>
            ))
          )}
        </TableBody>
      </Table>
    </TableContainer>
  );

  return isPhone ? phoneList : table;
}
