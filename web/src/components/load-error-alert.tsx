import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { describeError } from '../lib/http-error';
import { useLanguage } from '../lib/use-language';

interface LoadErrorAlertProps {
  error: unknown;
  onRetry: () => void;
}

/** A list or card that failed to load: what went wrong and a "Try again" button. */
export function LoadErrorAlert({ error, onRetry }: LoadErrorAlertProps) {
  const { t } = useTranslation('common');
  const { language } = useLanguage();
  return (
    <Alert
      severity="error"
      variant="outlined"
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          {t('loadError.retry')}
        </Button>
      }
    >
      <AlertTitle>{t('loadError.title')}</AlertTitle>
      {describeError(error, t, language)}
    </Alert>
  );
}
