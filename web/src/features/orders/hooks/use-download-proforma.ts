import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../components/toaster/use-toast';
import { useLanguage } from '../../../lib/use-language';
import { downloadFile } from '../lib/download-file';
import { describeOrderError } from '../lib/order-errors';

/** `proforma-ORD-2026-000042-1732268461000.pdf`: the order number and the moment of download. */
export function proformaFileName(orderNumber: string, now: number = Date.now()): string {
  return `proforma-${orderNumber.replace(/[^\w.-]+/g, '_')}-${now}.pdf`;
}

/**
 * Proforma (CONTRACT §11): a bilingual PDF of the order as it is, for an order that has no tax
 * invoice (pending or cancelled). Nothing is issued: it is rendered on each download.
 */
export function useDownloadProforma() {
  const { t } = useTranslation('orders');
  const { language } = useLanguage();
  const { toast } = useToast();
  const [pending, setPending] = useState(false);

  const run = async (order: { id: string; orderNumber: string }) => {
    setPending(true);
    try {
      await downloadFile(`/api/orders/${order.id}/proforma`, proformaFileName(order.orderNumber));
    } catch (error) {
      toast({
        variant: 'error',
        title: t('toasts.proformaFailed'),
        description: describeOrderError(error, t, language),
      });
    } finally {
      setPending(false);
    }
  };

  return { downloadProforma: run, isDownloadingProforma: pending };
}
