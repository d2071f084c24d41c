import ReceiptLongRoundedIcon from '@mui/icons-material/ReceiptLongRounded';
import SearchOffRoundedIcon from '@mui/icons-material/SearchOffRounded';
import SearchRoundedIcon from '@mui/icons-material/SearchRounded';
import VisibilityRoundedIcon from '@mui/icons-material/VisibilityRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../../components/date-field';
import { useColumnChoice } from '../../../lib/use-column-choice';
import { wholeDate } from '../../../lib/dates';
import { ColumnsMenu } from '../../../components/list/columns-menu';
import { ExportMenu } from '../../../components/list/export-menu';
import { PhoneSortSelect } from '../../../components/list/phone-sort-select';
import { ListPagination } from '../../../components/list/list-pagination';
import { SortableHeaderCell } from '../../../components/list/sortable-header-cell';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { PhoneFacts, PhoneList, PhoneListHead, PhoneListItem, useIsPhone } from '../../../components/phone-list';
import { SectionCardHeader } from '../../../components/section-card-header';
import { TableSkeletonRows } from '../../../components/table-skeleton-rows';
import { listPath } from '../../../lib/list-sort';
import { useCurrentUser } from '../../auth/hooks/use-current-user';
import { orderStatuses, type OrderDto } from '../api/orders-api';
import { useOrderFormat } from '../hooks/use-order-format';
import type { OrderFilters, OrdersList } from '../hooks/use-orders-list';
import { OrderStatusBadge } from './order-status-badge';

/** SPEC §9: the order list shows 3 skeleton rows while it loads. */
const SKELETON_ROWS = 3;

/** The orders table's columns a user may hide, by their header's key. */
const ordersOptionalColumns = ['status', 'total', 'date'] as const;

interface OrdersCardProps {
  list: OrdersList;
  currency: string;
  onView: (order: OrderDto) => void;
  /** The Client column (and the client's name on a phone card); off for one client's orders. */
  showClient?: boolean;
}

/** Recent Orders (SPEC §2): a server-side search and pages of order #, client, status, total and date. */
export function OrdersCard({ list, currency, onView, showClient = true }: OrdersCardProps) {
  const { t } = useTranslation('orders');
  const format = useOrderFormat(currency);
  const isPhone = useIsPhone();
  const { orders } = list;
  const { user } = useCurrentUser();
  const columnChoice = useColumnChoice(user?.id, 'orders', ordersOptionalColumns);
  const { shown } = columnChoice;
  // The order number and View always show; the client only where the list is of many clients.
  const columns = 2 + (showClient ? 1 : 0) + ordersOptionalColumns.filter((column) => shown(column)).length;

  const orderNumber = (order: OrderDto) => (
    <Box component="bdi" sx={{ fontFamily: 'monospace', fontSize: '0.8125rem', fontWeight: 600 }}>
      {order.orderNumber}
    </Box>
  );

  const viewButton = (order: OrderDto) => (
    <Button
      size="small"
      startIcon={<VisibilityRoundedIcon />}
      aria-label={t('list.viewOrder', { number: order.orderNumber })}
      onClick={() => onView(order)}
    >
      {t('list.view')}
    </Button>
  );

  const noResults = (
    <Box sx={{ py: 5, px: 2, textAlign: 'center', color: 'text.secondary' }}>
      <SearchOffRoundedIcon sx={{ fontSize: 36, opacity: 0.6 }} aria-hidden />
      <Typography variant="subtitle1" component="p" sx={{ fontWeight: 600, color: 'text.primary' }}>
        {list.search ? t('list.noResults.title', { search: list.search }) : t('list.filters.noResults')}
      </Typography>
      <Typography variant="body2">
        {list.filtered ? t('list.filters.noResultsDescription') : t('list.noResults.description')}
      </Typography>
    </Box>
  );

  const phoneList = (
    <PhoneList label={t('list.tableLabel')} busy={!orders}>
      {!orders
        ? Array.from({ length: SKELETON_ROWS }, (_value, index) => (
            <PhoneListItem key={index} testId="skeleton-row">
              <Skeleton variant="text" width="50%" />
              <Skeleton variant="text" width="85%" />
            </PhoneListItem>
          ))
        : orders.length === 0
          ? noResults
          : orders.map((order) => (
              <PhoneListItem key={order.id} testId="order-row">
                <PhoneListHead badge={<OrderStatusBadge status={order.status} />}>
                  <Typography variant="body2">{orderNumber(order)}</Typography>
                  {showClient && (
                    <Typography variant="body2" sx={{ fontWeight: 600 }}>
                      <bdi>{order.clientName}</bdi>
                    </Typography>
                  )}
                </PhoneListHead>
                <PhoneFacts
                  facts={[
                    { label: t('list.columns.total'), value: format.money(order.totalAmount) },
                    { label: t('list.columns.date'), value: format.date(order.createdAt) },
                  ]}
                />
                <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>{viewButton(order)}</Box>
              </PhoneListItem>
            ))}
    </PhoneList>
  );

  // On a phone the search takes its own full-width row under the heading.
  const searchField = (
    <TextField
      type="search"
      size="small"
      id="orders-search"
      label={t('list.search.label')}
      placeholder={t('list.search.placeholder')}
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
  );

  const toolbar = (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', width: { xs: '100%', sm: 'auto' } }}>
      {searchField}
      {!isPhone && <ColumnsMenu choice={columnChoice} labelOf={(column) => t(`list.columns.${column}`)} />}
      <ExportMenu path={listPath('/api/orders', list.exportParams)} name="orders" />
    </Box>
  );
  /** The columns the list can be sorted by, in their headers' words (a phone's Sort by, the subtitle). */
  const sortColumns: Array<{ field: NonNullable<typeof list.sort>['field']; label: string }> = [
    { field: 'orderNumber', label: t('list.columns.orderNumber') },
    ...(showClient ? [{ field: 'clientName' as const, label: t('list.columns.client') }] : []),
    { field: 'status', label: t('list.columns.status') },
    { field: 'totalAmount', label: t('list.columns.total') },
    { field: 'createdAt', label: t('list.columns.date') },
  ];
  const sortedLabel = sortColumns.find((column) => column.field === list.sort?.field)?.label;
  const sorting = { sort: list.sort, onSort: list.sortBy };

  // Status and a date range (the orders' business days), under the heading on every screen size.
  const filterBar = (
    <Box
      role="group"
      aria-label={t('list.filters.label')}
      sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center', px: { xs: 2, sm: 3 }, pb: 2 }}
    >
      <TextField
        select
        size="small"
        label={t('list.filters.status')}
        value={list.filters.status}
        onChange={(event) => list.setFilter('status', event.target.value as OrderFilters['status'])}
        sx={{ width: { xs: '100%', sm: 180 } }}
        slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
      >
        <MenuItem value="">{t('list.filters.allStatuses')}</MenuItem>
        {orderStatuses.map((status) => (
          <MenuItem key={status} value={status}>
            {t(`status.${status}`)}
          </MenuItem>
        ))}
      </TextField>
      <DateField
        size="small"
        label={t('list.filters.from')}
        value={list.filters.from}
        onChange={(event) => wholeDate(event.target.value, (day) => list.setFilter('from', day))}
        sx={{ flex: { xs: 1, sm: 'none' }, width: { sm: 170 } }}
        max={list.filters.to || undefined}
      />
      <DateField
        size="small"
        label={t('list.filters.to')}
        value={list.filters.to}
        onChange={(event) => wholeDate(event.target.value, (day) => list.setFilter('to', day))}
        sx={{ flex: { xs: 1, sm: 'none' }, width: { sm: 170 } }}
        min={list.filters.from || undefined}
      />
      {list.filtered && (
        <Button size="small" color="inherit" onClick={list.clearFilters}>
          {t('list.filters.clear')}
        </Button>
      )}
    </Box>
  );

  return (
    <Card component="section" aria-labelledby="recent-orders-title">
      <SectionCardHeader
        id="recent-orders-title"
        icon={<ReceiptLongRoundedIcon />}
        title={t('list.title')}
        subtitle={
          list.sort && sortedLabel
            ? t('common:list.sortedBy', {
                order: t(`common:list.sortOption.${list.sort.direction}`, { column: sortedLabel }),
              })
            : t('list.subtitle')
        }
        action={!isPhone && toolbar}
      />
      {isPhone && <Box sx={{ px: 2, pb: 2 }}>{toolbar}</Box>}
      {filterBar}
      {list.isError ? (
        <Box sx={{ px: { xs: 2, sm: 3 }, pb: 3 }}>
          <LoadErrorAlert error={list.error} onRetry={() => void list.refetch()} />
        </Box>
      ) : (
        <>
          {isPhone ? (
            <>
              <Box sx={{ display: 'flex', px: 2, pb: 2 }}>
                <PhoneSortSelect id="orders-sort" columns={sortColumns} sort={list.sort} onChange={list.setSort} />
              </Box>
              {phoneList}
            </>
          ) : (
            <TableContainer>
              <Table aria-label={t('list.tableLabel')} aria-busy={!orders} sx={{ minWidth: showClient ? 760 : 600 }}>
                <TableHead>
                  <TableRow>
                    <SortableHeaderCell field="orderNumber" {...sorting}>
                      {t('list.columns.orderNumber')}
                    </SortableHeaderCell>
                    {showClient && (
                      <SortableHeaderCell field="clientName" {...sorting}>
                        {t('list.columns.client')}
                      </SortableHeaderCell>
                    )}
                    {shown('status') && (
                      <SortableHeaderCell field="status" {...sorting}>
                        {t('list.columns.status')}
                      </SortableHeaderCell>
                    )}
                    {shown('total') && (
                      <SortableHeaderCell field="totalAmount" align="right" {...sorting}>
                        {t('list.columns.total')}
                      </SortableHeaderCell>
                    )}
                    {shown('date') && (
                      <SortableHeaderCell field="createdAt" {...sorting}>
                        {t('list.columns.date')}
                      </SortableHeaderCell>
                    )}
                    <TableCell align="right">{t('list.columns.actions')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {!orders ? (
                    <TableSkeletonRows rows={SKELETON_ROWS} columns={columns} />
                  ) : orders.length === 0 ? (
                    <TableRow>
                      <TableCell colSpan={columns} sx={{ borderBottom: 0 }}>
                        {noResults}
                      </TableCell>
                    </TableRow>
                  ) : (
                    orders.map((order) => (
                      <TableRow key={order.id} hover data-testid="order-row">
                        <TableCell sx={{ whiteSpace: 'nowrap' }}>{orderNumber(order)}</TableCell>
                        {showClient && (
                          <TableCell>
                            <Typography variant="body2" sx={{ fontWeight: 600 }}>
                              <bdi>{order.clientName}</bdi>
                            </Typography>
                          </TableCell>
                        )}
                        {shown('status') && (
                          <TableCell>
                            <OrderStatusBadge status={order.status} />
                          </TableCell>
                        )}
                        {shown('total') && (
                          <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                            {format.money(order.totalAmount)}
                          </TableCell>
                        )}
                        {shown('date') && (
                          <TableCell sx={{ whiteSpace: 'nowrap' }}>{format.date(order.createdAt)}</TableCell>
                        )}
                        <TableCell align="right">{viewButton(order)}</TableCell>
                      </TableRow>
                    ))
                  )}
                </TableBody>
              </Table>
            </TableContainer>
          )}
          <ListPagination list={list} />
        </>
      )}
    </Card>
  );
}
