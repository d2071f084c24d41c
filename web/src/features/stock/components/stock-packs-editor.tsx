import AddRoundedIcon from '@mui/icons-material/AddRounded';
import DeleteOutlineRoundedIcon from '@mui/icons-material/DeleteOutlineRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { PackUnit } from '@erp/contracts';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { latinDigits } from '../../../lib/decimal';
import { latinInputProps } from '../../../lib/rtl';
import { packUnits, useUnitFormat } from '../../../lib/units';
import { currencyLabel } from '../../../lib/format';
import { useLanguage } from '../../../lib/use-language';
import {
  defaultPackPrice,
  emptyPackRow,
  MAX_PACKS,
  type PackErrors,
  type PackField,
  type PackRow,
} from '../lib/pack-form';

interface StockPacksEditorProps {
  rows: PackRow[];
  /** The item's base unit as the form has it now (a pack never has its name). */
  baseUnit: string;
  /** The base selling price as typed: a pack without a price of its own sells at factor × it. */
  baseSellingPrice: string;
  currency: string;
  /** Translation keys (the form's rules) shown once the user tried to save. */
  errors: PackErrors;
  /** What the server said about a pack's field (already in the user's language). */
  serverErrors: Record<string, Partial<Record<PackField, string>>>;
  /** A refusal about the packs as a whole (a barcode another item has). */
  serverAlert: string | null;
  onChange: (rows: PackRow[]) => void;
}

/**
 * The stock form's Packs (CONTRACT §10): each a pack unit (never the base unit), how many base
 * units it holds, and optionally its own price and barcode. Every field is labelled with its
 * pack's number, so a screen reader says which pack it is in.
 */
export function StockPacksEditor({
  rows,
  baseUnit,
  baseSellingPrice,
  currency,
  errors,
  serverErrors,
  serverAlert,
  onChange,
}: StockPacksEditorProps) {
  const { t } = useTranslation('stock');
  const { language, direction } = useLanguage();
  const units = useUnitFormat();
  const headingId = useId();
  const latin = latinInputProps(direction);
  const baseShort = units.short(baseUnit);

  const update = (key: string, field: PackField, value: string) =>
    onChange(rows.map((row) => (row.key === key ? { ...row, [field]: value } : row)));
  const remove = (key: string) => onChange(rows.filter((row) => row.key !== key));
  const add = () => onChange([...rows, emptyPackRow()]);

  const messageOf = (row: PackRow, field: PackField): string | undefined => {
    const key = errors[row.key]?.[field];
    return key ? t(key, { unit: units.word(baseUnit) }) : serverErrors[row.key]?.[field];
  };

  return (
    <Box component="section" aria-labelledby={headingId} sx={{ display: 'grid', gap: 1.5 }}>
      <Box>
        <Typography id={headingId} variant="subtitle2" component="h3">
          {t('form.packs.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('form.packs.hint', { unit: units.word(baseUnit) })}
        </Typography>
      </Box>
      {serverAlert && (
        <Alert severity="error" variant="outlined" role="alert">
          {serverAlert}
        </Alert>
      )}
      {rows.length > 0 && (
        <Box component="ol" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5 }}>
          {rows.map((row, index) => {
            const number = index + 1;
            const label = (key: string) => t('form.packs.fieldOfPack', { field: t(key, { unit: baseShort }), number });
            const placeholder = defaultPackPrice(row.factor, baseSellingPrice);
            const unitMessage = messageOf(row, 'unit');
            const factorMessage = messageOf(row, 'factor');
            const priceMessage = messageOf(row, 'sellingPrice');
            const barcodeMessage = messageOf(row, 'barcode');
            // The pack units, never the base unit; a row's own unit stays shown (and flagged) if it is.
            const options = packUnits.filter((unit) => unit !== baseUnit || unit === row.unit);
            return (
              <Box
                component="li"
                key={row.key}
                aria-label={t('form.packs.packTitle', { number })}
                data-testid="stock-pack"
                sx={{
                  display: 'grid',
                  gap: 1.5,
                  alignItems: 'start',
                  // The dialog is narrow: unit, contents and remove on one line; price and barcode under them.
                  gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr) 40px',
                }}
              >
                <TextField
                  select
                  size="small"
                  id={`stock-pack-${row.key}-unit`}
                  value={row.unit}
                  onChange={(event) => update(row.key, 'unit', event.target.value as PackUnit)}
                  label={t('form.packs.unit')}
                  error={Boolean(unitMessage)}
                  helperText={unitMessage}
                  slotProps={{
                    select: { labelId: undefined },
                    htmlInput: { 'aria-label': label('form.packs.unit') },
                    formHelperText: { sx: { mx: 0 } },
                  }}
                >
                  {options.map((unit) => (
                    <MenuItem key={unit} value={unit}>
                      {units.word(unit)}
                    </MenuItem>
                  ))}
                </TextField>
                <TextField
                  size="small"
                  id={`stock-pack-${row.key}-factor`}
                  value={row.factor}
                  onChange={(event) => update(row.key, 'factor', latinDigits(event.target.value))}
                  label={t('form.packs.factor', { unit: baseShort })}
                  error={Boolean(factorMessage)}
                  helperText={factorMessage}
                  autoComplete="off"
                  slotProps={{
                    htmlInput: {
                      ...latin,
                      inputMode: 'decimal',
                      'aria-label': label('form.packs.factor'),
                    },
                    formHelperText: { sx: { mx: 0 } },
                  }}
                />
                <TextField
                  size="small"
                  id={`stock-pack-${row.key}-price`}
                  value={row.sellingPrice}
                  onChange={(event) => update(row.key, 'sellingPrice', latinDigits(event.target.value))}
                  label={t('form.packs.sellingPrice')}
                  placeholder={placeholder ?? undefined}
                  error={Boolean(priceMessage)}
                  helperText={priceMessage ?? (placeholder ? t('form.packs.priceHint') : undefined)}
                  autoComplete="off"
                  sx={{ gridRow: 2, gridColumn: 1 }}
                  slotProps={{
                    inputLabel: { shrink: true },
                    input: {
                      endAdornment: <InputAdornment position="end">{currencyLabel(currency, language)}</InputAdornment>,
                    },
                    htmlInput: {
                      ...latin,
                      inputMode: 'decimal',
                      'aria-label': label('form.packs.sellingPrice'),
                    },
                    formHelperText: { sx: { mx: 0 } },
                  }}
                />
                <TextField
                  size="small"
                  id={`stock-pack-${row.key}-barcode`}
                  value={row.barcode}
                  onChange={(event) => update(row.key, 'barcode', event.target.value)}
                  label={t('form.packs.barcode')}
                  error={Boolean(barcodeMessage)}
                  helperText={barcodeMessage}
                  autoComplete="off"
                  sx={{ gridRow: 2, gridColumn: 2 }}
                  slotProps={{
                    htmlInput: { ...latin, spellCheck: false, 'aria-label': label('form.packs.barcode') },
                    formHelperText: { sx: { mx: 0 } },
                  }}
                />
                <Box sx={{ gridRow: 1, gridColumn: 3 }}>
                  <Tooltip title={t('form.packs.remove', { number })}>
                    <IconButton
                      aria-label={t('form.packs.remove', { number })}
                      onClick={() => remove(row.key)}
                      sx={{ mt: 0.25 }}
                    >
                      <DeleteOutlineRoundedIcon fontSize="small" />
                    </IconButton>
                  </Tooltip>
                </Box>
              </Box>
            );
          })}
        </Box>
      )}
      <Box>
        <Button size="small" startIcon={<AddRoundedIcon />} onClick={add} disabled={rows.length >= MAX_PACKS}>
          {t('form.packs.add')}
        </Button>
      </Box>
    </Box>
  );
}
