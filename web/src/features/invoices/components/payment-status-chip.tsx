import type { InvoiceType, PaymentStatus } from '@erp/contracts';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import { overdueColours, paymentStatusColours, type BadgeColours } from '../lib/payments';

const chipSx = (colours: BadgeColours) => ({
  ...colours,
  fontWeight: 600,
  height: 24,
  '& .MuiChip-label': { px: 1.25 },
});

/**
 * A customer invoice's settlement: Unpaid (amber), Partially paid (blue), Paid (green) or
 * Credited (grey), and a red Overdue beside it once the due date has passed with money left. A
 * balance brought forward is never credited by a credit note: "credited" there means written off.
 */
export function PaymentStatusChip({
  status,
  overdue = false,
  type = 'customer',
}: {
  status: PaymentStatus;
  overdue?: boolean;
  type?: InvoiceType;
}) {
  const { t } = useTranslation('invoices');
  const label = type === 'opening_balance' && status === 'credited' ? 'writtenOff' : status;
  return (
    <Box component="span" sx={{ display: 'inline-flex', flexWrap: 'wrap', gap: 0.5 }}>
      <Chip
        size="small"
        variant="outlined"
        label={t(`paymentStatus.${label}`)}
        data-payment-status={status}
        sx={chipSx(paymentStatusColours[status] ?? paymentStatusColours.credited)}
      />
      {overdue && (
        <Chip
          size="small"
          variant="outlined"
          label={t('paymentStatus.overdue')}
          data-overdue
          sx={chipSx(overdueColours)}
        />
      )}
    </Box>
  );
}
