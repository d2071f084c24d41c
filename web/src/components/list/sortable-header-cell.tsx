import TableCell from '@mui/material/TableCell';
import TableSortLabel from '@mui/material/TableSortLabel';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ListSort } from '../../lib/list-sort';

interface SortableHeaderCellProps<F extends string> {
  field: F;
  sort: ListSort<F> | null;
  onSort: (field: F) => void;
  align?: 'left' | 'right';
  children: ReactNode;
}

/**
 * A column header that sorts the list by its field (asc, desc, then the list's own order), and
 * tells screen readers how the list is sorted (aria-sort) and what a click does.
 */
export function SortableHeaderCell<F extends string>({
  field,
  sort,
  onSort,
  align,
  children,
}: SortableHeaderCellProps<F>) {
  const { t } = useTranslation('common');
  const active = sort?.field === field;
  const direction = active ? sort.direction : 'asc';
  return (
    <TableCell
      align={align}
      sortDirection={active ? direction : false}
      aria-sort={active ? (direction === 'asc' ? 'ascending' : 'descending') : 'none'}
    >
      <TableSortLabel
        active={active}
        direction={direction}
        onClick={() => onSort(field)}
        title={t(
          active && direction === 'asc' ? 'list.sortDescending' : active ? 'list.sortReset' : 'list.sortAscending',
        )}
      >
        {children}
      </TableSortLabel>
    </TableCell>
  );
}
