import type { InvoiceDto } from '@erp/contracts';
import DownloadRoundedIcon from '@mui/icons-material/DownloadRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from 'react-i18next';
import { visuallyHidden } from '../../../lib/visually-hidden';

interface DownloadInvoiceButtonProps {
  invoice: Pick<InvoiceDto, 'id' | 'invoiceNumber' | 'pdfUrl'>;
  downloading: boolean;
  onDownload: (invoice: { invoiceNumber: string; pdfUrl: string }) => void;
}

/**
 * Download of one invoice. Without a file (`pdfUrl` null: a supplier invoice with no upload)
 * it is disabled, and says why: in a tooltip for the mouse and, for screen readers, as the
 * button's description.
 */
export function DownloadInvoiceButton({ invoice, downloading, onDownload }: DownloadInvoiceButtonProps) {
  const { t } = useTranslation('invoices');
  const { pdfUrl, invoiceNumber } = invoice;
  const label = t('download.labelFor', { number: invoiceNumber });

  if (!pdfUrl) {
    const reasonId = `invoice-download-reason-${invoice.id}`;
    return (
      <Tooltip title={t('download.unavailable')}>
        {/* A disabled button gets no pointer events; the span carries the tooltip. */}
        <Box component="span" sx={{ display: 'inline-flex' }}>
          <Button
            size="small"
            disabled
            startIcon={<DownloadRoundedIcon />}
            aria-label={label}
            aria-describedby={reasonId}
          >
            {t('download.label')}
          </Button>
          <Box component="span" id={reasonId} sx={visuallyHidden}>
            {t('download.unavailable')}
          </Box>
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
