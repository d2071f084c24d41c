import PeopleAltRoundedIcon from '@mui/icons-material/PeopleAltRounded';
import SearchOffRoundedIcon from '@mui/icons-material/SearchOffRounded';
import SearchRoundedIcon from '@mui/icons-material/SearchRounded';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import InputAdornment from '@mui/material/InputAdornment';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { BilingualName } from '../../../components/bilingual-name';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { PhoneFacts, PhoneList, PhoneListHead, PhoneListItem, useIsPhone } from '../../../components/phone-list';
import { SectionCardHeader } from '../../../components/section-card-header';
import { TableSkeletonRows } from '../../../components/table-skeleton-rows';
import { formatDate, formatQuantity } from '../../../lib/format';
import { useLanguage } from '../../../lib/use-language';
import { clientPageSizes, type ClientPageSize, type ClientsList } from '../hooks/use-clients-list';
import { ClientContact } from './client-contact';

const COLUMNS = 4;
const SKELETON_ROWS = 5;

/** The clients (SPEC §2): name with the Arabic name, contact, address and joined date; searched and paged by the server. */
export function ClientsCard({ list }: { list: ClientsList }) {
  const { t } = useTranslation('clients');
  const { language } = useLanguage();
  const isPhone = useIsPhone();
  const { clients } = list;
  const dash = t('common:noValue');

  const noResults = (
    <Box sx={{ py: 5, px: 2, textAlign: 'center', color: 'text.secondary' }}>
      <SearchOffRoundedIcon sx={{ fontSize: 36, opacity: 0.6 }} aria-hidden />
      <Typography variant="subtitle1" component="p" sx={{ fontWeight: 600, color: 'text.primary' }}>
        {t('list.noResults.title', { search: list.search })}
      </Typography>
      <Typography variant="body2">{t('list.noResults.description')}</Typography>
    </Box>
  );

  const phoneList = (
    <PhoneList label={t('list.tableLabel')} busy={!clients}>
      {!clients
        ? Array.from({ length: 3 }, (_value, index) => (
            <PhoneListItem key={index} testId="skeleton-row">
              <Skeleton variant="text" width="55%" />
              <Skeleton variant="text" width="85%" />
            </PhoneListItem>
          ))
        : clients.length === 0
          ? noResults
          : clients.map((client) => (
              <PhoneListItem key={client.id} testId="client-row">
                <PhoneListHead
                  badge={
                    <Typography variant="caption" color="text.secondary">
                      {formatDate(client.createdAt, language)}
                    </Typography>
                  }
                >
                  <BilingualName name={client.name} nameAr={client.nameAr} />
                </PhoneListHead>
                <PhoneFacts
                  facts={[
                    { label: t('list.columns.contact'), value: <ClientContact client={client} /> },
                    { label: t('list.columns.address'), value: client.address ? <bdi>{client.address}</bdi> : dash },
                  ]}
                />
              </PhoneListItem>
            ))}
    </PhoneList>
  );

  // On a phone the search takes its own full-width row under the heading.
  const searchField = (
    <TextField
      type="search"
      size="small"
      id="clients-search"
      label={t('list.search.label')}
      placeholder={t('list.search.placeholder')}
      value={list.searchText}
      onChange={(event) => list.setSearchText(event.target.value)}
      sx={{ width: { xs: '100%', sm: 300 } }}
      slotProps={{
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchRoundedIcon fontSize="small" />
            </InputAdornment>
          ),
        },
      }}
    />
  );

  return (
    <Card component="section" aria-labelledby="clients-list-title">
      <SectionCardHeader
        id="clients-list-title"
        icon={<PeopleAltRoundedIcon />}
        title={t('list.title')}
        subtitle={t('list.subtitle')}
        action={!isPhone && searchField}
      />
      {isPhone && <Box sx={{ px: 2, pb: 2 }}>{searchField}</Box>}
      {list.isError ? (
        <Box sx={{ px: { xs: 2, sm: 3 }, pb: 3 }}>
          <LoadErrorAlert error={list.error} onRetry={() => void list.refetch()} />
        </Box>
      ) : (
        <>
          {isPhone ? (
            phoneList
          ) : (
            <TableContainer>
              <Table aria-label={t('list.tableLabel')} aria-busy={!clients} sx={{ minWidth: 720 }}>
                <TableHead>
                  <TableRow>
                    <TableCell>{t('list.columns.name')}</TableCell>
                    <TableCell>{t('list.columns.contact')}</TableCell>
                    <TableCell>{t('list.columns.address')}</TableCell>
                    <TableCell>{t('list.columns.joined')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {!clients ? (
                    <TableSkeletonRows rows={SKELETON_ROWS} columns={COLUMNS} />
                  ) : clients.length === 0 ? (
                    <TableRow>
                      <TableCell colSpan={COLUMNS} sx={{ borderBottom: 0 }}>
                        {noResults}
                      </TableCell>
                    </TableRow>
                  ) : (
                    clients.map((client) => (
                      <TableRow key={client.id} hover data-testid="client-row">
                        <TableCell>
                          <BilingualName name={client.name} nameAr={client.nameAr} />
                        </TableCell>
                        <TableCell>
                          <ClientContact client={client} />
                        </TableCell>
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
                        <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(client.createdAt, language)}</TableCell>
                      </TableRow>
                    ))
                  )}
                </TableBody>
              </Table>
            </TableContainer>
          )}
          <TablePagination
            component="div"
            count={list.total}
            page={Math.min(list.page, Math.max(0, Math.ceil(list.total / list.pageSize) - 1))}
            rowsPerPage={list.pageSize}
            rowsPerPageOptions={[...clientPageSizes]}
            onPageChange={(_event, next) => list.setPage(next)}
            onRowsPerPageChange={(event) => list.setPageSize(Number(event.target.value) as ClientPageSize)}
            labelRowsPerPage={t('list.pagination.rowsPerPage')}
            labelDisplayedRows={({ from, to, count }) =>
              t('list.pagination.displayed', {
                from: formatQuantity(from, language),
                to: formatQuantity(to, language),
                total: formatQuantity(count, language),
              })
            }
            getItemAriaLabel={(type) => t(`list.pagination.${type}`)}
            sx={{ borderTop: 1, borderColor: 'divider' }}
          />
        </>
      )}
    </Card>
  );
}
