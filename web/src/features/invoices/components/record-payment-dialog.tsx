import type { InvoiceDto, PaymentMethod } from '@erp/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../../components/date-field';
import { useIsPhone } from '../../../components/phone-list';
import { useToast } from '../../../components/toaster/use-toast';
import { moneyText } from '../../../lib/decimal';
import { errorCodeOf } from '../../../lib/http-error';
import { useIdempotencyKey } from '../../../lib/idempotency-key';
import { useForm } from '../../../lib/use-form';
import { currencyLabel } from '../../../lib/format';
import { useLanguage } from '../../../lib/use-language';
import { useGetInvoiceQuery, useRecordPaymentMutation } from '../api/invoices-api';
import { useInvoiceFormat } from '../hooks/use-invoice-format';
import { describePaymentError } from '../lib/payment-errors';
import {
  REFERENCE_MAX_LENGTH,
  localToday,
  paymentErrors,
  paymentMethods,
  type PaymentField,
  type PaymentValues,
} from '../lib/payments';

interface RecordPaymentDialogProps {
  /** The invoice as the list (or the details) showed it; its balance is read again on opening. */
  invoice: InvoiceDto;
  onClose: () => void;
}

/**
 * Record payment (CONTRACT §11) of a customer invoice: the amount (the balance due to start
 * with; above 0, at most the balance, 2 decimals), how it was paid, the transfer's, cheque's or
 * slip's number, and the day the money came (today to start with, never after). A refusal of
 * the server (the balance moved, nothing left to pay, a date after the server's today) is said
 * in the dialog, which stays open; the invoice's figures are read again meanwhile.
 */
export function RecordPaymentDialog({ invoice: initialInvoice, onClose }: RecordPaymentDialogProps) {
  const { t } = useTranslation('invoices');
  const { language, direction } = useLanguage();
  const { toast } = useToast();
  const fullScreen = useIsPhone();
  const format = useInvoiceFormat();
  const live = useGetInvoiceQuery(initialInvoice.id, { refetchOnMountOrArgChange: true });
  const invoice = live.data ?? initialInvoice;
  const balanceDue = invoice.balanceDue ?? '0.00';
  const money = (value: string) => format.money(value, invoice.currency);
  const [today] = useState(localToday);
  const [initialValues] = useState<PaymentValues>(() => ({
    amount: initialInvoice.balanceDue ?? '',
    method: 'cash',
    reference: '',
    paidAt: today,
  }));
  const form = useForm<PaymentField>(initialValues, (values) => paymentErrors(values, balanceDue, today));
  const [recordPayment, { isLoading }] = useRecordPaymentMutation();
  const submissionKey = useIdempotencyKey();
  const [serverError, setServerError] = useState<{ message: string; field?: PaymentField } | null>(null);

  const bind = (name: PaymentField, helper?: string) => {
    const binding = form.field(name);
    const ruleKey = form.errors[name];
    const serverInvalid = serverError?.field === name;
    const helperText = ruleKey ? t(ruleKey, { balance: money(balanceDue), max: REFERENCE_MAX_LENGTH }) : helper;
    return {
      ...binding,
      id: `record-payment-${name}`,
      error: Boolean(ruleKey) || serverInvalid,
      helperText,
    };
  };

  const submit = form.handleSubmit(async (values) => {
    setServerError(null);
    const amount = moneyText(values.amount);
    if (amount === null) return;
    const reference = values.reference.trim();
    try {
      const request = {
        invoiceId: invoice.id,
        clientId: invoice.clientId,
        amount,
        method: values.method as PaymentMethod,
        paidAt: values.paidAt,
        ...(reference ? { reference } : {}),
      };
      // Sent again after an error (a lost answer), the same payment carries the same key: recorded once.
      const payment = await recordPayment({ ...request, idempotencyKey: submissionKey.keyFor(request) }).unwrap();
      submissionKey.succeeded();
      toast({
        variant: 'success',
        title: t('toasts.paymentRecorded'),
        description: t('toasts.paymentRecordedDescription', {
          amount: money(payment.amount),
          number: invoice.invoiceNumber,
        }),
      });
      onClose();
    } catch (error) {
      const code = errorCodeOf(error);
      setServerError({
        message: describePaymentError(error, t, language, money),
        field:
          code === 'BILLING_PAYMENT_EXCEEDS_BALANCE'
            ? 'amount'
            : code === 'BILLING_PAYMENT_IN_FUTURE'
              ? 'paidAt'
              : undefined,
      });
    }
  });

  const close = () => {
    if (!isLoading) onClose();
  };

  // Amounts and numbers read left to right but keep the form's alignment.
  const ltrInput = { dir: 'ltr', style: { textAlign: direction === 'rtl' ? 'right' : 'left' } } as const;

  return (
    <Dialog
      open
      onClose={close}
      aria-labelledby="record-payment-title"
      aria-describedby="record-payment-summary"
      maxWidth="xs"
      fullWidth
      fullScreen={fullScreen}
    >
      <DialogTitle id="record-payment-title">{t('payment.title')}</DialogTitle>
      <Box component="form" noValidate onSubmit={submit} sx={{ display: 'contents' }}>
        <DialogContent dividers sx={{ display: 'grid', gap: 2, alignContent: 'start' }}>
          <Box id="record-payment-summary">
            <Typography variant="body2" color="text.secondary">
              {t('payment.invoice')}{' '}
              <Box component="bdi" dir="ltr" sx={{ fontWeight: 600, color: 'text.primary' }}>
                {invoice.invoiceNumber}
              </Box>
              {invoice.clientName && (
                <>
                  {' · '}
                  <bdi>{invoice.clientName}</bdi>
                </>
              )}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {t('payment.balanceDue')}{' '}
              <Box component="span" sx={{ fontWeight: 700, color: 'text.primary', whiteSpace: 'nowrap' }}>
                {money(balanceDue)}
              </Box>
            </Typography>
          </Box>
          {serverError && (
            <Alert severity="error" role="alert">
              {serverError.message}
            </Alert>
          )}
          <TextField
            {...bind('amount', t('payment.amountHint', { balance: money(balanceDue) }))}
            label={t('payment.fields.amount')}
            required
            autoFocus
            autoComplete="off"
            slotProps={{
              htmlInput: { ...ltrInput, inputMode: 'decimal' },
              input: {
                endAdornment: (
                  <InputAdornment position="end">{currencyLabel(invoice.currency, language)}</InputAdornment>
                ),
              },
            }}
          />
          <TextField {...bind('method')} select label={t('payment.fields.method')} required>
            {paymentMethods.map((method) => (
              <MenuItem key={method} value={method}>
                {t(`payment.method.${method}`)}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            {...bind('reference', t('payment.referenceHint'))}
            label={t('payment.fields.reference')}
            autoComplete="off"
            slotProps={{ htmlInput: ltrInput }}
          />
          <DateField {...bind('paidAt')} label={t('payment.fields.paidAt')} required max={today} />
        </DialogContent>
        <DialogActions sx={{ px: 3, py: 2 }}>
          <Button onClick={close} disabled={isLoading} color="inherit">
            {t('common:actions.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={isLoading}>
            {isLoading ? t('payment.recording') : t('payment.submit')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
