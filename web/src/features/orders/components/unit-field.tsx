import Autocomplete from '@mui/material/Autocomplete';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useUnitFormat } from '../../../lib/units';
import type { UnitChoice } from '../lib/manual-order';

/** The units lines not linked to stock are mostly in (the stock units); any other word can still be typed. */
const commonUnits = ['piece', 'carton', 'box', 'bag', 'kg', 'g', 'L', 'ml'] as const;

interface UnitFieldProps {
  id: string;
  label: string;
  /** The line's unit: a unit's code ("carton"), or what the user typed. */
  value: string;
  maxLength: number;
  onChange: (unit: string) => void;
}

/**
 * The unit of a line not linked to stock (free text, SPEC §3), offering the common units by their
 * word in the user's language ("كرتون", "carton") while the line keeps the code the stock items
 * and the server use ("carton"). A typed word that names a unit in either language (or its short
 * form: ctn, pcs) becomes that unit.
 */
export function UnitField({ id, label, value, maxLength, onChange }: UnitFieldProps) {
  const units = useUnitFormat();
  return (
    <Autocomplete
      id={id}
      freeSolo
      disableClearable
      options={commonUnits}
      getOptionLabel={(option) => units.word(option)}
      value={value}
      inputValue={units.word(value)}
      onInputChange={(_event, text) => onChange(units.codeOf(text) ?? text)}
      onChange={(_event, next) => onChange(units.codeOf(next) ?? next)}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps.htmlInput, maxLength } }}
        />
      )}
    />
  );
}

interface LinkedUnitFieldProps {
  id: string;
  label: string;
  value: string;
  /** The item's units, base first; null while they load. */
  units: readonly UnitChoice[] | null;
  onChange: (unit: string) => void;
  error?: boolean;
  helperText?: ReactNode;
  /** A note to look at (a conversion to check, a unit switched): shown in the warning colour. */
  warning?: boolean;
  /** In a table row: the label is the field's accessible name only. */
  labelHidden?: boolean;
  size?: 'small' | 'medium';
}

/**
 * The unit of a line linked to a stock item (CONTRACT §10): exactly the units the item is sold in,
 * by their word with the pack's size ("carton (12 pcs)"). A unit it is not sold in (an AI line to
 * check) is shown, marked, and cannot be chosen again.
 */
export function LinkedUnitField({
  id,
  label,
  value,
  units,
  onChange,
  error = false,
  helperText,
  warning = false,
  labelHidden = false,
  size = 'medium',
}: LinkedUnitFieldProps) {
  const { t } = useTranslation('orders');
  const format = useUnitFormat();
  const base = units?.[0]?.unit;
  const labelOf = (choice: UnitChoice) =>
    base && choice.unit !== base
      ? t('form.items.packUnit', { unit: format.word(choice.unit), size: format.quantity(choice.factor, base) })
      : format.word(choice.unit);
  const sold = units?.some((choice) => choice.unit === value) ?? false;
  const helperId = `${id}-helper`;

  return (
    <TextField
      select
      id={id}
      label={labelHidden ? undefined : label}
      size={size}
      fullWidth
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={error}
      helperText={helperText ?? (units ? undefined : t('form.items.unitsLoading'))}
      slotProps={{
        select: {
          MenuProps: { slotProps: { paper: { sx: { maxHeight: 300 } } } },
          ...(labelHidden ? { SelectDisplayProps: { 'aria-label': label } } : {}),
        },
        formHelperText: {
          id: helperId,
          sx: {
            ...(labelHidden ? { mx: 0 } : {}),
            ...(warning && !error ? { color: 'warning.dark', fontWeight: 600 } : {}),
          },
        },
      }}
    >
      {!sold && (
        <MenuItem value={value} disabled>
          {units ? t('form.items.unitNotSoldOption', { unit: format.word(value) }) : format.word(value)}
        </MenuItem>
      )}
      {(units ?? []).map((choice) => (
        <MenuItem key={choice.unit} value={choice.unit}>
          {labelOf(choice)}
        </MenuItem>
      ))}
    </TextField>
  );
}
