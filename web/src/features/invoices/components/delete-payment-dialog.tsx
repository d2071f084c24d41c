import type { InvoiceDto, PaymentDto } from '@erp/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../components/toaster/use-toast';
import { useForm } from '../../../lib/use-form';
import { useLanguage } from '../../../lib/use-language';
import { isBlank } from '../../../lib/validation';
import { useDeletePaymentMutation } from '../api/invoices-api';
import { useInvoiceFormat } from '../hooks/use-invoice-format';
import { describePaymentError } from '../lib/payment-errors';
import { DELETE_REASON_MAX_LENGTH } from '../lib/payments';

interface DeletePaymentDialogProps {
  invoice: Pick<InvoiceDto, 'id' | 'clientId' | 'invoiceNumber' | 'currency'>;
  payment: PaymentDto;
  onClose: () => void;
}

const initialValues = { reason: '' };

/**
 * Delete payment (admins and owners): asks why, then marks the payment deleted. It stays listed,
 * struck through with who deleted it and why, and no longer counts towards the invoice.
 */
export function DeletePaymentDialog({ invoice, payment, onClose }: DeletePaymentDialogProps) {
  const { t } = useTranslation('invoices');
  const { language } = useLanguage();
  const { toast } = useToast();
  const format = useInvoiceFormat();
  const money = (value: string) => format.money(value, invoice.currency);
  const form = useForm<'reason'>(initialValues, ({ reason }) =>
    isBlank(reason)
      ? { reason: 'payments.delete.reasonRequired' }
      : reason.trim().length > DELETE_REASON_MAX_LENGTH
        ? { reason: 'payments.delete.reasonTooLong' }
        : {},
  );
  const [deletePayment, { isLoading }] = useDeletePaymentMutation();
  const [serverError, setServerError] = useState<string | null>(null);

  const submit = form.handleSubmit(async ({ reason }) => {
    setServerError(null);
    try {
      await deletePayment({
        invoiceId: invoice.id,
        clientId: invoice.clientId,
        paymentId: payment.id,
        reason: reason.trim(),
      }).unwrap();
      toast({
        variant: 'success',
        title: t('toasts.paymentDeleted'),
        description: t('toasts.paymentDeletedDescription', {
          amount: money(payment.amount),
          number: invoice.invoiceNumber,
        }),
      });
      onClose();
    } catch (error) {
      setServerError(describePaymentError(error, t, language, money));
    }
  });

  const close = () => {
    if (!isLoading) onClose();
  };
  const reasonError = form.errors.reason;

  return (
    <Dialog
      open
      onClose={close}
      aria-labelledby="delete-payment-title"
      aria-describedby="delete-payment-message"
      maxWidth="xs"
      fullWidth
    >
      <DialogTitle id="delete-payment-title">{t('payments.delete.title')}</DialogTitle>
      <Box
        component="form"
        noValidate
        // Portalled over the details dialog: its events must not reach forms around it.
        onSubmit={(event: FormEvent<HTMLFormElement>) => {
          event.stopPropagation();
          submit(event);
        }}
        sx={{ display: 'contents' }}
      >
        <DialogContent sx={{ display: 'grid', gap: 2 }}>
          <DialogContentText id="delete-payment-message">
            {t('payments.delete.message', {
              amount: money(payment.amount),
              date: format.date(payment.paidAt),
              number: invoice.invoiceNumber,
            })}
          </DialogContentText>
          {serverError && (
            <Alert severity="error" role="alert">
              {serverError}
            </Alert>
          )}
          <TextField
            {...form.field('reason')}
            id="delete-payment-reason"
            label={t('payments.delete.reason')}
            required
            autoFocus
            multiline
            minRows={2}
            helperText={
              reasonError ? t(reasonError, { max: DELETE_REASON_MAX_LENGTH }) : t('payments.delete.reasonHint')
            }
          />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2.5 }}>
          <Button onClick={close} disabled={isLoading} color="inherit">
            {t('common:actions.cancel')}
          </Button>
          <Button type="submit" variant="contained" color="error" disabled={isLoading}>
            {isLoading ? t('common:actions.deleting') : t('payments.delete.confirm')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
