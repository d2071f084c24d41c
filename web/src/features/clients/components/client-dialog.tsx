import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useIsPhone } from '../../../components/phone-list';
import { useToast } from '../../../components/toaster/use-toast';
import { nameIn } from '../../../lib/language';
import { describeError, errorCodeOf, fieldsOfError } from '../../../lib/http-error';
import { useIdempotencyKey } from '../../../lib/idempotency-key';
import { latinInputProps } from '../../../lib/rtl';
import { useForm } from '../../../lib/use-form';
import { useLanguage } from '../../../lib/use-language';
import { isBlank } from '../../../lib/validation';
import {
  useCreateClientMutation,
  useUpdateClientMutation,
  type ClientDto,
  type ClientPriceList,
} from '../api/clients-api';
import {
  clientFormOf,
  emptyClientForm,
  toCreateClientRequest,
  nationalAddressFields,
  toUpdateClientRequest,
  validateClientForm,
  type ClientFormField,
} from '../lib/client-form';

const numericAddressParts: readonly ClientFormField[] = ['buildingNumber', 'postalCode', 'additionalNumber'];
const isAddressPart = (name: ClientFormField) => (nationalAddressFields as readonly string[]).includes(name);

interface ClientDialogProps {
  /** The client being edited, or null to add one. Mount the dialog per client (key it by id). */
  client: ClientDto | null;
  /**
   * The price lists the client may buy at; null when they cannot be read (no stock:read): the
   * field is not shown and the client's list stays as it is.
   */
  priceLists: ClientPriceList[] | null;
  onClose: () => void;
  /** The client as saved (before closing): the list shows and highlights it. */
  onSaved?: (client: ClientDto, created: boolean) => void;
}

/**
 * Add Client and Edit (SPEC §2, §5; CONTRACT §10, §11, §15): name, Arabic name, phone, the WhatsApp
 * number its messages are matched by (the phone's unless given), email, address,
 * payment terms, credit limit, notes, the price list the client buys at, and the tax details a
 * standard (B2B) tax invoice needs: VAT number and national address (CONTRACT §12). Save stays
 * disabled while the name is empty or a save is pending; every field is checked inline.
 */
export function ClientDialog({ client, priceLists, onClose, onSaved }: ClientDialogProps) {
  const { t } = useTranslation('clients');
  const { language, direction } = useLanguage();
  const { toast } = useToast();
  const fullScreen = useIsPhone();
  const [initialValues] = useState(() => (client ? clientFormOf(client) : emptyClientForm));
  const form = useForm<ClientFormField>(initialValues, validateClientForm);
  const [serverFields, setServerFields] = useState<string[]>([]);
  // 409 ORDERS_CLIENT_WHATSAPP_TAKEN names no field: it is the WhatsApp number's, said as such.
  const [whatsappTaken, setWhatsappTaken] = useState(false);
  const [createClient, createState] = useCreateClientMutation();
  const submissionKey = useIdempotencyKey();
  const [updateClient, updateState] = useUpdateClientMutation();
  const isLoading = createState.isLoading || updateState.isLoading;
  const latinInput = latinInputProps(direction);

  const bind = (name: ClientFormField) => {
    const binding = form.field(name);
    const ruleKey = form.errors[name];
    // The server names the address's parts as nationalAddress.<part>, and the whole as nationalAddress.
    const taken = name === 'whatsapp' && whatsappTaken;
    const serverInvalid =
      taken ||
      serverFields.includes(name) ||
      serverFields.includes(`nationalAddress.${name}`) ||
      (serverFields.includes('nationalAddress') && name !== 'additionalNumber' && isAddressPart(name));
    return {
      ...binding,
      id: `client-${name}`,
      error: Boolean(ruleKey) || serverInvalid,
      helperText: ruleKey
        ? t(ruleKey)
        : serverInvalid
          ? t(taken ? 'form.errors.whatsappTaken' : 'form.errors.serverInvalid')
          : undefined,
    };
  };

  const refused = (error: unknown) => {
    setServerFields(fieldsOfError(error));
    setWhatsappTaken(errorCodeOf(error) === 'ORDERS_CLIENT_WHATSAPP_TAKEN');
  };

  const submit = form.handleSubmit(async (values) => {
    setServerFields([]);
    setWhatsappTaken(false);
    if (!client) {
      try {
        const request = toCreateClientRequest(values);
        // Sent again after an error (a lost answer), the same client carries the same key: added once.
        const created = await createClient({ ...request, idempotencyKey: submissionKey.keyFor(request) }).unwrap();
        submissionKey.succeeded();
        onSaved?.(created, true);
        toast({
          variant: 'success',
          title: t('toasts.added'),
          description: t('toasts.addedDescription', { name: nameIn(language, created) }),
        });
        onClose();
      } catch (error) {
        refused(error);
        toast({ variant: 'error', title: t('toasts.addFailed'), description: describeError(error, t, language) });
      }
      return;
    }
    const changes = toUpdateClientRequest(client, values);
    if (!changes) {
      onClose();
      return;
    }
    try {
      const updated = await updateClient(changes).unwrap();
      onSaved?.(updated, false);
      toast({
        variant: 'success',
        title: t('toasts.updated'),
        description: t('toasts.updatedDescription', { name: nameIn(language, updated) }),
      });
      onClose();
    } catch (error) {
      refused(error);
      toast({ variant: 'error', title: t('toasts.updateFailed'), description: describeError(error, t, language) });
    }
  });

  const close = () => {
    if (!isLoading) onClose();
  };

  // A list the client buys at that is not among those read (deleted meanwhile) stays selectable.
  const listOptions =
    priceLists && client?.priceListId && !priceLists.some((list) => list.id === client.priceListId)
      ? [...priceLists, { id: client.priceListId, name: t('form.unknownPriceList') }]
      : priceLists;

  return (
    <Dialog open onClose={close} aria-labelledby="client-dialog-title" maxWidth="sm" fullWidth fullScreen={fullScreen}>
      <DialogTitle id="client-dialog-title">
        {client ? t('form.editTitle', { name: nameIn(language, client) }) : t('form.title')}
      </DialogTitle>
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
              {...bind('phone')}
              type="tel"
              label={t('form.fields.phone')}
              autoComplete="off"
              slotProps={{ htmlInput: { ...latinInput, inputMode: 'tel' } }}
            />
            <TextField
              {...bind('whatsapp')}
              type="tel"
              label={t('form.fields.whatsapp')}
              helperText={bind('whatsapp').helperText ?? t(client ? 'form.hints.whatsappEdit' : 'form.hints.whatsapp')}
              autoComplete="off"
              slotProps={{ htmlInput: { ...latinInput, inputMode: 'tel' } }}
            />
            <TextField
              {...bind('email')}
              type="email"
              label={t('form.fields.email')}
              autoComplete="off"
              sx={{ gridColumn: '1 / -1' }}
              slotProps={{ htmlInput: { ...latinInput, inputMode: 'email', spellCheck: false } }}
            />
            <TextField {...bind('address')} label={t('form.fields.address')} sx={{ gridColumn: '1 / -1' }} />
            <TextField
              {...bind('paymentTermsDays')}
              label={t('form.fields.paymentTermsDays')}
              helperText={bind('paymentTermsDays').helperText ?? t('form.hints.paymentTermsDays')}
              slotProps={{ htmlInput: { ...latinInput, inputMode: 'numeric' } }}
            />
            <TextField
              {...bind('creditLimit')}
              label={t('form.fields.creditLimit')}
              helperText={bind('creditLimit').helperText ?? t('form.hints.creditLimit')}
              slotProps={{ htmlInput: { ...latinInput, inputMode: 'decimal' } }}
            />
            {listOptions && (
              <TextField
                {...bind('priceListId')}
                select
                label={t('form.fields.priceList')}
                helperText={bind('priceListId').helperText ?? t('form.hints.priceList')}
                sx={{ gridColumn: '1 / -1' }}
                slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
              >
                <MenuItem value="">{t('form.noPriceList')}</MenuItem>
                {listOptions.map((list) => (
                  <MenuItem key={list.id} value={list.id}>
                    <bdi>{list.name}</bdi>
                  </MenuItem>
                ))}
              </TextField>
            )}
            <Box sx={{ gridColumn: '1 / -1', mt: 1 }}>
              <Typography component="h3" variant="subtitle2">
                {t('form.taxDetails')}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {t('form.hints.taxDetails')}
              </Typography>
            </Box>
            <TextField
              {...bind('vatNumber')}
              label={t('form.fields.vatNumber')}
              helperText={bind('vatNumber').helperText ?? t('form.hints.vatNumber')}
              autoComplete="off"
              sx={{ gridColumn: '1 / -1' }}
              slotProps={{ htmlInput: { ...latinInput, inputMode: 'numeric', maxLength: 20 } }}
            />
            {nationalAddressFields.map((field) => (
              <TextField
                key={field}
                {...bind(field)}
                label={t(`form.fields.${field}`)}
                autoComplete="off"
                slotProps={{
                  htmlInput: numericAddressParts.includes(field)
                    ? { ...latinInput, inputMode: 'numeric', maxLength: 10 }
                    : { dir: 'auto', maxLength: 200 },
                }}
              />
            ))}
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
            {isLoading ? t('common:actions.saving') : client ? t('form.saveChanges') : t('form.save')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
