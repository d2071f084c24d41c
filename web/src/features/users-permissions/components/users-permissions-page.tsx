import ManageAccountsRoundedIcon from '@mui/icons-material/ManageAccountsRounded';
import { useTranslation } from 'react-i18next';
import { EmptyStateCard } from '../../../components/empty-state-card';
import { PageHeader } from '../../../components/page-header';

/** Placeholder of the users-permissions screen: heading and empty state until the screen is built. */
export function UsersPermissionsPage() {
  const { t } = useTranslation('users-permissions');
  return (
    <>
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      <EmptyStateCard
        icon={<ManageAccountsRoundedIcon />}
        title={t('empty.title')}
        description={t('empty.description')}
      />
    </>
  );
}
