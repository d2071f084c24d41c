import type { InvoiceDto } from '@erp/contracts';
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
import { moneyText } from '../../../lib/decimal';
import { useForm } from '../../../lib/use-form';
import { useLanguage } from '../../../lib/use-language';
import { isBlank } from '../../../lib/validation';
import { useWriteOffMutation } from '../api/invoices-api';
import { useInvoiceFormat } from '../hooks/use-invoice-format';
import { describePaymentError } from '../lib/payment-errors';
import { DELETE_REASON_MAX_LENGTH, amountError } from '../lib/payments';

interface WriteOffDialogProps {
  invoice: Pick<InvoiceDto, 'id' | 'clientId' | 'invoiceNumber' | 'currency' | 'balanceDue'>;
  onClose: () => void;
}

type WriteOffField = 'amount' | 'reason';

/**
 * Write off (admins and owners, docs/decisions/0022): takes what is left of a balance brought
 * forward (or part of it) off the client's account, with the reason, as a write-off document;
 * the balance itself never changes.
 */
export function WriteOffDialog({ invoice, onClose }: WriteOffDialogProps) {
  const { t } = useTranslation('invoices');
  const { language, direction } = useLanguage();
  const { toast } = useToast();
  const format = useInvoiceFormat();
  const balanceDue = invoice.balanceDue ?? '0.00';
  const money = (value: string) => format.money(value, invoice.currency);
  const [initialValues] = useState(() => ({ amount: balanceDue, reason: '' }));
  const form = useForm<WriteOffField>(initialValues, ({ amount, reason }) => {
    const errors: Partial<Record<WriteOffField, string>> = {};
    const amountProblem = amountError(amount, balanceDue);
    if (amountProblem) errors.amount = amountProblem;
    if (isBlank(reason)) errors.reason = 'writeOff.reasonRequired';
    else if (reason.trim().length > DELETE_REASON_MAX_LENGTH) errors.reason = 'payments.delete.reasonTooLong';
    return errors;
  });
  const [writeOff, { isLoading }] = useWriteOffMutation();
  const [serverError, setServerError] = useState<string | null>(null);

  const submit = form.handleSubmit(async (values) => {
    setServerError(null);
    const amount = moneyText(values.amount);
    if (amount === null) return;
    try {
      const written = await writeOff({
        invoiceId: invoice.id,
        clientId: invoice.clientId,
        amount,
        reason: values.reason.trim(),
      }).unwrap();
      toast({
        variant: 'success',
        title: t('toasts.writtenOff'),
        description: t('toasts.writtenOffDescription', {
          amount: money(written.totalAmount),
          number: invoice.invoiceNumber,
          writeOff: written.invoiceNumber,
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
  const helper = (field: WriteOffField, fallback: string) => {
    const key = form.errors[field];
    return key ? t(key, { balance: money(balanceDue), max: DELETE_REASON_MAX_LENGTH }) : fallback;
  };

  return (
    <Dialog
      open
      onClose={close}
      aria-labelledby="write-off-title"
      aria-describedby="write-off-message"
      maxWidth="xs"
      fullWidth
    >
      <DialogTitle id="write-off-title">{t('writeOff.title')}</DialogTitle>
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
          <DialogContentText id="write-off-message">
            {t('writeOff.message', { number: invoice.invoiceNumber, balance: money(balanceDue) })}
          </DialogContentText>
          {serverError && (
            <Alert severity="error" role="alert">
              {serverError}
            </Alert>
          )}
          <TextField
            {...form.field('amount')}
            id="write-off-amount"
            label={t('writeOff.amount')}
            required
            autoFocus
            autoComplete="off"
            slotProps={{
              htmlInput: {
                dir: 'ltr',
                inputMode: 'decimal',
                style: { textAlign: direction === 'rtl' ? 'right' : 'left' },
              },
            }}
            helperText={helper('amount', t('writeOff.amountHint', { balance: money(balanceDue) }))}
          />
          <TextField
            {...form.field('reason')}
            id="write-off-reason"
            label={t('writeOff.reason')}
            required
            multiline
            minRows={2}
            helperText={helper('reason', t('writeOff.reasonHint'))}
          />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2.5 }}>
          <Button onClick={close} disabled={isLoading} color="inherit">
            {t('common:actions.cancel')}
          </Button>
          <Button type="submit" variant="contained" color="error" disabled={isLoading}>
            {isLoading ? t('writeOff.saving') : t('writeOff.confirm')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
