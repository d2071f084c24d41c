import type { ApiKeyPermission, CreatedApiKeyDto } from '@erp/contracts';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../../components/date-field';
import { useToast } from '../../../components/toaster/use-toast';
import { describeError } from '../../../lib/http-error';
import { useLanguage } from '../../../lib/use-language';
import { useCreateApiKeyMutation, type CreateApiKeyRequest } from '../api/api-keys-api';
import { allKeyPermissions, defaultKeyPermissions, keyPermissionLabelKey } from '../lib/api-key-permissions';

/** `YYYY-MM-DD` of a local date. */
function localDate(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

function tomorrow(): string {
  const date = new Date();
  date.setDate(date.getDate() + 1);
  return localDate(date);
}

/** A key chosen to expire on a day works until the end of that day (local time). */
function endOfDay(day: string): string {
  return new Date(`${day}T23:59:59.999`).toISOString();
}

interface CreateApiKeyDialogProps {
  open: boolean;
  onClose: () => void;
  onCreated: (key: CreatedApiKeyDto) => void;
  /** Key permissions the user's own permissions back (CONTRACT §2). */
  grantable: ReadonlySet<ApiKeyPermission>;
}

/** SPEC §2/§4/§5: Key Name, permission checkboxes, optional expiry; Create Key needs a name and a permission. */
export function CreateApiKeyDialog({ open, onClose, onCreated, grantable }: CreateApiKeyDialogProps) {
  const { t } = useTranslation('settings');
  const { language } = useLanguage();
  const { toast } = useToast();
  const [createApiKey, { isLoading }] = useCreateApiKeyMutation();
  const defaults = () => defaultKeyPermissions.filter((permission) => grantable.has(permission));
  const [name, setName] = useState('');
  const [permissions, setPermissions] = useState<ApiKeyPermission[]>(defaults);
  const [expiresOn, setExpiresOn] = useState('');

  const minExpiry = tomorrow();
  const expiryInvalid = expiresOn !== '' && expiresOn < minExpiry;
  const canCreate = name.trim() !== '' && permissions.length > 0 && !expiryInvalid && !isLoading;

  const reset = () => {
    setName('');
    setPermissions(defaults());
    setExpiresOn('');
  };

  const close = () => {
    if (isLoading) return;
    reset();
    onClose();
  };

  const toggle = (permission: ApiKeyPermission, checked: boolean) => {
    const next = new Set(permissions);
    if (checked) next.add(permission);
    else next.delete(permission);
    setPermissions(allKeyPermissions.filter((candidate) => next.has(candidate)));
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!canCreate) return;
    const request: CreateApiKeyRequest = { name: name.trim(), permissions };
    if (expiresOn) request.expiresAt = endOfDay(expiresOn);
    try {
      const created = await createApiKey(request).unwrap();
      // SPEC §4: on success the dialog closes and starts again from an empty name and the defaults.
      reset();
      onClose();
      onCreated(created);
    } catch (error) {
      toast({
        variant: 'error',
        title: t('apiKeys.toasts.createFailed'),
        description: describeError(error, t, language),
      });
    }
  };

  const notGrantable = allKeyPermissions.some((permission) => !grantable.has(permission));

  return (
    <Dialog open={open} onClose={close} aria-labelledby="create-api-key-title" maxWidth="xs" fullWidth>
      <DialogTitle id="create-api-key-title">{t('apiKeys.create.title')}</DialogTitle>
      <Box component="form" noValidate onSubmit={submit} sx={{ display: 'contents' }}>
        <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2.5, pt: '8px !important' }}>
          <Typography variant="body2" color="text.secondary">
            {t('apiKeys.create.description')}
          </Typography>
          <TextField
            id="api-key-name"
            name="name"
            label={t('apiKeys.create.name')}
            placeholder={t('apiKeys.create.namePlaceholder')}
            value={name}
            onChange={(event) => setName(event.target.value)}
            required
            autoFocus
            slotProps={{ htmlInput: { maxLength: 80 } }}
          />
          <FormControl component="fieldset" variant="standard" error={permissions.length === 0}>
            <FormLabel
              component="legend"
              sx={{ '&.Mui-focused': { color: 'text.primary' }, fontWeight: 600, color: 'text.primary', mb: 0.5 }}
            >
              {t('apiKeys.create.permissions')}
            </FormLabel>
            <FormGroup>
              {allKeyPermissions.map((permission) => (
                <FormControlLabel
                  key={permission}
                  control={
                    <Checkbox
                      size="small"
                      name={permission}
                      checked={permissions.includes(permission)}
                      disabled={!grantable.has(permission)}
                      onChange={(event) => toggle(permission, event.target.checked)}
                    />
                  }
                  label={
                    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'baseline', gap: 1 }}>
                      <span>{t(keyPermissionLabelKey(permission))}</span>
                      <Typography component="code" variant="caption" color="text.secondary" dir="ltr">
                        {permission}
                      </Typography>
                    </Box>
                  }
                />
              ))}
            </FormGroup>
            {permissions.length === 0 && <FormHelperText>{t('apiKeys.create.permissionRequired')}</FormHelperText>}
            {notGrantable && <FormHelperText error={false}>{t('apiKeys.create.notGrantableHint')}</FormHelperText>}
          </FormControl>
          <DateField
            id="api-key-expires"
            name="expiresAt"
            label={t('apiKeys.create.expiresAt')}
            value={expiresOn}
            onChange={(event) => setExpiresOn(event.target.value)}
            error={expiryInvalid}
            helperText={expiryInvalid ? t('apiKeys.create.expiresAtInvalid') : t('apiKeys.create.expiresAtHint')}
            min={minExpiry}
          />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2.5 }}>
          <Button onClick={close} disabled={isLoading} color="inherit">
            {t('common:actions.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={!canCreate}>
            {isLoading ? t('apiKeys.create.submitting') : t('apiKeys.create.submit')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
