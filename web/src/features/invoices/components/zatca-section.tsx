import type { InvoiceDto, InvoiceZatcaDto } from '@erp/contracts';
import CodeRoundedIcon from '@mui/icons-material/CodeRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../components/toaster/use-toast';
import { describeError } from '../../../lib/http-error';
import { useLanguage } from '../../../lib/use-language';
import { downloadDocument } from '../lib/download-invoice';
import { InvoiceFact } from './invoice-fact';
import { ZatcaStatusChip } from './zatca-status-chip';

/** What the clerk should do now, by status (and kind: a standard invoice waits for clearance). */
function guidanceKey(zatca: InvoiceZatcaDto): string {
  if (zatca.status === 'pending')
    return zatca.kind === 'standard' ? 'zatca.guidance.pendingStandard' : 'zatca.guidance.pending';
  return `zatca.guidance.${zatca.status}`;
}

/**
 * The invoice's ZATCA e-invoicing facts (CONTRACT §12): status, kind, counter, UUID and hash,
 * ZATCA's messages (its own words, rule codes first) with what to do, and the XML download.
 */
export function ZatcaSection({
  invoice,
  zatca,
}: {
  invoice: Pick<InvoiceDto, 'id' | 'invoiceNumber'>;
  zatca: InvoiceZatcaDto;
}) {
  const { t } = useTranslation('invoices');
  const { language } = useLanguage();
  const { toast } = useToast();
  const [downloading, setDownloading] = useState(false);
  const problems = zatca.messages.filter((message) => message.type !== 'INFO');

  const downloadXml = async () => {
    setDownloading(true);
    try {
      // ZATCA's own file name, `{VAT}_{YYYYMMDDTHHMMSS}_{number}.xml`, as the server gives it.
      await downloadDocument(
        `/api/invoices/${invoice.id}/xml`,
        (_extension, suggested) => suggested ?? `${invoice.invoiceNumber.replace(/[^\w.-]+/g, '_')}.xml`,
      );
    } catch (error) {
      toast({ variant: 'error', title: t('zatca.xmlFailed'), description: describeError(error, t, language) });
    } finally {
      setDownloading(false);
    }
  };

  return (
    <Box component="section" aria-labelledby="invoice-zatca-title" sx={{ display: 'grid', gap: 1.5 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
        <Typography id="invoice-zatca-title" variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
          {t('zatca.title')}
        </Typography>
        <ZatcaStatusChip status={zatca.status} />
        <Box sx={{ flex: 1 }} />
        <Button size="small" startIcon={<CodeRoundedIcon />} onClick={() => void downloadXml()} disabled={downloading}>
          {t('zatca.downloadXml')}
        </Button>
      </Box>
      <Box
        component="dl"
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(4, minmax(0, 1fr))' },
          gap: 2,
          m: 0,
        }}
      >
        <InvoiceFact label={t('zatca.kind.label')}>{t(`zatca.kind.${zatca.kind}`)}</InvoiceFact>
        <InvoiceFact label={t('zatca.icv')}>
          <bdi dir="ltr">{zatca.icv}</bdi>
        </InvoiceFact>
        <InvoiceFact label={t('zatca.uuid')}>
          <Box component="bdi" dir="ltr" sx={{ fontFamily: 'monospace', fontSize: '0.8rem' }}>
            {zatca.uuid}
          </Box>
        </InvoiceFact>
        <InvoiceFact label={t('zatca.hash')}>
          <Box component="bdi" dir="ltr" sx={{ fontFamily: 'monospace', fontSize: '0.8rem' }}>
            {zatca.invoiceHash}
          </Box>
        </InvoiceFact>
      </Box>
      <Alert
        severity={zatca.status === 'rejected' ? 'error' : zatca.status === 'pending' ? 'info' : 'success'}
        variant="outlined"
      >
        {t(guidanceKey(zatca))}
      </Alert>
      {problems.length > 0 && (
        <Box>
          <Typography variant="body2" sx={{ fontWeight: 700, mb: 0.5 }}>
            {t('zatca.messages')}
          </Typography>
          <Box component="ul" sx={{ m: 0, ps: 2.5, display: 'grid', gap: 0.5 }} data-testid="zatca-messages">
            {problems.map((message, index) => (
              <Typography component="li" variant="body2" key={`${message.code}-${index}`}>
                <Box
                  component="span"
                  sx={{ fontWeight: 700, color: message.type === 'ERROR' ? 'error.main' : 'warning.dark' }}
                >
                  {t(message.type === 'ERROR' ? 'zatca.error' : 'zatca.warning')}
                </Box>{' '}
                <bdi dir="ltr">
                  {message.code}: {message.message}
                </bdi>
              </Typography>
            ))}
          </Box>
        </Box>
      )}
    </Box>
  );
}
