import PeopleAltRoundedIcon from '@mui/icons-material/PeopleAltRounded';
import PersonAddAltRoundedIcon from '@mui/icons-material/PersonAddAltRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyStateCard } from '../../../components/empty-state-card';
import { PageHeader } from '../../../components/page-header';
import { useClientsList } from '../hooks/use-clients-list';
import { AddClientDialog } from './add-client-dialog';
import { ClientsCard } from './clients-card';

interface ClientsPageProps {
  /** clients:write (admins and owners hold it): Add Client. */
  canWrite: boolean;
}

/** /clients (SPEC §2): the client list with a server-side search, and Add Client for those who may. */
export function ClientsPage({ canWrite }: ClientsPageProps) {
  const { t } = useTranslation('clients');
  const list = useClientsList();
  const [adding, setAdding] = useState(false);

  const addButton = (
    <Button variant="contained" startIcon={<PersonAddAltRoundedIcon />} onClick={() => setAdding(true)}>
      {t('actions.add')}
    </Button>
  );

  return (
    <>
      <PageHeader title={t('title')} subtitle={t('subtitle')} actions={canWrite && addButton} />
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: 'minmax(0, 1fr)' }}>
        {list.isEmpty ? (
          <EmptyStateCard
            icon={<PeopleAltRoundedIcon />}
            title={t('empty.title')}
            description={t(canWrite ? 'empty.description' : 'empty.readOnlyDescription')}
            action={canWrite && addButton}
          />
        ) : (
          <ClientsCard list={list} />
        )}
      </Box>
      {adding && <AddClientDialog onClose={() => setAdding(false)} />}
    </>
  );
}
