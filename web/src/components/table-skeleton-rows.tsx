import Skeleton from '@mui/material/Skeleton';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';

interface TableSkeletonRowsProps {
  rows?: number;
  columns: number;
}

/** Placeholder rows while a table's data loads (hidden from screen readers; the table is busy). */
export function TableSkeletonRows({ rows = 3, columns }: TableSkeletonRowsProps) {
  return (
    <>
      {Array.from({ length: rows }, (_row, rowIndex) => (
        <TableRow key={rowIndex} aria-hidden data-testid="skeleton-row">
          {Array.from({ length: columns }, (_cell, cellIndex) => (
            <TableCell key={cellIndex}>
              <Skeleton variant="text" width={cellIndex === 0 ? '80%' : '60%'} />
            </TableCell>
          ))}
        </TableRow>
      ))}
    </>
  );
}
