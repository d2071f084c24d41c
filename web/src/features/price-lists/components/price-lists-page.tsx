import type { PriceListDto } from '@erp/contracts';
import AddRoundedIcon from '@mui/icons-material/AddRounded';
import DeleteOutlineRoundedIcon from '@mui/icons-material/DeleteOutlineRounded';
import EditRoundedIcon from '@mui/icons-material/EditRounded';
import RequestQuoteRoundedIcon from '@mui/icons-material/RequestQuoteRounded';
import TableViewRoundedIcon from '@mui/icons-material/TableViewRounded';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { EmptyStateCard } from '../../../components/empty-state-card';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { PageHeader } from '../../../components/page-header';
import { PhoneFacts, PhoneList, PhoneListHead, PhoneListItem, useIsPhone } from '../../../components/phone-list';
import { SectionCardHeader } from '../../../components/section-card-header';
import { TableSkeletonRows } from '../../../components/table-skeleton-rows';
import { useToast } from '../../../components/toaster/use-toast';
import { nameIn } from '../../../lib/language';
import { formatDate, formatQuantity } from '../../../lib/format';
import { describeError, errorCodeOf, isHttpError } from '../../../lib/http-error';
import { useLanguage } from '../../../lib/use-language';
import { useQueryFlag } from '../../../lib/use-query-flag';
import { isolate } from '../../../lib/rtl';
import { ImportDialog } from '../../imports/components/import-dialog';
import {
  useDeletePriceListMutation,
  useGetPriceListClientsQuery,
  useGetPriceListsQuery,
  type PriceListClient,
} from '../api/price-lists-api';
import { PriceListDialog } from './price-list-dialog';

interface PriceListsPageProps {
  /** stock:write: new, edit and delete. */
  canWrite: boolean;
  /** clients:read: which clients buy at each list. */
  canReadClients: boolean;
  currency: string;
}

/** Clients named in a message at most; the rest are counted. */
const NAMED_CLIENTS = 5;
/** Clients named in a row of the list at most. */
const NAMED_IN_ROW = 2;

/** What the dialog shows: a new list, or one being edited. */
type Editing = { kind: 'new' } | { kind: 'edit'; list: PriceListDto } | null;

/**
 * /price-lists (CONTRACT §10): the price lists per customer group, with how many prices each
 * holds and who buys at it; new, edit and delete for those who may change stock.
 */
export function PriceListsPage({ canWrite, canReadClients, currency }: PriceListsPageProps) {
  const { t } = useTranslation('price-lists');
  const { language } = useLanguage();
  const { toast } = useToast();
  const isPhone = useIsPhone();
  const lists = useGetPriceListsQuery();
  const clients = useGetPriceListClientsQuery(undefined, { skip: !canReadClients });
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<PriceListDto | null>(null);
  const [confirmOpen, setConfirmOpen] = useState(false);
  // A list that could not be deleted while clients buy at it: said until dismissed.
  const [inUse, setInUse] = useState<string | null>(null);
  const [deleteList, { isLoading: isDeleting }] = useDeletePriceListMutation();

  const buyersOf = (list: PriceListDto): PriceListClient[] | null =>
    clients.currentData ? clients.currentData.filter((client) => client.priceListId === list.id) : null;
  const nameOf = (client: PriceListClient) => nameIn(language, client);
  const separator = language === 'ar' ? '، ' : ', ';
  /** The first clients' names, each isolated from the sentence's direction, and how many more: "Al Othaim, Danube +3". */
  const namesOf = (buyers: PriceListClient[], shown: number): string => {
    const names = buyers
      .slice(0, shown)
      .map((client) => isolate(nameOf(client)))
      .join(separator);
    const more = buyers.length - shown;
    return more > 0 ? t('list.andMore', { names, count: formatQuantity(more, language) }) : names;
  };
  const buyersText = (list: PriceListDto): string => {
    const buyers = buyersOf(list);
    if (!buyers) return t('common:noValue');
    return buyers.length === 0 ? t('list.noClients') : namesOf(buyers, NAMED_IN_ROW);
  };

  /** 409 INVENTORY_PRICE_LIST_IN_USE: who buys at it (named when the clients can be read), else how many. */
  const inUseMessage = (list: PriceListDto, error: unknown): string => {
    const details = isHttpError(error) ? (error.body?.details as { clients?: unknown } | undefined) : undefined;
    const buyers = buyersOf(list);
    if (buyers && buyers.length > 0) {
      return t('delete.inUseNamed', { name: list.name, names: namesOf(buyers, NAMED_CLIENTS) });
    }
    const count = typeof details?.clients === 'number' ? details.clients : 0;
    return t('delete.inUse', { name: list.name, count: formatQuantity(count, language) });
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await deleteList(deleting.id).unwrap();
      toast({
        variant: 'success',
        title: t('toasts.deleted'),
        description: t('toasts.deletedDescription', { name: deleting.name }),
      });
      setConfirmOpen(false);
    } catch (error) {
      if (errorCodeOf(error) === 'INVENTORY_PRICE_LIST_IN_USE') {
        setInUse(inUseMessage(deleting, error));
        setConfirmOpen(false);
        return;
      }
      toast({ variant: 'error', title: t('toasts.deleteFailed'), description: describeError(error, t, language) });
    }
  };

  const startDelete = (list: PriceListDto) => {
    setInUse(null);
    setDeleting(list);
    setConfirmOpen(true);
  };

  const [importing, setImporting] = useQueryFlag('import', canWrite);
  const importButton = (
    <Button variant="outlined" startIcon={<TableViewRoundedIcon />} onClick={() => setImporting(true)}>
      {t('imports:open.price-list')}
    </Button>
  );
  const newButton = (
    <Button variant="contained" startIcon={<AddRoundedIcon />} onClick={() => setEditing({ kind: 'new' })}>
      {t('actions.new')}
    </Button>
  );

  const actionsOf = (list: PriceListDto) => (
    <>
      <Tooltip title={t('actions.edit', { name: list.name })}>
        <IconButton
          size="small"
          aria-label={t('actions.edit', { name: list.name })}
          onClick={() => setEditing({ kind: 'edit', list })}
        >
          <EditRoundedIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      <Tooltip title={t('actions.delete', { name: list.name })}>
        <IconButton
          size="small"
          color="error"
          aria-label={t('actions.delete', { name: list.name })}
          onClick={() => startDelete(list)}
        >
          <DeleteOutlineRoundedIcon fontSize="small" />
        </IconButton>
      </Tooltip>
    </>
  );

  const items = lists.currentData;
  const columns = 3 + (canReadClients ? 1 : 0) + (canWrite ? 1 : 0);
  const count = (list: PriceListDto) => formatQuantity(list.itemCount, language);

  const table = isPhone ? (
    <PhoneList label={t('list.tableLabel')} busy={!items}>
      {!items
        ? Array.from({ length: 3 }, (_value, index) => (
            <PhoneListItem key={index}>
              <Skeleton variant="text" width="50%" />
              <Skeleton variant="text" width="80%" />
            </PhoneListItem>
          ))
        : items.map((list) => (
            <PhoneListItem key={list.id} testId="price-list-row">
              <PhoneListHead badge={canWrite ? <Box sx={{ display: 'flex' }}>{actionsOf(list)}</Box> : undefined}>
                <Typography variant="body2" sx={{ fontWeight: 600 }}>
                  <bdi>{list.name}</bdi>
                </Typography>
              </PhoneListHead>
              <PhoneFacts
                facts={[
                  { label: t('list.columns.items'), value: count(list) },
                  ...(canReadClients ? [{ label: t('list.columns.clients'), value: buyersText(list) }] : []),
                  { label: t('list.columns.updated'), value: formatDate(list.updatedAt, language) },
                ]}
              />
            </PhoneListItem>
          ))}
    </PhoneList>
  ) : (
    <TableContainer>
      <Table aria-label={t('list.tableLabel')} aria-busy={!items} sx={{ minWidth: 640 }}>
        <TableHead>
          <TableRow>
            <TableCell>{t('list.columns.name')}</TableCell>
            <TableCell align="right">{t('list.columns.items')}</TableCell>
            {canReadClients && <TableCell>{t('list.columns.clients')}</TableCell>}
            <TableCell>{t('list.columns.updated')}</TableCell>
            {canWrite && <TableCell align="right">{t('list.columns.actions')}</TableCell>}
          </TableRow>
        </TableHead>
        <TableBody>
          {!items ? (
            <TableSkeletonRows rows={3} columns={columns} />
          ) : (
            items.map((list) => (
              <TableRow key={list.id} hover data-testid="price-list-row">
                <TableCell>
                  <Typography variant="body2" sx={{ fontWeight: 600 }}>
                    <bdi>{list.name}</bdi>
                  </Typography>
                </TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {count(list)}
                </TableCell>
                {canReadClients && <TableCell>{buyersText(list)}</TableCell>}
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(list.updatedAt, language)}</TableCell>
                {canWrite && (
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {actionsOf(list)}
                  </TableCell>
                )}
              </TableRow>
            ))
          )}
        </TableBody>
      </Table>
    </TableContainer>
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
              {newButton}
            </>
          )
        }
      />
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: 'minmax(0, 1fr)' }}>
        {inUse && (
          <Alert
            severity="warning"
            variant="outlined"
            role="alert"
            closeText={t('common:actions.close')}
            onClose={() => setInUse(null)}
          >
            <AlertTitle>{t('delete.inUseTitle')}</AlertTitle>
            {inUse}
          </Alert>
        )}
        {items && items.length === 0 && !lists.isError ? (
          <EmptyStateCard
            icon={<RequestQuoteRoundedIcon />}
            title={t('empty.title')}
            description={t(canWrite ? 'empty.description' : 'empty.readOnlyDescription')}
            action={
              canWrite && (
                <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, justifyContent: 'center' }}>
                  {newButton}
                  {importButton}
                </Box>
              )
            }
          />
        ) : (
          <Card component="section" aria-labelledby="price-lists-title">
            <SectionCardHeader
              id="price-lists-title"
              icon={<RequestQuoteRoundedIcon />}
              title={t('list.title')}
              subtitle={t('list.subtitle')}
            />
            {lists.isError ? (
              <Box sx={{ px: { xs: 2, sm: 3 }, pb: 3 }}>
                <LoadErrorAlert error={lists.error} onRetry={() => void lists.refetch()} />
              </Box>
            ) : (
              table
            )}
          </Card>
        )}
      </Box>
      <ImportDialog kind="price-list" open={importing} onClose={() => setImporting(false)} />
      {editing && (
        <PriceListDialog
          key={editing.kind === 'edit' ? editing.list.id : 'new'}
          list={editing.kind === 'edit' ? editing.list : null}
          currency={currency}
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmDialog
        open={confirmOpen}
        title={t('delete.title')}
        message={deleting ? t('delete.message', { name: deleting.name }) : ''}
        confirmLabel={t('common:actions.delete')}
        pendingLabel={t('common:actions.deleting')}
        pending={isDeleting}
        onConfirm={() => void confirmDelete()}
        onClose={() => setConfirmOpen(false)}
      />
    </>
  );
}
