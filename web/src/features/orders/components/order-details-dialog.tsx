import AssignmentReturnRoundedIcon from '@mui/icons-material/AssignmentReturnRounded';
import EditRoundedIcon from '@mui/icons-material/EditRounded';
import ReceiptRoundedIcon from '@mui/icons-material/ReceiptRounded';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { useIsPhone } from '../../../components/phone-list';
import { nameIn } from '../../../lib/language';
import { formatQuantity } from '../../../lib/format';
import { useLanguage } from '../../../lib/use-language';
import {
  orderStatuses,
  useGetOrderItemsQuery,
  useGetOrderQuery,
  useGetOrderReturnsQuery,
  type OrderDto,
  type OrderStatus,
  type StockShortage,
} from '../api/orders-api';
import { useDownloadProforma } from '../hooks/use-download-proforma';
import { useGenerateInvoice } from '../hooks/use-generate-invoice';
import { useOrderFormat } from '../hooks/use-order-format';
import type { OrdersAccess } from '../lib/access';
import { isCommitted } from '../lib/status-change';
import { OrderEditForm } from './order-edit-form';
import { OrderItemsTable } from './order-items-table';
import { OrderReturnsSection } from './order-returns-section';
import { OrderStatusBadge } from './order-status-badge';
import { ReturnGoodsDialog } from './return-goods-dialog';
import { StatusChangeDialog } from './status-change-dialog';

interface OrderDetailsDialogProps {
  orderId: string;
  /** The list's row, shown until the order itself has loaded. */
  initialOrder?: OrderDto;
  currency: string;
  access: OrdersAccess;
  onClose: () => void;
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography component="dt" variant="caption" color="text.secondary" sx={{ display: 'block' }}>
        {label}
      </Typography>
      <Typography component="dd" variant="body1" sx={{ m: 0, fontWeight: 600, overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Box>
  );
}

/** A text of the order (notes, the original message, a voice transcription) under its heading. */
function OrderText({ id, title, text }: { id: string; title: string; text: string }) {
  return (
    <Box component="section" aria-labelledby={id}>
      <Typography id={id} variant="subtitle2" component="h3" sx={{ mb: 0.5 }}>
        {title}
      </Typography>
      <Typography
        variant="body2"
        sx={{
          whiteSpace: 'pre-wrap',
          bgcolor: 'action.hover',
          borderRadius: 1.5,
          px: 1.5,
          py: 1,
          unicodeBidi: 'plaintext',
        }}
      >
        {text}
      </Typography>
    </Box>
  );
}

/**
 * Order Details (SPEC §2): number, client, total, date and status (a change is confirmed first,
 * saying what it does to stock and the books; then changed optimistically here; a refused confirm
 * lists the short items), Generate Invoice, Return goods of a confirmed or completed order, the
 * order's texts, items and returns, and Edit Order mode while the order is pending.
 */
export function OrderDetailsDialog({ orderId, initialOrder, currency, access, onClose }: OrderDetailsDialogProps) {
  const { t } = useTranslation('orders');
  const { language } = useLanguage();
  const fullScreen = useIsPhone();
  const format = useOrderFormat(currency);
  const orderQuery = useGetOrderQuery(orderId, { refetchOnMountOrArgChange: true });
  const itemsQuery = useGetOrderItemsQuery(orderId, { refetchOnMountOrArgChange: true });
  const returnsQuery = useGetOrderReturnsQuery(orderId, { refetchOnMountOrArgChange: true });
  const { generateInvoice, isGenerating } = useGenerateInvoice();
  const { downloadProforma, isDownloadingProforma } = useDownloadProforma();
  const [editing, setEditing] = useState(false);
  const [shortages, setShortages] = useState<StockShortage[]>([]);
  /** The status picked in the menu, waiting for the confirmation; nothing is sent before. */
  const [statusTarget, setStatusTarget] = useState<OrderStatus | null>(null);
  const [returning, setReturning] = useState(false);

  const order = orderQuery.data ?? initialOrder;
  const items = itemsQuery.data;
  const editable = order?.status === 'pending';
  // A tax invoice only for a confirmed or completed order; before that, a proforma (CONTRACT §11).
  const invoiced = order ? isCommitted(order.status) : false;

  const pickStatus = (status: OrderStatus) => {
    if (!order || status === order.status) return;
    setShortages([]);
    setStatusTarget(status);
  };

  const statusControl =
    order &&
    (access.write ? (
      <TextField
        select
        fullWidth={false}
        size="small"
        id="order-status"
        label={t('details.status')}
        value={order.status}
        onChange={(event) => pickStatus(event.target.value as OrderStatus)}
        disabled={!orderQuery.data || statusTarget !== null || editing}
        sx={{ minWidth: 170 }}
      >
        {orderStatuses.map((status) => (
          <MenuItem key={status} value={status}>
            {t(`status.${status}`)}
          </MenuItem>
        ))}
      </TextField>
    ) : (
      <Box>
        <Typography variant="caption" color="text.secondary" component="p">
          {t('details.status')}
        </Typography>
        <OrderStatusBadge status={order.status} />
      </Box>
    ));

  return (
    <Dialog
      open
      onClose={onClose}
      aria-labelledby="order-details-title"
      // Edit Order's table has a column per field (unit, price, discount): it takes more room.
      maxWidth={editing ? 'lg' : 'md'}
      fullWidth
      fullScreen={fullScreen}
      scroll="paper"
    >
      <DialogTitle id="order-details-title">
        {editing ? t('details.edit.title', { number: order?.orderNumber ?? '' }) : t('details.title')}
      </DialogTitle>
      {orderQuery.isError && !order ? (
        <DialogContent dividers>
          <LoadErrorAlert error={orderQuery.error} onRetry={() => void orderQuery.refetch()} />
        </DialogContent>
      ) : !order ? (
        <DialogContent dividers>
          <Skeleton variant="rounded" height={120} />
        </DialogContent>
      ) : editing && items ? (
        <OrderEditForm
          order={order}
          items={items}
          currency={currency}
          format={format}
          canDeleteItems={access.deleteItems}
          canLinkStock={access.readStock}
          onDone={() => setEditing(false)}
        />
      ) : (
        <>
          <DialogContent dividers sx={{ display: 'grid', gap: 2.5 }}>
            <Box
              component="dl"
              sx={{
                display: 'grid',
                gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(4, minmax(0, 1fr))' },
                gap: 2,
                m: 0,
              }}
            >
              <Fact label={t('details.orderNumber')}>
                <Box component="bdi" sx={{ fontFamily: 'monospace' }}>
                  {order.orderNumber}
                </Box>
              </Fact>
              <Fact label={t('details.client')}>
                <bdi>{order.clientName}</bdi>
              </Fact>
              <Fact label={t('details.total')}>{format.money(order.totalAmount)}</Fact>
              <Fact label={t('details.date')}>{format.dateTime(order.createdAt)}</Fact>
            </Box>

            <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5 }}>
              {statusControl}
              <Box sx={{ flexGrow: 1 }} />
              {!invoiced && (
                <Button
                  variant="outlined"
                  startIcon={<ReceiptRoundedIcon />}
                  onClick={() => void downloadProforma(order)}
                  disabled={isDownloadingProforma}
                >
                  {isDownloadingProforma ? t('details.downloadingProforma') : t('details.proforma')}
                </Button>
              )}
              {access.write && (
                <>
                  {invoiced && (
                    <Button
                      variant="outlined"
                      startIcon={<ReceiptRoundedIcon />}
                      onClick={() => void generateInvoice(order.id)}
                      disabled={isGenerating}
                    >
                      {isGenerating ? t('details.generatingInvoice') : t('details.generateInvoice')}
                    </Button>
                  )}
                  {invoiced && (
                    <Button
                      variant="outlined"
                      startIcon={<AssignmentReturnRoundedIcon />}
                      onClick={() => setReturning(true)}
                      disabled={!items || statusTarget !== null}
                    >
                      {t('returns.action')}
                    </Button>
                  )}
                  <Button
                    variant="contained"
                    startIcon={<EditRoundedIcon />}
                    onClick={() => setEditing(true)}
                    disabled={!editable || !items || statusTarget !== null}
                    aria-describedby={editable ? undefined : 'edit-order-reason'}
                  >
                    {t('details.editOrder')}
                  </Button>
                </>
              )}
            </Box>
            {access.write && !editable && (
              <Typography
                id="edit-order-reason"
                variant="caption"
                color="text.secondary"
                sx={{ mt: -1.5, textAlign: 'end' }}
              >
                {t('details.onlyPendingEditable')}
              </Typography>
            )}

            {shortages.length > 0 && (
              <Alert severity="error" onClose={() => setShortages([])} closeText={t('common:actions.close')}>
                <AlertTitle>{t('details.shortages.title')}</AlertTitle>
                <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
                  {shortages.map((shortage) => (
                    <li key={`${shortage.stockItemId ?? ''}${shortage.name}`}>
                      {t('details.shortages.line', {
                        name: nameIn(language, shortage),
                        sku: shortage.sku ?? t('common:noValue'),
                        available: formatQuantity(shortage.available, language),
                        needed: formatQuantity(shortage.needed, language),
                      })}
                    </li>
                  ))}
                </Box>
              </Alert>
            )}

            {order.notes && <OrderText id="order-notes-title" title={t('details.notes')} text={order.notes} />}
            {order.rawOrderText && (
              <OrderText id="order-raw-title" title={t('details.rawOrderText')} text={order.rawOrderText} />
            )}
            {order.transcribedText && (
              <OrderText
                id="order-transcribed-title"
                title={t('details.transcribedText')}
                text={order.transcribedText}
              />
            )}

            <Box component="section" aria-labelledby="order-items-heading" sx={{ display: 'grid', gap: 1 }}>
              <Typography id="order-items-heading" variant="subtitle2" component="h3">
                {t('details.items.title')}
              </Typography>
              {itemsQuery.isError ? (
                <LoadErrorAlert error={itemsQuery.error} onRetry={() => void itemsQuery.refetch()} />
              ) : (
                <OrderItemsTable items={items} totalAmount={order.totalAmount} format={format} />
              )}
            </Box>

            <OrderReturnsSection
              returns={returnsQuery.data}
              error={returnsQuery.isError ? returnsQuery.error : undefined}
              onRetry={() => void returnsQuery.refetch()}
              format={format}
            />
          </DialogContent>
          <DialogActions sx={{ px: 3, py: 2 }}>
            <Button onClick={onClose} color="inherit">
              {t('common:actions.close')}
            </Button>
          </DialogActions>
        </>
      )}
      {order && statusTarget && (
        <StatusChangeDialog
          order={order}
          to={statusTarget}
          access={access}
          format={format}
          onShortages={setShortages}
          onClose={() => setStatusTarget(null)}
        />
      )}
      {order && items && returning && (
        <ReturnGoodsDialog order={order} items={items} format={format} onClose={() => setReturning(false)} />
      )}
    </Dialog>
  );
}
