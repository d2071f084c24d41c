import type { ZatcaStatus } from '@erp/contracts';
import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import type { BadgeColours } from '../lib/payments';

/** The app's soft badge colours: waiting amber, accepted green, rejected red. */
const zatcaColours: Record<ZatcaStatus, BadgeColours> = {
  pending: { color: '#92400e', bgcolor: '#fef3c7', borderColor: '#fcd34d' },
  cleared: { color: '#166534', bgcolor: '#dcfce7', borderColor: '#86efac' },
  reported: { color: '#166534', bgcolor: '#dcfce7', borderColor: '#86efac' },
  rejected: { color: '#991b1b', bgcolor: '#fee2e2', borderColor: '#fca5a5' },
};

/** Where an invoice is with ZATCA (CONTRACT §12): pending, cleared, reported or rejected. */
export function ZatcaStatusChip({ status }: { status: ZatcaStatus }) {
  const { t } = useTranslation('invoices');
  return (
    <Chip
      size="small"
      variant="outlined"
      label={t(`zatca.status.${status}`)}
      data-zatca-status={status}
      sx={{ ...zatcaColours[status], fontWeight: 600, height: 24, '& .MuiChip-label': { px: 1.25 } }}
    />
  );
}
