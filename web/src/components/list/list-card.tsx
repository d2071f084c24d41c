import SearchOffRoundedIcon from '@mui/icons-material/SearchOffRounded';
import SearchRoundedIcon from '@mui/icons-material/SearchRounded';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import InputAdornment from '@mui/material/InputAdornment';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ListSort } from '../../lib/list-sort';
import type { ListPageSize } from '../../lib/use-server-list';
import { LoadErrorAlert } from '../load-error-alert';
import { PhoneList, PhoneSkeletonItems, useIsPhone } from '../phone-list';
import { SectionCardHeader } from '../section-card-header';
import { TableSkeletonRows } from '../table-skeleton-rows';
import { ListPagination } from './list-pagination';
import { PhoneSortSelect } from './phone-sort-select';

/** What the card needs of a useServerList list: its search, order, pages and state. */
export interface ListCardList<F extends string> {
  searchText: string;
  setSearchText: (text: string) => void;
  sort: ListSort<F> | null;
  setSort: (sort: ListSort<F> | null) => void;
  total: number;
  page: number;
  pageSize: ListPageSize;
  setPage: (page: number) => void;
  setPageSize: (size: ListPageSize) => void;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
}

/** Placeholder rows while a page loads, in the table and as cards alike. */
const SKELETON_ROWS = 3; // SPEC §2: three placeholder rows while a list loads

interface ListCardProps<Row extends { id: string }, F extends string> {
  list: ListCardList<F>;
  /** This page's rows; undefined while they load (skeleton rows meanwhile). */
  rows: readonly Row[] | undefined;
  /** The heading's id (the card is the region it names). */
  titleId: string;
  icon: ReactNode;
  title: string;
  /** Said under the title unless the list is sorted (then: "Sorted by …"). */
  subtitle: string;
  /** The search field, first in the toolbar; absent when the list's filter bar holds its search. */
  search?: { id: string; label: string; placeholder: string };
  /** Controls beside the search (a filter, the columns menu, the export menu), in the toolbar. */
  tools: ReactNode;
  /** Filters on a row of their own under the heading, on every screen size. */
  filterBar?: ReactNode;
  /**
   * The columns it can be sorted by, in their headers' words: a phone's Sort by, and the subtitle.
   * None: the list keeps the server's order, and a phone shows no Sort by.
   */
  sortColumns: ReadonlyArray<{ field: F; label: string }>;
  sortId: string;
  /**
   * What no row matching says: the title (with the search in it), what to try, and a way out; an
   * icon of its own where "nothing found" is not a search's (an empty Inbox).
   */
  noResults: { title: string; description: string; action?: ReactNode; icon?: ReactNode };
  table: {
    label: string;
    minWidth: number;
    /** The header cells, in one row. */
    head: ReactNode;
    columnCount: number;
    /** One <TableRow> of a row. */
    row: (row: Row) => ReactNode;
  };
  /** One <PhoneListItem> of a row: the list as cards on a phone. */
  phoneItem: (row: Row) => ReactNode;
}

/**
 * The one list of the app (orders, invoices, clients, stock): a card with its title, a search
 * and tools, optional filters, the rows as a table or, on a phone, as cards with a Sort by,
 * skeleton rows while they load, a "nothing matches" state, a load error with Retry, and pages.
 * Each list says only what its columns and rows hold.
 */
export function ListCard<Row extends { id: string }, F extends string>({
  list,
  rows,
  titleId,
  icon,
  title,
  subtitle,
  search,
  tools,
  filterBar,
  sortColumns,
  sortId,
  noResults,
  table,
  phoneItem,
}: ListCardProps<Row, F>) {
  const { t } = useTranslation('common');
  const isPhone = useIsPhone();
  const sortedLabel = sortColumns.find((column) => column.field === list.sort?.field)?.label;

  const toolbar = (
    <Box
      sx={{
        display: 'flex',
        gap: 1,
        alignItems: 'center',
        flexWrap: { xs: 'wrap', sm: 'nowrap' },
        width: { xs: '100%', sm: 'auto' },
      }}
    >
      {search && (
        <TextField
          type="search"
          size="small"
          id={search.id}
          label={search.label}
          placeholder={search.placeholder}
          value={list.searchText}
          onChange={(event) => list.setSearchText(event.target.value)}
          sx={{ width: { xs: '100%', sm: 300 } }}
          slotProps={{
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchRoundedIcon fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
        />
      )}
      {tools}
    </Box>
  );

  const nothingMatches = (
    <Box sx={{ py: 5, px: 2, textAlign: 'center', color: 'text.secondary' }}>
      {noResults.icon ?? <SearchOffRoundedIcon sx={{ fontSize: 36, opacity: 0.6 }} aria-hidden />}
      <Typography variant="subtitle1" component="p" sx={{ fontWeight: 600, color: 'text.primary' }}>
        {noResults.title}
      </Typography>
      <Typography variant="body2">{noResults.description}</Typography>
      {noResults.action}
    </Box>
  );

  const phoneList = (
    <>
      {sortColumns.length > 0 && (
        <Box sx={{ display: 'flex', px: 2, pb: 2 }}>
          <PhoneSortSelect id={sortId} columns={sortColumns} sort={list.sort} onChange={list.setSort} />
        </Box>
      )}
      <PhoneList label={table.label} busy={!rows}>
        {!rows ? (
          <PhoneSkeletonItems count={SKELETON_ROWS} />
        ) : rows.length === 0 ? (
          nothingMatches
        ) : (
          rows.map(phoneItem)
        )}
      </PhoneList>
    </>
  );

  const desktopTable = (
    <TableContainer>
      <Table aria-label={table.label} aria-busy={!rows} sx={{ minWidth: table.minWidth }}>
        <TableHead>
          <TableRow>{table.head}</TableRow>
        </TableHead>
        <TableBody>
          {!rows ? (
            <TableSkeletonRows rows={SKELETON_ROWS} columns={table.columnCount} />
          ) : rows.length === 0 ? (
            <TableRow>
              <TableCell colSpan={table.columnCount} sx={{ borderBottom: 0 }}>
                {nothingMatches}
              </TableCell>
            </TableRow>
          ) : (
            rows.map(table.row)
          )}
        </TableBody>
      </Table>
    </TableContainer>
  );

  return (
    <Card component="section" aria-labelledby={titleId}>
      <SectionCardHeader
        id={titleId}
        icon={icon}
        title={title}
        subtitle={
          list.sort && sortedLabel
            ? t('list.sortedBy', { order: t(`list.sortOption.${list.sort.direction}`, { column: sortedLabel }) })
            : subtitle
        }
        // On a phone the toolbar gets a line of its own, the card's whole width: as the header's
        // action it keeps its content's width, which in Arabic is wider than the screen.
        action={isPhone ? undefined : toolbar}
      />
      {isPhone && <Box sx={{ px: 2, pb: 2 }}>{toolbar}</Box>}
      {filterBar}
      {list.isError ? (
        <Box sx={{ px: { xs: 2, sm: 3 }, pb: 3 }}>
          <LoadErrorAlert error={list.error} onRetry={() => void list.refetch()} />
        </Box>
      ) : (
        <>
          {isPhone ? phoneList : desktopTable}
          <ListPagination list={list} />
        </>
      )}
    </Card>
  );
}
