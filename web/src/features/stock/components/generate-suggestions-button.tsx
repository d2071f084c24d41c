import AutorenewRoundedIcon from '@mui/icons-material/AutorenewRounded';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../components/toaster/use-toast';
import { describeError } from '../../../lib/http-error';
import { useLanguage } from '../../../lib/use-language';
import { useGenerateReorderSuggestionsMutation } from '../api/stock-api';

interface GenerateSuggestionsButtonProps {
  /** 'Regenerate' on the card; the longer 'Generate reorder suggestions' where there are none yet. */
  label: string;
  variant?: 'outlined' | 'text';
}

/** Runs the reorder analysis (it waits for the job) and refreshes the suggestions; spins meanwhile. */
export function GenerateSuggestionsButton({ label, variant = 'outlined' }: GenerateSuggestionsButtonProps) {
  const { t } = useTranslation('stock');
  const { language } = useLanguage();
  const { toast } = useToast();
  const [generate, { isLoading }] = useGenerateReorderSuggestionsMutation();

  const run = async () => {
    try {
      const { generated } = await generate().unwrap();
      toast({
        variant: 'success',
        title: t('toasts.generated'),
        description: t('toasts.generatedDescription', { count: generated }),
      });
    } catch (error) {
      toast({ variant: 'error', title: t('toasts.generateFailed'), description: describeError(error, t, language) });
    }
  };

  return (
    <Button
      variant={variant}
      size="small"
      onClick={() => void run()}
      disabled={isLoading}
      aria-busy={isLoading}
      startIcon={isLoading ? <CircularProgress size={16} color="inherit" aria-hidden /> : <AutorenewRoundedIcon />}
    >
      {isLoading ? t('reorder.generating') : label}
    </Button>
  );
}
