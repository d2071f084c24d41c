import type { ApiKeyDto, ApiKeyPermission, UserDto } from '@erp/contracts';
import DeleteOutlineRoundedIcon from '@mui/icons-material/DeleteOutlineRounded';
import KeyRoundedIcon from '@mui/icons-material/KeyRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { useToast } from '../../../components/toaster/use-toast';
import { formatDate, formatDateTime } from '../../../lib/format';
import { describeError } from '../../../lib/http-error';
import { useLanguage } from '../../../lib/use-language';
import { useGetUserApiKeysQuery, useRevokeUserApiKeyMutation } from '../api/users-api';

interface UserApiKeysDialogProps {
  /** The user whose keys are shown; the dialog is mounted per user (key it by id). */
  user: UserDto;
  /** Why their keys cannot be revoked by the signed-in user (an owner's, for an admin), or null. */
  revokeBlockedReason: string | null;
  onClose: () => void;
}

/** `products:read` -> `apiKeys.permissions.products.read` (a colon would read as an i18next namespace). */
const permissionLabelKey = (permission: ApiKeyPermission): string =>
  `apiKeys.permissions.${permission.replace(':', '.')}`;

type KeyState = 'active' | 'inactive' | 'expired';

function stateOf(key: ApiKeyDto, now: number): KeyState {
  if (key.expiresAt !== null && Date.parse(key.expiresAt) <= now) return 'expired';
  return key.isActive ? 'active' : 'inactive';
}

const stateColor: Record<KeyState, 'success' | 'default' | 'error'> = {
  active: 'success',
  inactive: 'default',
  expired: 'error',
};

/**
 * A user's API keys for an admin or owner (CONTRACT §14): name, masked prefix, permissions, last
 * use, expiry and state, each revocable after a confirm; a revoked key stops working at once.
 */
export function UserApiKeysDialog({ user, revokeBlockedReason, onClose }: UserApiKeysDialogProps) {
  const { t } = useTranslation('users-permissions');
  const { language } = useLanguage();
  const { toast } = useToast();
  // Read afresh each time it opens: an admin checking who still holds a working key needs the list as it is now.
  const keys = useGetUserApiKeysQuery(user.id, { refetchOnMountOrArgChange: true });
  const [revokeKey, { isLoading: isRevoking }] = useRevokeUserApiKeyMutation();
  // Kept after the confirm closes, so its text does not vanish during the closing transition.
  const [revoking, setRevoking] = useState<ApiKeyDto | null>(null);
  const [confirmOpen, setConfirmOpen] = useState(false);
  const name = user.fullName || user.username;
  // When the dialog opened: what "expired" means in it (not read again on every render).
  const [now] = useState(() => Date.now());

  const confirmRevoke = async () => {
    if (!revoking) return;
    try {
      await revokeKey({ userId: user.id, keyId: revoking.id }).unwrap();
      setConfirmOpen(false);
      toast({ variant: 'success', title: t('toasts.keyRevoked'), description: t('toasts.keyRevokedDescription') });
    } catch (error) {
      toast({ variant: 'error', title: t('toasts.revokeFailed'), description: describeError(error, t, language) });
    }
  };

  return (
    <>
      <Dialog
        open
        onClose={onClose}
        aria-labelledby="user-api-keys-title"
        aria-describedby="user-api-keys-description"
        maxWidth="sm"
        fullWidth
        scroll="paper"
      >
        <DialogTitle id="user-api-keys-title">
          <bdi>{t('apiKeys.title', { name })}</bdi>
        </DialogTitle>
        <DialogContent dividers>
          <DialogContentText id="user-api-keys-description" variant="body2" sx={{ mb: 2 }}>
            {t('apiKeys.description')}
          </DialogContentText>
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
              <Typography variant="body2">{t('apiKeys.empty', { name })}</Typography>
            </Box>
          ) : (
            <Box
              component="ul"
              aria-label={t('apiKeys.listLabel', { name })}
              sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5 }}
            >
              {keys.data.map((key) => {
                const state = stateOf(key, now);
                const revokeLabel = t('apiKeys.revokeKey', { key: key.name });
                const revokeButton = (
                  <IconButton
                    color="error"
                    size="small"
                    aria-label={revokeLabel}
                    disabled={revokeBlockedReason !== null}
                    onClick={() => {
                      setRevoking(key);
                      setConfirmOpen(true);
                    }}
                  >
                    <DeleteOutlineRoundedIcon fontSize="small" />
                  </IconButton>
                );
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
                      opacity: state === 'active' ? 1 : 0.75,
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
                        <Chip
                          size="small"
                          variant="outlined"
                          color={stateColor[state]}
                          label={t(`apiKeys.status.${state}`)}
                        />
                      </Box>
                      <Box
                        sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75 }}
                        role="group"
                        aria-label={t('apiKeys.permissionsLabel')}
                      >
                        {key.permissions.map((permission) => (
                          <Chip
                            key={permission}
                            size="small"
                            label={t(permissionLabelKey(permission))}
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
                            ? t(state === 'expired' ? 'apiKeys.meta.expired' : 'apiKeys.meta.expires', {
                                date: formatDate(key.expiresAt, language),
                              })
                            : t('apiKeys.meta.noExpiry'),
                        ].join(' · ')}
                      </Typography>
                    </Box>
                    {revokeBlockedReason === null ? (
                      <Tooltip title={revokeLabel}>{revokeButton}</Tooltip>
                    ) : (
                      // A disabled button gets no pointer events: the tooltip saying why sits on a wrapper.
                      <Tooltip title={revokeBlockedReason} enterDelay={0}>
                        <span tabIndex={0} style={{ display: 'inline-flex' }}>
                          {revokeButton}
                        </span>
                      </Tooltip>
                    )}
                  </Box>
                );
              })}
            </Box>
          )}
        </DialogContent>
        <DialogActions sx={{ px: 3, py: 2 }}>
          <Button onClick={onClose} color="inherit">
            {t('common:actions.close')}
          </Button>
        </DialogActions>
      </Dialog>
      <ConfirmDialog
        open={confirmOpen}
        title={t('apiKeys.revoke.title')}
        message={revoking ? t('apiKeys.revoke.message', { key: revoking.name, name }) : ''}
        confirmLabel={t('apiKeys.revoke.confirm')}
        pendingLabel={t('apiKeys.revoke.pending')}
        pending={isRevoking}
        onConfirm={() => void confirmRevoke()}
        onClose={() => setConfirmOpen(false)}
      />
    </>
  );
}
