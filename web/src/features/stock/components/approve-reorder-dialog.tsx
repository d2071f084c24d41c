import CheckCircleRoundedIcon from '@mui/icons-material/CheckCircleRounded';
import DownloadRoundedIcon from '@mui/icons-material/DownloadRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { BilingualName } from '../../../components/bilingual-name';
import { useIsPhone } from '../../../components/phone-list';
import { useToast } from '../../../components/toaster/use-toast';
import { latinDigits } from '../../../lib/decimal';
import { nameIn } from '../../../lib/language';
import { downloadFile } from '../../../lib/download-file';
import { describeError } from '../../../lib/http-error';
import { useLanguage } from '../../../lib/use-language';
import {
  useDecideReorderSuggestionMutation,
  useGetSuppliersQuery,
  type ReorderSuggestionEntry,
} from '../api/stock-api';
import { useStockFormat } from '../hooks/use-stock-format';
import { SupplierNameField } from './supplier-name-field';

/** The server's bound on an approved quantity (whole base units). */
export const APPROVED_QUANTITY_MAX = 100_000_000;

interface ApproveReorderDialogProps {
  entry: ReorderSuggestionEntry;
  currency: string;
  onClose: () => void;
}

/** A typed whole quantity ("٢٤٠" → 240), or null when it is not a whole number from 1 to the maximum. */
export function wholeQuantity(text: string): number | null {
  const digits = latinDigits(text).trim();
  if (!/^\d+$/.test(digits)) return null;
  const value = Number(digits);
  return value >= 1 && value <= APPROVED_QUANTITY_MAX ? value : null;
}

/** The purchase order's PDF, saved under its number. */
export function downloadPurchaseOrder(order: { id: string; number: string }): Promise<string> {
  return downloadFile(`/api/stock/purchase-orders/${encodeURIComponent(order.id)}/pdf`, () => `${order.number}.pdf`);
}

/**
 * Approving a reorder suggestion (docs/decisions/0023-purchase-orders.md): the quantity to order
 * (the suggested one to start with, in the item's base unit, said in packs too) and, optionally,
 * the supplier. With a supplier the approval makes a numbered purchase order, which the dialog
 * then offers to download as a bilingual PDF.
 */
export function ApproveReorderDialog({ entry, currency, onClose }: ApproveReorderDialogProps) {
  const { t } = useTranslation('stock');
  const { language, direction } = useLanguage();
  const { toast } = useToast();
  const fullScreen = useIsPhone();
  const format = useStockFormat(currency);
  const { suggestion, stockItem } = entry;
  const [quantityText, setQuantityText] = useState(String(suggestion.suggestedQuantity));
  const [supplierName, setSupplierName] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const [made, setMade] = useState<{ id: string; number: string; supplier: string } | null>(null);
  const [downloading, setDownloading] = useState(false);
  const [decide, { isLoading }] = useDecideReorderSuggestionMutation();
  const suppliers = useGetSuppliersQuery();
  const knownSuppliers = useMemo(
    () => (suppliers.isError ? null : (suppliers.data ?? []).map((supplier) => supplier.name)),
    [suppliers.data, suppliers.isError],
  );

  const quantity = wholeQuantity(quantityText);
  const quantityError = submitted && quantity === null ? t('approve.quantityInvalid') : null;
  const withSupplier = supplierName.trim() !== '';

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    if (quantity === null) {
      document.getElementById('approve-quantity')?.focus();
      return;
    }
    setServerError(null);
    try {
      const decided = await decide({
        id: suggestion.id,
        status: 'approved',
        quantity,
        ...(withSupplier ? { supplierName: supplierName.trim() } : {}),
      }).unwrap();
      if (decided.purchaseOrder) {
        setMade({ ...decided.purchaseOrder, supplier: supplierName.trim() });
        return;
      }
      toast({
        variant: 'success',
        title: t('toasts.approved'),
        description: t('approve.approvedDescription', {
          name: nameIn(language, stockItem),
          quantity: format.inPacks(quantity, stockItem.unit, stockItem.packs),
        }),
      });
      onClose();
    } catch (error) {
      setServerError(describeError(error, t, language));
    }
  };

  const download = async (order: { id: string; number: string }) => {
    setDownloading(true);
    try {
      await downloadPurchaseOrder(order);
    } catch (error) {
      toast({ variant: 'error', title: t('approve.downloadFailed'), description: describeError(error, t, language) });
    } finally {
      setDownloading(false);
    }
  };

  const close = () => {
    if (!isLoading) onClose();
  };

  return (
    <Dialog
      open
      onClose={close}
      aria-labelledby="approve-reorder-title"
      maxWidth="sm"
      fullWidth
      fullScreen={fullScreen}
    >
      <DialogTitle id="approve-reorder-title">{made ? t('approve.madeTitle') : t('approve.title')}</DialogTitle>
      {made ? (
        <>
          <DialogContent sx={{ display: 'grid', gap: 2, alignContent: 'start' }}>
            <Alert severity="success" icon={<CheckCircleRoundedIcon />} role="status">
              {t('approve.made', { number: made.number, supplier: made.supplier })}
            </Alert>
            <Typography variant="body2" color="text.secondary">
              {t('approve.madeHint')}
            </Typography>
          </DialogContent>
          <DialogActions sx={{ px: 3, pb: 2.5 }}>
            <Button onClick={onClose} color="inherit">
              {t('common:actions.close')}
            </Button>
            <Button
              variant="contained"
              disabled={downloading}
              startIcon={downloading ? <CircularProgress size={16} color="inherit" /> : <DownloadRoundedIcon />}
              onClick={() => void download(made)}
              aria-label={t('approve.downloadLabel', { number: made.number })}
            >
              {t('approve.download')}
            </Button>
          </DialogActions>
        </>
      ) : (
        <Box component="form" noValidate onSubmit={(event) => void submit(event)} sx={{ display: 'contents' }}>
          <DialogContent sx={{ display: 'grid', gap: 2.5, alignContent: 'start' }}>
            <Box>
              <BilingualName name={stockItem.name} nameAr={stockItem.nameAr} />
              <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
                {t('approve.inStock', {
                  quantity: format.inPacks(stockItem.quantity, stockItem.unit, stockItem.packs),
                  suggested: format.inPacks(suggestion.suggestedQuantity, stockItem.unit, stockItem.packs),
                })}
              </Typography>
            </Box>
            {serverError && (
              <Alert severity="error" role="alert">
                {serverError}
              </Alert>
            )}
            <TextField
              id="approve-quantity"
              label={t('approve.quantity', { unit: format.unitWord(stockItem.unit) })}
              value={quantityText}
              onChange={(event) => setQuantityText(event.target.value)}
              required
              autoFocus
              autoComplete="off"
              error={Boolean(quantityError)}
              helperText={
                quantityError ??
                (quantity === null
                  ? t('approve.quantityHint')
                  : t('approve.quantityInPacks', {
                      quantity: format.inPacks(quantity, stockItem.unit, stockItem.packs),
                    }))
              }
              slotProps={{
                htmlInput: {
                  dir: 'ltr',
                  inputMode: 'numeric',
                  style: { textAlign: direction === 'rtl' ? 'right' : 'left' },
                },
              }}
            />
            <SupplierNameField
              id="approve-supplier"
              value={supplierName}
              onChange={setSupplierName}
              knownSuppliers={knownSuppliers}
              loading={suppliers.isFetching}
              required={false}
              label={t('approve.supplier')}
              helperText={t('approve.supplierHint')}
            />
          </DialogContent>
          <DialogActions sx={{ px: 3, pb: 2.5 }}>
            <Button onClick={close} disabled={isLoading} color="inherit">
              {t('common:actions.cancel')}
            </Button>
            <Button type="submit" variant="contained" disabled={isLoading}>
              {isLoading ? t('approve.saving') : withSupplier ? t('approve.confirmWithOrder') : t('approve.confirm')}
            </Button>
          </DialogActions>
        </Box>
      )}
    </Dialog>
  );
}
