import SettingsRoundedIcon from '@mui/icons-material/SettingsRounded';
import { useTranslation } from 'react-i18next';
import { EmptyStateCard } from '../../../components/empty-state-card';
import { PageHeader } from '../../../components/page-header';

/** Placeholder of the settings screen: heading and empty state until the screen is built. */
export function SettingsPage() {
  const { t } = useTranslation('settings');
  return (
    <>
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      <EmptyStateCard icon={<SettingsRoundedIcon />} title={t('empty.title')} description={t('empty.description')} />
    </>
  );
}
