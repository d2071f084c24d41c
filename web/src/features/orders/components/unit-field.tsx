import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';

/** The units order lines are mostly in (the stock units); any other word can still be typed. */
const commonUnits = ['piece', 'carton', 'box', 'bag', 'kg', 'g', 'L', 'ml'] as const;

interface UnitFieldProps {
  id: string;
  label: string;
  /** The line's unit: a common unit's code ("carton"), or what the user typed. */
  value: string;
  maxLength: number;
  onChange: (unit: string) => void;
}

/**
 * An order line's unit (free text, SPEC §3), offering the common units by their word in the
 * user's language ("كرتون", "carton") while the line keeps the code the stock items and the
 * server use ("carton"). A typed word that names a common unit in either language (or its
 * abbreviation: ctn, pcs) becomes that unit.
 */
export function UnitField({ id, label, value, maxLength, onChange }: UnitFieldProps) {
  const { t, i18n } = useTranslation('orders');
  const wordOf = (code: string, language?: string): string =>
    t(`units.word.${code}`, { lng: language ?? i18n.language });
  const codeOf = (text: string): string | undefined => {
    const wanted = text.trim().toLowerCase();
    if (!wanted) return undefined;
    return commonUnits.find((code) =>
      [code, wordOf(code, 'en'), wordOf(code, 'ar'), t(`units.short.${code.toLowerCase()}`, { lng: 'en' })].some(
        (name) => name.toLowerCase() === wanted,
      ),
    );
  };
  const shown = (unit: string): string => {
    const code = codeOf(unit);
    return code ? wordOf(code) : unit;
  };

  return (
    <Autocomplete
      id={id}
      freeSolo
      disableClearable
      options={commonUnits}
      getOptionLabel={(option) => shown(option)}
      value={value}
      inputValue={shown(value)}
      onInputChange={(_event, text) => onChange(codeOf(text) ?? text)}
      onChange={(_event, next) => onChange(codeOf(next) ?? next)}
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
