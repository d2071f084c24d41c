import type { WebhookDeliveryDto, WebhookEndpointDto } from '@erp/contracts';
import RefreshRoundedIcon from '@mui/icons-material/RefreshRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { TableSkeletonRows } from '../../../components/table-skeleton-rows';
import { formatDateTime } from '../../../lib/format';
import { useLanguage } from '../../../lib/use-language';
import { visuallyHidden } from '../../../lib/visually-hidden';
import { useGetWebhookDeliveriesQuery } from '../api/webhooks-api';
import { webhookEventLabelKey } from '../lib/webhook-events';

/** While something is still being sent, the log looks again this often. */
const PENDING_POLL_MS = 3_000;

/** The attempts column: on phones the count moves under the status. */
const wideOnly = { display: { xs: 'none', sm: 'table-cell' } } as const;

type ShownStatus = 'delivered' | 'pending' | 'queued' | 'failed';

/** The receiver's answer without the "HTTP 500: " the status column already shows. */
function errorDetail(delivery: WebhookDeliveryDto): string | null {
  if (!delivery.lastError) return null;
  if (delivery.lastStatus === null) return delivery.lastError;
  const detail = delivery.lastError.replace(new RegExp(`^HTTP ${delivery.lastStatus}:? ?`), '');
  return detail === '' ? null : detail;
}

function shownStatus(delivery: WebhookDeliveryDto): ShownStatus {
  if (delivery.status === 'pending') return delivery.attempts === 0 ? 'queued' : 'pending';
  return delivery.status;
}

const statusColor: Record<ShownStatus, 'success' | 'warning' | 'default' | 'error'> = {
  delivered: 'success',
  pending: 'warning',
  queued: 'default',
  failed: 'error',
};

interface WebhookDeliveriesProps {
  id: string;
  endpoint: WebhookEndpointDto;
}

/** The delivery log of one endpoint: the last 50 events sent there, what the receiver answered, what comes next. */
export function WebhookDeliveries({ id, endpoint }: WebhookDeliveriesProps) {
  const { t } = useTranslation('settings');
  const { language } = useLanguage();
  const [polling, setPolling] = useState(false);
  const deliveries = useGetWebhookDeliveriesQuery(endpoint.id, {
    refetchOnMountOrArgChange: true,
    pollingInterval: polling ? PENDING_POLL_MS : 0,
    skipPollingIfUnfocused: true,
  });
  // Polls while a delivery is pending; decided during render from the answer (no effect round).
  const pending = deliveries.data?.some((delivery) => delivery.status === 'pending') ?? false;
  if (pending !== polling) setPolling(pending);

  const titleId = `${id}-title`;
  return (
    <Box id={id} component="section" aria-labelledby={titleId} sx={{ display: 'grid', gap: 1.5 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography id={titleId} component="h4" variant="body2" color="text.secondary" sx={{ flex: 1 }}>
          {t('webhooks.log.title')}
        </Typography>
        <Button
          size="small"
          startIcon={<RefreshRoundedIcon />}
          onClick={() => void deliveries.refetch()}
          disabled={deliveries.isFetching}
        >
          {t('webhooks.log.refresh')}
        </Button>
      </Box>
      {deliveries.isError ? (
        <LoadErrorAlert error={deliveries.error} onRetry={() => void deliveries.refetch()} />
      ) : deliveries.data && deliveries.data.length === 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ py: 1 }}>
          {t('webhooks.log.empty')}
        </Typography>
      ) : (
        <Box sx={{ overflowX: 'auto', border: 1, borderColor: 'divider', borderRadius: 2 }}>
          <Table size="small" aria-busy={deliveries.isLoading}>
            <Box component="caption" sx={visuallyHidden}>
              {t('webhooks.log.caption', { url: endpoint.url })}
            </Box>
            <TableHead>
              <TableRow>
                <TableCell>{t('webhooks.log.columns.event')}</TableCell>
                <TableCell>{t('webhooks.log.columns.status')}</TableCell>
                <TableCell align="right" sx={wideOnly}>
                  {t('webhooks.log.columns.attempts')}
                </TableCell>
                <TableCell>{t('webhooks.log.columns.response')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {!deliveries.data ? (
                <TableSkeletonRows columns={4} rows={2} />
              ) : (
                deliveries.data.map((delivery) => {
                  const status = shownStatus(delivery);
                  return (
                    <TableRow key={delivery.id}>
                      <TableCell sx={{ verticalAlign: 'top' }}>
                        <Typography variant="body2" sx={{ fontWeight: 600 }}>
                          {t(webhookEventLabelKey(delivery.eventType))}
                        </Typography>
                        <Typography variant="caption" color="text.secondary">
                          {formatDateTime(delivery.createdAt, language)}
                        </Typography>
                      </TableCell>
                      <TableCell sx={{ verticalAlign: 'top' }}>
                        <Chip
                          size="small"
                          color={statusColor[status]}
                          variant={status === 'delivered' ? 'filled' : 'outlined'}
                          label={t(`webhooks.log.status.${status}`)}
                        />
                        <Typography
                          variant="caption"
                          color="text.secondary"
                          component="p"
                          sx={{ mt: 0.5, display: { sm: 'none' } }}
                        >
                          {t('webhooks.log.attemptsLine', { count: delivery.attempts })}
                        </Typography>
                        {delivery.nextAttemptAt && (
                          <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.5 }}>
                            {t('webhooks.log.nextAttempt', { date: formatDateTime(delivery.nextAttemptAt, language) })}
                          </Typography>
                        )}
                      </TableCell>
                      <TableCell align="right" sx={{ ...wideOnly, verticalAlign: 'top' }}>
                        {delivery.attempts}
                      </TableCell>
                      <TableCell sx={{ verticalAlign: 'top', maxWidth: 320 }}>
                        <Typography variant="body2">
                          {delivery.lastStatus !== null
                            ? t('webhooks.log.httpStatus', { status: delivery.lastStatus })
                            : delivery.attempts > 0 || delivery.lastError
                              ? t('webhooks.log.noResponse')
                              : t('common:noValue')}
                        </Typography>
                        {errorDetail(delivery) && (
                          <Typography
                            variant="caption"
                            color="text.secondary"
                            component="p"
                            dir="ltr"
                            sx={{ overflowWrap: 'anywhere', textAlign: 'left' }}
                          >
                            {errorDetail(delivery)}
                          </Typography>
                        )}
                      </TableCell>
                    </TableRow>
                  );
                })
              )}
            </TableBody>
          </Table>
        </Box>
      )}
    </Box>
  );
}
