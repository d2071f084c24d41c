import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useIsPhone } from '../../../components/phone-list';
import { useToast } from '../../../components/toaster/use-toast';
import { latinDigits } from '../../../lib/decimal';
import { nameIn } from '../../../lib/language';
import { errorCodeOf, fieldsOfError } from '../../../lib/http-error';
import { describeOrderError } from '../lib/order-errors';
import { useForm } from '../../../lib/use-form';
import { useLanguage } from '../../../lib/use-language';
import { isBlank } from '../../../lib/validation';
import { useCreateOrderClientMutation, type ClientDto, type CreateOrderClientRequest } from '../api/order-lookups-api';

type Field = 'name' | 'nameAr' | 'phone' | 'whatsapp' | 'address';

interface NewClientDialogProps {
  /** What was typed in the client field, to start from. */
  initialName: string;
  /** The WhatsApp number to start from (a client made from an Inbox message: its sender's). */
  initialWhatsapp?: string;
  onClose: () => void;
  onCreated: (client: ClientDto) => void;
}

function toRequest(values: Record<Field, string>): CreateOrderClientRequest {
  const request: CreateOrderClientRequest = { name: values.name.trim() };
  if (!isBlank(values.nameAr)) request.nameAr = values.nameAr.trim();
  if (!isBlank(values.phone)) request.phone = values.phone.trim();
  // Arabic-Indic digits are read as the digits they are.
  if (!isBlank(values.whatsapp)) request.whatsapp = latinDigits(values.whatsapp).trim();
  if (!isBlank(values.address)) request.address = values.address.trim();
  return request;
}

/**
 * The order form's inline "new client" (SPEC §2): name (required), Arabic name, phone, WhatsApp
 * number (CONTRACT §15; left empty, the server takes the phone's), address. Mount it when it
 * opens, so it starts from what was typed.
 */
export function NewClientDialog({ initialName, initialWhatsapp = '', onClose, onCreated }: NewClientDialogProps) {
  const { t } = useTranslation('orders');
  const { language, direction } = useLanguage();
  const { toast } = useToast();
  const fullScreen = useIsPhone();
  const [initialValues] = useState(() => ({
    name: initialName,
    nameAr: '',
    phone: '',
    whatsapp: initialWhatsapp,
    address: '',
  }));
  const form = useForm<Field>(initialValues, (values) =>
    isBlank(values.name) ? { name: 'newClient.errors.nameRequired' } : {},
  );
  const [serverFields, setServerFields] = useState<string[]>([]);
  // 409 ORDERS_CLIENT_WHATSAPP_TAKEN names no field: it is the WhatsApp number's, said as such.
  const [whatsappTaken, setWhatsappTaken] = useState(false);
  const [createClient, { isLoading }] = useCreateOrderClientMutation();

  const bind = (name: Field, hint?: string) => {
    const binding = form.field(name);
    const ruleKey = form.errors[name];
    const taken = name === 'whatsapp' && whatsappTaken;
    const serverInvalid = taken || serverFields.includes(name);
    const serverKey = taken ? 'newClient.errors.whatsappTaken' : 'newClient.errors.serverInvalid';
    return {
      ...binding,
      id: `new-client-${name}`,
      error: Boolean(ruleKey) || serverInvalid,
      helperText: ruleKey ? t(ruleKey) : serverInvalid ? t(serverKey) : hint,
    };
  };

  const submit = form.handleSubmit(async (values) => {
    setServerFields([]);
    setWhatsappTaken(false);
    try {
      const client = await createClient(toRequest(values)).unwrap();
      toast({
        variant: 'success',
        title: t('toasts.clientCreated'),
        description: t('toasts.clientCreatedDescription', { name: nameIn(language, client) }),
      });
      onCreated(client);
    } catch (error) {
      setServerFields(fieldsOfError(error));
      setWhatsappTaken(errorCodeOf(error) === 'ORDERS_CLIENT_WHATSAPP_TAKEN');
      toast({
        variant: 'error',
        title: t('toasts.clientCreateFailed'),
        description: describeOrderError(error, t, language),
      });
    }
  });

  const close = () => {
    if (!isLoading) onClose();
  };

  return (
    <Dialog open onClose={close} aria-labelledby="new-client-title" maxWidth="sm" fullWidth fullScreen={fullScreen}>
      <DialogTitle id="new-client-title">{t('newClient.title')}</DialogTitle>
      <Box
        component="form"
        noValidate
        // The dialog is portalled, but React events still bubble to the order form around it.
        onSubmit={(event: FormEvent<HTMLFormElement>) => {
          event.stopPropagation();
          submit(event);
        }}
        sx={{ display: 'contents' }}
      >
        <DialogContent dividers>
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2 }}>
            <TextField {...bind('name')} label={t('newClient.fields.name')} required autoFocus />
            <TextField
              {...bind('nameAr')}
              label={t('newClient.fields.nameAr')}
              slotProps={{ htmlInput: { dir: 'rtl', lang: 'ar' } }}
            />
            <TextField
              {...bind('phone')}
              type="tel"
              label={t('newClient.fields.phone')}
              autoComplete="off"
              // A phone number reads left to right but keeps the form's alignment.
              slotProps={{
                htmlInput: {
                  dir: 'ltr',
                  inputMode: 'tel',
                  style: { textAlign: direction === 'rtl' ? 'right' : 'left' },
                },
              }}
            />
            <TextField
              {...bind('whatsapp', t('newClient.hints.whatsapp'))}
              type="tel"
              label={t('newClient.fields.whatsapp')}
              autoComplete="off"
              slotProps={{
                htmlInput: {
                  dir: 'ltr',
                  inputMode: 'tel',
                  style: { textAlign: direction === 'rtl' ? 'right' : 'left' },
                },
              }}
            />
            <TextField {...bind('address')} label={t('newClient.fields.address')} sx={{ gridColumn: '1 / -1' }} />
          </Box>
        </DialogContent>
        <DialogActions sx={{ px: 3, py: 2 }}>
          <Button onClick={close} disabled={isLoading} color="inherit">
            {t('common:actions.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={isLoading}>
            {isLoading ? t('newClient.creating') : t('newClient.create')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
