import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useIsPhone } from '../../../components/phone-list';
import { useToast } from '../../../components/toaster/use-toast';
import { describeError } from '../../../lib/http-error';
import { useLanguage } from '../../../lib/use-language';
import { useDismissInboxDraftMutation, type InboxDraftDto } from '../api/inbox-api';
import { draftMovedOnCode } from '../lib/inbox';
import { senderLabelOf } from './inbox-draft-parts';

/** The server keeps a reason of up to this many characters. */
const REASON_MAX_LENGTH = 500;

/** Reasons a clerk gives most, one click each (the text is kept in the clerk's language). */
const quickReasons = ['notOrder', 'duplicate', 'spam'] as const;

interface DismissDraftDialogProps {
  draft: InboxDraftDto;
  onClose: () => void;
}

/**
 * Dismiss a WhatsApp draft (CONTRACT §15): the reason is required (a quick one, or typed), kept
 * with the draft under Dismissed. Mount it when it opens.
 */
export function DismissDraftDialog({ draft, onClose }: DismissDraftDialogProps) {
  const { t } = useTranslation('orders');
  const { language } = useLanguage();
  const { toast } = useToast();
  const fullScreen = useIsPhone();
  const titleId = useId();
  const descriptionId = useId();
  const reasonRef = useRef<HTMLInputElement>(null);
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  const [dismiss, { isLoading }] = useDismissInboxDraftMutation();

  const close = () => {
    if (!isLoading) onClose();
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isLoading) return;
    const text = reason.trim();
    if (!text) {
      setMissing(true);
      reasonRef.current?.focus();
      return;
    }
    try {
      await dismiss({ id: draft.id, reason: text }).unwrap();
      toast({
        variant: 'success',
        title: t('inbox.toasts.dismissed'),
        description: t('inbox.toasts.dismissedDescription'),
      });
      onClose();
    } catch (error) {
      const movedOn = draftMovedOnCode(error);
      if (movedOn) {
        // Someone else decided first: the Inbox has been read again; this dialog has nothing left to do.
        toast({
          variant: 'error',
          title: t('inbox.toasts.notWaiting'),
          description: t(`common:errors.codes.${movedOn}`),
        });
        onClose();
        return;
      }
      toast({
        variant: 'error',
        title: t('inbox.toasts.dismissFailed'),
        description: describeError(error, t, language),
      });
    }
  };

  return (
    <Dialog
      open
      onClose={close}
      aria-labelledby={titleId}
      aria-describedby={descriptionId}
      maxWidth="sm"
      fullWidth
      fullScreen={fullScreen}
    >
      <DialogTitle id={titleId}>{t('inbox.dismiss.title')}</DialogTitle>
      <Box component="form" noValidate onSubmit={(event) => void submit(event)} sx={{ display: 'contents' }}>
        <DialogContent dividers sx={{ display: 'grid', gap: 2 }}>
          <DialogContentText id={descriptionId}>
            {t('inbox.dismiss.description', { name: senderLabelOf(draft) })}
          </DialogContentText>
          <Box
            role="group"
            aria-label={t('inbox.dismiss.quickReasons')}
            sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}
          >
            {quickReasons.map((quick) => {
              const text = t(`inbox.dismiss.quick.${quick}`);
              return (
                <Chip
                  key={quick}
                  label={text}
                  clickable
                  color={reason.trim() === text ? 'primary' : 'default'}
                  variant={reason.trim() === text ? 'filled' : 'outlined'}
                  aria-pressed={reason.trim() === text}
                  onClick={() => {
                    setReason(text);
                    setMissing(false);
                  }}
                />
              );
            })}
          </Box>
          <TextField
            inputRef={reasonRef}
            id="dismiss-reason"
            name="reason"
            label={t('inbox.dismiss.reason')}
            required
            multiline
            minRows={2}
            value={reason}
            onChange={(event) => {
              setReason(event.target.value);
              if (event.target.value.trim()) setMissing(false);
            }}
            error={missing}
            helperText={missing ? t('inbox.dismiss.reasonRequired') : t('inbox.dismiss.reasonHint')}
            slotProps={{ htmlInput: { maxLength: REASON_MAX_LENGTH, dir: 'auto' } }}
          />
        </DialogContent>
        <DialogActions sx={{ px: 3, py: 2, flexWrap: 'wrap', gap: 1 }}>
          <Button onClick={close} disabled={isLoading} color="inherit">
            {t('common:actions.cancel')}
          </Button>
          <Button type="submit" variant="contained" color="error" disabled={isLoading}>
            {isLoading ? t('inbox.dismiss.submitting') : t('inbox.dismiss.submit')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
