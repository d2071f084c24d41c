import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import type { OrderStatus } from '../api/orders-api';
import { otherStatusColours, statusColours } from '../lib/order-status';

/** SPEC §4's coloured status badge: amber pending, blue confirmed, green completed, red cancelled. */
export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  const { t } = useTranslation('orders');
  const { color, bgcolor, borderColor } = statusColours[status] ?? otherStatusColours;
  return (
    <Chip
      size="small"
      variant="outlined"
      label={t(`status.${status}`, { defaultValue: status })}
      data-status={status}
      sx={{ color, bgcolor, borderColor, fontWeight: 600, height: 24, '& .MuiChip-label': { px: 1.25 } }}
    />
  );
}
