import type { ApiKeyDto, CreatedApiKeyDto, Permission, UserRole } from '@erp/contracts';
import AddRoundedIcon from '@mui/icons-material/AddRounded';
import DeleteOutlineRoundedIcon from '@mui/icons-material/DeleteOutlineRounded';
import KeyRoundedIcon from '@mui/icons-material/KeyRounded';
import VpnKeyRoundedIcon from '@mui/icons-material/VpnKeyRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { useToast } from '../../../components/toaster/use-toast';
import { formatDate, formatDateTime } from '../../../lib/format';
import { describeError } from '../../../lib/http-error';
import { useLanguage } from '../../../lib/use-language';
import { useDeleteApiKeyMutation, useGetApiKeysQuery } from '../api/api-keys-api';
import { grantableKeyPermissions, keyPermissionLabelKey } from '../lib/api-key-permissions';
import { ApiKeyCreatedDialog } from './api-key-created-dialog';
import { CreateApiKeyDialog } from './create-api-key-dialog';
import { SectionCardHeader } from '../../../components/section-card-header';

interface ApiKeysCardProps {
  userRole: UserRole;
  userPermissions: readonly Permission[];
}

function isExpired(key: ApiKeyDto, now: number): boolean {
  return key.expiresAt !== null && Date.parse(key.expiresAt) <= now;
}

/** The signed-in user's own API keys for the external API (SPEC §2, CONTRACT §7). */
export function ApiKeysCard({ userRole, userPermissions }: ApiKeysCardProps) {
  const { t } = useTranslation('settings');
  const { t: tCommon } = useTranslation('common');
  const { language } = useLanguage();
  const { toast } = useToast();
  const keys = useGetApiKeysQuery();
  const [deleteApiKey, { isLoading: isDeleting }] = useDeleteApiKeyMutation();
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<CreatedApiKeyDto | null>(null);
  const [deleting, setDeleting] = useState<ApiKeyDto | null>(null);
  const [confirmOpen, setConfirmOpen] = useState(false);
  const grantable = useMemo(() => grantableKeyPermissions(userRole, userPermissions), [userRole, userPermissions]);
  // When the screen opened: what "expired" means on it (not read again on every render).
  const [now] = useState(() => Date.now());

  const onCreated = (key: CreatedApiKeyDto) => {
    setCreated(key);
    toast({
      variant: 'success',
      title: t('apiKeys.toasts.created'),
      description: t('apiKeys.toasts.createdDescription'),
    });
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await deleteApiKey(deleting.id).unwrap();
      setConfirmOpen(false);
      toast({
        variant: 'success',
        title: t('apiKeys.toasts.deleted'),
        description: t('apiKeys.toasts.deletedDescription'),
      });
    } catch (error) {
      toast({
        variant: 'error',
        title: t('apiKeys.toasts.deleteFailed'),
        description: describeError(error, t, language),
      });
    }
  };

  return (
    <Card component="section" aria-labelledby="api-keys-title">
      <SectionCardHeader
        id="api-keys-title"
        icon={<VpnKeyRoundedIcon />}
        title={t('apiKeys.title')}
        subtitle={t('apiKeys.subtitle')}
        action={
          <Button variant="contained" startIcon={<AddRoundedIcon />} onClick={() => setCreating(true)}>
            {t('apiKeys.createButton')}
          </Button>
        }
      />
      <Box sx={{ px: { xs: 2, sm: 3 }, pb: { xs: 2, sm: 3 } }}>
        {keys.isError ? (
          <LoadErrorAlert error={keys.error} onRetry={() => void keys.refetch()} />
        ) : keys.isLoading || !keys.data ? (
          <Box aria-busy sx={{ display: 'grid', gap: 1.5 }}>
            {[0, 1].map((index) => (
              <Skeleton key={index} variant="rounded" height={88} aria-hidden />
            ))}
          </Box>
        ) : keys.data.length === 0 ? (
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
            <KeyRoundedIcon sx={{ fontSize: 36, opacity: 0.5 }} aria-hidden />
            <Typography variant="body2">{t('apiKeys.empty')}</Typography>
          </Box>
        ) : (
          <Box
            component="ul"
            aria-label={t('apiKeys.listLabel')}
            sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5 }}
          >
            {keys.data.map((key) => {
              const expired = isExpired(key, now);
              const inactive = !key.isActive || expired;
              return (
                <Box
                  component="li"
                  key={key.id}
                  aria-label={key.name}
                  sx={{
                    display: 'flex',
                    gap: 1.5,
                    alignItems: 'flex-start',
                    p: 2,
                    border: 1,
                    borderColor: 'divider',
                    borderRadius: 2,
                    opacity: inactive ? 0.75 : 1,
                  }}
                >
                  <Box sx={{ flex: 1, minWidth: 0, display: 'grid', gap: 1 }}>
                    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
                      <Typography component="h3" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
                        <bdi>{key.name}</bdi>
                      </Typography>
                      <Box
                        component="code"
                        dir="ltr"
                        sx={{
                          px: 1,
                          py: 0.25,
                          borderRadius: 1,
                          bgcolor: 'background.default',
                          border: 1,
                          borderColor: 'divider',
                          fontSize: '0.8125rem',
                          fontFamily: 'monospace',
                        }}
                      >
                        {key.maskedKey}
                      </Box>
                      {expired ? (
                        <Chip size="small" color="error" variant="outlined" label={t('apiKeys.status.expired')} />
                      ) : (
                        !key.isActive && <Chip size="small" variant="outlined" label={t('apiKeys.status.inactive')} />
                      )}
                    </Box>
                    <Box
                      sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75 }}
                      aria-label={t('apiKeys.permissionsLabel')}
                    >
                      {key.permissions.map((permission) => (
                        <Chip
                          key={permission}
                          size="small"
                          label={t(keyPermissionLabelKey(permission))}
                          sx={{ bgcolor: 'rgba(15, 118, 110, 0.08)', color: 'primary.dark', fontWeight: 600 }}
                        />
                      ))}
                    </Box>
                    <Typography variant="caption" color="text.secondary" component="p" sx={{ m: 0 }}>
                      {[
                        t('apiKeys.meta.created', { date: formatDate(key.createdAt, language) }),
                        key.lastUsedAt
                          ? t('apiKeys.meta.lastUsed', { date: formatDateTime(key.lastUsedAt, language) })
                          : t('apiKeys.meta.neverUsed'),
                        key.expiresAt
                          ? t(expired ? 'apiKeys.meta.expired' : 'apiKeys.meta.expires', {
                              date: formatDate(key.expiresAt, language),
                            })
                          : t('apiKeys.meta.noExpiry'),
                      ].join(' · ')}
                    </Typography>
                  </Box>
                  <Tooltip title={t('apiKeys.deleteKey', { name: key.name })}>
                    <IconButton
                      color="error"
                      size="small"
                      aria-label={t('apiKeys.deleteKey', { name: key.name })}
                      onClick={() => {
                        setDeleting(key);
                        setConfirmOpen(true);
                      }}
                    >
                      <DeleteOutlineRoundedIcon fontSize="small" />
                    </IconButton>
                  </Tooltip>
                </Box>
              );
            })}
          </Box>
        )}
      </Box>
      <CreateApiKeyDialog
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={onCreated}
        grantable={grantable}
      />
      <ApiKeyCreatedDialog created={created} onClose={() => setCreated(null)} />
      <ConfirmDialog
        open={confirmOpen}
        title={t('apiKeys.delete.title')}
        message={t('apiKeys.delete.message')}
        confirmLabel={tCommon('actions.delete')}
        pendingLabel={tCommon('actions.deleting')}
        pending={isDeleting}
        onConfirm={() => void confirmDelete()}
        onClose={() => setConfirmOpen(false)}
      />
    </Card>
  );
}
