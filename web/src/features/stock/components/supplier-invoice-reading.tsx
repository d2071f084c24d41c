import type { AiProgressStep } from '@erp/contracts';
import CheckCircleRoundedIcon from '@mui/icons-material/CheckCircleRounded';
import DescriptionRoundedIcon from '@mui/icons-material/DescriptionRounded';
import RadioButtonUncheckedRoundedIcon from '@mui/icons-material/RadioButtonUncheckedRounded';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatFileSize, formatPercent } from '../../../lib/format';
import { describeError, type HttpError } from '../../../lib/http-error';
import { useLanguage } from '../../../lib/use-language';
import { visuallyHidden } from '../../../lib/visually-hidden';
import type { ReaderState } from '../hooks/use-supplier-invoice-reader';

/** The steps a supplier invoice goes through, in order (a PDF with a text layer skips none visibly). */
const invoiceSteps: readonly AiProgressStep[] = ['reading', 'recognising', 'matching'];

/** Error codes of reading with a text of their own (in Arabic; English shows the server's message). */
const readErrorKeys: Partial<Record<string, string>> = {
  AI_UNSUPPORTED_FILE: 'stock:upload.failed.codes.AI_UNSUPPORTED_FILE',
  AI_FILE_TOO_LARGE: 'stock:upload.failed.codes.AI_FILE_TOO_LARGE',
  PAYLOAD_TOO_LARGE: 'stock:upload.failed.codes.PAYLOAD_TOO_LARGE',
  AI_UNREADABLE_FILE: 'stock:upload.failed.codes.AI_UNREADABLE_FILE',
  AI_TIMEOUT: 'stock:upload.failed.codes.AI_TIMEOUT',
  AI_JOB_NOT_FOUND: 'stock:upload.failed.codes.AI_JOB_NOT_FOUND',
  SERVICE_UNAVAILABLE: 'stock:upload.failed.codes.SERVICE_UNAVAILABLE',
};

/** What a failed reading tells the user: for the codes above our own text, in both languages. */
export function describeReadError(error: HttpError, t: ReturnType<typeof useTranslation>['t'], language: 'en' | 'ar') {
  const key = error.body ? readErrorKeys[error.body.code] : undefined;
  // A 503 without a known code (a proxy in between) is still "not available right now".
  if (!key && error.status === 503 && !error.body) return t('stock:upload.failed.codes.SERVICE_UNAVAILABLE');
  return key ? t(key) : describeError(error, t, language, readErrorKeys);
}

interface SupplierInvoiceReadingProps {
  file: File;
  reader: ReaderState;
}

/**
 * "Process with AI" at work: the chosen file, a labelled progress bar fed by the job's progress
 * (docs/api/ai-intake.md: reading, recognising, matching), and the steps done so far; or why
 * reading failed. Announced politely to screen readers as it moves.
 */
export function SupplierInvoiceReading({ file, reader }: SupplierInvoiceReadingProps) {
  const { t } = useTranslation('stock');
  const { language } = useLanguage();
  const labelId = useId();
  const { phase, progress, error } = reader;

  if (phase === 'failed' && error) {
    return (
      <Alert severity="error" variant="outlined" role="alert">
        <AlertTitle>{t('upload.failed.title')}</AlertTitle>
        {describeReadError(error, t, language)}
      </Alert>
    );
  }

  const stepIndex = progress ? invoiceSteps.indexOf(progress.step) : -1;
  const percent = progress ? Math.max(0, Math.min(100, Math.round(progress.percent))) : null;
  const status =
    phase === 'sending'
      ? t('upload.reading.sending')
      : progress
        ? t(`upload.reading.steps.${progress.step}`)
        : t('upload.reading.waiting');
  const valueText =
    percent === null
      ? status
      : t('upload.reading.progress', { step: status, percent: formatPercent(percent, language) });

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, minWidth: 0 }}>
        <DescriptionRoundedIcon color="primary" aria-hidden />
        <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
          <bdi>{file.name}</bdi>{' '}
          <Typography component="span" variant="body2" color="text.secondary">
            ({formatFileSize(file.size, language)})
          </Typography>
        </Typography>
      </Box>
      <Box>
        <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, mb: 0.75 }}>
          <Typography id={labelId} variant="subtitle2" component="p">
            {t('upload.reading.title')}
          </Typography>
          {percent !== null && (
            <Typography variant="subtitle2" component="p" color="text.secondary" aria-hidden>
              {formatPercent(percent, language)}
            </Typography>
          )}
        </Box>
        <LinearProgress
          variant={percent === null ? 'indeterminate' : 'determinate'}
          value={percent ?? undefined}
          aria-labelledby={labelId}
          aria-valuetext={valueText}
          sx={{ height: 8, borderRadius: 4 }}
        />
        <Typography role="status" variant="body2" color="text.secondary" sx={{ mt: 0.75 }}>
          {status}
        </Typography>
      </Box>
      <Box component="ol" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}>
        {invoiceSteps.map((step, index) => {
          const state =
            stepIndex > index || (stepIndex === index && percent === 100)
              ? 'done'
              : stepIndex === index
                ? 'current'
                : 'pending';
          return (
            <Box
              component="li"
              key={step}
              sx={{
                display: 'flex',
                alignItems: 'center',
                gap: 1.25,
                color: state === 'pending' ? 'text.secondary' : 'text.primary',
              }}
            >
              {state === 'done' ? (
                <CheckCircleRoundedIcon color="success" fontSize="small" aria-hidden />
              ) : state === 'current' ? (
                <CircularProgress size={18} thickness={5} aria-hidden />
              ) : (
                <RadioButtonUncheckedRoundedIcon fontSize="small" sx={{ opacity: 0.5 }} aria-hidden />
              )}
              <Typography variant="body2" sx={{ fontWeight: state === 'current' ? 600 : 400 }}>
                {t(`upload.reading.steps.${step}`)}
                <Box component="span" sx={visuallyHidden}>
                  {` (${t(`upload.reading.stepState.${state}`)})`}
                </Box>
              </Typography>
            </Box>
          );
        })}
      </Box>
      {file.type !== 'application/pdf' && (
        <Typography variant="caption" color="text.secondary">
          {t('upload.reading.hint')}
        </Typography>
      )}
    </Box>
  );
}
