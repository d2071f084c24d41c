import LocalMallRoundedIcon from '@mui/icons-material/LocalMallRounded';
import Card from '@mui/material/Card';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { BilingualName } from '../../../components/bilingual-name';
import { SectionCardHeader } from '../../../components/section-card-header';
import type { TopProductDto } from '../api/analytics-api';
import type { AnalyticsFormat } from '../hooks/use-analytics-format';
import { largestAmount, shareOfTop } from '../lib/money';
import { compactCellSx, NoDataAvailable, ShareBar } from './analytics-table-parts';

interface TopProductsCardProps {
  products: readonly TopProductDto[];
  format: AnalyticsFormat;
}

/**
 * SPEC §2 Top Products: name (with the Arabic name), quantity sold, revenue, and a bar scaled
 * to the top product's revenue, capped at 100%.
 */
export function TopProductsCard({ products, format }: TopProductsCardProps) {
  const { t } = useTranslation('analytics');
  const top = largestAmount(products.map(({ revenue }) => revenue));
  return (
    <Card component="section" aria-labelledby="top-products-title" sx={{ minWidth: 0 }}>
      <SectionCardHeader
        id="top-products-title"
        icon={<LocalMallRoundedIcon />}
        title={t('topProducts.title')}
        subtitle={t('topProducts.subtitle')}
      />
      {products.length === 0 ? (
        <NoDataAvailable />
      ) : (
        <TableContainer>
          <Table size="small" aria-labelledby="top-products-title" sx={compactCellSx}>
            <TableHead>
              <TableRow>
                <TableCell>{t('topProducts.columns.name')}</TableCell>
                <TableCell align="right">{t('topProducts.columns.quantity')}</TableCell>
                <TableCell align="right" sx={{ width: { xs: 120, sm: 168 } }}>
                  {t('topProducts.columns.revenue')}
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {products.map((product, index) => (
                <TableRow key={product.stockItemId ?? `${product.name}-${index}`} data-testid="top-product-row">
                  <TableCell component="th" scope="row">
                    <BilingualName name={product.name} nameAr={product.nameAr} />
                  </TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {format.quantity(product.quantity)}
                  </TableCell>
                  <TableCell align="right">
                    <Typography variant="body2" sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
                      <bdi>{format.money(product.revenue)}</bdi>
                    </Typography>
                    <ShareBar percent={shareOfTop(product.revenue, top)} />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Card>
  );
}
