import SpaceDashboardRoundedIcon from '@mui/icons-material/SpaceDashboardRounded';
import { useTranslation } from 'react-i18next';
import { EmptyStateCard } from '../../../components/empty-state-card';
import { PageHeader } from '../../../components/page-header';

/** Placeholder of the dashboard screen: heading and empty state until the screen is built. */
export function DashboardPage() {
  const { t } = useTranslation('dashboard');
  return (
    <>
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      <EmptyStateCard
        icon={<SpaceDashboardRoundedIcon />}
        title={t('empty.title')}
        description={t('empty.description')}
      />
    </>
  );
}
