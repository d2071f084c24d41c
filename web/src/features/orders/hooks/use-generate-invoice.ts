import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../components/toaster/use-toast';
import { describeOrderError } from '../lib/order-errors';
import { useLanguage } from '../../../lib/use-language';
import { useGenerateInvoiceMutation } from '../api/orders-api';
import { downloadFile, invoiceFileName } from '../lib/download-file';

/**
 * Generate Invoice (SPEC §7): asks billing for the order's invoice (created once, CONTRACT §5),
 * then downloads its PDF with the session cookie as `invoice-<number>-<timestamp>.pdf`.
 */
export function useGenerateInvoice() {
  const { t } = useTranslation('orders');
  const { language } = useLanguage();
  const { toast } = useToast();
  const [generate] = useGenerateInvoiceMutation();
  const [pending, setPending] = useState(false);

  const run = async (orderId: string) => {
    setPending(true);
    try {
      const invoice = await generate(orderId).unwrap();
      await downloadFile(invoice.pdfUrl, invoiceFileName(invoice.invoiceNumber));
      toast({
        variant: 'success',
        title: t('toasts.invoiceGenerated'),
        description: t('toasts.invoiceGeneratedDescription', { number: invoice.invoiceNumber }),
      });
    } catch (error) {
      toast({
        variant: 'error',
        title: t('toasts.invoiceFailed'),
        description: describeOrderError(error, t, language),
      });
    } finally {
      setPending(false);
    }
  };

  return { generateInvoice: run, isGenerating: pending };
}
