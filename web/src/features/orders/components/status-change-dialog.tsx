import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { useIsPhone } from '../../../components/phone-list';
import { useToast } from '../../../components/toaster/use-toast';
import { errorCodeOf } from '../../../lib/http-error';
import { useLanguage } from '../../../lib/use-language';
import {
  useGetOrderInvoicesQuery,
  useGetOrderReturnsQuery,
  useUpdateOrderStatusMutation,
  type InvoiceDto,
  type OrderDto,
  type OrderStatus,
  type StockShortage,
} from '../api/orders-api';
import type { OrderFormat } from '../hooks/use-order-format';
import type { OrdersAccess } from '../lib/access';
import { describeOrderError } from '../lib/order-errors';
import { shortagesOf } from '../lib/order-status';
import {
  returnsOfCurrentCycle,
  statusConsequences,
  statusMoveOf,
  uncreditedInvoiceOf,
  type InvoiceLookup,
} from '../lib/status-change';

/** The order's invoice as far as it is known here: unknown without invoices:read or when the look-up failed. */
function invoiceLookupOf(
  readable: boolean,
  query: { data?: InvoiceDto[]; isError: boolean; isFetching: boolean },
): InvoiceLookup {
  if (!readable || query.isError) return { state: 'unknown' };
  if (!query.data || query.isFetching) return { state: 'loading' };
  const invoice = uncreditedInvoiceOf(query.data);
  return invoice ? { state: 'found', invoice } : { state: 'none' };
}

interface StatusChangeDialogProps {
  order: OrderDto;
  /** The status picked in the menu; nothing is sent before Confirm. */
  to: OrderStatus;
  access: Pick<OrdersAccess, 'readInvoices' | 'overrideCreditLimit'>;
  format: OrderFormat;
  /** A confirm refused for want of stock: Order Details lists the short items. */
  onShortages: (shortages: StockShortage[]) => void;
  onClose: () => void;
}

/**
 * The confirmation of a status change (CONTRACT §11): what it does to stock and the books in
 * plain words (the invoice it credits, found among the order's invoices), then Confirm / Cancel.
 * A confirm over the client's credit limit is said with its figures and stays here: admins and
 * owners may Confirm anyway (sent with `overrideCreditLimit`), staff are told to ask one. Any
 * other refusal closes it with a toast (and the short items, for a shortage).
 */
export function StatusChangeDialog({ order, to, access, format, onShortages, onClose }: StatusChangeDialogProps) {
  const { t } = useTranslation('orders');
  const { language } = useLanguage();
  const { toast } = useToast();
  const fullScreen = useIsPhone();
  // The status it leaves, as it was when the menu was used: the optimistic update changes the order's.
  const [from] = useState(order.status);
  const move = statusMoveOf(from, to);
  const leaving = move === 'leave';
  const invoices = useGetOrderInvoicesQuery(order.id, {
    skip: !leaving || !access.readInvoices,
    refetchOnMountOrArgChange: true,
  });
  const returns = useGetOrderReturnsQuery(order.id, { skip: !leaving });
  const [updateStatus, { isLoading }] = useUpdateOrderStatusMutation();
  const [creditLimitError, setCreditLimitError] = useState<unknown>(null);

  const invoice = invoiceLookupOf(access.readInvoices, invoices);
  const returned = returnsOfCurrentCycle(returns.data ?? [], order.commitCount).length > 0;
  const consequences = statusConsequences({
    from,
    to,
    commitCount: order.commitCount,
    invoice,
    returned,
    money: format.money,
  });
  const lookingUp = leaving && invoice.state === 'loading';

  const submit = async (overrideCreditLimit: boolean) => {
    setCreditLimitError(null);
    try {
      await updateStatus({
        id: order.id,
        status: to,
        clientId: order.clientId,
        ...(overrideCreditLimit ? { overrideCreditLimit: true } : {}),
      }).unwrap();
      toast({
        variant: 'success',
        title: t('toasts.statusUpdated'),
        description: t('toasts.statusUpdatedDescription', { number: order.orderNumber, status: t(`status.${to}`) }),
      });
      onClose();
    } catch (error) {
      if (errorCodeOf(error) === 'CREDIT_LIMIT_EXCEEDED') {
        setCreditLimitError(error);
        return;
      }
      onShortages(shortagesOf(error));
      toast({ variant: 'error', title: t('toasts.statusFailed'), description: describeOrderError(error, t, language) });
      onClose();
    }
  };

  const close = () => {
    if (!isLoading) onClose();
  };

  const overLimit = creditLimitError !== null;
  const titleId = 'status-change-title';

  return (
    <Dialog
      open
      onClose={close}
      aria-labelledby={titleId}
      aria-describedby="status-change-summary"
      maxWidth="sm"
      fullWidth
      fullScreen={fullScreen}
    >
      <DialogTitle id={titleId}>{t('statusChange.title', { status: t(`status.${to}`) })}</DialogTitle>
      <DialogContent dividers sx={{ display: 'grid', gap: 2, alignContent: 'start' }}>
        <Typography id="status-change-summary" variant="body2" color="text.secondary">
          {t('statusChange.summary', {
            number: order.orderNumber,
            from: t(`status.${from}`),
            to: t(`status.${to}`),
          })}
        </Typography>
        <Box component="section" aria-labelledby="status-change-consequences">
          <Typography id="status-change-consequences" variant="subtitle2" component="h3" sx={{ mb: 0.5 }}>
            {t('statusChange.consequencesTitle')}
          </Typography>
          <Box
            component="ul"
            aria-busy={lookingUp}
            data-testid="status-consequences"
            sx={{ m: 0, pl: 2.5, display: 'grid', gap: 0.75 }}
          >
            {consequences.map(({ key, values }) => (
              <Typography
                component="li"
                variant="body1"
                key={key}
                color={key === 'checkingInvoice' ? 'text.secondary' : undefined}
              >
                {t(`statusChange.consequences.${key}`, values)}
              </Typography>
            ))}
          </Box>
        </Box>
        {leaving && access.readInvoices && invoices.isError && (
          <LoadErrorAlert error={invoices.error} onRetry={() => void invoices.refetch()} />
        )}
        {overLimit && (
          <Alert severity="error" role="alert">
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {describeOrderError(creditLimitError, t, language, format.money)}
            </Typography>
            <Typography variant="body2" sx={{ mt: 0.5 }}>
              {t(
                access.overrideCreditLimit
                  ? 'statusChange.creditLimit.overrideHint'
                  : 'statusChange.creditLimit.askAdmin',
              )}
            </Typography>
          </Alert>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2 }}>
        <Button onClick={close} disabled={isLoading} color="inherit">
          {t('common:actions.cancel')}
        </Button>
        {!overLimit ? (
          <Button variant="contained" onClick={() => void submit(false)} disabled={isLoading || lookingUp}>
            {isLoading ? t('statusChange.confirming') : t('statusChange.confirm')}
          </Button>
        ) : (
          access.overrideCreditLimit && (
            <Button variant="contained" color="warning" onClick={() => void submit(true)} disabled={isLoading}>
              {isLoading ? t('statusChange.confirming') : t('statusChange.confirmAnyway')}
            </Button>
          )
        )}
      </DialogActions>
    </Dialog>
  );
}
