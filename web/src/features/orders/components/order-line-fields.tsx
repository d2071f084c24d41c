import type { StockItemDto } from '@erp/contracts';
import AddBoxRoundedIcon from '@mui/icons-material/AddBoxRounded';
import DeleteOutlineRoundedIcon from '@mui/icons-material/DeleteOutlineRounded';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { latinInputProps } from '../../../lib/rtl';
import { currencyLabel } from '../../../lib/format';
import { useLanguage } from '../../../lib/use-language';
import { useOrderFormat } from '../hooks/use-order-format';
import { useStockItemSearch } from '../hooks/use-stock-item-search';
import { centsToString } from '../../../lib/decimal';
import {
  changeLineUnit,
  discountOf,
  fillFromStockItem,
  lineTotalOf,
  quantityOf,
  setLineQuantity,
  UNIT_MAX_LENGTH,
  type OrderLine,
  type OrderLineField,
  type PriceHint,
  type UnitChoice,
  type UnitNote,
} from '../lib/manual-order';
import { StockItemOption } from './stock-item-option';
import { LinkedUnitField, UnitField } from './unit-field';

interface OrderLineFieldsProps {
  line: OrderLine;
  /** 0-based; shown as "Item 1", "Item 2", … */
  index: number;
  onChange: (line: OrderLine) => void;
  onRemove: () => void;
  /** Opens the inline "new stock item" for this line. */
  onCreateStockItem: () => void;
  /** The fields to mark invalid (after a refused submit). */
  invalid: readonly OrderLineField[];
  currency: string;
  /** stock:read: suggest stock items as the name is typed. */
  canSearchStock: boolean;
  /** stock:write: the "New stock item" button. */
  canCreateStock: boolean;
  autoFocus?: boolean;
  /** Short marks next to the line's title (a line read by AI: its match confidence, "Check quantity"). */
  badges?: ReactNode;
  /** Shown under the title (a line read by AI: the customer's own wording, suggestions). */
  note?: ReactNode;
  /** A reason to look at the quantity again, shown under it while it is valid. */
  quantityWarning?: string;
  /** A linked line: the units its item is sold in (base first); null while they load. */
  units?: readonly UnitChoice[] | null;
  /** A linked line without a typed price: what it will be priced at, and why. */
  priceHint?: PriceHint | null;
  /** The quote is being asked. */
  pricing?: boolean;
}

/**
 * One line of the Create Manual Order form (SPEC §2): the item (a stock-item search that also
 * takes any typed name), Arabic name, quantity, unit, unit price and the line total.
 */
export function OrderLineFields({
  line,
  index,
  onChange,
  onRemove,
  onCreateStockItem,
  invalid,
  currency,
  canSearchStock,
  canCreateStock,
  autoFocus = false,
  badges,
  note,
  quantityWarning,
  units = null,
  priceHint = null,
  pricing = false,
}: OrderLineFieldsProps) {
  const { t } = useTranslation('orders');
  const { language, direction } = useLanguage();
  const format = useOrderFormat(currency);
  const headingId = useId();
  const [open, setOpen] = useState(false);
  const stockSearch = useStockItemSearch(line.itemName, { enabled: canSearchStock, open });
  const total = lineTotalOf(line, priceHint);
  const linked = line.stockItem !== null;
  const unitText = useUnitNoteText(format);
  const number = index + 1;
  const latinInput = latinInputProps(direction);
  const isInvalid = (field: OrderLineField) => invalid.includes(field);
  const discountInvalid = discountOf(line) === null;
  const unitNote = unitText.note(line.unitNote);
  const quantityHelper = isInvalid('quantity')
    ? t('form.items.errors.quantity')
    : (unitNote.quantityWarning ?? quantityWarning ?? baseQuantityOf(line, units, format));
  const quantityWarned = !isInvalid('quantity') && (unitNote.quantityWarning ?? quantityWarning) !== undefined;
  const priceHelper = isInvalid('unitPrice')
    ? t('form.items.errors.price')
    : linked
      ? line.unitPrice.trim()
        ? priceHint && t('form.items.price.replaces', { price: priceHint.price })
        : priceHint
          ? unitText.priceSource(priceHint, line.unit)
          : pricing
            ? t('form.items.price.pricing')
            : t('form.items.price.atSave')
      : undefined;

  const setName = (itemName: string) => {
    // Typing another name unlinks the line from its stock item.
    const stockItem = line.stockItem && itemName.trim() === line.stockItem.name ? line.stockItem : null;
    onChange({ ...line, itemName, stockItem });
  };

  const itemHelper = isInvalid('itemName')
    ? t('form.items.errors.name')
    : line.stockItem
      ? t('form.items.linked', { sku: line.stockItem.sku })
      : undefined;

  const itemFieldProps = {
    id: `${line.key}-name`,
    label: t('form.items.fields.item'),
    required: true,
    autoFocus,
    error: isInvalid('itemName'),
    helperText: itemHelper,
  };

  return (
    <Box
      role="group"
      aria-labelledby={headingId}
      data-testid="order-line"
      sx={{ border: 1, borderColor: 'divider', borderRadius: 2, p: { xs: 1.5, sm: 2 }, display: 'grid', gap: 2 }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 0.75, flexGrow: 1 }}>
          <Typography id={headingId} variant="subtitle2" component="h3" sx={{ mr: 0.5 }}>
            {t('form.items.lineTitle', { number })}
          </Typography>
          {badges}
        </Box>
        {/* The line's actions stay together (on a phone they move under the title as one). */}
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, ml: 'auto' }}>
          {canCreateStock && (
            <Button size="small" startIcon={<AddBoxRoundedIcon />} onClick={onCreateStockItem}>
              {t('form.items.newStockItem')}
            </Button>
          )}
          <Tooltip title={t('form.items.remove', { number })}>
            <IconButton size="small" color="error" aria-label={t('form.items.remove', { number })} onClick={onRemove}>
              <DeleteOutlineRoundedIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        </Box>
      </Box>

      {note}

      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'minmax(0, 3fr) minmax(0, 2fr)' }, gap: 2 }}>
        {canSearchStock ? (
          <Autocomplete<StockItemDto, false, false, true>
            freeSolo
            open={open}
            onOpen={() => setOpen(true)}
            onClose={() => setOpen(false)}
            options={stockSearch.options}
            value={null}
            inputValue={line.itemName}
            filterOptions={(all) => all}
            getOptionLabel={(option) => (typeof option === 'string' ? option : option.name)}
            loading={stockSearch.loading}
            loadingText={t('common:loading')}
            onChange={(_event, picked) => {
              if (picked && typeof picked !== 'string') onChange(fillFromStockItem(line, picked));
            }}
            onInputChange={(_event, text, reason) => {
              if (reason === 'input' || reason === 'clear') setName(text);
            }}
            renderOption={({ key, ...props }, option) => (
              <li key={key} {...props}>
                <StockItemOption item={option} format={format} />
              </li>
            )}
            renderInput={(params) => <TextField {...params} {...itemFieldProps} />}
          />
        ) : (
          <TextField {...itemFieldProps} value={line.itemName} onChange={(event) => setName(event.target.value)} />
        )}
        <TextField
          id={`${line.key}-name-ar`}
          label={t('form.items.fields.nameAr')}
          value={line.itemNameAr}
          onChange={(event) => onChange({ ...line, itemNameAr: event.target.value })}
          slotProps={{ htmlInput: { dir: 'rtl', lang: 'ar' } }}
        />
      </Box>

      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: {
            xs: 'repeat(2, minmax(0, 1fr))',
            sm: 'minmax(0, 1fr) minmax(0, 1.4fr) minmax(0, 1.2fr) minmax(0, 0.8fr) minmax(110px, auto)',
          },
          gap: 2,
          alignItems: 'start',
        }}
      >
        <TextField
          id={`${line.key}-quantity`}
          label={t('form.items.fields.quantity')}
          required
          value={line.quantity}
          onChange={(event) => onChange(setLineQuantity(line, event.target.value))}
          error={isInvalid('quantity')}
          helperText={quantityHelper}
          slotProps={{
            htmlInput: { ...latinInput, inputMode: 'decimal' },
            ...(quantityWarned
              ? {
                  input: { sx: { bgcolor: 'rgba(245, 158, 11, 0.10)' } },
                  formHelperText: { sx: { color: 'warning.dark', fontWeight: 600 } },
                }
              : {}),
          }}
        />
        {linked ? (
          <LinkedUnitField
            id={`${line.key}-unit`}
            label={t('form.items.fields.unit')}
            value={line.unit}
            units={units}
            onChange={(unit) => onChange(changeLineUnit(line, unit, units ?? []))}
            error={isInvalid('unit') || line.unitNote?.kind === 'notSold'}
            helperText={unitNote.unitHelper ?? (isInvalid('unit') && units ? t('form.items.errors.unit') : undefined)}
            warning={unitNote.unitWarning}
          />
        ) : (
          <UnitField
            id={`${line.key}-unit`}
            label={t('form.items.fields.unit')}
            value={line.unit}
            maxLength={UNIT_MAX_LENGTH}
            onChange={(unit) => onChange({ ...line, unit })}
          />
        )}
        <TextField
          id={`${line.key}-price`}
          label={t('form.items.fields.unitPrice')}
          required={!linked}
          placeholder={linked && priceHint ? priceHint.price : '0.00'}
          value={line.unitPrice}
          onChange={(event) => onChange({ ...line, unitPrice: event.target.value })}
          error={isInvalid('unitPrice')}
          helperText={priceHelper}
          slotProps={{
            // The label stays above: the placeholder is the price that applies when none is typed.
            inputLabel: { shrink: true },
            input: {
              endAdornment: <InputAdornment position="end">{currencyLabel(currency, language)}</InputAdornment>,
            },
            htmlInput: { ...latinInput, inputMode: 'decimal' },
          }}
        />
        <TextField
          id={`${line.key}-discount`}
          label={t('form.items.fields.discount')}
          placeholder="0"
          value={line.discountPercent}
          onChange={(event) => onChange({ ...line, discountPercent: event.target.value })}
          error={discountInvalid}
          helperText={discountInvalid ? t('form.items.errors.discount') : undefined}
          slotProps={{
            inputLabel: { shrink: true },
            input: { endAdornment: <InputAdornment position="end">%</InputAdornment> },
            htmlInput: { ...latinInput, inputMode: 'decimal' },
          }}
        />
        <Box sx={{ textAlign: { sm: 'right' }, pt: { sm: 1 }, gridColumn: { xs: '1 / -1', sm: 'auto' } }}>
          <Typography variant="caption" color="text.secondary" component="p">
            {t('form.items.lineTotal')}
          </Typography>
          <Typography variant="body1" sx={{ fontWeight: 700 }} data-testid="line-total">
            {total === null ? t('common:noValue') : format.money(centsToString(total))}
          </Typography>
        </Box>
      </Box>
    </Box>
  );
}

/** "= 60 pcs" under a quantity in a pack (CONTRACT §10: stock moves quantity × factor base units). */
function baseQuantityOf(
  line: OrderLine,
  units: readonly UnitChoice[] | null,
  format: ReturnType<typeof useOrderFormat>,
): string | undefined {
  const base = units?.[0];
  const unit = units?.find((choice) => choice.unit === line.unit);
  const quantity = quantityOf(line);
  if (!base || !unit || unit === base || quantity === null) return undefined;
  // For the eye only (thousandths × factor, to 3 decimals): the server computes it in decimal.
  const baseQuantity = Math.round(Number(quantity) * unit.factor) / 1000;
  return `= ${format.quantity(baseQuantity, base.unit)}`;
}

interface UnitNoteText {
  unitHelper?: string;
  unitWarning: boolean;
  quantityWarning?: string;
}

/** What a line says about its unit and its price, in the current language. */
export function useUnitNoteText(format: ReturnType<typeof useOrderFormat>) {
  const { t } = useTranslation('orders');
  const amount = (quantity: string, unit: string) => format.quantity(Number(quantity), unit);
  return {
    note: (note: UnitNote | null): UnitNoteText => {
      if (!note) return { unitWarning: false };
      switch (note.kind) {
        case 'converted': {
          const values = { from: amount(note.fromQuantity, note.fromUnit), to: amount(note.toQuantity, note.toUnit) };
          if (!note.exact) return { unitHelper: t('form.items.unitNote.convertedRounded', values), unitWarning: true };
          if (note.toQuantity.includes('.')) {
            return { unitHelper: t('form.items.unitNote.convertedPart', values), unitWarning: true };
          }
          return { unitHelper: t('form.items.unitNote.converted', values), unitWarning: false };
        }
        case 'switched':
          return {
            unitHelper: t('form.items.unitNote.switched', {
              from: format.units.word(note.fromUnit),
              to: format.units.word(note.toUnit),
            }),
            unitWarning: true,
            quantityWarning: t('form.items.unitNote.checkQuantity', { unit: format.units.word(note.toUnit) }),
          };
        case 'kept':
          return {
            unitWarning: true,
            unitHelper: t('form.items.unitNote.kept', { from: format.units.word(note.fromUnit) }),
            quantityWarning: t('form.items.unitNote.checkQuantity', { unit: format.units.word(note.toUnit) }),
          };
        case 'notSold':
          return {
            unitHelper: note.units?.length
              ? t('form.items.unitNote.notSoldIn', {
                  unit: format.units.word(note.unit),
                  units: note.units.map(format.units.word).join(t('form.items.unitNote.separator')),
                })
              : t('form.items.unitNote.notSold', { unit: format.units.word(note.unit) }),
            unitWarning: true,
          };
      }
    },
    priceSource: (hint: PriceHint, unit: string): string =>
      hint.source === 'price_list' && hint.listName
        ? t('form.items.price.fromList', { name: hint.listName })
        : t(`form.items.price.from.${hint.source}`, { unit: format.units.word(unit) }),
  };
}
