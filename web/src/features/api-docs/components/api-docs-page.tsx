import CodeRoundedIcon from '@mui/icons-material/CodeRounded';
import { useTranslation } from 'react-i18next';
import { EmptyStateCard } from '../../../components/empty-state-card';
import { PageHeader } from '../../../components/page-header';

/** Placeholder of the api-docs screen: heading and empty state until the screen is built. */
export function ApiDocsPage() {
  const { t } = useTranslation('api-docs');
  return (
    <>
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      <EmptyStateCard icon={<CodeRoundedIcon />} title={t('empty.title')} description={t('empty.description')} />
    </>
  );
}
