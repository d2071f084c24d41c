import InsightsRoundedIcon from '@mui/icons-material/InsightsRounded';
import { useTranslation } from 'react-i18next';
import { EmptyStateCard } from '../../../components/empty-state-card';
import { PageHeader } from '../../../components/page-header';

/** Placeholder of the analytics screen: heading and empty state until the screen is built. */
export function AnalyticsPage() {
  const { t } = useTranslation('analytics');
  return (
    <>
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      <EmptyStateCard icon={<InsightsRoundedIcon />} title={t('empty.title')} description={t('empty.description')} />
    </>
  );
}
