import type { UserDto } from '@erp/contracts';
import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { PageHeader } from '../../../components/page-header';
import { useGetSettingsQuery } from '../api/settings-api';
import { ApiKeysCard } from './api-keys-card';
import { CompanyDetailsCard } from './company-details-card';
import { CompanyLogoCard } from './company-logo-card';
import { WebhooksCard } from './webhooks-card';
import { WhatsappSettingsCard } from './whatsapp-settings-card';
import { ZatcaSettingsCard } from './zatca-settings-card';

interface SettingsPageProps {
  currentUser: UserDto;
}

/**
 * /settings (SPEC §2): company details and logo (edited by admins and owners), the ZATCA phase-2
 * and WhatsApp channel settings (admins and owners only), and the user's API keys.
 */
export function SettingsPage({ currentUser }: SettingsPageProps) {
  const { t } = useTranslation('settings');
  const settings = useGetSettingsQuery();
  const canEdit = currentUser.role === 'admin' || currentUser.role === 'owner';

  return (
    <>
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      <Box sx={{ display: 'grid', gap: 3 }}>
        {settings.isError && <LoadErrorAlert error={settings.error} onRetry={() => void settings.refetch()} />}
        <Box
          sx={{
            display: 'grid',
            gap: 3,
            gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 7fr) minmax(0, 4fr)' },
            alignItems: 'start',
          }}
        >
          <CompanyDetailsCard settings={settings.data} canEdit={canEdit} />
          <CompanyLogoCard settings={settings.data} canEdit={canEdit} />
        </Box>
        {canEdit && <ZatcaSettingsCard />}
        {canEdit && <WhatsappSettingsCard />}
        <ApiKeysCard userRole={currentUser.role} userPermissions={currentUser.permissions} />
        <WebhooksCard userRole={currentUser.role} userPermissions={currentUser.permissions} />
      </Box>
    </>
  );
}
