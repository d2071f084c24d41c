import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../components/toaster/use-toast';
import { describeError } from '../../../lib/http-error';
import { useLanguage } from '../../../lib/use-language';
import { downloadInvoice, type DownloadableInvoice } from '../lib/download-invoice';

/** The billing codes a download can fail with, in the screen's words (servers do not localise). */
export const downloadErrorKeys: Partial<Record<string, string>> = {
  BILLING_INVOICE_NOT_FOUND: 'invoices:errors.BILLING_INVOICE_NOT_FOUND',
  BILLING_NO_PDF: 'invoices:errors.BILLING_NO_PDF',
  ZATCA_NOT_CLEARED: 'invoices:errors.ZATCA_NOT_CLEARED',
};

/**
 * The Download action of the invoices list: downloads one invoice's file and, when that fails,
 * shows "Failed to download invoice" with the server's message. Several rows can download at
 * once; `isDownloading(number)` says whether one is under way.
 */
export function useDownloadInvoice() {
  const { t } = useTranslation('invoices');
  const { language } = useLanguage();
  const { toast } = useToast();
  const [pending, setPending] = useState<ReadonlySet<string>>(() => new Set());

  const download = useCallback(
    async (invoice: DownloadableInvoice) => {
      const key = invoice.invoiceNumber;
      setPending((current) => new Set(current).add(key));
      try {
        await downloadInvoice(invoice);
      } catch (error) {
        toast({
          variant: 'error',
          title: t('toasts.downloadFailed'),
          description: describeError(error, t, language, downloadErrorKeys),
        });
      } finally {
        setPending((current) => {
          const next = new Set(current);
          next.delete(key);
          return next;
        });
      }
    },
    [t, language, toast],
  );

  const isDownloading = useCallback((invoiceNumber: string) => pending.has(invoiceNumber), [pending]);

  return { download, isDownloading };
}
