import EditRoundedIcon from '@mui/icons-material/EditRounded';
import PeopleAltRoundedIcon from '@mui/icons-material/PeopleAltRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { BilingualName } from '../../../components/bilingual-name';
import { ColumnsMenu } from '../../../components/list/columns-menu';
import { ExportMenu } from '../../../components/list/export-menu';
import { ListCard } from '../../../components/list/list-card';
import { SortableHeaderCell } from '../../../components/list/sortable-header-cell';
import { nameIn } from '../../../lib/language';
import { useColumnChoice } from '../../../lib/use-column-choice';
import { listPath } from '../../../lib/list-sort';
import { PhoneFacts, PhoneListHead, PhoneListItem, useIsPhone } from '../../../components/phone-list';
import { formatDate } from '../../../lib/format';
import { useLanguage } from '../../../lib/use-language';
import { useCurrentUser } from '../../auth/hooks/use-current-user';
import type { ClientDto } from '../api/clients-api';
import type { ClientsList } from '../hooks/use-clients-list';
import { ClientContact } from './client-contact';

/** The clients table's columns a user may hide, by their header's key (the name always shows). */
const clientsOptionalColumns = ['contact', 'address', 'priceList', 'joined'] as const;

/** The clients (SPEC §2): name with the Arabic name, contact, address and joined date; searched and paged by the server. */
interface ClientsCardProps {
  list: ClientsList;
  /**
   * The price lists' names by id (stock:read): a column of the list each client buys at; null
   * while they load; undefined when they cannot be read (no column).
   */
  priceListNames?: ReadonlyMap<string, string> | null;
  /** clients:write: an Edit action on each client. */
  onEdit?: (client: ClientDto) => void;
  /** The client just added or edited, highlighted for a moment. */
  highlightId?: string | null;
}

/** The client's names, a link to its profile (/clients/{id}) for the mouse and the keyboard alike. */
function ClientName({ client }: { client: ClientDto }) {
  return (
    <Link
      component={RouterLink}
      to={`/clients/${encodeURIComponent(client.id)}`}
      underline="hover"
      color="inherit"
      sx={{ display: 'inline-block' }}
    >
      <BilingualName name={client.name} nameAr={client.nameAr} />
    </Link>
  );
}

export function ClientsCard({ list, priceListNames, onEdit, highlightId = null }: ClientsCardProps) {
  const { t } = useTranslation('clients');
  const { language } = useLanguage();
  const isPhone = useIsPhone();
  const { clients } = list;
  const dash = t('common:noValue');
  const showPriceList = priceListNames !== undefined;
  const { user } = useCurrentUser();
  const columnChoice = useColumnChoice(user?.id, 'clients', clientsOptionalColumns);
  const { shown } = columnChoice;
  // The name always shows; the price list only to those who may read the lists.
  const showsPriceList = showPriceList && shown('priceList');
  const columns =
    1 +
    clientsOptionalColumns.filter((column) => column !== 'priceList' && shown(column)).length +
    (showsPriceList ? 1 : 0) +
    (onEdit ? 1 : 0);
  /** The client's price list by name; none: the items' own prices. */
  const priceListOf = (client: ClientDto) =>
    client.priceListId === null
      ? t('list.noPriceList')
      : (priceListNames?.get(client.priceListId) ?? (priceListNames ? t('form.unknownPriceList') : dash));
  const editButton = (client: ClientDto, withText: boolean) =>
    onEdit &&
    (withText ? (
      <Button
        size="small"
        startIcon={<EditRoundedIcon />}
        aria-label={t('actions.edit', { name: nameIn(language, client) })}
        onClick={() => onEdit(client)}
      >
        {t('common:actions.edit')}
      </Button>
    ) : (
      <Tooltip title={t('actions.edit', { name: nameIn(language, client) })}>
        <IconButton
          size="small"
          aria-label={t('actions.edit', { name: nameIn(language, client) })}
          onClick={() => onEdit(client)}
        >
          <EditRoundedIcon fontSize="small" />
        </IconButton>
      </Tooltip>
    ));

  const sortColumns: Array<{ field: NonNullable<typeof list.sort>['field']; label: string }> = [
    { field: 'name', label: t('list.columns.name') },
    { field: 'createdAt', label: t('list.columns.joined') },
  ];
  const sorting = { sort: list.sort, onSort: list.sortBy };

  return (
    <ListCard
      list={list}
      rows={clients}
      titleId="clients-list-title"
      icon={<PeopleAltRoundedIcon />}
      title={t('list.title')}
      subtitle={t('list.subtitle')}
      search={{ id: 'clients-search', label: t('list.search.label'), placeholder: t('list.search.placeholder') }}
      tools={
        <>
          {!isPhone && (
            <ColumnsMenu
              // The price list is offered only to those who see it.
              choice={{
                ...columnChoice,
                choices: columnChoice.choices.filter(({ column }) => showPriceList || column !== 'priceList'),
              }}
              labelOf={(column) => t(`list.columns.${column}`)}
            />
          )}
          <ExportMenu path={listPath('/api/clients', list.exportParams)} name="clients" />
        </>
      }
      sortColumns={sortColumns}
      sortId="clients-sort"
      noResults={{
        title: t('list.noResults.title', { search: list.search }),
        description: t('list.noResults.description'),
      }}
      table={{
        label: t('list.tableLabel'),
        minWidth: 720,
        columnCount: columns,
        head: (
          <>
            <SortableHeaderCell field="name" {...sorting}>
              {t('list.columns.name')}
            </SortableHeaderCell>
            {shown('contact') && <TableCell>{t('list.columns.contact')}</TableCell>}
            {shown('address') && <TableCell>{t('list.columns.address')}</TableCell>}
            {showsPriceList && <TableCell>{t('list.columns.priceList')}</TableCell>}
            {shown('joined') && (
              <SortableHeaderCell field="createdAt" {...sorting}>
                {t('list.columns.joined')}
              </SortableHeaderCell>
            )}
            {onEdit && <TableCell align="right">{t('list.columns.actions')}</TableCell>}
          </>
        ),
        row: (client) => (
          <TableRow
            key={client.id}
            hover
            data-testid="client-row"
            selected={client.id === highlightId}
            aria-current={client.id === highlightId ? 'true' : undefined}
          >
            <TableCell>
              <ClientName client={client} />
            </TableCell>
            {shown('contact') && (
              <TableCell>
                <ClientContact client={client} />
              </TableCell>
            )}
            {shown('address') && (
              <TableCell sx={{ maxWidth: 320 }}>
                {client.address ? (
                  <Typography variant="body2">
                    <bdi>{client.address}</bdi>
                  </Typography>
                ) : (
                  <Typography variant="body2" color="text.secondary">
                    {dash}
                  </Typography>
                )}
              </TableCell>
            )}
            {showsPriceList && (
              <TableCell>
                <Typography
                  variant="body2"
                  color={client.priceListId ? 'text.primary' : 'text.secondary'}
                  data-testid="client-price-list"
                >
                  <bdi>{priceListOf(client)}</bdi>
                </Typography>
              </TableCell>
            )}
            {shown('joined') && (
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(client.createdAt, language)}</TableCell>
            )}
            {onEdit && <TableCell align="right">{editButton(client, false)}</TableCell>}
          </TableRow>
        ),
      }}
      phoneItem={(client) => (
        <PhoneListItem key={client.id} testId="client-row" highlighted={client.id === highlightId}>
          <PhoneListHead
            badge={
              <Typography variant="caption" color="text.secondary">
                {formatDate(client.createdAt, language)}
              </Typography>
            }
          >
            <ClientName client={client} />
            {/* A line of its own (not a third fact: the contact column would wrap), when the client has a list. */}
            {showPriceList && client.priceListId && (
              <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 0.5 }}>
                {t('list.priceListOf', { name: priceListOf(client) })}
              </Typography>
            )}
          </PhoneListHead>
          <PhoneFacts
            facts={[
              { label: t('list.columns.contact'), value: <ClientContact client={client} /> },
              { label: t('list.columns.address'), value: client.address ? <bdi>{client.address}</bdi> : dash },
            ]}
          />
          {onEdit && <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>{editButton(client, true)}</Box>}
        </PhoneListItem>
      )}
    />
  );
}
