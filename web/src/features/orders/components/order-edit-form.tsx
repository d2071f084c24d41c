import AddRoundedIcon from '@mui/icons-material/AddRounded';
import DeleteOutlineRoundedIcon from '@mui/icons-material/DeleteOutlineRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { SxProps, Theme } from '@mui/material/styles';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { BilingualName } from '../../../components/bilingual-name';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useToast } from '../../../components/toaster/use-toast';
import { describeOrderError } from '../lib/order-errors';
import { latinInputProps } from '../../../lib/rtl';
import { currencyLabel } from '../../../lib/format';
import { useLanguage } from '../../../lib/use-language';
import {
  useAddOrderItemMutation,
  useDeleteOrderItemMutation,
  useUpdateOrderItemMutation,
  useUpdateOrderMutation,
  type OrderDto,
  type OrderItemDto,
  type UpdateOrderRequest,
} from '../api/orders-api';
import type { OrderFormat } from '../hooks/use-order-format';
import { useOrderQuote } from '../hooks/use-order-quote';
import { centsToString } from '../../../lib/decimal';
import {
  changeLineUnit,
  invalidFieldsOf,
  lineTotalOf,
  lineUnitsOf,
  priceHintOf,
  setLineQuantity,
  toItemRequest,
  type OrderLine,
} from '../lib/manual-order';
import {
  draftOf,
  editQuantityInputMode,
  emptyNewItem,
  invalidDraftFields,
  itemChanges,
  linkChanged,
  normaliseEditQuantity,
  relinkDraft,
  type ItemDraft,
} from '../lib/order-edit';
import { StockLinkField } from './stock-link-field';
import { LinkedUnitField } from './unit-field';
import { OrderLineFields, useUnitNoteText } from './order-line-fields';

interface OrderEditFormProps {
  order: OrderDto;
  items: OrderItemDto[];
  currency: string;
  format: OrderFormat;
  /** orders:delete: the delete buttons. */
  canDeleteItems: boolean;
  /** stock:read: the SKU is a stock-item picker (else it is shown as text). */
  canLinkStock: boolean;
  /** Back to the details (after saving, or on Cancel). */
  onDone: () => void;
}

/**
 * Edit Order mode (SPEC §2, §5): client name and notes, each line's stock link (SKU or None),
 * quantity (a whole number of at least 1, or up to 3 decimals for kg, g, L and ml: decision
 * 0005) and unit price; lines are deleted (after a confirm) and added at once, and Save Changes
 * sends the changed lines one by one, then the order's own changes.
 */
export function OrderEditForm({
  order,
  items,
  currency,
  format,
  canDeleteItems,
  canLinkStock,
  onDone,
}: OrderEditFormProps) {
  const { t } = useTranslation('orders');
  const { language, direction } = useLanguage();
  const { toast } = useToast();
  const [clientName, setClientName] = useState(order.clientName);
  const [notes, setNotes] = useState(order.notes ?? '');
  const [drafts, setDrafts] = useState<Record<string, ItemDraft>>({});
  const [submitted, setSubmitted] = useState(false);
  const [saving, setSaving] = useState(false);
  const [newLine, setNewLine] = useState<OrderLine>(emptyNewItem);
  const [newLineTried, setNewLineTried] = useState(false);
  const [deleting, setDeleting] = useState<OrderItemDto | null>(null);
  const [confirmOpen, setConfirmOpen] = useState(false);
  const [updateItem] = useUpdateOrderItemMutation();
  const [updateOrder] = useUpdateOrderMutation();
  const [addItem, addState] = useAddOrderItemMutation();
  const [deleteItem, deleteState] = useDeleteOrderItemMutation();
  const latinInput = latinInputProps(direction);

  const noteText = useUnitNoteText(format);
  const draft = (item: OrderItemDto): ItemDraft => drafts[item.id] ?? draftOf(item);
  const setDraft = (item: OrderItemDto, change: (current: ItemDraft) => ItemDraft) =>
    setDrafts((current) => ({ ...current, [item.id]: change(current[item.id] ?? draftOf(item)) }));
  /**
   * SPEC §5 with decision 0005: a quantity typed that the line's unit does not allow becomes 1
   * (a quantity converted to another unit, 2.5 cartons, stays as converted).
   */
  const settleQuantity = (item: OrderItemDto) => {
    const value = draft(item);
    if (value.unitNote?.kind !== 'converted' && value.quantity.trim() !== String(item.quantity)) {
      setDraft(item, (current) => ({ ...current, quantity: normaliseEditQuantity(current.quantity, current.unit) }));
    }
  };
  const quote = useOrderQuote({
    clientId: order.clientId,
    clientName: order.clientName,
    stockItemIds: [...items.map((item) => draft(item).stockItem?.id), newLine.stockItem?.id].flatMap((id) =>
      id ? [id] : [],
    ),
  });

  const clientMissing = !clientName.trim();
  const invalidLines = Object.fromEntries(items.map((item) => [item.id, invalidDraftFields(draft(item), quote.book)]));
  const invalidItems = items.filter((item) => (invalidLines[item.id] ?? []).length > 0).map((item) => item.id);
  const busy = saving || addState.isLoading || deleteState.isLoading;

  const save = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    if (clientMissing || invalidItems.length > 0) {
      event.currentTarget.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
      return;
    }
    const itemRequests = items
      .map((item) => itemChanges(order.id, item, draft(item)))
      .filter((request) => request !== null);
    const orderRequest: UpdateOrderRequest = { id: order.id };
    if (clientName.trim() !== order.clientName) orderRequest.clientName = clientName.trim();
    const nextNotes = notes.trim() || null;
    if (nextNotes !== (order.notes ?? null)) orderRequest.notes = nextNotes;
    const orderChanged = Object.keys(orderRequest).length > 1;

    setSaving(true);
    try {
      // SPEC §7: changed lines one by one, then the order.
      for (const request of itemRequests) await updateItem(request).unwrap();
      if (orderChanged) await updateOrder(orderRequest).unwrap();
      if (orderChanged) {
        toast({
          variant: 'success',
          title: t('toasts.orderUpdated'),
          description: t('toasts.orderUpdatedDescription'),
        });
      } else if (itemRequests.length > 0) {
        toast({
          variant: 'success',
          title: t('toasts.itemUpdated'),
          description: t('toasts.itemsUpdatedDescription', { count: itemRequests.length }),
        });
      }
      onDone();
    } catch (error) {
      toast({ variant: 'error', title: t('toasts.saveFailed'), description: describeOrderError(error, t, language) });
    } finally {
      setSaving(false);
    }
  };

  const newLineInvalid = invalidFieldsOf(newLine, quote.book);
  const clearNewLine = () => {
    setNewLine(emptyNewItem());
    setNewLineTried(false);
  };
  /** The line below the items, picked from the catalogue like New Order's (or typed), added at once. */
  const addNewItem = async () => {
    setNewLineTried(true);
    if (newLineInvalid.length > 0) return;
    const name = newLine.itemName.trim();
    try {
      await addItem({ orderId: order.id, ...toItemRequest(newLine) }).unwrap();
      toast({
        variant: 'success',
        title: t('toasts.itemAdded'),
        description: t('toasts.itemAddedDescription', { name }),
      });
      clearNewLine();
    } catch (error) {
      toast({
        variant: 'error',
        title: t('toasts.itemAddFailed'),
        description: describeOrderError(error, t, language),
      });
    }
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await deleteItem({ orderId: order.id, itemId: deleting.id }).unwrap();
      toast({
        variant: 'success',
        title: t('toasts.itemDeleted'),
        description: t('toasts.itemDeletedDescription', { name: deleting.itemName }),
      });
      setConfirmOpen(false);
    } catch (error) {
      toast({
        variant: 'error',
        title: t('toasts.itemDeleteFailed'),
        description: describeOrderError(error, t, language),
      });
    }
  };

  const lastItem = items.length <= 1;
  const currencyAdornment = {
    endAdornment: <InputAdornment position="end">{currencyLabel(currency, language)}</InputAdornment>,
  };
  const moneyInput = { ...latinInput, inputMode: 'decimal' as const };
  // On a phone the table scrolls sideways under the item's name, which stays in view.
  // (A shadow, not a border, marks its edge: a collapsed table's borders do not stick.)
  const itemCell: SxProps<Theme> = (theme) => ({
    position: { xs: 'sticky', sm: 'static' },
    left: 0,
    zIndex: 1,
    bgcolor: 'background.paper',
    minWidth: { xs: 140, sm: 'auto' },
    boxShadow: { xs: `inset -1px 0 0 ${theme.palette.divider}`, sm: 'none' },
  });

  return (
    <Box component="form" noValidate onSubmit={(event) => void save(event)} sx={{ display: 'contents' }}>
      {/* Rows as tall as their content: the dialog scrolls, the items table is never squeezed. */}
      <DialogContent dividers sx={{ display: 'grid', gap: 2.5, gridAutoRows: 'max-content' }}>
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2 }}>
          <TextField
            id="edit-order-client"
            label={t('details.edit.clientName')}
            required
            value={clientName}
            onChange={(event) => setClientName(event.target.value)}
            error={submitted && clientMissing}
            helperText={submitted && clientMissing ? t('details.edit.clientRequired') : undefined}
          />
          <TextField
            id="edit-order-notes"
            label={t('details.edit.notes')}
            value={notes}
            onChange={(event) => setNotes(event.target.value)}
            multiline
            minRows={1}
          />
        </Box>

        <TableContainer sx={{ border: 1, borderColor: 'divider', borderRadius: 2 }}>
          <Table size="small" aria-label={t('details.items.tableLabel')} sx={{ minWidth: 1040 }}>
            <TableHead>
              <TableRow>
                <TableCell sx={itemCell}>{t('details.items.columns.item')}</TableCell>
                <TableCell sx={{ width: 190 }}>{t('details.items.columns.sku')}</TableCell>
                <TableCell sx={{ width: 120 }}>{t('details.items.columns.quantity')}</TableCell>
                <TableCell sx={{ width: 170 }}>{t('details.items.columns.unit')}</TableCell>
                <TableCell sx={{ width: 150 }}>{t('details.items.columns.unitPrice')}</TableCell>
                <TableCell sx={{ width: 100 }}>{t('details.items.columns.discount')}</TableCell>
                <TableCell align="right">{t('details.items.columns.total')}</TableCell>
                {canDeleteItems && <TableCell align="right">{t('details.items.columns.actions')}</TableCell>}
              </TableRow>
            </TableHead>
            <TableBody>
              {items.map((item) => {
                const value = draft(item);
                const invalid = submitted ? (invalidLines[item.id] ?? []) : [];
                const units = lineUnitsOf(value, quote.book);
                const hint = priceHintOf(value, quote.book);
                const total = lineTotalOf(value, hint);
                const note = noteText.note(value.unitNote);
                const discountInvalid = (invalidLines[item.id] ?? []).includes('discountPercent');
                return (
                  <TableRow key={item.id} data-testid="order-item-row">
                    <TableCell sx={itemCell}>
                      <BilingualName name={item.itemName} nameAr={item.itemNameAr} detail={item.sku} />
                    </TableCell>
                    <TableCell>
                      {canLinkStock ? (
                        <StockLinkField
                          value={value.stockItem}
                          onChange={(stockItem) => setDraft(item, (current) => relinkDraft(current, stockItem))}
                          label={t('details.edit.skuOf', { name: item.itemName })}
                          helperText={linkChanged(item, value) ? value.stockItem?.name : undefined}
                          format={format}
                        />
                      ) : (
                        <Typography variant="body2" sx={{ fontFamily: item.sku ? 'monospace' : undefined }}>
                          <bdi>{item.sku ?? t('details.edit.skuNone')}</bdi>
                        </Typography>
                      )}
                    </TableCell>
                    <TableCell>
                      <TextField
                        size="small"
                        fullWidth
                        sx={{ minWidth: 96 }}
                        value={value.quantity}
                        onChange={(event) => setDraft(item, (current) => setLineQuantity(current, event.target.value))}
                        onBlur={() => settleQuantity(item)}
                        helperText={note.quantityWarning}
                        slotProps={{
                          input: value.stockItem
                            ? note.quantityWarning
                              ? { sx: { bgcolor: 'rgba(245, 158, 11, 0.10)' } }
                              : undefined
                            : {
                                endAdornment: <InputAdornment position="end">{format.unit(value.unit)}</InputAdornment>,
                              },
                          formHelperText: { sx: { mx: 0, color: 'warning.dark', fontWeight: 600 } },
                          htmlInput: {
                            ...latinInput,
                            inputMode: editQuantityInputMode(value.unit),
                            'aria-label': t('details.edit.quantityOf', { name: item.itemName }),
                          },
                        }}
                      />
                    </TableCell>
                    <TableCell>
                      {value.stockItem ? (
                        <LinkedUnitField
                          id={`edit-${item.id}-unit`}
                          label={t('details.edit.unitOf', { name: item.itemName })}
                          labelHidden
                          size="small"
                          value={value.unit}
                          units={units}
                          onChange={(unit) => setDraft(item, (current) => changeLineUnit(current, unit, units ?? []))}
                          error={invalid.includes('unit') || value.unitNote?.kind === 'notSold'}
                          helperText={
                            note.unitHelper ??
                            (invalid.includes('unit') && units ? t('form.items.errors.unit') : undefined)
                          }
                          warning={note.unitWarning}
                        />
                      ) : (
                        <Typography variant="body2">{format.units.word(value.unit)}</Typography>
                      )}
                    </TableCell>
                    <TableCell>
                      <TextField
                        size="small"
                        value={value.unitPrice}
                        placeholder={hint?.price}
                        onChange={(event) =>
                          setDraft(item, (current) => ({ ...current, unitPrice: event.target.value }))
                        }
                        error={invalid.includes('unitPrice')}
                        helperText={
                          invalid.includes('unitPrice')
                            ? t('details.edit.priceInvalid')
                            : !value.unitPrice.trim() && hint
                              ? noteText.priceSource(hint, value.unit)
                              : undefined
                        }
                        slotProps={{
                          input: currencyAdornment,
                          formHelperText: { sx: { mx: 0 } },
                          htmlInput: {
                            ...moneyInput,
                            'aria-label': t('details.edit.unitPriceOf', { name: item.itemName }),
                          },
                        }}
                      />
                    </TableCell>
                    <TableCell>
                      <TextField
                        size="small"
                        value={value.discountPercent}
                        placeholder="0"
                        onChange={(event) =>
                          setDraft(item, (current) => ({ ...current, discountPercent: event.target.value }))
                        }
                        error={discountInvalid}
                        helperText={discountInvalid ? t('form.items.errors.discount') : undefined}
                        slotProps={{
                          input: { endAdornment: <InputAdornment position="end">%</InputAdornment> },
                          formHelperText: { sx: { mx: 0 } },
                          htmlInput: {
                            ...moneyInput,
                            'aria-label': t('details.edit.discountOf', { name: item.itemName }),
                          },
                        }}
                      />
                    </TableCell>
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                      {total === null ? t('common:noValue') : format.money(centsToString(total))}
                    </TableCell>
                    {canDeleteItems && (
                      <TableCell align="right">
                        <Tooltip
                          title={
                            lastItem
                              ? t('details.edit.lastItem')
                              : t('details.edit.deleteItem', { name: item.itemName })
                          }
                        >
                          <span>
                            <IconButton
                              size="small"
                              color="error"
                              aria-label={t('details.edit.deleteItem', { name: item.itemName })}
                              disabled={lastItem || busy}
                              onClick={() => {
                                setDeleting(item);
                                setConfirmOpen(true);
                              }}
                            >
                              <DeleteOutlineRoundedIcon fontSize="small" />
                            </IconButton>
                          </span>
                        </Tooltip>
                      </TableCell>
                    )}
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </TableContainer>

        <Box
          component="section"
          aria-labelledby="add-item-title"
          sx={{
            border: 1,
            borderColor: 'divider',
            borderStyle: 'dashed',
            borderRadius: 2,
            p: 2,
            display: 'grid',
            gap: 1.5,
          }}
        >
          <Typography id="add-item-title" variant="subtitle2" component="h3">
            {t('details.edit.addTitle')}
          </Typography>
          <OrderLineFields
            line={newLine}
            index={items.length}
            onChange={setNewLine}
            onRemove={clearNewLine}
            onCreateStockItem={() => undefined}
            invalid={newLineTried ? newLineInvalid : []}
            currency={currency}
            canSearchStock={canLinkStock}
            canCreateStock={false}
            units={lineUnitsOf(newLine, quote.book)}
            priceHint={priceHintOf(newLine, quote.book)}
            pricing={quote.loading}
          />
          <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
            <Button
              variant="outlined"
              startIcon={<AddRoundedIcon />}
              onClick={() => void addNewItem()}
              disabled={busy}
              sx={{ whiteSpace: 'nowrap' }}
            >
              {addState.isLoading ? t('details.edit.adding') : t('details.edit.add')}
            </Button>
          </Box>
        </Box>
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2 }}>
        <Button onClick={onDone} disabled={busy} color="inherit">
          {t('common:actions.cancel')}
        </Button>
        <Button type="submit" variant="contained" disabled={busy}>
          {saving ? t('common:actions.saving') : t('details.edit.save')}
        </Button>
      </DialogActions>
      <ConfirmDialog
        open={confirmOpen}
        title={t('details.edit.deleteTitle')}
        message={
          deleting ? t('details.edit.deleteMessage', { name: deleting.itemName, number: order.orderNumber }) : ''
        }
        confirmLabel={t('common:actions.delete')}
        pendingLabel={t('common:actions.deleting')}
        pending={deleteState.isLoading}
        onConfirm={() => void confirmDelete()}
        onClose={() => setConfirmOpen(false)}
      />
    </Box>
  );
}
