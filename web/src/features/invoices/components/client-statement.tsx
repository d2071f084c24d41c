import PictureAsPdfRoundedIcon from '@mui/icons-material/PictureAsPdfRounded';
import SummarizeRoundedIcon from '@mui/icons-material/SummarizeRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CircularProgress from '@mui/material/CircularProgress';
import { useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../../components/date-field';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { useIsPhone } from '../../../components/phone-list';
import { SectionCardHeader } from '../../../components/section-card-header';
import { useToast } from '../../../components/toaster/use-toast';
import { describeError, isHttpError } from '../../../lib/http-error';
import { useLanguage } from '../../../lib/use-language';
import { statementPdfUrl, useGetClientStatementQuery } from '../api/statements-api';
import { downloadDocument } from '../lib/download-invoice';
import { BUSINESS_TIME_ZONE, dayIn } from '../../analytics/lib/periods';
import {
  defaultStatementPeriod,
  periodErrors,
  statementFileName,
  type PeriodField,
  type StatementPeriod,
} from '../lib/statement';
import { StatementEntries, StatementSummary } from './statement-entries';

/** A 400 of the statement (or its PDF): the server refused the period (From after To, too long). */
function refusesPeriod(error: unknown): boolean {
  return isHttpError(error) && error.status === 400;
}

/**
 * A client's statement of account (CONTRACT §11) for a period, the last 90 days to start with
 * (the server's default too): the opening balance, each invoice (debit), credit note and payment
 * (credits) with the running balance, the closing balance; Download PDF saves the server's
 * bilingual statement of the same period. A period the server refuses is said on the form.
 */
export function ClientStatement({ clientId }: { clientId: string }) {
  const { t } = useTranslation('invoices');
  const { language } = useLanguage();
  const { toast } = useToast();
  const isPhone = useIsPhone();
  // The business calendar's today (Riyadh), as the server dates documents: after 21:00 UTC a
  // browser elsewhere is still on the day before, and would leave the day's documents out.
  const [period, setPeriod] = useState<StatementPeriod>(() =>
    defaultStatementPeriod(dayIn(BUSINESS_TIME_ZONE, new Date())),
  );
  const [downloading, setDownloading] = useState(false);
  const [downloadError, setDownloadError] = useState<unknown>(null);
  const errors = periodErrors(period);
  const valid = Object.keys(errors).length === 0;
  const query = useGetClientStatementQuery({ clientId, ...period }, { skip: !valid });
  const statement = query.currentData;
  const refused = (query.isError && refusesPeriod(query.error)) || refusesPeriod(downloadError);

  const change = (field: PeriodField) => (event: ChangeEvent<HTMLInputElement>) => {
    const { value } = event.target;
    setPeriod((current) => ({ ...current, [field]: value }));
    setDownloadError(null);
  };

  const download = async () => {
    setDownloading(true);
    setDownloadError(null);
    try {
      await downloadDocument(statementPdfUrl({ clientId, ...period }), (extension) =>
        statementFileName(statement?.clientName ?? '', period, extension),
      );
    } catch (error) {
      // The period refused is said on the form, like the statement's own 400; anything else in a toast.
      if (refusesPeriod(error)) {
        setDownloadError(error);
        return;
      }
      toast({ variant: 'error', title: t('statement.downloadFailed'), description: describeError(error, t, language) });
    } finally {
      setDownloading(false);
    }
  };

  const downloadButton = (
    <Button
      variant="outlined"
      startIcon={downloading ? <CircularProgress size={16} color="inherit" /> : <PictureAsPdfRoundedIcon />}
      disabled={!valid || downloading}
      aria-busy={downloading}
      onClick={() => void download()}
      fullWidth={isPhone}
    >
      {downloading ? t('statement.downloading') : t('statement.download')}
    </Button>
  );

  const fromError = errors.from ? t(errors.from) : refused ? t('statement.errors.period') : undefined;
  const toError = errors.to ? t(errors.to) : undefined;
  const dateField = (field: PeriodField, helperText: string | undefined, limits: { min?: string; max?: string }) => (
    <DateField
      size="small"
      id={`statement-${field}`}
      label={t(`statement.${field}`)}
      value={period[field]}
      onChange={change(field)}
      error={Boolean(helperText)}
      helperText={helperText}
      {...limits}
      sx={{ flex: 1, minWidth: 0, width: { sm: 180 }, '& input': { minWidth: 0 } }}
    />
  );

  return (
    <Card component="section" aria-labelledby="client-statement-title">
      <SectionCardHeader
        id="client-statement-title"
        icon={<SummarizeRoundedIcon />}
        title={t('statement.title')}
        subtitle={t('statement.subtitle')}
        action={!isPhone && downloadButton}
      />
      <Box
        component="form"
        aria-label={t('statement.period')}
        noValidate
        onSubmit={(event) => event.preventDefault()}
        sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', gap: 1.5, px: { xs: 2, sm: 3 }, pb: 2 }}
      >
        {/* Native date inputs keep an intrinsic width unless told they may shrink (a 390 px phone). */}
        <Box sx={{ display: 'flex', gap: 1.5, minWidth: 0, flex: { xs: '1 1 100%', sm: '0 1 auto' } }}>
          {dateField('from', fromError, { max: period.to || undefined })}
          {dateField('to', toError, { min: period.from || undefined })}
        </Box>
        {isPhone && <Box sx={{ flex: '1 1 100%' }}>{downloadButton}</Box>}
      </Box>
      {!valid || refused ? null : query.isError ? (
        <Box sx={{ px: { xs: 2, sm: 3 }, pb: 3 }}>
          <LoadErrorAlert error={query.error} onRetry={() => void query.refetch()} />
        </Box>
      ) : (
        <>
          <StatementSummary statement={statement} />
          <StatementEntries statement={statement} />
        </>
      )}
    </Card>
  );
}
