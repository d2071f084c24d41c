import type { CreatedWebhookEndpointDto } from '@erp/contracts';
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

interface WebhookCreatedDialogProps {
  /** The endpoint just added; null once closed, so the full secret is gone for good. */
  created: CreatedWebhookEndpointDto | null;
  onClose: () => void;
}

/** Shows the signing secret once, with a copy button and how receivers check a signature. */
export function WebhookCreatedDialog({ created, onClose }: WebhookCreatedDialogProps) {
  const { t } = useTranslation('settings');
  const { toast } = useToast();
  const inputRef = useRef<HTMLInputElement>(null);

  const copy = async () => {
    if (!created) return;
    try {
      await navigator.clipboard.writeText(created.secret);
      toast({
        variant: 'success',
        title: t('webhooks.toasts.copied'),
        description: t('webhooks.toasts.copiedDescription'),
      });
    } catch {
      inputRef.current?.select();
      toast({
        variant: 'error',
        title: t('webhooks.toasts.copyFailed'),
        description: t('webhooks.toasts.copyFailedDescription'),
      });
    }
  };

  return (
    <Dialog
      open={created !== null}
      // Only Done closes it: a stray click outside must not lose the secret.
      onClose={(_event, reason) => {
        if (reason !== 'backdropClick') onClose();
      }}
      aria-labelledby="webhook-created-title"
      aria-describedby="webhook-created-warning"
      maxWidth="sm"
      fullWidth
    >
      <DialogTitle id="webhook-created-title">{t('webhooks.created.title')}</DialogTitle>
      <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <Alert id="webhook-created-warning" severity="warning">
          {t('webhooks.created.warning')}
        </Alert>
        {created && (
          <>
            <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {t('webhooks.created.urlLabel')} <bdi dir="ltr">{created.url}</bdi>
            </Typography>
            <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexDirection: { xs: 'column', sm: 'row' } }}>
              <TextField
                inputRef={inputRef}
                id="webhook-created-secret"
                label={t('webhooks.created.secretLabel')}
                value={created.secret}
                onFocus={(event) => event.target.select()}
                fullWidth
                multiline
                maxRows={3}
                slotProps={{
                  input: { readOnly: true },
                  htmlInput: {
                    dir: 'ltr',
                    spellCheck: false,
                    style: { fontFamily: 'monospace', fontSize: '0.8125rem' },
                  },
                }}
              />
              <Button
                variant="contained"
                startIcon={<ContentCopyRoundedIcon />}
                onClick={() => void copy()}
                sx={{ flexShrink: 0, height: 56, width: { xs: '100%', sm: 'auto' } }}
              >
                {t('webhooks.created.copy')}
              </Button>
            </Box>
            <Typography variant="body2" color="text.secondary">
              {t('webhooks.created.howTo')}
            </Typography>
          </>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button onClick={onClose} variant="outlined">
          {t('webhooks.created.done')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
