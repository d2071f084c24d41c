import AddRoundedIcon from '@mui/icons-material/AddRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useIsPhone } from '../../../components/phone-list';
import { useToast } from '../../../components/toaster/use-toast';
import { useLanguage } from '../../../lib/use-language';
import { useIdempotencyKey } from '../../../lib/idempotency-key';
import type { CreateManualOrderRequest, OrderDto, OrderOrigin } from '../api/orders-api';
import { useCreateManualOrderMutation } from '../api/orders-api';
import { useOrderFormat } from '../hooks/use-order-format';
import { useOrderQuote } from '../hooks/use-order-quote';
import type { OrdersAccess } from '../lib/access';
import { centsToString } from '../../../lib/decimal';
import {
  checkManualOrder,
  emptyOrderLine,
  fillFromStockItem,
  grandTotalOf,
  isBlankLine,
  lineUnitsOf,
  priceHintOf,
  sentLines,
  toManualOrderRequest,
  unitSoldOf,
  type ManualOrderValues,
  type OrderLine,
} from '../lib/manual-order';
import { describeOrderError, unitNotSoldOf } from '../lib/order-errors';
import { ClientField, type ClientChoice } from './client-field';
import { NewClientDialog } from './new-client-dialog';
import { NewStockItemDialog } from './new-stock-item-dialog';
import { OrderLineFields } from './order-line-fields';

/** What a line shows besides its fields (a line read by AI: its confidence, its wording, checks). */
export interface OrderLineExtras {
  badges?: ReactNode;
  note?: ReactNode;
  quantityWarning?: string;
}

/** Where the form starts: an empty order, or a draft read by AI. */
export interface OrderFormStart {
  client: ClientChoice;
  lines: OrderLine[];
  /** An order read by AI: what it was read from, sent with it. */
  origin?: OrderOrigin;
}

interface OrderFormDialogProps {
  currency: string;
  access: OrdersAccess;
  onClose: () => void;
  title: string;
  submitLabel: string;
  start?: OrderFormStart;
  /** Above the client (a draft read by AI: what it was read from). */
  intro?: ReactNode;
  /** The line under the client field while no existing client is chosen (undefined: the usual hint). */
  clientHint?: (client: ClientChoice) => string | undefined;
  lineExtras?: (line: OrderLine, update: (next: OrderLine) => void) => OrderLineExtras | undefined;
  /**
   * SPEC §5 (the confirm dialog): the submit button waits for a client name and an item, and
   * (CONTRACT §10) for every linked line to be in a unit its item is sold in.
   */
  submitNeedsClientAndItem?: boolean;
  /** Elsewhere than POST /api/orders/manual (the Inbox); absent: a manual order. */
  submission?: OrderFormSubmission;
}

/**
 * Where a finished form goes instead of POST /api/orders/manual, and what follows (the Inbox
 * confirms a WhatsApp draft into an order).
 */
export interface OrderFormSubmission {
  /** Sends the order and answers the order made (the submission's Idempotency-Key is given, to use or not). */
  send: (request: CreateManualOrderRequest, idempotencyKey: string) => Promise<OrderDto>;
  /** Says the order was made, instead of the usual "Order created" toast. */
  onCreated?: (order: OrderDto) => void;
  /** A refusal the caller explains itself: true when it did, and the form says nothing more. */
  onError?: (error: unknown) => boolean;
  /** Under the total (the Inbox: whether to send the client a WhatsApp confirmation). */
  extraFields?: ReactNode;
  /** What a client created from the form starts with besides the typed name (the sender's name and number). */
  newClient?: { name?: string; whatsapp?: string };
}

const emptyStart = (): OrderFormStart => ({ client: { client: null, name: '' }, lines: [emptyOrderLine()] });

/**
 * The order form of Create Manual Order and of Confirm Order Details (SPEC §2, §5): the client
 * (picked, typed or created on the spot), notes and the lines, with line totals and a grand total
 * computed exactly as the server will. SPEC §5's refusals are toasts; the browser's own checks are
 * off (noValidate) so they show. Mount it when it opens: it starts from `start` every time.
 */
export function OrderFormDialog({
  currency,
  access,
  onClose,
  title,
  submitLabel,
  start,
  intro,
  clientHint,
  lineExtras,
  submitNeedsClientAndItem = false,
  submission,
}: OrderFormDialogProps) {
  const { t } = useTranslation('orders');
  const { language } = useLanguage();
  const { toast } = useToast();
  const fullScreen = useIsPhone();
  const format = useOrderFormat(currency);
  const titleId = useId();
  const itemsTitleId = useId();
  const needsId = useId();
  const [initial] = useState(() => start ?? emptyStart());
  const [client, setClient] = useState<ClientChoice>(initial.client);
  const [notes, setNotes] = useState('');
  const [lines, setLines] = useState<OrderLine[]>(initial.lines);
  // The line whose item field takes the focus (a line just added).
  const [focusKey, setFocusKey] = useState<string | null>(null);
  const [submitted, setSubmitted] = useState(false);
  const [creatingClient, setCreatingClient] = useState(false);
  const [stockFor, setStockFor] = useState<OrderLine | null>(null);
  const [createOrder] = useCreateManualOrderMutation();
  // Pending whichever way the order goes (the manual orders' endpoint, or the caller's).
  const [isLoading, setIsLoading] = useState(false);
  const submissionKey = useIdempotencyKey();

  const values: ManualOrderValues = {
    clientName: client.name,
    clientId: client.client?.id ?? null,
    notes,
    lines,
    ...(initial.origin ? { origin: initial.origin } : {}),
  };
  const quote = useOrderQuote({
    clientId: values.clientId,
    clientName: client.name,
    stockItemIds: lines.flatMap((line) => (line.stockItem ? [line.stockItem.id] : [])),
  });
  const check = checkManualOrder(values, quote.book);
  const total = grandTotalOf(lines, quote.book);
  const unitsToChoose = lines.filter((line) => !isBlankLine(line) && !unitSoldOf(line, quote.book)).length;
  const notReady = submitNeedsClientAndItem && (check.clientMissing || lines.every(isBlankLine) || unitsToChoose > 0);

  const updateLine = (next: OrderLine) =>
    setLines((current) => current.map((line) => (line.key === next.key ? next : line)));
  const addLine = () => {
    const line = emptyOrderLine();
    setLines((current) => [...current, line]);
    setFocusKey(line.key);
  };
  const removeLine = (key: string) => setLines((current) => current.filter((line) => line.key !== key));

  const close = () => {
    if (!isLoading) onClose();
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (notReady || isLoading) return;
    setSubmitted(true);
    if (check.problem === 'noItems') {
      toast({ variant: 'error', title: t('toasts.noItems'), description: t('toasts.noItemsDescription') });
    } else if (check.problem === 'invalidItems') {
      toast({ variant: 'error', title: t('toasts.invalidItems'), description: t('toasts.invalidItemsDescription') });
    }
    if (check.problem || check.clientMissing) {
      const form = event.currentTarget;
      const firstInvalid = form.querySelector<HTMLElement>('[aria-invalid="true"]');
      if (firstInvalid) firstInvalid.focus();
      else if (check.clientMissing) form.querySelector<HTMLElement>('#order-client')?.focus();
      return;
    }
    setIsLoading(true);
    try {
      const request = toManualOrderRequest(values);
      const idempotencyKey = submissionKey.keyFor(request);
      const order = submission
        ? await submission.send(request, idempotencyKey)
        : await createOrder({ request, idempotencyKey }).unwrap();
      submissionKey.succeeded();
      setIsLoading(false);
      if (submission?.onCreated) {
        submission.onCreated(order);
      } else {
        toast({
          variant: 'success',
          title: t('toasts.created'),
          description: t('toasts.createdDescription', { number: order.orderNumber }),
        });
      }
      onClose();
    } catch (error) {
      setIsLoading(false);
      if (submission?.onError?.(error)) return;
      // A unit the item is not sold in (CONTRACT §10): said on the line the server names.
      const notSold = unitNotSoldOf(error);
      const refused = notSold ? sentLines(lines)[notSold.index] : undefined;
      if (notSold && refused) {
        updateLine({ ...refused, unitNote: { kind: 'notSold', unit: refused.unit, units: notSold.units } });
      }
      toast({ variant: 'error', title: t('toasts.createFailed'), description: describeOrderError(error, t, language) });
    }
  };

  return (
    <Dialog
      open
      onClose={close}
      aria-labelledby={titleId}
      maxWidth="md"
      fullWidth
      fullScreen={fullScreen}
      scroll="paper"
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <Box component="form" noValidate onSubmit={(event) => void submit(event)} sx={{ display: 'contents' }}>
        <DialogContent dividers sx={{ display: 'grid', gap: 2.5, gridAutoRows: 'max-content' }}>
          {intro}
          <ClientField
            value={client}
            onChange={setClient}
            errorText={submitted && check.clientMissing ? t('form.client.required') : undefined}
            hint={clientHint?.(client)}
            canSearch={access.readClients}
            canCreate={access.writeClients}
            onCreate={() => setCreatingClient(true)}
          />
          <TextField
            id="order-notes"
            label={t('form.notes.label')}
            placeholder={t('form.notes.placeholder')}
            value={notes}
            onChange={(event) => setNotes(event.target.value)}
            multiline
            minRows={2}
          />
          <Divider />
          <Box component="section" aria-labelledby={itemsTitleId} sx={{ display: 'grid', gap: 2 }}>
            <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
              <Typography id={itemsTitleId} variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>
                {t('form.items.title')}
              </Typography>
              <Button size="small" startIcon={<AddRoundedIcon />} onClick={addLine}>
                {t('form.items.add')}
              </Button>
            </Box>
            {lines.length === 0 && (
              <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center', py: 2 }}>
                {t('form.items.none')}
              </Typography>
            )}
            {lines.map((line, index) => (
              <OrderLineFields
                key={line.key}
                line={line}
                index={index}
                onChange={updateLine}
                onRemove={() => removeLine(line.key)}
                onCreateStockItem={() => setStockFor(line)}
                invalid={submitted ? (check.invalid[line.key] ?? []) : []}
                currency={currency}
                canSearchStock={access.readStock}
                canCreateStock={access.writeStock}
                autoFocus={line.key === focusKey}
                units={lineUnitsOf(line, quote.book)}
                priceHint={priceHintOf(line, quote.book)}
                pricing={quote.loading}
                {...lineExtras?.(line, updateLine)}
              />
            ))}
          </Box>
          <Box
            sx={{
              display: 'flex',
              flexWrap: 'wrap',
              alignItems: 'baseline',
              justifyContent: 'space-between',
              gap: 1,
              p: 2,
              borderRadius: 2,
              bgcolor: 'rgba(15, 118, 110, 0.06)',
            }}
          >
            <Box>
              <Typography variant="subtitle1" component="p" sx={{ fontWeight: 700 }}>
                {t('form.total')}
              </Typography>
              <Typography variant="caption" color="text.secondary" component="p">
                {t('form.totalHint')}
              </Typography>
              {quote.book.priceListName && (
                <Typography variant="caption" color="text.secondary" component="p" data-testid="price-list">
                  <bdi>{t('form.priceList', { name: quote.book.priceListName })}</bdi>
                </Typography>
              )}
            </Box>
            <Typography variant="h6" component="p" data-testid="grand-total" aria-live="polite">
              {format.money(centsToString(total))}
            </Typography>
          </Box>
          {submission?.extraFields}
        </DialogContent>
        <DialogActions sx={{ px: 3, py: 2, flexWrap: 'wrap', gap: 1 }}>
          {notReady && (
            <Typography id={needsId} variant="caption" color="text.secondary" sx={{ flexGrow: 1, m: 0 }}>
              {check.clientMissing || lines.every(isBlankLine)
                ? t('form.needsClientAndItem')
                : t('form.needsUnits', { count: unitsToChoose })}
            </Typography>
          )}
          <Button onClick={close} disabled={isLoading} color="inherit">
            {t('common:actions.cancel')}
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={isLoading || notReady}
            aria-describedby={notReady ? needsId : undefined}
          >
            {isLoading ? t('form.creating') : submitLabel}
          </Button>
        </DialogActions>
      </Box>
      {creatingClient && (
        <NewClientDialog
          initialName={client.client ? '' : client.name.trim() || (submission?.newClient?.name ?? '')}
          initialWhatsapp={submission?.newClient?.whatsapp}
          onClose={() => setCreatingClient(false)}
          onCreated={(created) => {
            setClient({ client: created, name: created.name });
            setCreatingClient(false);
          }}
        />
      )}
      {stockFor && (
        <NewStockItemDialog
          initialName={stockFor.stockItem ? '' : stockFor.itemName.trim()}
          currency={currency}
          onClose={() => setStockFor(null)}
          onCreated={(item) => {
            setLines((current) =>
              current.map((line) => (line.key === stockFor.key ? fillFromStockItem(line, item) : line)),
            );
            setStockFor(null);
          }}
        />
      )}
    </Dialog>
  );
}
