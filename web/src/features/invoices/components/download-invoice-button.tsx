import type { InvoiceDto } from '@erp/contracts';
import DownloadRoundedIcon from '@mui/icons-material/DownloadRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from 'react-i18next';
import { visuallyHidden } from '../../../lib/visually-hidden';

interface DownloadInvoiceButtonProps {
  invoice: Pick<InvoiceDto, 'id' | 'invoiceNumber' | 'pdfUrl'>;
  downloading: boolean;
  onDownload: (invoice: { invoiceNumber: string; pdfUrl: string }) => void;
  /** An icon with a tooltip instead of a text button (the table's narrow Actions column). */
  compact?: boolean;
}

/**
 * Download of one invoice. Without a file (`pdfUrl` null: a supplier invoice with no upload)
 * it is disabled, and says why: in a tooltip for the mouse and, for screen readers, as the
 * button's description.
 */
export function DownloadInvoiceButton({
  invoice,
  downloading,
  onDownload,
  compact = false,
}: DownloadInvoiceButtonProps) {
  const { t } = useTranslation('invoices');
  const { pdfUrl, invoiceNumber } = invoice;
  const label = t('download.labelFor', { number: invoiceNumber });

  if (!pdfUrl) {
    const reasonId = `invoice-download-reason-${invoice.id}`;
    return (
      <Tooltip title={t('download.unavailable')}>
        {/* A disabled button gets no pointer events; the span carries the tooltip. */}
        <Box component="span" sx={{ display: 'inline-flex' }}>
          {compact ? (
            <IconButton size="small" disabled aria-label={label} aria-describedby={reasonId}>
              <DownloadRoundedIcon fontSize="small" />
            </IconButton>
          ) : (
            <Button
              size="small"
              disabled
              startIcon={<DownloadRoundedIcon />}
              aria-label={label}
              aria-describedby={reasonId}
            >
              {t('download.label')}
            </Button>
          )}
          <Box component="span" id={reasonId} sx={visuallyHidden}>
            {t('download.unavailable')}
          </Box>
        </Box>
      </Tooltip>
    );
  }

  if (compact) {
    return (
      <Tooltip title={downloading ? t('download.downloading') : t('download.label')}>
        {/* A disabled button gets no pointer events; the span carries the tooltip. */}
        <Box component="span" sx={{ display: 'inline-flex' }}>
          <IconButton
            size="small"
            color="primary"
            disabled={downloading}
            aria-label={label}
            aria-busy={downloading}
            onClick={() => onDownload({ invoiceNumber, pdfUrl })}
          >
            {downloading ? <CircularProgress size={18} color="inherit" /> : <DownloadRoundedIcon fontSize="small" />}
          </IconButton>
        </Box>
      </Tooltip>
    );
  }

  return (
    <Button
      size="small"
      disabled={downloading}
      startIcon={downloading ? <CircularProgress size={16} color="inherit" /> : <DownloadRoundedIcon />}
      aria-label={label}
      onClick={() => onDownload({ invoiceNumber, pdfUrl })}
    >
      {downloading ? t('download.downloading') : t('download.label')}
    </Button>
  );
}
