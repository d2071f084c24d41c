import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useIsPhone } from '../../../components/phone-list';
import { useToast } from '../../../components/toaster/use-toast';
import { describeError, fieldsOfError } from '../../../lib/http-error';
import { useForm } from '../../../lib/use-form';
import { useLanguage } from '../../../lib/use-language';
import { isBlank } from '../../../lib/validation';
import { useCreateClientMutation } from '../api/clients-api';
import { emptyClientForm, toCreateClientRequest, validateClientForm, type ClientFormField } from '../lib/client-form';

interface AddClientDialogProps {
  onClose: () => void;
}

/**
 * Add Client (SPEC §2, §5): name, Arabic name, email, phone, address and notes. Save stays
 * disabled while the name is empty or a save is pending; email and phone are checked inline.
 * Mount it when it opens: it starts empty every time.
 */
export function AddClientDialog({ onClose }: AddClientDialogProps) {
  const { t } = useTranslation('clients');
  const { language, direction } = useLanguage();
  const { toast } = useToast();
  const fullScreen = useIsPhone();
  const form = useForm<ClientFormField>(emptyClientForm, validateClientForm);
  const [serverFields, setServerFields] = useState<string[]>([]);
  const [createClient, { isLoading }] = useCreateClientMutation();
  const latinInput = { dir: 'ltr', style: { textAlign: direction === 'rtl' ? ('right' as const) : ('left' as const) } };

  const bind = (name: ClientFormField) => {
    const binding = form.field(name);
    const ruleKey = form.errors[name];
    const serverInvalid = serverFields.includes(name);
    return {
      ...binding,
      id: `client-${name}`,
      error: Boolean(ruleKey) || serverInvalid,
      helperText: ruleKey ? t(ruleKey) : serverInvalid ? t('form.errors.serverInvalid') : undefined,
    };
  };

  const submit = form.handleSubmit(async (values) => {
    setServerFields([]);
    try {
      const client = await createClient(toCreateClientRequest(values)).unwrap();
      toast({
        variant: 'success',
        title: t('toasts.added'),
        description: t('toasts.addedDescription', { name: client.name }),
      });
      onClose();
    } catch (error) {
      setServerFields(fieldsOfError(error));
      toast({ variant: 'error', title: t('toasts.addFailed'), description: describeError(error, t, language) });
    }
  });

  const close = () => {
    if (!isLoading) onClose();
  };

  return (
    <Dialog open onClose={close} aria-labelledby="add-client-title" maxWidth="sm" fullWidth fullScreen={fullScreen}>
      <DialogTitle id="add-client-title">{t('form.title')}</DialogTitle>
      <Box component="form" noValidate onSubmit={submit} sx={{ display: 'contents' }}>
        <DialogContent dividers>
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2 }}>
            <TextField {...bind('name')} label={t('form.fields.name')} required autoFocus={!fullScreen} />
            <TextField
              {...bind('nameAr')}
              label={t('form.fields.nameAr')}
              slotProps={{ htmlInput: { dir: 'rtl', lang: 'ar' } }}
            />
            <TextField
              {...bind('email')}
              type="email"
              label={t('form.fields.email')}
              autoComplete="off"
              slotProps={{ htmlInput: { ...latinInput, inputMode: 'email', spellCheck: false } }}
            />
            <TextField
              {...bind('phone')}
              type="tel"
              label={t('form.fields.phone')}
              autoComplete="off"
              slotProps={{ htmlInput: { ...latinInput, inputMode: 'tel' } }}
            />
            <TextField {...bind('address')} label={t('form.fields.address')} sx={{ gridColumn: '1 / -1' }} />
            <TextField
              {...bind('notes')}
              label={t('form.fields.notes')}
              multiline
              minRows={2}
              sx={{ gridColumn: '1 / -1' }}
            />
          </Box>
        </DialogContent>
        <DialogActions sx={{ px: 3, py: 2 }}>
          <Button onClick={close} disabled={isLoading} color="inherit">
            {t('common:actions.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={isLoading || isBlank(form.values.name)}>
            {isLoading ? t('common:actions.saving') : t('form.save')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
