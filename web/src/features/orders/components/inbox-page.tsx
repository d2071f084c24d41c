import Box from '@mui/material/Box';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import type { InboxDraftDto } from '../api/inbox-api';
import type { ClientDto } from '../api/order-lookups-api';
import { useInboxList } from '../hooks/use-inbox-list';
import type { OrdersAccess } from '../lib/access';
import { clientOfDraft, newClientNameOf, whatsappNumberText } from '../lib/inbox';
import { InboxCard } from './inbox-card';

// The dialogs (the order form with its pickers) load when first opened, not with the list.
const InboxConfirmDialog = lazy(async () => ({
  default: (await import('./inbox-confirm-dialog')).InboxConfirmDialog,
}));
const DismissDraftDialog = lazy(async () => ({ default: (await import('./dismiss-draft-dialog')).DismissDraftDialog }));
const NewClientDialog = lazy(async () => ({ default: (await import('./new-client-dialog')).NewClientDialog }));

interface InboxPageProps {
  access: OrdersAccess;
  /** The company's currency from the settings (CONTRACT §4). */
  currency: string;
  /** Who decided a draft (the signed-in user; every user for administrators). */
  userNameOf?: (id: string) => string | undefined;
}

/**
 * /inbox (CONTRACT §15): the orders clients send on WhatsApp, read into drafts. With orders:write a
 * waiting draft is confirmed into an order (the AI confirm dialog, optionally telling the client
 * on WhatsApp) or dismissed with a reason; a number no client has gets a client made for it.
 */
export function InboxPage({ access, currency, userNameOf }: InboxPageProps) {
  const { t } = useTranslation('orders');
  const list = useInboxList();
  const [confirming, setConfirming] = useState<InboxDraftDto | null>(null);
  const [dismissing, setDismissing] = useState<InboxDraftDto | null>(null);
  const [clientFor, setClientFor] = useState<InboxDraftDto | null>(null);
  // Clients made here, by the WhatsApp number they were made for: the server matched the draft
  // before they existed, so this screen links them itself (until the draft is decided).
  const [createdClients, setCreatedClients] = useState<Record<string, ClientDto>>({});
  const clientOf = (draft: InboxDraftDto) => clientOfDraft(draft, createdClients);

  return (
    <>
      <PageHeader title={t('inbox.title')} subtitle={t('inbox.subtitle')} />
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: 'minmax(0, 1fr)' }}>
        <InboxCard
          list={list}
          access={access}
          clientOf={clientOf}
          onConfirm={setConfirming}
          onDismiss={setDismissing}
          onCreateClient={setClientFor}
          userNameOf={userNameOf}
        />
      </Box>
      <Suspense fallback={null}>
        {confirming && (
          <InboxConfirmDialog
            key={confirming.id}
            draft={confirming}
            client={clientOf(confirming)}
            currency={currency}
            access={access}
            onClose={() => setConfirming(null)}
          />
        )}
        {dismissing && (
          <DismissDraftDialog key={dismissing.id} draft={dismissing} onClose={() => setDismissing(null)} />
        )}
        {clientFor && (
          <NewClientDialog
            key={clientFor.id}
            initialName={newClientNameOf(clientFor)}
            initialWhatsapp={whatsappNumberText(clientFor.from)}
            onClose={() => setClientFor(null)}
            onCreated={(client) => {
              // Linked only when made with the sender's number (not one typed over it).
              if (client.whatsapp === clientFor.from) {
                setCreatedClients((current) => ({ ...current, [clientFor.from]: client }));
              }
              setClientFor(null);
            }}
          />
        )}
      </Suspense>
    </>
  );
}
