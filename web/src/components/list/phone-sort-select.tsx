import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { parseSort, sortParam, type ListSort } from '../../lib/list-sort';

interface PhoneSortSelectProps<F extends string> {
  /** The sortable columns, by their field and their header's words. */
  columns: ReadonlyArray<{ field: F; label: string }>;
  sort: ListSort<F> | null;
  onChange: (sort: ListSort<F> | null) => void;
  id: string;
}

/**
 * "Sort by" for a list shown as cards on a phone, where no column header can be clicked: the
 * list's own order, or a column ascending or descending (the same orders the headers give).
 */
export function PhoneSortSelect<F extends string>({ columns, sort, onChange, id }: PhoneSortSelectProps<F>) {
  const { t } = useTranslation('common');
  const fields = columns.map((column) => column.field);
  return (
    <TextField
      select
      size="small"
      id={id}
      label={t('list.sortBy')}
      value={sortParam(sort) ?? ''}
      onChange={(event) => onChange(parseSort(event.target.value, fields))}
      slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
      sx={{ flex: '1 1 100%' }}
    >
      <MenuItem value="">{t('list.sortDefault')}</MenuItem>
      {columns.flatMap(({ field, label }) =>
        (['asc', 'desc'] as const).map((direction) => (
          <MenuItem key={`${field}:${direction}`} value={`${field}:${direction}`}>
            {t(`list.sortOption.${direction}`, { column: label })}
          </MenuItem>
        )),
      )}
    </TextField>
  );
}
