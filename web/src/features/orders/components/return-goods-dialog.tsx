import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BilingualName } from '../../../components/bilingual-name';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { PhoneFacts, PhoneList, PhoneListItem, useIsPhone } from '../../../components/phone-list';
import { TableSkeletonRows } from '../../../components/table-skeleton-rows';
import { useToast } from '../../../components/toaster/use-toast';
import { useForm, type FieldBinding } from '../../../lib/use-form';
import { useIdempotencyKey } from '../../../lib/idempotency-key';
import { useLanguage } from '../../../lib/use-language';
import {
  useCreateOrderReturnMutation,
  useGetOrderReturnsQuery,
  type OrderDto,
  type OrderItemDto,
} from '../api/orders-api';
import type { OrderFormat } from '../hooks/use-order-format';
import {
  LINES_FIELD,
  REASON_FIELD,
  RETURN_REASON_MAX_LENGTH,
  describeReturnError,
  initialReturnValues,
  quantityField,
  restockField,
  returnErrors,
  returnRequestOf,
  returnableLinesOf,
  thousandthsToNumber,
  type ReturnRefusal,
  type ReturnableLine,
} from '../lib/order-returns';

interface ReturnGoodsDialogProps {
  /** A confirmed or completed order. */
  order: OrderDto;
  items: OrderItemDto[];
  format: OrderFormat;
  onClose: () => void;
}

/** What one line's fields need from the form. */
interface LineFields {
  quantity: {
    name: string;
    value: string;
    error: boolean;
    helperText: string;
    disabled: boolean;
    onChange: FieldBinding['onChange'];
  };
  restock: FieldBinding;
}

function QuantityInput({
  line,
  fields,
  format,
  label,
  visibleLabel,
  disabled,
}: {
  line: ReturnableLine;
  fields: LineFields;
  format: OrderFormat;
  label: string;
  visibleLabel?: string;
  disabled: boolean;
}) {
  return (
    <TextField
      {...fields.quantity}
      id={`return-${fields.quantity.name}`}
      label={visibleLabel}
      disabled={disabled || fields.quantity.disabled}
      size="small"
      autoComplete="off"
      slotProps={{
        htmlInput: { 'aria-label': label, inputMode: 'decimal', dir: 'ltr' },
        input: { endAdornment: <InputAdornment position="end">{format.unit(line.item.unit)}</InputAdornment> },
      }}
      sx={{ minWidth: 120 }}
    />
  );
}

function RestockSelect({
  fields,
  label,
  visibleLabel,
  disabled,
}: {
  fields: LineFields;
  label: string;
  /** On a phone card, where no column heading says what the field is. */
  visibleLabel?: string;
  disabled: boolean;
}) {
  const { t } = useTranslation('orders');
  return (
    <TextField
      {...fields.restock}
      id={`return-${fields.restock.name}`}
      select
      size="small"
      disabled={disabled}
      label={visibleLabel}
      slotProps={{ select: { SelectDisplayProps: { 'aria-label': label } } }}
      sx={{ minWidth: 200 }}
    >
      <MenuItem value="true">{t('returns.restock.true')}</MenuItem>
      <MenuItem value="false">{t('returns.restock.false')}</MenuItem>
    </TextField>
  );
}

/**
 * Return goods (CONTRACT §11, decision 0017) of a confirmed or completed order: per line what was
 * delivered, what already came back in this delivery, how much comes back now (0 to start with,
 * at most what is left) and whether it goes back to stock or is written off; a reason; only the
 * lines above 0 are sent. The server's refusals are said here in the user's language, with the
 * returns read again; success names the credit note.
 */
export function ReturnGoodsDialog({ order, items, format, onClose }: ReturnGoodsDialogProps) {
  const { t } = useTranslation('orders');
  const { language } = useLanguage();
  const { toast } = useToast();
  const isPhone = useIsPhone();
  const returns = useGetOrderReturnsQuery(order.id, { refetchOnMountOrArgChange: true });
  const lines = useMemo(
    () => (returns.data ? returnableLinesOf(items, returns.data, order.commitCount) : null),
    [items, returns.data, order.commitCount],
  );
  const [initialValues] = useState(() => initialReturnValues(items));
  const form = useForm<string>(initialValues, (values) => returnErrors(values, lines ?? []));
  const [createReturn, { isLoading }] = useCreateOrderReturnMutation();
  const submissionKey = useIdempotencyKey();
  const [refusal, setRefusal] = useState<ReturnRefusal | null>(null);

  const quantity = (value: bigint, unit: string) => format.quantity(thousandthsToNumber(value), unit);
  const nameOf = (item: OrderItemDto) => (language === 'ar' && item.itemNameAr ? item.itemNameAr : item.itemName);
  const ready = lines !== null;

  const fieldsOf = (line: ReturnableLine): LineFields => {
    const name = quantityField(line.item.id);
    const binding = form.field(name);
    const ruleKey = form.errors[name];
    const refused = refusal?.lines.some((entry) => entry.orderItemId === line.item.id) ?? false;
    const nothingLeft = line.left === 0n;
    return {
      quantity: {
        ...binding,
        value: form.values[name] ?? '0',
        error: Boolean(ruleKey) || refused,
        helperText: ruleKey
          ? t(ruleKey, { max: quantity(line.left, line.item.unit) })
          : nothingLeft
            ? t('returns.allReturned')
            : t('returns.atMost', { max: quantity(line.left, line.item.unit) }),
        disabled: nothingLeft,
      },
      restock: { ...form.field(restockField(line.item.id)), value: form.values[restockField(line.item.id)] ?? 'true' },
    };
  };

  const submit = form.handleSubmit(async (values) => {
    if (!lines) return;
    setRefusal(null);
    try {
      const request = { orderId: order.id, clientId: order.clientId, ...returnRequestOf(values, lines) };
      // Sent again after an error, the same return carries the same key: made once at most.
      const created = await createReturn({ ...request, idempotencyKey: submissionKey.keyFor(request) }).unwrap();
      submissionKey.succeeded();
      toast({
        variant: 'success',
        title: t('toasts.returnRecorded'),
        description: created.creditNoteNumber
          ? t('toasts.returnCreditNote', { number: created.creditNoteNumber })
          : t('toasts.returnCreditNotePending'),
      });
      onClose();
    } catch (error) {
      setRefusal(
        describeReturnError(error, t, language, (entry) => {
          const item = items.find((candidate) => candidate.id === entry.orderItemId);
          if (!item) return null;
          return t('returns.serverErrors.exceedsLine', {
            name: nameOf(item),
            delivered: quantity(entry.delivered, item.unit),
            returned: quantity(entry.returned, item.unit),
            asked: quantity(entry.asked, item.unit),
          });
        }),
      );
    }
  });

  const close = () => {
    if (!isLoading) onClose();
  };

  const labels = (item: OrderItemDto) => ({
    quantity: t('returns.quantityOf', { name: nameOf(item) }),
    restock: t('returns.restockOf', { name: nameOf(item) }),
  });
  const disabled = isLoading || !ready;
  const reasonError = form.errors[REASON_FIELD];
  const reason = form.values[REASON_FIELD] ?? '';

  const table = (
    <TableContainer sx={{ border: 1, borderColor: 'divider', borderRadius: 2 }}>
      <Table size="small" aria-label={t('returns.linesLabel')} aria-busy={!ready}>
        <TableHead>
          <TableRow>
            <TableCell>{t('returns.columns.item')}</TableCell>
            <TableCell align="right">{t('returns.columns.delivered')}</TableCell>
            <TableCell align="right">{t('returns.columns.returned')}</TableCell>
            <TableCell>{t('returns.columns.now')}</TableCell>
            <TableCell>{t('returns.columns.restock')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {!lines ? (
            <TableSkeletonRows rows={Math.min(items.length, 3)} columns={5} />
          ) : (
            lines.map((line) => {
              const fields = fieldsOf(line);
              const label = labels(line.item);
              return (
                <TableRow key={line.item.id} data-testid="return-line">
                  <TableCell sx={{ minWidth: 180 }}>
                    <BilingualName name={line.item.itemName} nameAr={line.item.itemNameAr} detail={line.item.sku} />
                  </TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {quantity(line.delivered, line.item.unit)}
                  </TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {quantity(line.returned, line.item.unit)}
                  </TableCell>
                  <TableCell sx={{ verticalAlign: 'top' }}>
                    <QuantityInput
                      line={line}
                      fields={fields}
                      format={format}
                      label={label.quantity}
                      disabled={disabled}
                    />
                  </TableCell>
                  <TableCell sx={{ verticalAlign: 'top' }}>
                    <RestockSelect fields={fields} label={label.restock} disabled={disabled || line.left === 0n} />
                  </TableCell>
                </TableRow>
              );
            })
          )}
        </TableBody>
      </Table>
    </TableContainer>
  );

  const cards = (
    <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 2, '& li:first-of-type': { borderTop: 0 } }}>
      <PhoneList label={t('returns.linesLabel')} busy={!ready}>
        {!lines ? (
          <PhoneListItem>
            <Skeleton variant="text" width="70%" />
            <Skeleton variant="text" width="90%" />
          </PhoneListItem>
        ) : (
          lines.map((line) => {
            const fields = fieldsOf(line);
            const label = labels(line.item);
            return (
              <PhoneListItem key={line.item.id} testId="return-line">
                <Box>
                  <BilingualName name={line.item.itemName} nameAr={line.item.itemNameAr} detail={line.item.sku} />
                </Box>
                <PhoneFacts
                  facts={[
                    { label: t('returns.columns.delivered'), value: quantity(line.delivered, line.item.unit) },
                    { label: t('returns.columns.returned'), value: quantity(line.returned, line.item.unit) },
                  ]}
                />
                <QuantityInput
                  line={line}
                  fields={fields}
                  format={format}
                  label={label.quantity}
                  visibleLabel={t('returns.columns.now')}
                  disabled={disabled}
                />
                <RestockSelect
                  fields={fields}
                  label={label.restock}
                  visibleLabel={t('returns.columns.restock')}
                  disabled={disabled || line.left === 0n}
                />
              </PhoneListItem>
            );
          })
        )}
      </PhoneList>
    </Box>
  );

  return (
    <Dialog
      open
      onClose={close}
      aria-labelledby="return-goods-title"
      maxWidth="md"
      fullWidth
      fullScreen={isPhone}
      scroll="paper"
    >
      <DialogTitle id="return-goods-title">{t('returns.dialog.title', { number: order.orderNumber })}</DialogTitle>
      <Box component="form" noValidate onSubmit={submit} sx={{ display: 'contents' }}>
        <DialogContent dividers sx={{ display: 'grid', gap: 2, alignContent: 'start' }}>
          <Typography variant="body2" color="text.secondary">
            {t('returns.dialog.intro')}
          </Typography>
          {returns.isError && !returns.data ? (
            <LoadErrorAlert error={returns.error} onRetry={() => void returns.refetch()} />
          ) : isPhone ? (
            cards
          ) : (
            table
          )}
          {form.errors[LINES_FIELD] && (
            <Alert severity="warning" role="alert">
              {t(form.errors[LINES_FIELD])}
            </Alert>
          )}
          <TextField
            {...form.field(REASON_FIELD)}
            value={reason}
            id="return-reason"
            label={t('returns.reason')}
            required
            multiline
            minRows={2}
            disabled={isLoading}
            error={Boolean(reasonError)}
            helperText={
              reasonError
                ? t(reasonError, { max: RETURN_REASON_MAX_LENGTH })
                : t('returns.reasonHint', { length: [...reason.trim()].length, max: RETURN_REASON_MAX_LENGTH })
            }
          />
          {refusal && (
            <Alert severity="error" role="alert">
              {refusal.lines.length > 0 ? <AlertTitle>{refusal.message}</AlertTitle> : refusal.message}
              {refusal.lines.length > 0 && (
                <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
                  {refusal.lines.map((line) => (
                    <li key={line.orderItemId}>{line.text}</li>
                  ))}
                </Box>
              )}
            </Alert>
          )}
        </DialogContent>
        <DialogActions sx={{ px: 3, py: 2 }}>
          <Button onClick={close} disabled={isLoading} color="inherit">
            {t('common:actions.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={disabled}>
            {isLoading ? t('returns.submitting') : t('returns.submit')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
