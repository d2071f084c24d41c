import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { AiJobProgressDto } from '@erp/contracts';
import { formatPercent } from '../../../lib/format';
import { useLanguage } from '../../../lib/use-language';

interface IntakeProgressProps {
  /** The upload itself is still on its way (before the server answered with a job). */
  sending: boolean;
  /** What the job last reported; null until the ai-parser service has started it. */
  progress: AiJobProgressDto | null;
}

/**
 * How far the reading is (docs/api/ai-intake.md, "Progress"): a progress bar labelled with the
 * step the ai-parser service reports (reading, recognising, transcribing, matching); it runs
 * without a figure until the service has started the job.
 */
export function IntakeProgress({ sending, progress }: IntakeProgressProps) {
  const { t } = useTranslation('orders');
  const { language } = useLanguage();
  const labelId = useId();
  const label = sending
    ? t('upload.progress.sending')
    : progress
      ? t(`upload.progress.${progress.step}`)
      : t('upload.progress.waiting');
  const percent = progress && !sending ? Math.min(100, Math.max(0, Math.round(progress.percent))) : null;

  return (
    <Box data-testid="intake-progress" sx={{ display: 'grid', gap: 1 }}>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2 }} aria-live="polite">
        <Typography id={labelId} variant="body2" sx={{ fontWeight: 600 }}>
          {label}
        </Typography>
        {percent !== null && (
          <Typography variant="body2" color="text.secondary" aria-hidden>
            {formatPercent(percent, language)}
          </Typography>
        )}
      </Box>
      <LinearProgress
        aria-labelledby={labelId}
        {...(percent === null
          ? { variant: 'indeterminate' as const }
          : {
              variant: 'determinate' as const,
              value: percent,
              'aria-valuetext': `${label} ${formatPercent(percent, language)}`,
            })}
        sx={{ height: 8, borderRadius: 4 }}
      />
    </Box>
  );
}
