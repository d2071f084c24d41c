import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableFooter from '@mui/material/TableFooter';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useTranslation } from 'react-i18next';
import { BilingualName } from '../../../components/bilingual-name';
import { PhoneFacts, PhoneList, PhoneListItem, useIsPhone } from '../../../components/phone-list';
import { TableSkeletonRows } from '../../../components/table-skeleton-rows';
import type { OrderItemDto } from '../api/orders-api';
import type { OrderFormat } from '../hooks/use-order-format';

interface OrderItemsTableProps {
  items: OrderItemDto[] | undefined;
  totalAmount: string;
  format: OrderFormat;
}

/** The order's lines (SPEC §2): item with Arabic name and SKU, quantity with unit, unit price, total. */
export function OrderItemsTable({ items, totalAmount, format }: OrderItemsTableProps) {
  const { t } = useTranslation('orders');
  const isPhone = useIsPhone();

  if (isPhone) {
    return (
      <Box
        sx={{
          border: 1,
          borderColor: 'divider',
          borderRadius: 2,
          overflow: 'hidden',
          '& li:first-of-type': { borderTop: 0 },
        }}
      >
        <PhoneList label={t('details.items.tableLabel')} busy={!items}>
          {!items ? (
            <PhoneListItem>
              <Skeleton variant="text" width="70%" />
              <Skeleton variant="text" width="90%" />
            </PhoneListItem>
          ) : (
            items.map((item) => (
              <PhoneListItem key={item.id} testId="order-item-row">
                <Box>
                  <BilingualName name={item.itemName} nameAr={item.itemNameAr} detail={item.sku} />
                </Box>
                <PhoneFacts
                  facts={[
                    { label: t('details.items.columns.quantity'), value: format.quantity(item.quantity, item.unit) },
                    { label: t('details.items.columns.unitPrice'), value: format.money(item.unitPrice) },
                    { label: t('details.items.columns.total'), value: format.money(item.totalPrice) },
                  ]}
                />
              </PhoneListItem>
            ))
          )}
        </PhoneList>
      </Box>
    );
  }

  return (
    <TableContainer sx={{ border: 1, borderColor: 'divider', borderRadius: 2 }}>
      <Table size="small" aria-label={t('details.items.tableLabel')} aria-busy={!items}>
        <TableHead>
          <TableRow>
            <TableCell>{t('details.items.columns.item')}</TableCell>
            <TableCell align="right">{t('details.items.columns.quantity')}</TableCell>
            <TableCell align="right">{t('details.items.columns.unitPrice')}</TableCell>
            <TableCell align="right">{t('details.items.columns.total')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {!items ? (
            <TableSkeletonRows rows={2} columns={4} />
          ) : (
            items.map((item) => (
              <TableRow key={item.id} data-testid="order-item-row">
                <TableCell>
                  <BilingualName name={item.itemName} nameAr={item.itemNameAr} detail={item.sku} />
                </TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {format.quantity(item.quantity, item.unit)}
                </TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {format.money(item.unitPrice)}
                </TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {format.money(item.totalPrice)}
                </TableCell>
              </TableRow>
            ))
          )}
        </TableBody>
        <TableFooter>
          <TableRow>
            <TableCell colSpan={3} align="right" sx={{ fontWeight: 700, color: 'text.primary', fontSize: '0.875rem' }}>
              {t('details.items.total')}
            </TableCell>
            <TableCell
              align="right"
              sx={{ fontWeight: 700, color: 'text.primary', fontSize: '0.875rem', whiteSpace: 'nowrap' }}
            >
              {format.money(totalAmount)}
            </TableCell>
          </TableRow>
        </TableFooter>
      </Table>
    </TableContainer>
  );
}
