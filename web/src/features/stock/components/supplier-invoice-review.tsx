import type { AppErrorCode, InvoiceDto, SupplierInvoiceDraftDto } from '@erp/contracts';
import AddRoundedIcon from '@mui/icons-material/AddRounded';
import CheckRoundedIcon from '@mui/icons-material/CheckRounded';
import OpenInNewRoundedIcon from '@mui/icons-material/OpenInNewRounded';
import PlaylistAddRoundedIcon from '@mui/icons-material/PlaylistAddRounded';
import ReceiptLongRoundedIcon from '@mui/icons-material/ReceiptLongRounded';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../../components/date-field';
import { useToast } from '../../../components/toaster/use-toast';
import { formatDate } from '../../../lib/format';
import { describeError, errorCodeOf, isHttpError } from '../../../lib/http-error';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useUnitFormat } from '../../../lib/units';
import { useLanguage } from '../../../lib/use-language';
import { visuallyHidden } from '../../../lib/visually-hidden';
import { useApplyReceiptMutation, useLookupSupplierInvoicesQuery } from '../api/supplier-invoice-api';
import { SEARCH_DEBOUNCE_MS } from '../hooks/use-inventory';
import { useStockFormat } from '../hooks/use-stock-format';
import { centsToString, moneyText } from '../../../lib/decimal';
import {
  chooseNewItem,
  emptyReviewLine,
  hasMessages,
  newReceiptId,
  noMessages,
  receiptRequestOf,
  receiptTotalOf,
  reviewFormOf,
  reviewMessagesOfServer,
  validateReview,
  type HeaderField,
  type LineField,
  type ReviewForm,
  type ReviewLine,
  type ReviewMessages,
} from '../lib/supplier-invoice-review';
import { ReceiptLineCard, ReceiptLineRow } from './receipt-line-editor';
import { SupplierNameField } from './supplier-name-field';

const SKU_TAKEN: AppErrorCode = 'INVENTORY_SKU_TAKEN';
const LINE_UNMATCHED: AppErrorCode = 'INVENTORY_RECEIPT_LINE_UNMATCHED';
const UNIT_NOT_SOLD: AppErrorCode = 'INVENTORY_UNIT_NOT_SOLD';

/** INVENTORY_UNIT_NOT_SOLD's line and the units its item is received in (details.line, details.units). */
function unitsNotSoldOf(error: unknown): { line: number; units: string[] } | null {
  if (errorCodeOf(error) !== UNIT_NOT_SOLD || !isHttpError(error)) return null;
  const details = error.body?.details as { line?: unknown; units?: unknown } | undefined;
  if (typeof details?.line !== 'number' || !Array.isArray(details.units)) return null;
  return { line: details.line, units: details.units.filter((unit): unit is string => typeof unit === 'string') };
}

/** Why the last Apply did not go through, as the alert above the buttons says it. */
type Outcome = { kind: 'conflict' } | { kind: 'skuTaken' } | { kind: 'failed'; description: string; fields: string[] };

interface SupplierInvoiceReviewProps {
  draft: SupplierInvoiceDraftDto;
  currency: string;
  /** Applied (or found applied before): the dialog closes. */
  onApplied: () => void;
  onCancel: () => void;
}

const sameText = (a: string | null | undefined, b: string) =>
  (a ?? '').trim().toLocaleLowerCase() === b.trim().toLocaleLowerCase();

function todayText(): string {
  const now = new Date();
  return [now.getFullYear(), now.getMonth() + 1, now.getDate()].map((part) => String(part).padStart(2, '0')).join('-');
}

/** `details.fields[]` of a refused call as `{ field, message }`. */
function serverFieldsOf(error: unknown): Array<{ field: string; message: string }> {
  if (!isHttpError(error)) return [];
  const details = error.body?.details as { fields?: Array<{ field?: unknown; messages?: unknown }> } | undefined;
  if (!Array.isArray(details?.fields)) return [];
  return details.fields.flatMap(({ field, messages }) => {
    const first = Array.isArray(messages) ? messages[0] : undefined;
    return typeof field === 'string'
      ? [{ field, message: typeof first === 'string' ? first : error.body!.message }]
      : [];
  });
}

/**
 * Review and correct what the reader found (the supplier, the invoice's number and date, and
 * each line's stock item, quantity, unit, unit cost, batch and dates), then apply it as a goods
 * receipt, exactly once (one receipt id per reviewed invoice, kept across retries).
 */
export function SupplierInvoiceReview({ draft, currency, onApplied, onCancel }: SupplierInvoiceReviewProps) {
  const { t } = useTranslation('stock');
  const { language } = useLanguage();
  const { toast } = useToast();
  const unitFormat = useUnitFormat();
  // The lines' table needs about 1100 px; narrower (tablets, phones) they are cards.
  const compact = useMediaQuery('(max-width: 1199.95px)', { noSsr: true });
  const format = useStockFormat(currency);
  const headerId = useId();
  const linesHeadingId = useId();
  const contentRef = useRef<HTMLDivElement>(null);
  const outcomeRef = useRef<HTMLDivElement>(null);
  const [form, setForm] = useState<ReviewForm>(() => reviewFormOf(draft));
  // One receipt per reviewed invoice: a retry after a lost answer is not applied twice.
  const [receiptId] = useState(newReceiptId);
  const [submitted, setSubmitted] = useState(false);
  const [server, setServer] = useState<ReviewMessages>(noMessages);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [focusRequest, setFocusRequest] = useState(0);
  const [applyReceipt, { isLoading: applying }] = useApplyReceiptMutation();
  const [today] = useState(todayText);

  const supplierSearch = useDebouncedValue(form.supplierName.trim(), SEARCH_DEBOUNCE_MS);
  const earlier = useLookupSupplierInvoicesQuery(supplierSearch);
  const earlierInvoices: InvoiceDto[] | null = earlier.isError ? null : (earlier.currentData ?? null);
  const knownSuppliers = useMemo(() => {
    if (!earlierInvoices) return earlier.isError ? null : [];
    const names = new Map<string, string>();
    for (const invoice of earlierInvoices) {
      const name = invoice.supplierName?.trim();
      if (name && !names.has(name.toLocaleLowerCase())) names.set(name.toLocaleLowerCase(), name);
    }
    return [...names.values()];
  }, [earlierInvoices, earlier.isError]);
  const duplicate =
    form.invoiceNumber.trim() && form.supplierName.trim()
      ? earlierInvoices?.find(
          (invoice) =>
            sameText(invoice.supplierName, form.supplierName) &&
            sameText(invoice.supplierInvoiceNumber, form.invoiceNumber),
        )
      : undefined;

  const rules = submitted ? validateReview(form) : noMessages;
  const headerMessage = (field: HeaderField) => {
    const key = rules.header[field];
    return key ? t(key) : server.header[field];
  };
  const lineMessages = (line: ReviewLine): Partial<Record<LineField, string>> => {
    const own = rules.lines[line.key] ?? {};
    const fromServer = server.lines[line.key] ?? {};
    const messages: Partial<Record<LineField, string>> = { ...fromServer };
    for (const [field, key] of Object.entries(own)) if (key) messages[field as LineField] = t(key);
    return messages;
  };

  // After an Apply the form refused, the first field in question gets the focus.
  useEffect(() => {
    if (focusRequest === 0) return;
    const invalid = contentRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (invalid) {
      invalid.scrollIntoView?.({ block: 'center' });
      invalid.focus();
    }
  }, [focusRequest]);

  useEffect(() => {
    if (outcome) outcomeRef.current?.scrollIntoView?.({ block: 'nearest' });
  }, [outcome]);

  const edit = setForm;
  const setHeader = (field: HeaderField, value: string) => {
    edit((current) => ({ ...current, [field]: value }));
    // An edited field drops what the server said about it.
    setServer((current) =>
      current.header[field] ? { ...current, header: { ...current.header, [field]: undefined } } : current,
    );
  };
  // Only state setters inside: the line editors may keep an earlier render's callbacks.
  const updateLine = useCallback((key: string, update: (line: ReviewLine) => ReviewLine) => {
    setForm((current) => ({
      ...current,
      lines: current.lines.map((line) => (line.key === key ? update(line) : line)),
    }));
    setServer((current) => {
      if (!current.lines[key]) return current;
      const { [key]: _dropped, ...lines } = current.lines;
      return { ...current, lines };
    });
  }, []);
  const removeLine = useCallback((key: string) => {
    setForm((current) => ({ ...current, lines: current.lines.filter((line) => line.key !== key) }));
    // The server's messages name lines by position: after a removal they no longer fit.
    setServer(noMessages);
  }, []);
  const addLine = () => edit((current) => ({ ...current, lines: [...current.lines, emptyReviewLine()] }));
  const createAllNew = () =>
    edit((current) => ({
      ...current,
      lines: current.lines.map((line) => (line.choice.kind === 'none' ? chooseNewItem(line) : line)),
    }));

  /** The server's per-field texts: its own words in English, a translated hint in Arabic. */
  const localise = (messages: ReviewMessages, code: string | undefined): ReviewMessages => {
    if (language === 'en') return messages;
    const lines: ReviewMessages['lines'] = {};
    for (const [key, fields] of Object.entries(messages.lines)) {
      lines[key] = Object.fromEntries(
        Object.keys(fields).map((field) => [
          field,
          field === 'item' && code === LINE_UNMATCHED
            ? t('review.errors.itemRequired')
            : t('review.errors.serverInvalid'),
        ]),
      );
    }
    const header = Object.fromEntries(
      Object.keys(messages.header).map((field) => [field, t('review.errors.serverInvalid')]),
    );
    return { header, lines, form: messages.form };
  };

  const apply = async () => {
    setSubmitted(true);
    setOutcome(null);
    if (hasMessages(validateReview(form))) {
      setServer(noMessages);
      setFocusRequest((count) => count + 1);
      return;
    }
    setServer(noMessages);
    const request = receiptRequestOf(form, receiptId);
    try {
      const result = await applyReceipt(request).unwrap();
      if (result.repeated) {
        toast({ title: t('toasts.alreadyReceived'), description: t('toasts.alreadyReceivedDescription') });
      } else {
        toast({
          variant: 'success',
          title: t('toasts.received'),
          description: t('toasts.receivedDescription', {
            number: request.invoiceNumber,
            supplier: request.supplierName,
            count: request.lines.length,
          }),
        });
      }
      onApplied();
    } catch (error) {
      const code = errorCodeOf(error);
      if (isHttpError(error) && error.status === 409) {
        setOutcome(code === SKU_TAKEN ? { kind: 'skuTaken' } : { kind: 'conflict' });
        return;
      }
      const placed = reviewMessagesOfServer(serverFieldsOf(error), form);
      const mainMessage = isHttpError(error) ? error.body?.message : undefined;
      const localised = localise(placed, code);
      // A unit the item is not received in: the units it is, in the user's language.
      const notSold = unitsNotSoldOf(error);
      const notSoldLine = notSold ? form.lines[notSold.line] : undefined;
      if (notSold && notSoldLine) {
        const units = notSold.units.map(unitFormat.short).join(language === 'ar' ? '، ' : ', ');
        localised.lines[notSoldLine.key] = {
          ...localised.lines[notSoldLine.key],
          unit: t('review.errors.unitNotSoldUnits', { units }),
        };
      }
      setServer(localised);
      setOutcome({
        kind: 'failed',
        description: describeError(error, t, language),
        // Messages that name no field of the form, besides the one the description already says.
        fields: language === 'en' ? placed.form.filter((message) => message !== mainMessage) : [],
      });
      if (hasMessages({ ...placed, form: [] })) setFocusRequest((count) => count + 1);
    }
  };

  const total = receiptTotalOf(form);
  // The lines as reviewed against the subtotal the invoice prints (before any line is removed).
  const subtotalMismatch =
    form.printedSubtotal !== null &&
    total.complete &&
    moneyText(form.printedSubtotal) !== null &&
    moneyText(form.printedSubtotal) !== centsToString(total.cents);
  const checkCount = form.lines.filter((line) => line.needsCheck).length;
  const unmatchedCount = form.lines.filter((line) => line.choice.kind === 'none').length;
  const showFixBelow = submitted && hasMessages({ ...rules, form: [] });

  const editorProps = (line: ReviewLine, index: number) => ({
    line,
    number: index + 1,
    messages: lineMessages(line),
    currency,
    today,
    onChange: (update: (line: ReviewLine) => ReviewLine) => updateLine(line.key, update),
    onRemove: () => removeLine(line.key),
  });

  const columns = t('review.columns', { returnObjects: true }) as Record<string, string>;
  const lines =
    form.lines.length === 0 ? (
      <Box
        sx={{
          py: 4,
          px: 2,
          textAlign: 'center',
          border: 1,
          borderStyle: 'dashed',
          borderColor: rules.form.length ? 'error.main' : 'divider',
          borderRadius: 2,
        }}
      >
        <ReceiptLongRoundedIcon sx={{ fontSize: 36, color: 'text.secondary', opacity: 0.6 }} aria-hidden />
        <Typography variant="subtitle1" component="p" sx={{ fontWeight: 600 }}>
          {t('review.empty.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t('review.empty.description')}
        </Typography>
        {rules.form.length > 0 && (
          <Typography variant="body2" color="error" role="alert" sx={{ mb: 2 }}>
            {t(rules.form[0]!)}
          </Typography>
        )}
        <Button variant="outlined" startIcon={<AddRoundedIcon />} onClick={addLine}>
          {t('review.addLine')}
        </Button>
      </Box>
    ) : compact ? (
      <Box
        component="ol"
        aria-labelledby={linesHeadingId}
        sx={{
          listStyle: 'none',
          m: 0,
          p: 0,
          display: 'grid',
          gap: 1.5,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' },
          alignItems: 'start',
        }}
      >
        {form.lines.map((line, index) => (
          <ReceiptLineCard key={line.key} {...editorProps(line, index)} />
        ))}
      </Box>
    ) : (
      // No scroller of its own: the header row sticks to the top of the dialog's content.
      <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }}>
        <Table size="small" stickyHeader aria-labelledby={linesHeadingId}>
          <TableHead>
            <TableRow
              sx={{
                '& th': {
                  px: 1,
                  whiteSpace: 'nowrap',
                  fontWeight: 600,
                  color: 'text.secondary',
                  bgcolor: 'background.paper',
                  // Stuck over the dialog content's top padding (16 px), so no row shows above it.
                  top: -16,
                  boxShadow: (theme) => `inset 0 -1px 0 ${theme.palette.divider}`,
                },
                // The header's background stays inside the box's rounded corners.
                '& th:first-of-type': { borderTopLeftRadius: 9 },
                '& th:last-of-type': { borderTopRightRadius: 9 },
              }}
            >
              <TableCell>{columns.number}</TableCell>
              <TableCell>{columns.item}</TableCell>
              <TableCell>{columns.quantity}</TableCell>
              <TableCell>{columns.unit}</TableCell>
              <TableCell>{columns.unitPrice}</TableCell>
              <TableCell>{columns.batchNumber}</TableCell>
              <TableCell>{columns.dates}</TableCell>
              <TableCell align="right">{columns.total}</TableCell>
              <TableCell>
                <Box component="span" sx={visuallyHidden}>
                  {columns.actions}
                </Box>
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {form.lines.map((line, index) => (
              <ReceiptLineRow key={line.key} {...editorProps(line, index)} />
            ))}
          </TableBody>
        </Table>
      </Box>
    );

  return (
    <>
      <DialogContent dividers ref={contentRef} sx={{ display: 'grid', gap: 2.5, alignContent: 'start' }}>
        <Box
          sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, justifyContent: 'space-between', alignItems: 'baseline' }}
        >
          <DialogContentText sx={{ flex: '1 1 420px' }}>{t('review.description')}</DialogContentText>
          {draft.uploadedFileUrl && (
            <Link
              href={draft.uploadedFileUrl}
              target="_blank"
              rel="noopener noreferrer"
              variant="body2"
              sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, fontWeight: 600 }}
            >
              {t('review.viewOriginal')}
              <OpenInNewRoundedIcon sx={{ fontSize: 16 }} aria-hidden />
            </Link>
          )}
        </Box>

        <Box
          role="group"
          aria-labelledby={`${headerId}-title`}
          sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '2fr 1fr 1fr' }, gap: 2, alignItems: 'start' }}
        >
          <Typography id={`${headerId}-title`} sx={visuallyHidden}>
            {t('review.title')}
          </Typography>
          <SupplierNameField
            id={`${headerId}-supplier`}
            value={form.supplierName}
            onChange={(value) => setHeader('supplierName', value)}
            knownSuppliers={knownSuppliers}
            loading={earlier.isFetching || supplierSearch !== form.supplierName.trim()}
            error={headerMessage('supplierName')}
          />
          <TextField
            id={`${headerId}-number`}
            size="small"
            label={t('review.invoiceNumber')}
            required
            value={form.invoiceNumber}
            onChange={(event) => setHeader('invoiceNumber', event.target.value)}
            error={Boolean(headerMessage('invoiceNumber'))}
            helperText={headerMessage('invoiceNumber')}
            autoComplete="off"
            slotProps={{ htmlInput: { dir: 'ltr' }, formHelperText: { sx: { mx: 0 } } }}
          />
          <DateField
            id={`${headerId}-date`}
            size="small"
            label={t('review.invoiceDate')}
            required
            value={form.invoiceDate}
            onChange={(event) => setHeader('invoiceDate', event.target.value)}
            error={Boolean(headerMessage('invoiceDate'))}
            helperText={headerMessage('invoiceDate')}
            slotProps={{ formHelperText: { sx: { mx: 0 } } }}
          />
        </Box>

        {duplicate && (
          <Alert severity="warning" variant="outlined" role="note">
            <AlertTitle>{t('review.duplicate.title')}</AlertTitle>
            {t('review.duplicate.message', {
              number: form.invoiceNumber.trim(),
              supplier: duplicate.supplierName ?? form.supplierName.trim(),
              date: formatDate(duplicate.issuedAt, language),
              reference: duplicate.invoiceNumber,
            })}
          </Alert>
        )}
        {checkCount > 0 && (
          <Alert severity="warning" variant="outlined" role="note">
            {t('review.checkSummary', { count: checkCount, total: form.lines.length })}
          </Alert>
        )}
        {unmatchedCount > 0 && (
          <Alert
            severity="info"
            variant="outlined"
            role="note"
            action={
              <Button color="inherit" size="small" startIcon={<PlaylistAddRoundedIcon />} onClick={createAllNew}>
                {t('review.createAllNew')}
              </Button>
            }
            sx={{
              flexWrap: { xs: 'wrap', sm: 'nowrap' },
              // On a phone the button goes under the text; the icon stays beside it.
              '& .MuiAlert-message': { flex: '1 1 0', minWidth: 0 },
              '& .MuiAlert-action': {
                pt: 0,
                ms: { xs: 0, sm: 'auto' },
                me: 0,
                flexBasis: { xs: '100%', sm: 'auto' },
                justifyContent: 'flex-end',
              },
            }}
          >
            {t('review.unmatchedSummary', { count: unmatchedCount })}
          </Alert>
        )}

        <Box component="section" aria-labelledby={linesHeadingId} sx={{ display: 'grid', gap: 1.5 }}>
          <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
            <Typography id={linesHeadingId} variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
              {t('review.linesTitle')}
            </Typography>
            {form.lines.length > 0 && (
              <Button size="small" startIcon={<AddRoundedIcon />} onClick={addLine}>
                {t('review.addLine')}
              </Button>
            )}
          </Box>
          {lines}
          {form.lines.length > 0 && (
            <Box sx={{ display: 'grid', justifyItems: 'end', gap: 0.5 }}>
              <Box
                sx={{ display: 'flex', alignItems: 'baseline', gap: 2, flexWrap: 'wrap', justifyContent: 'flex-end' }}
              >
                {!total.complete && (
                  <Typography variant="caption" color="text.secondary">
                    {t('review.totalIncomplete')}
                  </Typography>
                )}
                <Typography variant="subtitle1" component="p" sx={{ fontWeight: 700 }}>
                  {t('review.total')}:{' '}
                  <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
                    {format.money(centsToString(total.cents))}
                  </Box>
                </Typography>
              </Box>
              {form.printedSubtotal && !subtotalMismatch && (
                <Typography variant="caption" color="text.secondary">
                  {t('review.printedSubtotal', { amount: format.money(form.printedSubtotal) })}
                </Typography>
              )}
            </Box>
          )}
          {subtotalMismatch && form.printedSubtotal && (
            <Alert severity="warning" variant="outlined" role="note">
              {t('review.subtotalMismatch', {
                lines: format.money(centsToString(total.cents)),
                printed: format.money(form.printedSubtotal),
              })}
            </Alert>
          )}
        </Box>

        {(outcome || showFixBelow) && (
          <Box ref={outcomeRef}>
            {outcome?.kind === 'conflict' ? (
              <Alert severity="warning" variant="outlined" role="alert">
                <AlertTitle>{t('review.alreadyApplied.title')}</AlertTitle>
                {t('review.alreadyApplied.description')}
              </Alert>
            ) : outcome?.kind === 'skuTaken' ? (
              <Alert severity="warning" variant="outlined" role="alert">
                <AlertTitle>{t('review.applyFailed')}</AlertTitle>
                {t('review.skuTaken')}
              </Alert>
            ) : outcome?.kind === 'failed' ? (
              <Alert severity="error" variant="outlined" role="alert">
                <AlertTitle>{t('review.applyFailed')}</AlertTitle>
                {outcome.description}
                {outcome.fields.length > 0 && (
                  <Box component="ul" sx={{ m: 0, mt: 0.5, ps: 2.5 }}>
                    {outcome.fields.map((message) => (
                      <li key={message}>{message}</li>
                    ))}
                  </Box>
                )}
              </Alert>
            ) : (
              <Alert severity="error" variant="outlined" role="alert">
                {t('review.fixBelow')}
              </Alert>
            )}
          </Box>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2 }}>
        <Button onClick={onCancel} color="inherit" disabled={applying}>
          {t('common:actions.cancel')}
        </Button>
        <Button
          variant="contained"
          startIcon={<CheckRoundedIcon />}
          disabled={applying || outcome?.kind === 'conflict'}
          onClick={() => void apply()}
        >
          {applying ? t('review.applying') : t('review.apply')}
        </Button>
      </DialogActions>
    </>
  );
}
