import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { useGetAdminUsersQuery, useGetDemoRequestsQuery } from '../api/user-approvals-api';
import { DemoRequestsTable } from './demo-requests-table';
import { UsersApprovalTable } from './users-approval-table';

type ApprovalsTab = 'users' | 'demo-requests';

function TabLabel({ text, count, highlight }: { text: string; count?: number; highlight?: boolean }) {
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
      {text}
      {count !== undefined && count > 0 && (
        <Chip
          component="span"
          size="small"
          label={count}
          sx={{
            height: 22,
            minWidth: 22,
            fontWeight: 700,
            ...(highlight ? { bgcolor: '#fef3c7', color: '#92400e' } : {}),
          }}
        />
      )}
    </Box>
  );
}

/** /admin/users (SPEC §2): users to approve or reject, and the demo requests from the landing page. */
export function UserApprovalsPage() {
  const { t } = useTranslation('user-approvals');
  const [tab, setTab] = useState<ApprovalsTab>('users');
  const users = useGetAdminUsersQuery();
  const demoRequests = useGetDemoRequestsQuery();
  const pendingCount = users.data?.filter((user) => user.status === 'pending').length;

  const tabProps = (value: ApprovalsTab) => ({
    value,
    id: `approvals-tab-${value}`,
    'aria-controls': `approvals-tabpanel-${value}`,
  });

  return (
    <>
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      <Card>
        <Tabs
          value={tab}
          onChange={(_event, value: ApprovalsTab) => setTab(value)}
          aria-label={t('tabs.label')}
          variant="scrollable"
          allowScrollButtonsMobile
          sx={{ px: { xs: 1, sm: 2 }, borderBottom: 1, borderColor: 'divider' }}
        >
          <Tab
            {...tabProps('users')}
            label={<TabLabel text={t('tabs.users')} count={pendingCount} highlight />}
            aria-label={
              pendingCount
                ? `${t('tabs.users')} (${t('tabs.pendingCount', { pending: pendingCount })})`
                : t('tabs.users')
            }
          />
          <Tab
            {...tabProps('demo-requests')}
            label={<TabLabel text={t('tabs.demoRequests')} count={demoRequests.data?.length} />}
            aria-label={t('tabs.demoRequests')}
          />
        </Tabs>
        <Box
          role="tabpanel"
          id="approvals-tabpanel-users"
          aria-labelledby="approvals-tab-users"
          hidden={tab !== 'users'}
        >
          {tab === 'users' && (
            <UsersApprovalTable
              users={users.data}
              isLoading={users.isLoading}
              error={users.isError ? users.error : undefined}
              onRetry={() => void users.refetch()}
            />
          )}
        </Box>
        <Box
          role="tabpanel"
          id="approvals-tabpanel-demo-requests"
          aria-labelledby="approvals-tab-demo-requests"
          hidden={tab !== 'demo-requests'}
        >
          {tab === 'demo-requests' && (
            <DemoRequestsTable
              requests={demoRequests.data}
              isLoading={demoRequests.isLoading}
              error={demoRequests.isError ? demoRequests.error : undefined}
              onRetry={() => void demoRequests.refetch()}
            />
          )}
        </Box>
      </Card>
    </>
  );
}
