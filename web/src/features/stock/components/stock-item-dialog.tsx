import type { AppErrorCode, StockItemDto } from '@erp/contracts';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../../components/date-field';
import { useIsPhone } from '../../../components/phone-list';
import { useToast } from '../../../components/toaster/use-toast';
import { nameIn } from '../../../lib/language';
import { describeError, errorCodeOf, fieldsOfError, isHttpError } from '../../../lib/http-error';
import { latinInputProps } from '../../../lib/rtl';
import { useIdempotencyKey } from '../../../lib/idempotency-key';
import { useForm } from '../../../lib/use-form';
import { currencyLabel } from '../../../lib/format';
import { useLanguage } from '../../../lib/use-language';
import { useCreateStockItemMutation, useUpdateStockItemMutation } from '../api/stock-api';
import {
  hasPackErrors,
  packRowsOf,
  packsChanged,
  packsRequestOf,
  validatePacks,
  type PackField,
  type PackRow,
} from '../lib/pack-form';
import {
  DEFAULT_LOW_STOCK_THRESHOLD,
  emptyStockForm,
  stockFormOf,
  stockUnits,
  toCreateRequest,
  toUpdateRequest,
  validateStockForm,
  type StockFormField,
  type StockFormMode,
  type StockFormValues,
} from '../lib/stock-form';
import { StockPacksEditor } from './stock-packs-editor';

const SKU_TAKEN: AppErrorCode = 'INVENTORY_SKU_TAKEN';
const BARCODE_TAKEN: AppErrorCode = 'INVENTORY_BARCODE_TAKEN';
const packFieldPattern = /^packs\.(\d+)\.(unit|factor|sellingPrice|barcode)$/;

interface StockItemDialogProps {
  /** The item being edited, or null to add one. Mount the dialog per item (key it by id). */
  item: StockItemDto | null;
  currency: string;
  onClose: () => void;
  /** The item as saved (after the toast, before closing): the list shows and highlights it. */
  onSaved?: (item: StockItemDto, created: boolean) => void;
}

interface BoundField {
  name: string;
  id: string;
  value: string;
  error: boolean;
  helperText: string | undefined;
  onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => void;
}

/** The messages the server gave per field (details.fields[] of a 400, details.field of a 409). */
function serverFieldMessages(error: unknown): Partial<Record<string, string>> {
  const messages: Partial<Record<string, string>> = {};
  if (!isHttpError(error)) return messages;
  const details = error.body?.details as { fields?: Array<{ field?: unknown; messages?: unknown }> } | undefined;
  for (const entry of Array.isArray(details?.fields) ? details.fields : []) {
    const first = Array.isArray(entry.messages) ? entry.messages[0] : undefined;
    if (typeof entry.field === 'string' && typeof first === 'string') messages[entry.field] = first;
  }
  for (const field of fieldsOfError(error)) messages[field] ??= error.body?.message ?? '';
  return messages;
}

/**
 * Add Stock Item and Edit (SPEC §2, §5): the stock form with its rules shown inline under the
 * fields; the server's field errors (400 fields, 409 SKU taken) land on the fields as well.
 * Adding may also give the first batch (batch number, expiry and manufacture dates).
 */
export function StockItemDialog({ item, currency, onClose, onSaved }: StockItemDialogProps) {
  const { t } = useTranslation('stock');
  const { language, direction } = useLanguage();
  const { toast } = useToast();
  const fullScreen = useIsPhone();
  // Numbers, SKUs and batch numbers read left to right ("-5" stays "-5" in Arabic) but keep the
  // form's alignment; an inline style, which the RTL stylis plugin does not flip.
  const latinInput = latinInputProps(direction);
  const mode: StockFormMode = item ? 'edit' : 'create';
  const [initialValues] = useState<StockFormValues>(() => (item ? stockFormOf(item) : emptyStockForm));
  const form = useForm<StockFormField>(initialValues, (values) => validateStockForm(values, mode));
  const [serverErrors, setServerErrors] = useState<Partial<Record<string, string>>>({});
  const [packs, setPacks] = useState<PackRow[]>(() => packRowsOf(item));
  const [packsChecked, setPacksChecked] = useState(false);
  const [packServerErrors, setPackServerErrors] = useState<Record<string, Partial<Record<PackField, string>>>>({});
  const [packAlert, setPackAlert] = useState<string | null>(null);
  const [focusRequest, setFocusRequest] = useState(0);
  const contentRef = useRef<HTMLDivElement>(null);
  const packErrors = packsChecked ? validatePacks(packs, form.values.unit) : {};
  const [createItem, createState] = useCreateStockItemMutation();
  const submissionKey = useIdempotencyKey();
  const [updateItem, updateState] = useUpdateStockItemMutation();
  const pending = createState.isLoading || updateState.isLoading;

  const close = () => {
    if (!pending) onClose();
  };

  /** The field's binding with its message: the form's rule first, else what the server said. */
  const bind = (name: StockFormField): BoundField => {
    const binding = form.field(name);
    const ruleKey = form.errors[name];
    const serverMessage = serverErrors[name];
    const message = ruleKey ? t(ruleKey) : serverMessage;
    return {
      ...binding,
      id: `stock-${name}`,
      error: Boolean(message),
      helperText: message || undefined,
      onChange: (event) => {
        binding.onChange(event);
        if (serverMessage !== undefined) setServerErrors(({ [name]: _dropped, ...rest }) => rest);
      },
    };
  };

  // A pack the rules (or the server) refused: its first field in question gets the focus.
  useEffect(() => {
    if (focusRequest === 0) return;
    contentRef.current?.querySelector<HTMLElement>('[data-testid="stock-pack"] [aria-invalid="true"]')?.focus();
  }, [focusRequest]);

  const changePacks = (rows: PackRow[]) => {
    setPacks(rows);
    setPackServerErrors({});
    setPackAlert(null);
  };

  const showServerErrors = (error: unknown) => {
    const messages = serverFieldMessages(error);
    const shown: Partial<Record<string, string>> = {};
    const packMessages: Record<string, Partial<Record<PackField, string>>> = {};
    if (errorCodeOf(error) === BARCODE_TAKEN) {
      setPackAlert(t('form.packs.errors.barcodeTaken'));
      return;
    }
    for (const [field, message] of Object.entries(messages)) {
      const packField = packFieldPattern.exec(field);
      const row = packField ? packs[Number(packField[1])] : undefined;
      if (packField && row) {
        (packMessages[row.key] ??= {})[packField[2] as PackField] =
          language === 'en' && message ? message : t('form.errors.serverInvalid');
        continue;
      }
      // The server does not localise (STYLE.md): in Arabic the field gets a translated hint.
      if (field === 'sku' && errorCodeOf(error) === SKU_TAKEN) shown[field] = t('form.errors.skuTaken');
      else shown[field] = language === 'en' && message ? message : t('form.errors.serverInvalid');
    }
    setServerErrors(shown);
    setPackServerErrors(packMessages);
    if (Object.keys(packMessages).length > 0) setFocusRequest((count) => count + 1);
  };

  const handleValid = form.handleSubmit(async (values) => {
    setServerErrors({});
    setPackServerErrors({});
    setPackAlert(null);
    if (hasPackErrors(validatePacks(packs, values.unit))) {
      setFocusRequest((count) => count + 1);
      return;
    }
    const name = nameIn(language, { name: values.name.trim(), nameAr: values.nameAr.trim() });
    if (!item) {
      try {
        const request = toCreateRequest(values);
        if (packs.length > 0) request.packs = packsRequestOf(packs);
        // Sent again after an error (a lost answer), the same item carries the same key: made once.
        const created = await createItem({ ...request, idempotencyKey: submissionKey.keyFor(request) }).unwrap();
        submissionKey.succeeded();
        onSaved?.(created, true);
        toast({
          variant: 'success',
          title: t('toasts.created'),
          description: t('toasts.createdDescription', { name }),
        });
        onClose();
      } catch (error) {
        showServerErrors(error);
        toast({ variant: 'error', title: t('toasts.createFailed'), description: describeError(error, t, language) });
      }
      return;
    }
    const newPacks = packsChanged(item.packs, packs);
    const changes = toUpdateRequest(item, values) ?? (newPacks ? { id: item.id } : null);
    if (changes && newPacks) changes.packs = packsRequestOf(packs);
    if (!changes) {
      onClose();
      return;
    }
    try {
      const updated = await updateItem(changes).unwrap();
      onSaved?.(updated, false);
      toast({ variant: 'success', title: t('toasts.updated'), description: t('toasts.updatedDescription', { name }) });
      onClose();
    } catch (error) {
      showServerErrors(error);
      toast({ variant: 'error', title: t('toasts.updateFailed'), description: describeError(error, t, language) });
    }
  });

  // The packs are checked with the rest of the form, from the first Save on.
  const submit = (event: FormEvent<HTMLFormElement>) => {
    setPacksChecked(true);
    handleValid(event);
  };

  const moneyAdornment = {
    input: { endAdornment: <InputAdornment position="end">{currencyLabel(currency, language)}</InputAdornment> },
    htmlInput: { ...latinInput, inputMode: 'decimal' as const },
  };
  // Text, not type=number: a number field drops Arabic-Indic digits ("٤٠") without a word.
  const quantityInput = { htmlInput: { ...latinInput, inputMode: 'decimal' as const } };
  const title = item ? t('form.editTitle', { name: nameIn(language, item) }) : t('form.createTitle');

  return (
    <Dialog
      open
      onClose={close}
      aria-labelledby="stock-item-dialog-title"
      maxWidth="sm"
      fullWidth
      fullScreen={fullScreen}
      scroll="paper"
    >
      <DialogTitle id="stock-item-dialog-title">{title}</DialogTitle>
      <Box component="form" noValidate onSubmit={submit} sx={{ display: 'contents' }}>
        <DialogContent dividers ref={contentRef}>
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2 }}>
            <TextField {...bind('name')} label={t('form.fields.name')} required autoFocus={!fullScreen} />
            <TextField
              {...bind('nameAr')}
              label={t('form.fields.nameAr')}
              slotProps={{ htmlInput: { dir: 'rtl', lang: 'ar' } }}
            />
            <TextField
              {...bind('sku')}
              label={t('form.fields.sku')}
              required
              autoComplete="off"
              slotProps={{ htmlInput: { ...latinInput, spellCheck: false } }}
            />
            <TextField {...bind('unit')} select label={t('form.fields.unit')} required>
              {stockUnits.map((unit) => (
                <MenuItem key={unit} value={unit}>
                  {t(`units.name.${unit}`)}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              {...bind('quantity')}
              label={t('form.fields.quantity')}
              placeholder="0"
              slotProps={quantityInput}
            />
            <TextField
              {...bind('lowStockThreshold')}
              label={t('form.fields.lowStockThreshold')}
              placeholder={String(DEFAULT_LOW_STOCK_THRESHOLD)}
              slotProps={quantityInput}
              {...(form.errors.lowStockThreshold || serverErrors.lowStockThreshold
                ? {}
                : { helperText: t('form.hints.threshold', { value: DEFAULT_LOW_STOCK_THRESHOLD }) })}
            />
            <TextField
              {...bind('costPrice')}
              label={t('form.fields.costPrice')}
              placeholder="0.00"
              slotProps={moneyAdornment}
            />
            <TextField
              {...bind('sellingPrice')}
              label={t('form.fields.sellingPrice')}
              placeholder="0.00"
              slotProps={moneyAdornment}
            />
          </Box>
          {item && (
            <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 1.5 }}>
              {t('form.hints.quantityEdit')}
            </Typography>
          )}
          <Divider sx={{ my: 2.5 }} />
          <StockPacksEditor
            rows={packs}
            baseUnit={form.values.unit}
            baseSellingPrice={form.values.sellingPrice}
            currency={currency}
            errors={packErrors}
            serverErrors={packServerErrors}
            serverAlert={packAlert}
            onChange={changePacks}
          />
          {!item && (
            <>
              <Divider sx={{ my: 2.5 }} />
              <Typography variant="subtitle2" component="h3">
                {t('form.batch.title')}
              </Typography>
              <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
                {t('form.batch.hint')}
              </Typography>
              <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr 1fr' }, gap: 2 }}>
                <TextField
                  {...bind('batchNumber')}
                  label={t('form.fields.batchNumber')}
                  autoComplete="off"
                  slotProps={{ htmlInput: latinInput }}
                />
                <DateField {...bind('manufactureDate')} label={t('form.fields.manufactureDate')} />
                <DateField {...bind('expiryDate')} label={t('form.fields.expiryDate')} />
              </Box>
            </>
          )}
        </DialogContent>
        <DialogActions sx={{ px: 3, py: 2 }}>
          <Button onClick={close} disabled={pending} color="inherit">
            {t('common:actions.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={pending}>
            {item
              ? pending
                ? t('common:actions.saving')
                : t('form.save')
              : pending
                ? t('form.creating')
                : t('form.create')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
