import type { UserDto } from '@erp/contracts';
import ManageAccountsRoundedIcon from '@mui/icons-material/ManageAccountsRounded';
import PersonAddAlt1RoundedIcon from '@mui/icons-material/PersonAddAlt1Rounded';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ExportMenu } from '../../../components/list/export-menu';
import { EmptyStateCard } from '../../../components/empty-state-card';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { PageHeader } from '../../../components/page-header';
import { useToast } from '../../../components/toaster/use-toast';
import { describeError } from '../../../lib/http-error';
import { useLanguage } from '../../../lib/use-language';
import { useDeleteUserMutation, useGetUsersQuery } from '../api/users-api';
import { CreateUserDialog } from './create-user-dialog';
import { EditUserDialog } from './edit-user-dialog';
import { ResetPasswordDialog } from './reset-password-dialog';
import { UserApiKeysDialog } from './user-api-keys-dialog';
import { UsersTable, type UserRowAccess } from './users-table';

interface UsersPermissionsPageProps {
  /** The signed-in admin or owner. */
  currentUser: UserDto;
}

/**
 * /users-permissions (SPEC §2): create users, edit role/status/permissions, reset a password, see
 * and revoke a user's API keys (CONTRACT §14), delete after a confirm.
 */
export function UsersPermissionsPage({ currentUser }: UsersPermissionsPageProps) {
  const { t } = useTranslation('users-permissions');
  const { t: tCommon } = useTranslation('common');
  const { language } = useLanguage();
  const { toast } = useToast();
  const users = useGetUsersQuery();
  const [deleteUser, { isLoading: isDeleting }] = useDeleteUserMutation();
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<UserDto | null>(null);
  const [resetting, setResetting] = useState<UserDto | null>(null);
  const [showingKeys, setShowingKeys] = useState<UserDto | null>(null);
  // Kept after the confirm closes, so its text does not vanish during the closing transition.
  const [deleting, setDeleting] = useState<UserDto | null>(null);
  const [confirmOpen, setConfirmOpen] = useState(false);
  const actorIsOwner = currentUser.role === 'owner';

  // CONTRACT §2, §14: an admin sees owners read-only; nobody deletes themselves or resets their own password.
  const isOwnerProtected = (user: UserDto) => user.role === 'owner' && !actorIsOwner;
  const accessOf = (user: UserDto): UserRowAccess => {
    const ownerProtected = isOwnerProtected(user) ? t('access.ownerProtected') : null;
    const isSelf = user.id === currentUser.id;
    return {
      editBlockedReason: ownerProtected,
      deleteBlockedReason: isSelf ? t('access.cannotDeleteSelf') : ownerProtected,
      resetBlockedReason: isSelf ? t('access.cannotResetSelf') : ownerProtected,
    };
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    const name = deleting.fullName || deleting.username;
    try {
      await deleteUser(deleting.id).unwrap();
      toast({ variant: 'success', title: t('toasts.deleted'), description: t('toasts.deletedDescription', { name }) });
      setConfirmOpen(false);
    } catch (error) {
      toast({ variant: 'error', title: t('toasts.deleteFailed'), description: describeError(error, t, language) });
    }
  };

  const isEmpty = !users.isLoading && users.data?.length === 0;

  return (
    <>
      <PageHeader
        title={t('title')}
        subtitle={t('subtitle')}
        actions={
          <>
            <ExportMenu path="/api/users" name="users" />
            <Button variant="contained" startIcon={<PersonAddAlt1RoundedIcon />} onClick={() => setCreating(true)}>
              {t('actions.create')}
            </Button>
          </>
        }
      />
      {users.isError ? (
        <LoadErrorAlert error={users.error} onRetry={() => void users.refetch()} />
      ) : isEmpty ? (
        <EmptyStateCard
          icon={<ManageAccountsRoundedIcon />}
          title={t('empty.title')}
          description={t('empty.description')}
        />
      ) : (
        <Card>
          <UsersTable
            users={users.data}
            isLoading={users.isLoading}
            accessOf={accessOf}
            onEdit={setEditing}
            onResetPassword={setResetting}
            onShowApiKeys={setShowingKeys}
            onDelete={(user) => {
              setDeleting(user);
              setConfirmOpen(true);
            }}
          />
        </Card>
      )}
      <CreateUserDialog open={creating} onClose={() => setCreating(false)} actorIsOwner={actorIsOwner} />
      {editing && (
        <EditUserDialog
          key={editing.id}
          user={editing}
          onClose={() => setEditing(null)}
          actorIsOwner={actorIsOwner}
          isSelf={editing.id === currentUser.id}
        />
      )}
      {resetting && <ResetPasswordDialog key={resetting.id} user={resetting} onClose={() => setResetting(null)} />}
      {showingKeys && (
        <UserApiKeysDialog
          key={showingKeys.id}
          user={showingKeys}
          revokeBlockedReason={isOwnerProtected(showingKeys) ? t('access.ownerKeysProtected') : null}
          onClose={() => setShowingKeys(null)}
        />
      )}
      <ConfirmDialog
        open={confirmOpen}
        title={t('delete.title')}
        message={
          deleting
            ? t('delete.message', { name: deleting.fullName || deleting.username, username: deleting.username })
            : ''
        }
        confirmLabel={tCommon('actions.delete')}
        pendingLabel={tCommon('actions.deleting')}
        pending={isDeleting}
        onConfirm={() => void confirmDelete()}
        onClose={() => setConfirmOpen(false)}
      />
    </>
  );
}
