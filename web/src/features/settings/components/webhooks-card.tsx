import type { CreatedWebhookEndpointDto, Permission, UserRole, WebhookEndpointDto } from '@erp/contracts';
import AddRoundedIcon from '@mui/icons-material/AddRounded';
import DeleteOutlineRoundedIcon from '@mui/icons-material/DeleteOutlineRounded';
import ExpandMoreRoundedIcon from '@mui/icons-material/ExpandMoreRounded';
import HistoryRoundedIcon from '@mui/icons-material/HistoryRounded';
import SendRoundedIcon from '@mui/icons-material/SendRounded';
import WebhookRoundedIcon from '@mui/icons-material/WebhookRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Collapse from '@mui/material/Collapse';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Switch from '@mui/material/Switch';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { SectionCardHeader } from '../../../components/section-card-header';
import { useToast } from '../../../components/toaster/use-toast';
import { formatDate } from '../../../lib/format';
import { describeError } from '../../../lib/http-error';
import { mirrorInRtl } from '../../../lib/rtl';
import { useLanguage } from '../../../lib/use-language';
import {
  useDeleteWebhookMutation,
  useGetWebhooksQuery,
  useSetWebhookActiveMutation,
  useTestWebhookMutation,
} from '../api/webhooks-api';
import { subscribableWebhookEvents, webhookEventLabelKey } from '../lib/webhook-events';
import { CreateWebhookDialog } from './create-webhook-dialog';
import { WebhookCreatedDialog } from './webhook-created-dialog';
import { WebhookDeliveries } from './webhook-deliveries';

/** Server codes with a more precise text of this screen (Arabic; English shows the server's message). */
const errorKeys = {
  WEBHOOKS_NOT_FOUND: 'settings:webhooks.errors.WEBHOOKS_NOT_FOUND',
  WEBHOOKS_ENDPOINT_PAUSED: 'settings:webhooks.errors.WEBHOOKS_ENDPOINT_PAUSED',
};

interface WebhooksCardProps {
  userRole: UserRole;
  userPermissions: readonly Permission[];
}

/**
 * The signed-in user's own webhook endpoints (docs/api/webhooks.md): where order and stock
 * changes are POSTed, signed with each endpoint's secret, with a delivery log per endpoint.
 */
export function WebhooksCard({ userRole, userPermissions }: WebhooksCardProps) {
  const { t } = useTranslation('settings');
  const { t: tCommon } = useTranslation('common');
  const { language } = useLanguage();
  const { toast } = useToast();
  const endpoints = useGetWebhooksQuery();
  const [deleteWebhook, { isLoading: isDeleting }] = useDeleteWebhookMutation();
  const [setActive] = useSetWebhookActiveMutation();
  const [testWebhook] = useTestWebhookMutation();
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<CreatedWebhookEndpointDto | null>(null);
  const [deleting, setDeleting] = useState<WebhookEndpointDto | null>(null);
  const [confirmOpen, setConfirmOpen] = useState(false);
  const [openLogs, setOpenLogs] = useState<ReadonlySet<string>>(new Set());
  const [testing, setTesting] = useState<string | null>(null);
  const subscribable = useMemo(() => subscribableWebhookEvents(userRole, userPermissions), [userRole, userPermissions]);

  const showLog = (id: string, open: boolean) =>
    setOpenLogs((current) => {
      const next = new Set(current);
      if (open) next.add(id);
      else next.delete(id);
      return next;
    });

  const onCreated = (endpoint: CreatedWebhookEndpointDto) => {
    setCreated(endpoint);
    toast({
      variant: 'success',
      title: t('webhooks.toasts.created'),
      description: t('webhooks.toasts.createdDescription'),
    });
  };

  const sendTest = async (endpoint: WebhookEndpointDto) => {
    setTesting(endpoint.id);
    try {
      await testWebhook(endpoint.id).unwrap();
      showLog(endpoint.id, true);
      toast({
        variant: 'success',
        title: t('webhooks.toasts.testQueued'),
        description: t('webhooks.toasts.testQueuedDescription'),
      });
    } catch (error) {
      toast({
        variant: 'error',
        title: t('webhooks.toasts.testFailed'),
        description: describeError(error, t, language, errorKeys),
      });
    } finally {
      setTesting(null);
    }
  };

  const toggleActive = async (endpoint: WebhookEndpointDto, isActive: boolean) => {
    try {
      await setActive({ id: endpoint.id, isActive }).unwrap();
      toast({ variant: 'success', title: t(isActive ? 'webhooks.toasts.resumed' : 'webhooks.toasts.paused') });
    } catch (error) {
      toast({
        variant: 'error',
        title: t('webhooks.toasts.toggleFailed'),
        description: describeError(error, t, language, errorKeys),
      });
    }
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await deleteWebhook(deleting.id).unwrap();
      setConfirmOpen(false);
      showLog(deleting.id, false);
      toast({
        variant: 'success',
        title: t('webhooks.toasts.deleted'),
        description: t('webhooks.toasts.deletedDescription'),
      });
    } catch (error) {
      toast({
        variant: 'error',
        title: t('webhooks.toasts.deleteFailed'),
        description: describeError(error, t, language, errorKeys),
      });
    }
  };

  return (
    <Card component="section" aria-labelledby="webhooks-title">
      <SectionCardHeader
        id="webhooks-title"
        icon={<WebhookRoundedIcon />}
        title={t('webhooks.title')}
        subtitle={t('webhooks.subtitle')}
        action={
          <Button
            variant="contained"
            startIcon={<AddRoundedIcon />}
            onClick={() => setCreating(true)}
            disabled={subscribable.size === 0}
          >
            {t('webhooks.addButton')}
          </Button>
        }
      />
      <Box sx={{ px: { xs: 2, sm: 3 }, pb: { xs: 2, sm: 3 } }}>
        {endpoints.isError ? (
          <LoadErrorAlert error={endpoints.error} onRetry={() => void endpoints.refetch()} />
        ) : endpoints.isLoading || !endpoints.data ? (
          <Box aria-busy sx={{ display: 'grid', gap: 1.5 }}>
            {[0, 1].map((index) => (
              <Skeleton key={index} variant="rounded" height={96} aria-hidden />
            ))}
          </Box>
        ) : endpoints.data.length === 0 ? (
          <Box
            sx={{
              textAlign: 'center',
              py: 4,
              px: 2,
              border: 1,
              borderStyle: 'dashed',
              borderColor: 'divider',
              borderRadius: 2,
              color: 'text.secondary',
            }}
          >
            <WebhookRoundedIcon sx={{ fontSize: 36, opacity: 0.5 }} aria-hidden />
            <Typography variant="body2">{t('webhooks.empty')}</Typography>
          </Box>
        ) : (
          <Box
            component="ul"
            aria-label={t('webhooks.listLabel')}
            sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5 }}
          >
            {endpoints.data.map((endpoint) => {
              const logOpen = openLogs.has(endpoint.id);
              const logId = `webhook-log-${endpoint.id}`;
              return (
                <Box
                  component="li"
                  key={endpoint.id}
                  aria-label={endpoint.url}
                  sx={{ p: 2, border: 1, borderColor: 'divider', borderRadius: 2, display: 'grid', gap: 1.5 }}
                >
                  <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start', flexWrap: 'wrap' }}>
                    <Box sx={{ flex: '1 1 280px', minWidth: 0, display: 'grid', gap: 1 }}>
                      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
                        <Typography
                          component="h3"
                          sx={{
                            fontWeight: 700,
                            fontFamily: 'monospace',
                            fontSize: '0.9375rem',
                            overflowWrap: 'anywhere',
                          }}
                        >
                          <bdi dir="ltr">{endpoint.url}</bdi>
                        </Typography>
                        {!endpoint.isActive && (
                          <Chip size="small" variant="outlined" label={t('webhooks.status.paused')} />
                        )}
                      </Box>
                      <Box
                        role="group"
                        aria-label={t('webhooks.eventsLabel')}
                        sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75 }}
                      >
                        {endpoint.events.map((event) => (
                          <Chip
                            key={event}
                            size="small"
                            label={t(webhookEventLabelKey(event))}
                            sx={{ bgcolor: 'rgba(15, 118, 110, 0.08)', color: 'primary.dark', fontWeight: 600 }}
                          />
                        ))}
                      </Box>
                      <Typography variant="caption" color="text.secondary" component="p" sx={{ m: 0 }}>
                        {t('webhooks.secretLabel')}{' '}
                        <Box component="code" dir="ltr" sx={{ fontFamily: 'monospace' }}>
                          {endpoint.maskedSecret}
                        </Box>
                        {' · '}
                        {t('webhooks.meta.created', { date: formatDate(endpoint.createdAt, language) })}
                      </Typography>
                    </Box>
                    <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, flexWrap: 'wrap', ml: 'auto' }}>
                      <FormControlLabel
                        sx={{ mr: 0.5 }}
                        control={
                          <Switch
                            size="small"
                            checked={endpoint.isActive}
                            onChange={(event) => void toggleActive(endpoint, event.target.checked)}
                            slotProps={{ input: { 'aria-label': t('webhooks.activeLabel', { url: endpoint.url }) } }}
                          />
                        }
                        label={t('webhooks.active')}
                      />
                      <Tooltip title={t('webhooks.actions.test')}>
                        <span>
                          <IconButton
                            size="small"
                            color="primary"
                            aria-label={t('webhooks.actions.testFor', { url: endpoint.url })}
                            disabled={!endpoint.isActive || testing === endpoint.id}
                            onClick={() => void sendTest(endpoint)}
                          >
                            <SendRoundedIcon fontSize="small" sx={mirrorInRtl} />
                          </IconButton>
                        </span>
                      </Tooltip>
                      <Tooltip title={t('webhooks.actions.delete', { url: endpoint.url })}>
                        <IconButton
                          color="error"
                          size="small"
                          aria-label={t('webhooks.actions.delete', { url: endpoint.url })}
                          onClick={() => {
                            setDeleting(endpoint);
                            setConfirmOpen(true);
                          }}
                        >
                          <DeleteOutlineRoundedIcon fontSize="small" />
                        </IconButton>
                      </Tooltip>
                    </Box>
                  </Box>
                  <Box>
                    <Button
                      size="small"
                      color="inherit"
                      startIcon={<HistoryRoundedIcon />}
                      endIcon={
                        <ExpandMoreRoundedIcon
                          sx={{ transition: 'transform 150ms', transform: logOpen ? 'rotate(180deg)' : 'none' }}
                        />
                      }
                      aria-expanded={logOpen}
                      aria-controls={logId}
                      onClick={() => showLog(endpoint.id, !logOpen)}
                    >
                      {t('webhooks.actions.showLog')}
                    </Button>
                  </Box>
                  <Collapse in={logOpen} unmountOnExit>
                    <WebhookDeliveries id={logId} endpoint={endpoint} />
                  </Collapse>
                </Box>
              );
            })}
          </Box>
        )}
      </Box>
      <CreateWebhookDialog
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={onCreated}
        subscribable={subscribable}
      />
      <WebhookCreatedDialog created={created} onClose={() => setCreated(null)} />
      <ConfirmDialog
        open={confirmOpen}
        title={t('webhooks.delete.title')}
        message={t('webhooks.delete.message')}
        confirmLabel={tCommon('actions.delete')}
        pendingLabel={tCommon('actions.deleting')}
        pending={isDeleting}
        onConfirm={() => void confirmDelete()}
        onClose={() => setConfirmOpen(false)}
      />
    </Card>
  );
}
