import type { StockStatus } from '@erp/contracts';
import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import { formatDays } from '../../../lib/format';
import { useLanguage } from '../../../lib/use-language';
import type { ReorderUrgency } from '../api/stock-api';
import { expiryLevelOf, type ExpiryLevel } from '../lib/expiry';

interface BadgeColours {
  color: string;
  bgcolor: string;
  borderColor: string;
}

const red: BadgeColours = { color: '#991b1b', bgcolor: '#fee2e2', borderColor: '#fca5a5' };
const amber: BadgeColours = { color: '#92400e', bgcolor: '#fef3c7', borderColor: '#fcd34d' };
const green: BadgeColours = { color: '#166534', bgcolor: '#dcfce7', borderColor: '#86efac' };
const grey: BadgeColours = { color: '#374151', bgcolor: '#f3f4f6', borderColor: '#d1d5db' };

/** SPEC §4: 'Low Stock' in the warning colour, 'In Stock' in the success one. */
const statusColours: Record<StockStatus, BadgeColours> = { low: amber, in_stock: green };

/** SPEC §4: high and critical are destructive (red); medium amber, low grey. */
const urgencyColours: Record<ReorderUrgency, BadgeColours> = { critical: red, high: red, medium: amber, low: grey };

/** SPEC §4: critical (7 days or fewer, or expired) red, warning (30 or fewer) amber, otherwise grey. */
const expiryColours: Record<ExpiryLevel, BadgeColours> = { expired: red, critical: red, warning: amber, normal: grey };

function badgeSx({ color, bgcolor, borderColor }: BadgeColours) {
  return {
    color,
    bgcolor,
    borderColor,
    fontWeight: 600,
    height: 24,
    whiteSpace: 'nowrap',
    '& .MuiChip-label': { px: 1.25 },
  };
}

export function StockStatusBadge({ status }: { status: StockStatus }) {
  const { t } = useTranslation('stock');
  return (
    <Chip
      size="small"
      variant="outlined"
      label={t(`status.${status}`)}
      data-status={status}
      sx={badgeSx(statusColours[status] ?? green)}
    />
  );
}

export function UrgencyBadge({ urgency }: { urgency: ReorderUrgency }) {
  const { t } = useTranslation('stock');
  return (
    <Chip
      size="small"
      variant="outlined"
      label={t(`reorder.urgency.${urgency}`)}
      data-urgency={urgency}
      sx={badgeSx(urgencyColours[urgency] ?? amber)}
    />
  );
}

/** Days until a batch expires: "5 days", "Today", or "Expired". */
export function ExpiryBadge({ daysUntilExpiry }: { daysUntilExpiry: number }) {
  const { t } = useTranslation('stock');
  const { language } = useLanguage();
  const level = expiryLevelOf(daysUntilExpiry);
  const label =
    level === 'expired'
      ? t('expiring.expired')
      : daysUntilExpiry === 0
        ? t('expiring.today')
        : formatDays(daysUntilExpiry, language);
  return <Chip size="small" variant="outlined" label={label} data-level={level} sx={badgeSx(expiryColours[level])} />;
}
