import type { AppErrorCode, PriceListDto, StockItemDto } from '@erp/contracts';
import AddRoundedIcon from '@mui/icons-material/AddRounded';
import DeleteOutlineRoundedIcon from '@mui/icons-material/DeleteOutlineRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ExportMenu } from '../../../components/list/export-menu';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { useIsPhone } from '../../../components/phone-list';
import { useToast } from '../../../components/toaster/use-toast';
import { nameIn } from '../../../lib/language';
import { latinDigits } from '../../../lib/decimal';
import { currencyLabel, formatMoney } from '../../../lib/format';
import { describeError, errorCodeOf, isHttpError } from '../../../lib/http-error';
import { latinInputProps } from '../../../lib/rtl';
import { useUnitFormat } from '../../../lib/units';
import { useLanguage } from '../../../lib/use-language';
import { visuallyHidden } from '../../../lib/visually-hidden';
import {
  useCreatePriceListMutation,
  useGetPriceListCatalogueQuery,
  useGetPriceListQuery,
  useUpdatePriceListMutation,
} from '../api/price-lists-api';
import {
  chooseRowItem,
  emptyPriceListForm,
  emptyPriceRow,
  hasFormErrors,
  placeServerFields,
  priceListFormOf,
  toCreatePriceListRequest,
  toUpdatePriceListRequest,
  unitsOfItem,
  validatePriceListForm,
  type PriceListFormErrors,
  type PriceListFormValues,
  type PriceRow,
  type PriceRowField,
} from '../lib/price-list-form';
import { PriceListItemField } from './price-list-item-field';

const NAME_TAKEN: AppErrorCode = 'INVENTORY_PRICE_LIST_NAME_TAKEN';
/** A list with more prices than this gets a filter over its rows. */
const FILTER_FROM = 8;

interface PriceListDialogProps {
  /** The list being edited (as the list of lists has it), or null to make one. */
  list: PriceListDto | null;
  currency: string;
  onClose: () => void;
}

/** `details.fields[]` of a refusal as `{ field, message }`. */
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
 * New and Edit price list (CONTRACT §10): its name and a price per item and unit (the item's
 * base unit or one of its packs), each with the item's own price for that unit as a hint. An
 * existing list is loaded with its prices first; what is saved replaces all of them.
 */
export function PriceListDialog({ list, currency, onClose }: PriceListDialogProps) {
  const { t } = useTranslation('price-lists');
  const fullScreen = useIsPhone();
  const detail = useGetPriceListQuery(list?.id ?? '', { skip: !list });
  // The catalogue gives each price of an existing list its item's units and own prices.
  const catalogue = useGetPriceListCatalogueQuery(undefined, { skip: !list });
  const [pending, setPending] = useState(false);
  const titleId = useId();

  const close = () => {
    if (!pending) onClose();
  };

  const loaded = !list || (detail.currentData && !catalogue.isLoading);
  let body: ReactNode;
  if (list && detail.isError) {
    body = (
      <>
        <DialogContent dividers>
          <LoadErrorAlert error={detail.error} onRetry={() => void detail.refetch()} />
        </DialogContent>
        <DialogActions sx={{ px: 3, py: 2 }}>
          <Button onClick={close} color="inherit">
            {t('common:actions.close')}
          </Button>
        </DialogActions>
      </>
    );
  } else if (!loaded) {
    body = (
      <DialogContent dividers aria-busy="true">
        <Skeleton variant="rounded" height={40} sx={{ mb: 2 }} />
        {Array.from({ length: 3 }, (_value, index) => (
          <Skeleton key={index} variant="text" height={36} />
        ))}
      </DialogContent>
    );
  } else {
    body = (
      <PriceListForm
        list={list ? (detail.currentData ?? null) : null}
        catalogue={catalogue.currentData ?? []}
        currency={currency}
        onPendingChange={setPending}
        onClose={onClose}
      />
    );
  }

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
      <DialogTitle id={titleId}>{list ? t('form.editTitle', { name: list.name }) : t('form.createTitle')}</DialogTitle>
      {body}
    </Dialog>
  );
}

interface PriceListFormProps {
  list: PriceListDto | null;
  catalogue: StockItemDto[];
  currency: string;
  onPendingChange: (pending: boolean) => void;
  onClose: () => void;
}

function PriceListForm({ list, catalogue, currency, onPendingChange, onClose }: PriceListFormProps) {
  const { t } = useTranslation('price-lists');
  const { language, direction } = useLanguage();
  const { toast } = useToast();
  const units = useUnitFormat();
  const isPhone = useIsPhone();
  const latin = latinInputProps(direction);
  const contentRef = useRef<HTMLDivElement>(null);
  const [values, setValues] = useState<PriceListFormValues>(() => (list ? priceListFormOf(list) : emptyPriceListForm));
  const [submitted, setSubmitted] = useState(false);
  const [server, setServer] = useState<PriceListFormErrors>({ rows: {} });
  const [alert, setAlert] = useState<{ description: string; others: string[] } | null>(null);
  const [focusRequest, setFocusRequest] = useState(0);
  // Narrows the rows shown (a list may price hundreds of items); rows still being chosen always show.
  const [filter, setFilter] = useState('');
  // Items picked here, by id, with those of the catalogue: their units and own prices.
  const [picked, setPicked] = useState<ReadonlyMap<string, StockItemDto>>(new Map());
  const known = useMemo(() => {
    const byId = new Map(catalogue.map((item) => [item.id, item]));
    for (const [id, item] of picked) byId.set(id, item);
    return byId;
  }, [catalogue, picked]);
  const [createList, createState] = useCreatePriceListMutation();
  const [updateList, updateState] = useUpdatePriceListMutation();
  const pending = createState.isLoading || updateState.isLoading;

  useEffect(() => onPendingChange(pending), [pending, onPendingChange]);

  // After a refused Save, the first field in question gets the focus.
  useEffect(() => {
    if (focusRequest === 0) return;
    contentRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusRequest]);

  const rules = submitted ? validatePriceListForm(values) : { rows: {} };
  const nameMessage = rules.name ? t(rules.name) : server.name;
  const rowMessage = (row: PriceRow, field: PriceRowField) => {
    const key = rules.rows[row.key]?.[field];
    return key ? t(key) : server.rows[row.key]?.[field];
  };

  const updateRow = (key: string, update: (row: PriceRow) => PriceRow) => {
    setValues((current) => ({ ...current, rows: current.rows.map((row) => (row.key === key ? update(row) : row)) }));
    setServer((current) => {
      if (!current.rows[key]) return current;
      const { [key]: _dropped, ...rows } = current.rows;
      return { ...current, rows };
    });
  };
  const addRow = () => setValues((current) => ({ ...current, rows: [...current.rows, emptyPriceRow()] }));
  const removeRow = (key: string) => {
    setValues((current) => ({ ...current, rows: current.rows.filter((row) => row.key !== key) }));
    // The server's messages name prices by position: after a removal they no longer fit.
    setServer((current) => ({ ...current, rows: {} }));
  };
  const money = (amount: string) => formatMoney(amount, currency, language);

  const showRefusal = (error: unknown) => {
    const placed = placeServerFields(serverFieldsOf(error), values.rows);
    const english = language === 'en';
    const localised: PriceListFormErrors = { rows: {} };
    if (errorCodeOf(error) === NAME_TAKEN) localised.name = t('form.errors.nameTaken');
    else if (placed.name) localised.name = english ? placed.name : t('form.errors.serverInvalid');
    for (const [key, fields] of Object.entries(placed.rows)) {
      localised.rows[key] = Object.fromEntries(
        Object.entries(fields).map(([field, message]) => [field, english ? message : t('form.errors.serverInvalid')]),
      );
    }
    setServer(localised);
    const onFields = Boolean(localised.name) || Object.keys(localised.rows).length > 0;
    const mainMessage = isHttpError(error) ? error.body?.message : undefined;
    setAlert({
      description: describeError(error, t, language),
      others: english ? placed.other.filter((message) => message !== mainMessage) : [],
    });
    if (onFields) setFocusRequest((count) => count + 1);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    setAlert(null);
    setServer({ rows: {} });
    if (hasFormErrors(validatePriceListForm(values))) {
      setFocusRequest((count) => count + 1);
      return;
    }
    const name = values.name.trim();
    try {
      if (!list) {
        await createList(toCreatePriceListRequest(values)).unwrap();
        toast({
          variant: 'success',
          title: t('toasts.created'),
          description: t('toasts.createdDescription', { name }),
        });
      } else {
        const changes = toUpdatePriceListRequest(list, values);
        if (changes) {
          await updateList(changes).unwrap();
          toast({
            variant: 'success',
            title: t('toasts.updated'),
            description: t('toasts.updatedDescription', { name }),
          });
        }
      }
      onClose();
    } catch (error) {
      showRefusal(error);
    }
  };

  const rowParts = (row: PriceRow, number: number) => {
    const item = row.item ? known.get(row.item.id) : undefined;
    const itemUnits = item ? unitsOfItem(item) : null;
    const options = itemUnits ?? (row.unit ? [{ unit: row.unit, factor: 1, price: '' }] : []);
    const own = itemUnits?.find((candidate) => candidate.unit === row.unit);
    const aria = (key: string) => t('form.fieldOfPrice', { field: t(key), number });
    const unitMessage = rowMessage(row, 'unit');
    const priceMessage = rowMessage(row, 'price');
    return {
      // A chosen item reads as text (a long list stays quick to show); a new row searches the stock.
      item: row.item ? (
        <Box sx={{ minWidth: 0, pt: isPhone ? 0 : 0.75 }}>
          {isPhone && (
            <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
              {t('form.columns.item')}
            </Typography>
          )}
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            <bdi>{nameIn(language, row.item)}</bdi>
          </Typography>
          <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
            <bdi>{row.item.sku}</bdi>
          </Typography>
        </Box>
      ) : (
        <PriceListItemField
          value={row.item}
          ariaLabel={aria('form.columns.item')}
          label={isPhone ? t('form.columns.item') : undefined}
          error={rowMessage(row, 'item')}
          onChoose={(chosen) => {
            setPicked((current) => new Map(current).set(chosen.id, chosen));
            updateRow(row.key, (current) => chooseRowItem(current, chosen));
          }}
        />
      ),
      unit: (
        <TextField
          select
          size="small"
          fullWidth
          value={row.unit}
          onChange={(event) => updateRow(row.key, (current) => ({ ...current, unit: event.target.value }))}
          label={isPhone ? t('form.columns.unit') : undefined}
          error={Boolean(unitMessage)}
          helperText={unitMessage}
          disabled={!row.item}
          slotProps={{
            select: { labelId: undefined, displayEmpty: true },
            htmlInput: { 'aria-label': aria('form.columns.unit') },
            inputLabel: { shrink: true },
            formHelperText: { sx: { mx: 0 } },
          }}
        >
          {options.map((option) => (
            <MenuItem key={option.unit} value={option.unit}>
              {option.factor !== 1 && item
                ? t('form.packUnit', { unit: units.word(option.unit), base: units.quantity(option.factor, item.unit) })
                : units.word(option.unit)}
            </MenuItem>
          ))}
        </TextField>
      ),
      price: (
        <TextField
          size="small"
          fullWidth
          value={row.price}
          onChange={(event) => {
            const price = latinDigits(event.target.value);
            updateRow(row.key, (current) => ({ ...current, price }));
          }}
          label={isPhone ? t('form.columns.price') : undefined}
          placeholder={own?.price}
          error={Boolean(priceMessage)}
          helperText={priceMessage ?? (own ? t('form.defaultPrice', { price: money(own.price) }) : undefined)}
          autoComplete="off"
          slotProps={{
            input: {
              endAdornment: <InputAdornment position="end">{currencyLabel(currency, language)}</InputAdornment>,
            },
            htmlInput: { ...latin, inputMode: 'decimal', 'aria-label': aria('form.columns.price') },
            inputLabel: { shrink: true },
            formHelperText: { sx: { mx: 0 } },
          }}
        />
      ),
      remove: (
        <Tooltip title={t('form.removePrice', { number })}>
          <IconButton aria-label={t('form.removePrice', { number })} onClick={() => removeRow(row.key)} size="small">
            <DeleteOutlineRoundedIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      ),
    };
  };

  const needle = filter.trim().toLocaleLowerCase();
  const shown = values.rows
    .map((row, index) => ({ row, number: index + 1 }))
    .filter(
      ({ row }) =>
        !needle ||
        !row.item ||
        [row.item.name, row.item.nameAr ?? '', row.item.sku].some((text) => text.toLocaleLowerCase().includes(needle)),
    );
  const prices =
    values.rows.length === 0 ? (
      <Box
        sx={{
          py: 3,
          px: 2,
          textAlign: 'center',
          border: 1,
          borderStyle: 'dashed',
          borderColor: 'divider',
          borderRadius: 2,
        }}
      >
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
          {t('form.noPrices')}
        </Typography>
        <Button variant="outlined" size="small" startIcon={<AddRoundedIcon />} onClick={addRow}>
          {t('form.addPrice')}
        </Button>
      </Box>
    ) : isPhone ? (
      <Box component="ol" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5 }}>
        {shown.map(({ row, number }) => {
          const parts = rowParts(row, number);
          return (
            <Box
              component="li"
              key={row.key}
              data-testid="price-row"
              aria-label={t('form.priceTitle', { number })}
              sx={{ display: 'grid', gap: 1.5, p: 1.5, border: 1, borderColor: 'divider', borderRadius: 2 }}
            >
              <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between' }}>
                <Typography variant="subtitle2" component="h4">
                  {t('form.priceTitle', { number })}
                </Typography>
                {parts.remove}
              </Box>
              {parts.item}
              <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr)', gap: 1.5 }}>
                {parts.unit}
                {parts.price}
              </Box>
            </Box>
          );
        })}
      </Box>
    ) : (
      <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }}>
        <Table size="small" aria-label={t('form.pricesLabel')}>
          <TableHead>
            <TableRow sx={{ '& th': { fontWeight: 600, color: 'text.secondary', whiteSpace: 'nowrap' } }}>
              <TableCell>{t('form.columns.item')}</TableCell>
              <TableCell sx={{ width: 190 }}>{t('form.columns.unit')}</TableCell>
              <TableCell sx={{ width: 200 }}>{t('form.columns.price')}</TableCell>
              <TableCell sx={{ width: 48 }}>
                <Box component="span" sx={visuallyHidden}>
                  {t('form.columns.actions')}
                </Box>
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {shown.map(({ row, number }) => {
              const parts = rowParts(row, number);
              const top = { verticalAlign: 'top', py: 1.25 };
              return (
                <TableRow key={row.key} data-testid="price-row">
                  <TableCell sx={top}>{parts.item}</TableCell>
                  <TableCell sx={top}>{parts.unit}</TableCell>
                  <TableCell sx={top}>{parts.price}</TableCell>
                  <TableCell sx={{ ...top, pt: 1.5 }}>{parts.remove}</TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </Box>
    );

  return (
    <Box component="form" noValidate onSubmit={(event) => void submit(event)} sx={{ display: 'contents' }}>
      <DialogContent dividers ref={contentRef} sx={{ display: 'grid', gap: 2.5, alignContent: 'start' }}>
        <TextField
          id="price-list-name"
          name="name"
          label={t('form.name')}
          required
          value={values.name}
          onChange={(event) => {
            const name = event.target.value;
            setValues((current) => ({ ...current, name }));
            setServer((current) => ({ ...current, name: undefined }));
          }}
          error={Boolean(nameMessage)}
          helperText={nameMessage ?? t('form.nameHint')}
          autoFocus={!isPhone && !list}
          autoComplete="off"
          sx={{ maxWidth: { sm: 420 } }}
        />
        <Box component="section" aria-labelledby="price-list-prices-title" sx={{ display: 'grid', gap: 1.5 }}>
          <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
            <Box>
              <Typography id="price-list-prices-title" variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
                {t('form.pricesTitle')}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {t('form.pricesHint')}
              </Typography>
            </Box>
            {values.rows.length > 0 && (
              <Button size="small" startIcon={<AddRoundedIcon />} onClick={addRow} sx={{ flexShrink: 0 }}>
                {t('form.addPrice')}
              </Button>
            )}
          </Box>
          {values.rows.length > FILTER_FROM && (
            <TextField
              type="search"
              size="small"
              id="price-list-filter"
              label={t('form.filter')}
              placeholder={t('form.itemSearch')}
              value={filter}
              onChange={(event) => setFilter(event.target.value)}
              helperText={
                needle ? t('form.filterShown', { shown: shown.length, total: values.rows.length }) : undefined
              }
              sx={{ maxWidth: { sm: 360 } }}
              slotProps={{ formHelperText: { sx: { mx: 0 } } }}
            />
          )}
          {prices}
        </Box>
        {alert && (
          <Alert severity="error" variant="outlined" role="alert">
            {alert.description}
            {alert.others.length > 0 && (
              <Box component="ul" sx={{ m: 0, mt: 0.5, ps: 2.5 }}>
                {alert.others.map((message) => (
                  <li key={message}>{message}</li>
                ))}
              </Box>
            )}
          </Alert>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2 }}>
        {list && (
          // Its prices as saved, in the import's columns: edited in Excel and imported back.
          <Box sx={{ marginInlineEnd: 'auto' }}>
            <ExportMenu path={`/api/price-lists/${list.id}`} name="price-list" label={t('form.export')} />
          </Box>
        )}
        <Button onClick={onClose} disabled={pending} color="inherit">
          {t('common:actions.cancel')}
        </Button>
        <Button type="submit" variant="contained" disabled={pending}>
          {pending ? t('common:actions.saving') : list ? t('form.save') : t('form.create')}
        </Button>
      </DialogActions>
    </Box>
  );
}
