import HowToRegRoundedIcon from '@mui/icons-material/HowToRegRounded';
import { useTranslation } from 'react-i18next';
import { EmptyStateCard } from '../../../components/empty-state-card';
import { PageHeader } from '../../../components/page-header';

/** Placeholder of the user-approvals screen: heading and empty state until the screen is built. */
export function UserApprovalsPage() {
  const { t } = useTranslation('user-approvals');
  return (
    <>
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      <EmptyStateCard icon={<HowToRegRoundedIcon />} title={t('empty.title')} description={t('empty.description')} />
    </>
  );
}
