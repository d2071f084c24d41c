import ContentCopyRoundedIcon from '@mui/icons-material/ContentCopyRounded';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../components/toaster/use-toast';

interface CodeBlockProps {
  code: string;
  /** Says what is copied, for the button's accessible name ("Copy curl example"). */
  label: string;
}

/** Code stays left-to-right in Arabic too, with a copy button that confirms with a toast. */
export function CodeBlock({ code, label }: CodeBlockProps) {
  const { t } = useTranslation('api-docs');
  const { toast } = useToast();

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(code);
      toast({ variant: 'success', title: t('copy.copied'), description: t('copy.copiedDescription', { what: label }) });
    } catch {
      toast({ variant: 'error', title: t('copy.failed'), description: t('copy.failedDescription') });
    }
  };

  return (
    <Box>
      <Typography variant="caption" component="div" sx={{ color: 'text.secondary', fontWeight: 600, mb: 0.5 }}>
        {label}
      </Typography>
      {/* The button sits at the code's end in Arabic too: the pair is left to right. */}
      <Box dir="ltr" sx={{ position: 'relative' }}>
        <Box
          component="pre"
          dir="ltr"
          sx={{
            m: 0,
            p: 1.5,
            pe: 5,
            borderRadius: 1.5,
            bgcolor: '#0f172a',
            color: '#e2e8f0',
            fontFamily: 'monospace',
            fontSize: '0.8125rem',
            lineHeight: 1.55,
            overflowX: 'auto',
            // 'start' of its own ltr direction: the RTL stylis plugin flips 'left', never 'start'.
            textAlign: 'start',
            whiteSpace: 'pre',
            maxHeight: 360,
          }}
        >
          <code>{code}</code>
        </Box>
        <Tooltip title={t('copy.button')}>
          <IconButton
            size="small"
            onClick={() => void copy()}
            aria-label={t('copy.buttonNamed', { what: label })}
            sx={{ position: 'absolute', top: 6, insetInlineEnd: 6, color: '#cbd5e1' }}
          >
            <ContentCopyRoundedIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      </Box>
    </Box>
  );
}
