import CalendarMonthRoundedIcon from '@mui/icons-material/CalendarMonthRounded';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { hijriDateOf, isIsoDate, parseTypedDate, typedDateOf } from '../lib/dates';
import { latinInputProps } from '../lib/rtl';
import { useLanguage } from '../lib/use-language';

type DateFieldProps = Omit<TextFieldProps, 'type' | 'value' | 'onChange' | 'defaultValue'> & {
  /** The day as YYYY-MM-DD, or '' for none. */
  value: string;
  /**
   * `event.target.value` is the day typed or picked as YYYY-MM-DD, '' when the field is emptied,
   * or the text as typed when it is no date (a form refuses it; a filter waits for a whole date).
   * An input's change, so a form's field binding takes it as it takes a text field's.
   */
  onChange(event: ChangeEvent<HTMLInputElement>): void;
  /** The earliest and latest days the calendar offers (YYYY-MM-DD). */
  min?: string;
  max?: string;
};

/** What the field reports: only `target.value` is read by the forms that take it. */
const changeOf = (value: string) => ({ target: { value } }) as ChangeEvent<HTMLInputElement>;

/**
 * A date as the Gulf writes it, dd/mm/yyyy in both languages (a browser's own date input shows
 * its user's locale, mm/dd/yyyy for most), typed with Latin or Arabic digits or picked from the
 * browser's calendar; in Arabic the same day in the Hijri (Umm al-Qura) calendar under it.
 */
export function DateField({ value, onChange, min, max, helperText, error, slotProps, ...props }: DateFieldProps) {
  const { t } = useTranslation('common');
  const { language, direction } = useLanguage();
  const picker = useRef<HTMLInputElement>(null);
  const [text, setText] = useState(() => typedDateOf(value));
  const [lastValue, setLastValue] = useState(value);
  const [left, setLeft] = useState(false);
  // A value set from outside (a filter cleared, a form reset) replaces what is typed; a value the
  // owner did not take (a filter waiting for a whole date) leaves the typing alone.
  if (value !== lastValue) {
    setLastValue(value);
    if ((parseTypedDate(text) ?? text) !== value) setText(typedDateOf(value));
  }

  const parsed = parseTypedDate(text);
  const notADate = parsed === null && left;
  const hijri = parsed ? hijriDateOf(parsed, language) : null;

  const change = (typed: string) => {
    setText(typed);
    setLeft(false);
    onChange(changeOf(parseTypedDate(typed) ?? typed));
  };

  const openCalendar = () => {
    const input = picker.current;
    if (!input) return;
    if (typeof input.showPicker === 'function') {
      try {
        input.showPicker();
        return;
      } catch {
        // Not allowed here (an old browser): the field takes typing alone.
      }
    }
    input.focus();
  };

  const pickerInput = (
    <input
      ref={picker}
      type="date"
      tabIndex={-1}
      aria-hidden="true"
      value={isIsoDate(value) ? value : ''}
      min={min}
      max={max}
      onChange={(event) => {
        setText(typedDateOf(event.target.value));
        setLeft(false);
        onChange(changeOf(event.target.value));
      }}
      style={{ position: 'absolute', insetInlineEnd: 0, bottom: 0, width: 1, height: 1, opacity: 0, border: 0 }}
    />
  );

  return (
    <TextField
      {...props}
      value={text}
      onChange={(event) => change(event.target.value)}
      onBlur={(event) => {
        setLeft(true);
        // A whole date is shown the one way: 1/2/2027 becomes 01/02/2027.
        if (parsed) setText(typedDateOf(parsed));
        props.onBlur?.(event);
      }}
      error={Boolean(error) || notADate}
      helperText={notADate ? t('dates.invalid') : (helperText ?? hijri ?? undefined)}
      placeholder={t('dates.placeholder')}
      slotProps={{
        ...slotProps,
        inputLabel: { shrink: true, ...(slotProps?.inputLabel as object | undefined) },
        htmlInput: {
          ...latinInputProps(direction),
          inputMode: 'numeric',
          autoComplete: 'off',
          ...(slotProps?.htmlInput as object | undefined),
        },
        input: {
          endAdornment: (
            // A tighter gap before the calendar button than MUI's 8 px: dd/mm/yyyy stays whole in a
            // half-width field on a phone.
            <InputAdornment position="end" sx={{ position: 'relative', ml: 0.25 }}>
              <IconButton size="small" edge="end" aria-label={t('dates.pick')} onClick={openCalendar}>
                <CalendarMonthRoundedIcon fontSize="small" />
              </IconButton>
              {pickerInput}
            </InputAdornment>
          ),
          ...(slotProps?.input as object | undefined),
        },
      }}
    />
  );
}
