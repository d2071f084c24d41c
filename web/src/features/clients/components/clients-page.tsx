import PeopleAltRoundedIcon from '@mui/icons-material/PeopleAltRounded';
import { useTranslation } from 'react-i18next';
import { EmptyStateCard } from '../../../components/empty-state-card';
import { PageHeader } from '../../../components/page-header';

/** Placeholder of the clients screen: heading and empty state until the screen is built. */
export function ClientsPage() {
  const { t } = useTranslation('clients');
  return (
    <>
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      <EmptyStateCard icon={<PeopleAltRoundedIcon />} title={t('empty.title')} description={t('empty.description')} />
    </>
  );
}
