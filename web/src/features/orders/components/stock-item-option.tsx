import type { StockItemDto } from '@erp/contracts';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { OrderFormat } from '../hooks/use-order-format';

/** A stock item in the picker: its names, SKU and how much is in stock. */
export function StockItemOption({ item, format }: { item: StockItemDto; format: OrderFormat }) {
  const { t } = useTranslation('orders');
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        <bdi>{item.name}</bdi>
        {item.nameAr && (
          <Typography component="span" variant="body2" color="text.secondary" sx={{ mx: 1 }}>
            <bdi>{item.nameAr}</bdi>
          </Typography>
        )}
      </Typography>
      <Typography variant="caption" color="text.secondary" sx={{ display: 'flex', gap: 1.5 }}>
        <bdi>{item.sku}</bdi>
        <span>{t('form.items.inStock', { quantity: format.quantity(item.quantity, item.unit) })}</span>
      </Typography>
    </Box>
  );
}
