import LockRoundedIcon from '@mui/icons-material/LockRounded';
import Button from '@mui/material/Button';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { EmptyStateCard } from './empty-state-card';

/**
 * Shown instead of a screen the signed-in user may not open: the Administration screens for staff,
 * or (`needsPermission`) a screen whose permission the user does not hold.
 */
export function NotAllowedState({ needsPermission = false }: { needsPermission?: boolean }) {
  const { t } = useTranslation('common');
  const title = t('notAllowed.title');
  const appName = t('appName');

  useEffect(() => {
    document.title = `${title} · ${appName}`;
  }, [title, appName]);

  return (
    <EmptyStateCard
      icon={<LockRoundedIcon />}
      title={title}
      titleComponent="h1"
      description={t(needsPermission ? 'notAllowed.permissionDescription' : 'notAllowed.description')}
      action={
        <Button component={RouterLink} to="/dashboard" variant="contained">
          {t('notAllowed.action')}
        </Button>
      }
    />
  );
}
