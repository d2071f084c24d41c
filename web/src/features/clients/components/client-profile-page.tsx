import ArrowBackRoundedIcon from '@mui/icons-material/ArrowBackRounded';
import DeleteOutlineRoundedIcon from '@mui/icons-material/DeleteOutlineRounded';
import EditRoundedIcon from '@mui/icons-material/EditRounded';
import PersonOffRoundedIcon from '@mui/icons-material/PersonOffRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useMemo, useState, type ReactNode } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { useQueryParams } from '../../../lib/use-query-params';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { EmptyStateCard } from '../../../components/empty-state-card';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { useToast } from '../../../components/toaster/use-toast';
import { PageHeader } from '../../../components/page-header';
import { formatDate, formatMoney } from '../../../lib/format';
import { describeError, isHttpError } from '../../../lib/http-error';
import { mirrorInRtl } from '../../../lib/rtl';
import { useLanguage } from '../../../lib/use-language';
import {
  useGetClientPriceListsQuery,
  useDeleteClientMutation,
  useGetClientQuery,
  type ClientDetailDto,
  type NationalAddressDto,
} from '../api/clients-api';
import { ClientAccountFacts } from './client-account-facts';
import { ClientContact } from './client-contact';
import { ClientDialog } from './client-dialog';

/** The profile's tabs, in their order; the route gives only those the user may read. */
export const clientProfileTabs = ['orders', 'invoices', 'statement'] as const;
export type ClientProfileTab = (typeof clientProfileTabs)[number];
export type ClientProfileSections = Partial<Record<ClientProfileTab, ReactNode>>;

/** The tab in the address: `/clients/{id}?tab=invoices`, so a reload or a shared link opens it. */
const TAB_PARAM = 'tab';

interface ClientProfilePageProps {
  clientId: string;
  /** clients:write: Edit (the Clients screen's dialog). */
  canWrite: boolean;
  /** stock:read: the name of the price list the client buys at, and choosing it when editing. */
  canReadPriceLists: boolean;
  /** The company's currency (settings): the client's balances are in it. */
  currency: string;
  /**
   * The client's orders, invoices and statement, built by the route from the features that own
   * them; one the user may not read is left out, and so is its tab.
   */
  sections: ClientProfileSections;
}

function Fact({ label, children, wide = false }: { label: string; children: ReactNode; wide?: boolean }) {
  return (
    <Box sx={{ minWidth: 0, gridColumn: wide ? '1 / -1' : undefined }}>
      <Typography component="dt" variant="caption" color="text.secondary" sx={{ display: 'block' }}>
        {label}
      </Typography>
      <Box component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Box>
    </Box>
  );
}

/** A national address on one line: building and street, district, city and postal code, additional number. */
function nationalAddressLine(address: NationalAddressDto, t: TFunction): string {
  const { additionalNumber, ...parts } = address;
  const line = t('profile.contact.addressLine', parts);
  return additionalNumber ? `${line} ${t('profile.contact.additionalNumber', { number: additionalNumber })}` : line;
}

/** Phone and email (links to call or write), the WhatsApp number, address, since when, tax details and notes. */
function ClientContactCard({ client, currency }: { client: ClientDetailDto; currency: string }) {
  const { t } = useTranslation('clients');
  const { language } = useLanguage();
  const dash = (
    <Typography variant="body2" color="text.secondary">
      {t('common:noValue')}
    </Typography>
  );
  return (
    <Card component="section" aria-labelledby="client-contact-title">
      <CardContent
        sx={{ display: 'grid', gap: 1.5, p: { xs: 2, sm: 2.5 }, '&:last-child': { pb: { xs: 2, sm: 2.5 } } }}
      >
        <Typography id="client-contact-title" variant="h6" component="h2">
          {t('profile.contact.title')}
        </Typography>
        <Box
          component="dl"
          sx={{
            display: 'grid',
            gap: 2,
            m: 0,
            gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(3, minmax(0, 1fr))' },
          }}
        >
          <Fact label={t('list.columns.contact')}>
            <ClientContact client={client} />
          </Fact>
          <Fact label={t('form.fields.whatsapp')}>
            {client.whatsapp ? (
              <Typography variant="body2">
                {/* Opens a chat with the client in WhatsApp (wa.me takes the digits with the country code). */}
                <Link
                  href={`https://wa.me/${client.whatsapp}`}
                  target="_blank"
                  rel="noopener noreferrer"
                  underline="hover"
                  dir="ltr"
                  aria-label={t('profile.contact.whatsappChat', { number: `+${client.whatsapp}` })}
                >
                  +{client.whatsapp}
                </Link>
              </Typography>
            ) : (
              dash
            )}
          </Fact>
          <Fact label={t('list.columns.address')}>
            {client.address ? (
              <Typography variant="body2">
                <bdi>{client.address}</bdi>
              </Typography>
            ) : (
              dash
            )}
          </Fact>
          <Fact label={t('profile.contact.since')}>
            <Typography variant="body2">{formatDate(client.createdAt, language)}</Typography>
          </Fact>
          <Fact label={t('profile.contact.orders')}>
            <Typography variant="body2">
              {client.ordersCount === 0
                ? t('profile.contact.noOrders')
                : t('profile.contact.ordersSummary', {
                    count: client.ordersCount,
                    total: formatMoney(client.totalSpent, currency, language),
                  })}
            </Typography>
            {client.lastOrderAt && (
              <Typography variant="caption" color="text.secondary">
                {t('profile.contact.lastOrder', { date: formatDate(client.lastOrderAt, language) })}
              </Typography>
            )}
          </Fact>
          {client.vatNumber && (
            <Fact label={t('form.fields.vatNumber')}>
              <Typography variant="body2" dir="ltr" sx={{ textAlign: 'start' }}>
                {client.vatNumber}
              </Typography>
            </Fact>
          )}
          {client.nationalAddress && (
            <Fact label={t('profile.contact.nationalAddress')} wide={!client.vatNumber}>
              <Typography variant="body2">
                <bdi>{nationalAddressLine(client.nationalAddress, t)}</bdi>
              </Typography>
            </Fact>
          )}
          {client.notes && (
            <Fact label={t('form.fields.notes')} wide>
              <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', unicodeBidi: 'plaintext' }}>
                {client.notes}
              </Typography>
            </Fact>
          )}
        </Box>
      </CardContent>
    </Card>
  );
}

function BackToClients() {
  const { t } = useTranslation('clients');
  return (
    <Button
      component={RouterLink}
      to="/clients"
      size="small"
      color="inherit"
      startIcon={<ArrowBackRoundedIcon sx={mirrorInRtl} />}
      sx={{ mb: 1.5, color: 'text.secondary' }}
    >
      {t('profile.back')}
    </Button>
  );
}

/** The tabs of the sections given, one shown at a time (only its lists are asked for). */
function ClientSections({ sections }: { sections: ClientProfileSections }) {
  const { t } = useTranslation('clients');
  const [params, updateParams] = useQueryParams();
  const available = clientProfileTabs.filter((tab) => Boolean(sections[tab]));
  const requested = params.get(TAB_PARAM);
  const active = available.find((tab) => tab === requested) ?? available[0];
  if (!active) return null;

  const select = (tab: ClientProfileTab) => updateParams((next) => next.set(TAB_PARAM, tab));

  return (
    <Box>
      <Tabs
        value={active}
        onChange={(_event, tab: ClientProfileTab) => select(tab)}
        aria-label={t('profile.tabs.label')}
        variant="scrollable"
        allowScrollButtonsMobile
        sx={{ borderBottom: 1, borderColor: 'divider', mb: 3 }}
      >
        {available.map((tab) => (
          <Tab
            key={tab}
            value={tab}
            label={t(`profile.tabs.${tab}`)}
            id={`client-tab-${tab}`}
            aria-controls={`client-tabpanel-${tab}`}
          />
        ))}
      </Tabs>
      <Box role="tabpanel" id={`client-tabpanel-${active}`} aria-labelledby={`client-tab-${active}`}>
        {sections[active]}
      </Box>
    </Box>
  );
}

/**
 * /clients/{id}: the client's name (the Arabic one first in Arabic), contact details and account
 * (balance, overdue, credit limit and room, payment terms, price list), Edit for holders of
 * clients:write, then its orders, invoices and statement in tabs. An unknown client is a
 * "not found" state with the way back to the list.
 */
export function ClientProfilePage({
  clientId,
  canWrite,
  canReadPriceLists,
  currency,
  sections,
}: ClientProfilePageProps) {
  const { t } = useTranslation('clients');
  const { language } = useLanguage();
  // The balance moves with every invoice and payment: read again whenever the profile opens.
  const query = useGetClientQuery(clientId, { refetchOnMountOrArgChange: true });
  const priceLists = useGetClientPriceListsQuery(undefined, { skip: !canReadPriceLists });
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [deleteClient, deleteState] = useDeleteClientMutation();
  const navigate = useNavigate();
  const { toast } = useToast();

  const remove = async () => {
    try {
      await deleteClient(clientId).unwrap();
      setDeleting(false);
      toast({ variant: 'success', title: t('profile.delete.done') });
      void navigate('/clients');
    } catch (error) {
      setDeleting(false);
      toast({ variant: 'error', title: t('profile.delete.failed'), description: describeError(error, t, language) });
    }
  };
  const priceListNames = useMemo(
    () => (priceLists.currentData ? new Map(priceLists.currentData.map((entry) => [entry.id, entry.name])) : null),
    [priceLists.currentData],
  );
  const client = query.currentData;
  const notFound = query.isError && isHttpError(query.error) && query.error.status === 404;

  if (notFound) {
    return (
      <>
        <BackToClients />
        <EmptyStateCard
          icon={<PersonOffRoundedIcon />}
          titleComponent="h1"
          title={t('profile.notFound.title')}
          description={t('profile.notFound.description')}
          action={
            <Button component={RouterLink} to="/clients" variant="contained">
              {t('profile.notFound.action')}
            </Button>
          }
        />
      </>
    );
  }

  if (!client) {
    return (
      <>
        <BackToClients />
        {query.isError ? (
          <>
            <PageHeader title={t('profile.title')} />
            <LoadErrorAlert error={query.error} onRetry={() => void query.refetch()} />
          </>
        ) : (
          <Box aria-busy="true" aria-label={t('profile.loading')} sx={{ display: 'grid', gap: 3 }}>
            <Box>
              <Skeleton variant="text" width="40%" sx={{ fontSize: '2.125rem' }} />
              <Skeleton variant="text" width="25%" />
            </Box>
            <Skeleton variant="rounded" height={96} />
            <ClientAccountFacts client={undefined} currency={currency} priceListNames={null} />
          </Box>
        )}
      </>
    );
  }

  const [name, otherName] =
    language === 'ar' && client.nameAr ? [client.nameAr, client.name] : [client.name, client.nameAr];

  return (
    <>
      <BackToClients />
      <PageHeader
        title={name}
        subtitle={otherName ? <bdi>{otherName}</bdi> : undefined}
        actions={
          canWrite && (
            <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
              <Button variant="outlined" startIcon={<EditRoundedIcon />} onClick={() => setEditing(true)}>
                {t('profile.edit')}
              </Button>
              <Button
                variant="outlined"
                color="error"
                startIcon={<DeleteOutlineRoundedIcon />}
                onClick={() => setDeleting(true)}
              >
                {t('profile.delete.action')}
              </Button>
            </Box>
          )
        }
      />
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: 'minmax(0, 1fr)' }}>
        <ClientContactCard client={client} currency={currency} />
        <ClientAccountFacts
          client={client}
          currency={currency}
          priceListNames={canReadPriceLists ? priceListNames : undefined}
        />
        <ClientSections sections={sections} />
      </Box>
      <ConfirmDialog
        open={deleting}
        title={t('profile.delete.title', { name })}
        message={t('profile.delete.message')}
        confirmLabel={t('profile.delete.confirm')}
        pendingLabel={t('profile.delete.pending')}
        pending={deleteState.isLoading}
        onConfirm={() => void remove()}
        onClose={() => setDeleting(false)}
      />
      {editing && (
        <ClientDialog
          key={client.id}
          client={client}
          // While the lists load (or when they cannot be read) the field waits: a client's list is never lost.
          priceLists={canReadPriceLists ? (priceLists.currentData ?? null) : null}
          onClose={() => setEditing(false)}
        />
      )}
    </>
  );
}
