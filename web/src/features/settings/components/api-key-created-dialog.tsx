import type { CreatedApiKeyDto } from '@erp/contracts';
import ContentCopyRoundedIcon from '@mui/icons-material/ContentCopyRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../components/toaster/use-toast';

interface ApiKeyCreatedDialogProps {
  /** The key just created; null once the dialog is closed, so the full key is gone for good. */
  created: CreatedApiKeyDto | null;
  onClose: () => void;
}

/** Shows the full key once (CONTRACT §7), with a copy button and a warning that it will not be shown again. */
export function ApiKeyCreatedDialog({ created, onClose }: ApiKeyCreatedDialogProps) {
  const { t } = useTranslation('settings');
  const { toast } = useToast();
  const inputRef = useRef<HTMLInputElement>(null);

  const copy = async () => {
    if (!created) return;
    try {
      await navigator.clipboard.writeText(created.key);
      toast({
        variant: 'success',
        title: t('apiKeys.toasts.copied'),
        description: t('apiKeys.toasts.copiedDescription'),
      });
    } catch {
      // No clipboard access (permissions, insecure origin): select the key for a manual copy.
      inputRef.current?.select();
      toast({
        variant: 'error',
        title: t('apiKeys.toasts.copyFailed'),
        description: t('apiKeys.toasts.copyFailedDescription'),
      });
    }
  };

  return (
    <Dialog
      open={created !== null}
      // Only the Done button closes it: a stray click outside must not lose the key.
      onClose={(_event, reason) => {
        if (reason !== 'backdropClick') onClose();
      }}
      aria-labelledby="api-key-created-title"
      maxWidth="sm"
      fullWidth
    >
      <DialogTitle id="api-key-created-title">{t('apiKeys.created.title')}</DialogTitle>
      <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <Alert severity="warning">{t('apiKeys.created.warning')}</Alert>
        {created && (
          <>
            <Typography variant="body2" color="text.secondary">
              {t('apiKeys.created.nameLine', { name: created.name })}
            </Typography>
            <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexDirection: { xs: 'column', sm: 'row' } }}>
              <TextField
                inputRef={inputRef}
                id="api-key-created-value"
                label={t('apiKeys.created.keyLabel')}
                value={created.key}
                onFocus={(event) => event.target.select()}
                slotProps={{
                  input: { readOnly: true },
                  htmlInput: {
                    dir: 'ltr',
                    spellCheck: false,
                    style: { fontFamily: 'monospace', fontSize: '0.875rem' },
                  },
                }}
              />
              <Button
                variant="contained"
                startIcon={<ContentCopyRoundedIcon />}
                onClick={() => void copy()}
                sx={{ flexShrink: 0, height: 56, width: { xs: '100%', sm: 'auto' } }}
              >
                {t('apiKeys.created.copy')}
              </Button>
            </Box>
          </>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button onClick={onClose} variant="outlined">
          {t('apiKeys.created.done')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
