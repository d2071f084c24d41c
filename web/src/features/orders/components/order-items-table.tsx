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
import { intlLocaleOf } from '../../../lib/language';
import { useLanguage } from '../../../lib/use-language';

interface OrderItemsTableProps {
  items: OrderItemDto[] | undefined;
  totalAmount: string;
  format: OrderFormat;
}

/** A line's quantity as sold, with its base quantity when sold in a pack: "5 ctn = 60 pcs" (CONTRACT §10). */
export function soldQuantityOf(item: OrderItemDto, format: OrderFormat): string {
  const sold = format.quantity(item.quantity, item.unit);
  return item.baseUnit && item.unitFactor !== 1
    ? `${sold} = ${format.quantity(item.baseQuantity, item.baseUnit)}`
    : sold;
}

/**
 * The order's lines (SPEC §2): item with Arabic name and SKU, quantity as sold (with its base
 * quantity for a pack), unit price, a discount column when a line has one, and the line total.
 */
export function OrderItemsTable({ items, totalAmount, format }: OrderItemsTableProps) {
  const { t } = useTranslation('orders');
  const { language } = useLanguage();
  const isPhone = useIsPhone();
  const discounted = items?.some((item) => item.discountPercent > 0) ?? false;
  // A discount to 2 decimals (12.5%), in the language's form with Latin digits.
  const percent = (value: number) =>
    new Intl.NumberFormat(intlLocaleOf(language), { style: 'percent', maximumFractionDigits: 2 }).format(value / 100);

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
                {/* A pack's "5 ctn = 60 pcs" or a discount needs room: two facts a row then. */}
                {item.unitFactor === 1 && item.discountPercent === 0 ? (
                  <PhoneFacts
                    facts={[
                      { label: t('details.items.columns.quantity'), value: soldQuantityOf(item, format) },
                      { label: t('details.items.columns.unitPrice'), value: format.money(item.unitPrice) },
                      { label: t('details.items.columns.total'), value: format.money(item.totalPrice) },
                    ]}
                  />
                ) : (
                  <>
                    <PhoneFacts
                      facts={[
                        { label: t('details.items.columns.quantity'), value: soldQuantityOf(item, format) },
                        { label: t('details.items.columns.unitPrice'), value: format.money(item.unitPrice) },
                      ]}
                    />
                    <PhoneFacts
                      facts={[
                        {
                          label: t('details.items.columns.discount'),
                          value: item.discountPercent > 0 ? percent(item.discountPercent) : t('common:noValue'),
                        },
                        { label: t('details.items.columns.total'), value: format.money(item.totalPrice) },
                      ]}
                    />
                  </>
                )}
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
            {discounted && <TableCell align="right">{t('details.items.columns.discount')}</TableCell>}
            <TableCell align="right">{t('details.items.columns.total')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {!items ? (
            <TableSkeletonRows rows={2} columns={discounted ? 5 : 4} />
          ) : (
            items.map((item) => (
              <TableRow key={item.id} data-testid="order-item-row">
                <TableCell>
                  <BilingualName name={item.itemName} nameAr={item.itemNameAr} detail={item.sku} />
                </TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {soldQuantityOf(item, format)}
                </TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {format.money(item.unitPrice)}
                </TableCell>
                {discounted && (
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {item.discountPercent > 0 ? percent(item.discountPercent) : t('common:noValue')}
                  </TableCell>
                )}
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {format.money(item.totalPrice)}
                </TableCell>
              </TableRow>
            ))
          )}
        </TableBody>
        <TableFooter>
          <TableRow>
            <TableCell
              colSpan={discounted ? 4 : 3}
              align="right"
              sx={{ fontWeight: 700, color: 'text.primary', fontSize: '0.875rem' }}
            >
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
