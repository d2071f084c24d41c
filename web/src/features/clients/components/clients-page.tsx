import PeopleAltRoundedIcon from '@mui/icons-material/PeopleAltRounded';
import PersonAddAltRoundedIcon from '@mui/icons-material/PersonAddAltRounded';
import TableViewRoundedIcon from '@mui/icons-material/TableViewRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyStateCard } from '../../../components/empty-state-card';
import { PageHeader } from '../../../components/page-header';
import { useQueryFlag } from '../../../lib/use-query-flag';
import { useRowHighlight } from '../../../lib/use-row-highlight';
import { ImportDialog } from '../../imports/components/import-dialog';
import { useGetClientPriceListsQuery, type ClientDto } from '../api/clients-api';
import { useClientsList } from '../hooks/use-clients-list';
import { ClientDialog } from './client-dialog';
import { ClientsCard } from './clients-card';

interface ClientsPageProps {
  /** clients:write (admins and owners hold it): Add Client and Edit. */
  canWrite: boolean;
  /** stock:read: the price lists, to show and choose the one a client buys at. */
  canReadPriceLists: boolean;
}

/** What the dialog shows: a new client, or one being edited. */
type Editing = { kind: 'new' } | { kind: 'edit'; client: ClientDto } | null;

/** /clients (SPEC §2): the client list with a server-side search, and Add Client and Edit for those who may. */
export function ClientsPage({ canWrite, canReadPriceLists }: ClientsPageProps) {
  const { t } = useTranslation('clients');
  const list = useClientsList();
  const priceLists = useGetClientPriceListsQuery(undefined, { skip: !canReadPriceLists });
  const [editing, setEditing] = useState<Editing>(null);
  const [highlightId, highlight] = useRowHighlight();
  const priceListNames = useMemo(
    () => (priceLists.currentData ? new Map(priceLists.currentData.map((entry) => [entry.id, entry.name])) : null),
    [priceLists.currentData],
  );

  const [importing, setImporting] = useQueryFlag('import', canWrite);
  const importButton = (
    <Button variant="outlined" startIcon={<TableViewRoundedIcon />} onClick={() => setImporting(true)}>
      {t('imports:open.clients')}
    </Button>
  );
  const addButton = (
    <Button variant="contained" startIcon={<PersonAddAltRoundedIcon />} onClick={() => setEditing({ kind: 'new' })}>
      {t('actions.add')}
    </Button>
  );

  return (
    <>
      <PageHeader
        title={t('title')}
        subtitle={t('subtitle')}
        actions={
          canWrite && (
            <>
              {importButton}
              {addButton}
            </>
          )
        }
      />
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: 'minmax(0, 1fr)' }}>
        {list.isEmpty ? (
          <EmptyStateCard
            icon={<PeopleAltRoundedIcon />}
            title={t('empty.title')}
            description={t(canWrite ? 'empty.description' : 'empty.readOnlyDescription')}
            action={canWrite && addButton}
          />
        ) : (
          <ClientsCard
            list={list}
            priceListNames={canReadPriceLists ? priceListNames : undefined}
            onEdit={canWrite ? (client) => setEditing({ kind: 'edit', client }) : undefined}
            highlightId={highlightId}
          />
        )}
      </Box>
      <ImportDialog kind="clients" open={importing} onClose={() => setImporting(false)} />
      {editing && (
        <ClientDialog
          key={editing.kind === 'edit' ? editing.client.id : 'new'}
          client={editing.kind === 'edit' ? editing.client : null}
          // While the lists load (or when they cannot be read) the field waits: a client's list is never lost.
          priceLists={canReadPriceLists ? (priceLists.currentData ?? null) : null}
          onClose={() => setEditing(null)}
          onSaved={(saved, created) => {
            // A new client may sort onto another page: the list is narrowed to it, then highlighted.
            if (created) list.setSearchText(saved.name);
            highlight(saved.id);
          }}
        />
      )}
    </>
  );
}
