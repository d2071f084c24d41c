import type { StockItemDto, StockUnit } from '@erp/contracts';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useIsPhone } from '../../../components/phone-list';
import { useToast } from '../../../components/toaster/use-toast';
import { nameIn } from '../../../lib/language';
import { errorCodeOf, fieldsOfError } from '../../../lib/http-error';
import { describeOrderError } from '../lib/order-errors';
import { latinInputProps } from '../../../lib/rtl';
import { useForm } from '../../../lib/use-form';
import { currencyLabel } from '../../../lib/format';
import { useLanguage } from '../../../lib/use-language';
import { isBlank, type FormErrors } from '../../../lib/validation';
import { useCreateOrderStockItemMutation, type CreateOrderStockItemRequest } from '../api/order-lookups-api';
import { MONEY_SCALE, moneyText, parseScaled, QUANTITY_SCALE, scaledToString } from '../../../lib/decimal';

/** SPEC §3: the order screen's inline stock creation offers these units ("liter" is the stock form's L). */
export const inlineStockUnits: readonly StockUnit[] = ['kg', 'piece', 'box', 'L', 'carton'];

type Field = 'name' | 'nameAr' | 'sku' | 'unit' | 'quantity' | 'price';

interface NewStockItemDialogProps {
  /** What was typed as the line's item, to start from. */
  initialName: string;
  currency: string;
  onClose: () => void;
  onCreated: (item: StockItemDto) => void;
}

function validate(values: Record<Field, string>): FormErrors<Field> {
  const errors: FormErrors<Field> = {};
  if (isBlank(values.name)) errors.name = 'newStockItem.errors.nameRequired';
  if (isBlank(values.sku)) errors.sku = 'newStockItem.errors.skuRequired';
  if (!isBlank(values.quantity)) {
    const quantity = parseScaled(values.quantity, QUANTITY_SCALE);
    if (quantity === null || quantity < 0n) errors.quantity = 'newStockItem.errors.quantity';
  }
  const price = parseScaled(values.price, MONEY_SCALE);
  if (price === null || price < 0n) errors.price = 'newStockItem.errors.price';
  return errors;
}

function toRequest(values: Record<Field, string>): CreateOrderStockItemRequest {
  const quantity = isBlank(values.quantity) ? 0n : (parseScaled(values.quantity, QUANTITY_SCALE) ?? 0n);
  const price = moneyText(values.price) ?? '0.00';
  const request: CreateOrderStockItemRequest = {
    name: values.name.trim(),
    sku: values.sku.trim(),
    unit: values.unit as StockUnit,
    quantity: scaledToString(quantity, QUANTITY_SCALE),
    // SPEC §3: the one price entered is both the cost and the selling price.
    costPrice: price,
    sellingPrice: price,
  };
  if (!isBlank(values.nameAr)) request.nameAr = values.nameAr.trim();
  return request;
}

/**
 * The order form's inline "new stock item" (SPEC §2, §3): name, Arabic name, SKU, unit,
 * current stock (default 0) and one price used as both cost and selling price.
 */
export function NewStockItemDialog({ initialName, currency, onClose, onCreated }: NewStockItemDialogProps) {
  const { t } = useTranslation('orders');
  const { language, direction } = useLanguage();
  const { toast } = useToast();
  const fullScreen = useIsPhone();
  const [initialValues] = useState<Record<Field, string>>(() => ({
    name: initialName,
    nameAr: '',
    sku: '',
    unit: 'piece',
    quantity: '0',
    price: '',
  }));
  const form = useForm<Field>(initialValues, validate);
  const [serverErrors, setServerErrors] = useState<Partial<Record<string, string>>>({});
  const [createItem, { isLoading }] = useCreateOrderStockItemMutation();
  const latinInput = latinInputProps(direction);

  const bind = (name: Field) => {
    const binding = form.field(name);
    const message = form.errors[name] ? t(form.errors[name]) : serverErrors[name];
    return { ...binding, id: `new-stock-${name}`, error: Boolean(message), helperText: message || undefined };
  };

  const submit = form.handleSubmit(async (values) => {
    setServerErrors({});
    try {
      const item = await createItem(toRequest(values)).unwrap();
      toast({
        variant: 'success',
        title: t('toasts.stockItemCreated'),
        description: t('toasts.stockItemCreatedDescription', { name: nameIn(language, item) }),
      });
      onCreated(item);
    } catch (error) {
      const shown: Partial<Record<string, string>> = {};
      for (const field of fieldsOfError(error))
        shown[field === 'costPrice' ? 'price' : field] = t('newStockItem.errors.serverInvalid');
      if (errorCodeOf(error) === 'INVENTORY_SKU_TAKEN') shown.sku = t('newStockItem.errors.skuTaken');
      setServerErrors(shown);
      toast({
        variant: 'error',
        title: t('toasts.stockItemCreateFailed'),
        description: describeOrderError(error, t, language),
      });
    }
  });

  const close = () => {
    if (!isLoading) onClose();
  };

  return (
    <Dialog open onClose={close} aria-labelledby="new-stock-item-title" maxWidth="sm" fullWidth fullScreen={fullScreen}>
      <DialogTitle id="new-stock-item-title">{t('newStockItem.title')}</DialogTitle>
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
            <TextField {...bind('name')} label={t('newStockItem.fields.name')} required autoFocus />
            <TextField
              {...bind('nameAr')}
              label={t('newStockItem.fields.nameAr')}
              slotProps={{ htmlInput: { dir: 'rtl', lang: 'ar' } }}
            />
            <TextField
              {...bind('sku')}
              label={t('newStockItem.fields.sku')}
              required
              autoComplete="off"
              slotProps={{ htmlInput: { ...latinInput, spellCheck: false } }}
            />
            <TextField {...bind('unit')} select label={t('newStockItem.fields.unit')}>
              {inlineStockUnits.map((unit) => (
                <MenuItem key={unit} value={unit}>
                  {t(`units.name.${unit}`)}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              {...bind('quantity')}
              label={t('newStockItem.fields.quantity')}
              slotProps={{ htmlInput: { ...latinInput, inputMode: 'decimal' } }}
            />
            <TextField
              {...bind('price')}
              label={t('newStockItem.fields.price')}
              required
              placeholder="0.00"
              {...(form.errors.price || serverErrors.price ? {} : { helperText: t('newStockItem.hints.price') })}
              slotProps={{
                input: {
                  endAdornment: <InputAdornment position="end">{currencyLabel(currency, language)}</InputAdornment>,
                },
                htmlInput: { ...latinInput, inputMode: 'decimal' },
              }}
            />
          </Box>
        </DialogContent>
        <DialogActions sx={{ px: 3, py: 2 }}>
          <Button onClick={close} disabled={isLoading} color="inherit">
            {t('common:actions.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={isLoading}>
            {isLoading ? t('newStockItem.creating') : t('newStockItem.create')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
