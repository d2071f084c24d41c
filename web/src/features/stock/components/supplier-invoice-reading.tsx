import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import { useTranslation } from 'react-i18next';

interface SupplierInvoiceReadingProps {
  /** The invoice the user chose (JPG, PNG or PDF, at most 10 MB). */
  file: File;
}

/**
 * What "Process with AI" does with the chosen invoice. Reading supplier invoices arrives with
 * the AI intake (POST /api/stock/supplier-invoices/parse, then a review and POST
 * /api/stock/receipts, CONTRACT §5): this component is the one to replace. Until then it says
 * so, and nothing is sent.
 */
export function SupplierInvoiceReading({ file }: SupplierInvoiceReadingProps) {
  const { t } = useTranslation('stock');
  return (
    <Alert severity="info" variant="outlined" role="status" data-file-name={file.name}>
      <AlertTitle>{t('upload.comingSoon.title')}</AlertTitle>
      {t('upload.comingSoon.description')}
    </Alert>
  );
}
