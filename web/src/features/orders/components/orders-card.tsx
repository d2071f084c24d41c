import ReceiptLongRoundedIcon from '@mui/icons-material/ReceiptLongRounded';
import VisibilityRoundedIcon from '@mui/icons-material/VisibilityRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../../components/date-field';
import { useColumnChoice } from '../../../lib/use-column-choice';
import { wholeDate } from '../../../lib/dates';
import { ColumnsMenu } from '../../../components/list/columns-menu';
import { ExportMenu } from '../../../components/list/export-menu';
import { ListCard } from '../../../components/list/list-card';
import { SortableHeaderCell } from '../../../components/list/sortable-header-cell';
import { PhoneFacts, PhoneListHead, PhoneListItem, useIsPhone } from '../../../components/phone-list';
import { listPath } from '../../../lib/list-sort';
import { useCurrentUser } from '../../auth/hooks/use-current-user';
import { orderStatuses, type OrderDto } from '../api/orders-api';
import { useOrderFormat } from '../hooks/use-order-format';
import type { OrderFilters, OrdersList } from '../hooks/use-orders-list';
import { OrderStatusBadge } from './order-status-badge';

/** SPEC §9: the order list shows 3 skeleton rows while it loads. */

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

  const sortColumns: Array<{ field: NonNullable<typeof list.sort>['field']; label: string }> = [
    { field: 'orderNumber', label: t('list.columns.orderNumber') },
    ...(showClient ? [{ field: 'clientName' as const, label: t('list.columns.client') }] : []),
    { field: 'status', label: t('list.columns.status') },
    { field: 'totalAmount', label: t('list.columns.total') },
    { field: 'createdAt', label: t('list.columns.date') },
  ];
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
    <ListCard
      list={list}
      rows={orders}
      titleId="recent-orders-title"
      icon={<ReceiptLongRoundedIcon />}
      title={t('list.title')}
      subtitle={t('list.subtitle')}
      search={{ id: 'orders-search', label: t('list.search.label'), placeholder: t('list.search.placeholder') }}
      tools={
        <>
          {!isPhone && <ColumnsMenu choice={columnChoice} labelOf={(column) => t(`list.columns.${column}`)} />}
          <ExportMenu path={listPath('/api/orders', list.exportParams)} name="orders" />
        </>
      }
      filterBar={filterBar}
      sortColumns={sortColumns}
      sortId="orders-sort"
      noResults={{
        title: list.search ? t('list.noResults.title', { search: list.search }) : t('list.filters.noResults'),
        description: list.filtered ? t('list.filters.noResultsDescription') : t('list.noResults.description'),
      }}
      table={{
        label: t('list.tableLabel'),
        minWidth: showClient ? 760 : 600,
        columnCount: columns,
        head: (
          <>
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
          </>
        ),
        row: (order) => (
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
            {shown('date') && <TableCell sx={{ whiteSpace: 'nowrap' }}>{format.date(order.createdAt)}</TableCell>}
            <TableCell align="right">{viewButton(order)}</TableCell>
          </TableRow>
        ),
      }}
      phoneItem={(order) => (
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
      )}
    />
  );
}
