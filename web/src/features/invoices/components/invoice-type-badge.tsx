import type { InvoiceType } from '@erp/contracts';
import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';

interface BadgeColours {
  color: string;
  bgcolor: string;
  borderColor: string;
}

/**
 * Customer (sales) invoices blue, supplier (purchase) invoices violet, credit notes amber,
 * balances brought forward teal, their write-offs grey: told apart at a glance.
 */
const typeColours: Record<InvoiceType, BadgeColours> = {
  customer: { color: '#1e40af', bgcolor: '#dbeafe', borderColor: '#93c5fd' },
  supplier: { color: '#6b21a8', bgcolor: '#f3e8ff', borderColor: '#d8b4fe' },
  credit_note: { color: '#92400e', bgcolor: '#fef3c7', borderColor: '#fcd34d' },
  opening_balance: { color: '#115e59', bgcolor: '#ccfbf1', borderColor: '#5eead4' },
  write_off: { color: '#374151', bgcolor: '#f3f4f6', borderColor: '#d1d5db' },
};

export function InvoiceTypeBadge({ type }: { type: InvoiceType }) {
  const { t } = useTranslation('invoices');
  const { color, bgcolor, borderColor } = typeColours[type] ?? typeColours.customer;
  return (
    <Chip
      size="small"
      variant="outlined"
      label={t(`type.${type}`)}
      data-type={type}
      sx={{ color, bgcolor, borderColor, fontWeight: 600, height: 24, '& .MuiChip-label': { px: 1.25 } }}
    />
  );
}
