import type { StockItemDto, StockStatus } from '@erp/contracts';
import DeleteOutlineRoundedIcon from '@mui/icons-material/DeleteOutlineRounded';
import EditRoundedIcon from '@mui/icons-material/EditRounded';
import HistoryRoundedIcon from '@mui/icons-material/HistoryRounded';
import Inventory2RoundedIcon from '@mui/icons-material/Inventory2Rounded';
import SearchRoundedIcon from '@mui/icons-material/SearchRounded';
import SearchOffRoundedIcon from '@mui/icons-material/SearchOffRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { ColumnsMenu } from '../../../components/list/columns-menu';
import { ExportMenu } from '../../../components/list/export-menu';
import { PhoneSortSelect } from '../../../components/list/phone-sort-select';
import { ListPagination } from '../../../components/list/list-pagination';
import { SortableHeaderCell } from '../../../components/list/sortable-header-cell';
import { nameIn } from '../../../lib/language';
import { useColumnChoice } from '../../../lib/use-column-choice';
import { useLanguage } from '../../../lib/use-language';
import { listPath } from '../../../lib/list-sort';
import { PhoneFacts, PhoneList, PhoneListHead, PhoneListItem, useIsPhone } from '../../../components/phone-list';
import { SectionCardHeader } from '../../../components/section-card-header';
import { TableSkeletonRows } from '../../../components/table-skeleton-rows';
import { useCurrentUser } from '../../auth/hooks/use-current-user';
import type { Inventory } from '../hooks/use-inventory';
import { useStockFormat } from '../hooks/use-stock-format';
import { BilingualName } from '../../../components/bilingual-name';
import { StockStatusBadge } from './stock-badges';

/** The inventory table's columns a user may hide (the name, quantity and actions always show). */
const inventoryOptionalColumns = ['sku', 'costPrice', 'sellingPrice', 'status'] as const;

interface InventoryCardProps {
  inventory: Inventory;
  currency: string;
  /** stock:write: the edit and delete actions. */
  canWrite: boolean;
  onEdit: (item: StockItemDto) => void;
  onDelete: (item: StockItemDto) => void;
  /** The item's movements (the Movements tab, this item only). */
  onHistory: (item: StockItemDto) => void;
  /** The item just added or edited, highlighted for a moment. */
  highlightId?: string | null;
}

/** Current Inventory (SPEC §2): a server-side search and pages of name, SKU, quantity, prices, status. */
export function InventoryCard({
  inventory,
  currency,
  canWrite,
  onEdit,
  onDelete,
  onHistory,
  highlightId = null,
}: InventoryCardProps) {
  const { t } = useTranslation('stock');
  const { language } = useLanguage();
  const format = useStockFormat(currency);
  const isPhone = useIsPhone();
  const { user } = useCurrentUser();
  const columnChoice = useColumnChoice(user?.id, 'stock', inventoryOptionalColumns);
  const { shown } = columnChoice;
  const columns = 2 + inventoryOptionalColumns.filter((column) => shown(column)).length + (canWrite ? 1 : 0);
  const { items } = inventory;

  /** "Packs: ctn = 12 pcs · plt = 960 pcs", for an item sold by the pack. */
  const packsLine = (item: StockItemDto) =>
    item.packs.length > 0 && (
      <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
        {t('inventory.packs', {
          packs: item.packs
            .map((pack) =>
              t('inventory.pack', {
                unit: format.unitWord(pack.unit),
                base: format.quantity(pack.factor, item.unit),
              }),
            )
            .join(' · '),
        })}
      </Typography>
    );

  const noResults = (
    <Box sx={{ py: 5, px: 2, textAlign: 'center', color: 'text.secondary' }}>
      <SearchOffRoundedIcon sx={{ fontSize: 36, opacity: 0.6 }} aria-hidden />
      <Typography variant="subtitle1" component="p" sx={{ fontWeight: 600, color: 'text.primary' }}>
        {t('inventory.noResults.title', { search: inventory.search })}
      </Typography>
      <Typography variant="body2">{t('inventory.noResults.description')}</Typography>
    </Box>
  );

  const phoneList = (
    <PhoneList label={t('inventory.tableLabel')} busy={!items}>
      {!items
        ? Array.from({ length: 4 }, (_value, index) => (
            <PhoneListItem key={index}>
              <Skeleton variant="text" width="60%" />
              <Skeleton variant="text" width="90%" />
            </PhoneListItem>
          ))
        : items.length === 0
          ? noResults
          : items.map((item) => (
              <PhoneListItem key={item.id} testId="stock-row" highlighted={item.id === highlightId}>
                <PhoneListHead badge={<StockStatusBadge status={item.status} />}>
                  <BilingualName name={item.name} nameAr={item.nameAr} detail={item.sku} />
                  {packsLine(item)}
                </PhoneListHead>
                <PhoneFacts
                  facts={[
                    {
                      label: t('inventory.columns.quantity'),
                      value: format.inPacks(item.quantity, item.unit, item.packs),
                    },
                    { label: t('inventory.columns.costPrice'), value: format.money(item.costPrice) },
                    { label: t('inventory.columns.sellingPrice'), value: format.money(item.sellingPrice) },
                  ]}
                />
                {canWrite && (
                  <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1 }}>
                    <Button
                      size="small"
                      color="inherit"
                      startIcon={<HistoryRoundedIcon />}
                      aria-label={t('movements.history', { name: nameIn(language, item) })}
                      onClick={() => onHistory(item)}
                    >
                      {t('tabs.movements')}
                    </Button>
                    <Button
                      size="small"
                      startIcon={<EditRoundedIcon />}
                      aria-label={t('actions.editItem', { name: nameIn(language, item) })}
                      onClick={() => onEdit(item)}
                    >
                      {t('common:actions.edit')}
                    </Button>
                    <Button
                      size="small"
                      color="error"
                      startIcon={<DeleteOutlineRoundedIcon />}
                      aria-label={t('actions.deleteItem', { name: nameIn(language, item) })}
                      onClick={() => onDelete(item)}
                    >
                      {t('common:actions.delete')}
                    </Button>
                  </Box>
                )}
              </PhoneListItem>
            ))}
    </PhoneList>
  );

  const searchField = (
    <TextField
      type="search"
      size="small"
      id="stock-search"
      label={t('inventory.search.label')}
      placeholder={t('inventory.search.placeholder')}
      value={inventory.searchText}
      onChange={(event) => inventory.setSearchText(event.target.value)}
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

  const toolbar = (
    <Box
      sx={{
        display: 'flex',
        gap: 1,
        alignItems: 'center',
        flexWrap: { xs: 'wrap', sm: 'nowrap' },
        width: { xs: '100%', sm: 'auto' },
      }}
    >
      {searchField}
      <TextField
        select
        size="small"
        label={t('inventory.show.label')}
        value={inventory.status}
        onChange={(event) => inventory.setStatus(event.target.value as StockStatus | '')}
        sx={{ width: { xs: 'auto', sm: 160 }, flex: { xs: 1, sm: 'none' } }}
        slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
      >
        <MenuItem value="">{t('inventory.show.all')}</MenuItem>
        <MenuItem value="low">{t('inventory.show.low')}</MenuItem>
      </TextField>
      {!isPhone && <ColumnsMenu choice={columnChoice} labelOf={(column) => t(`inventory.columns.${column}`)} />}
      <ExportMenu path={listPath('/api/stock', inventory.exportParams)} name="stock" />
    </Box>
  );
  const sorting = { sort: inventory.sort, onSort: inventory.sortBy };

  return (
    <Card component="section" aria-labelledby="inventory-title">
      <SectionCardHeader
        id="inventory-title"
        icon={<Inventory2RoundedIcon />}
        title={t('inventory.title')}
        subtitle={t('inventory.subtitle')}
        // On a phone the search gets a line of its own, the card's whole width: as the header's
        // action it keeps its content's width, which in Arabic is wider than the screen.
        action={isPhone ? undefined : toolbar}
      />
      {isPhone && <Box sx={{ px: 2, pb: 2 }}>{toolbar}</Box>}
      {inventory.isError ? (
        <Box sx={{ px: { xs: 2, sm: 3 }, pb: 3 }}>
          <LoadErrorAlert error={inventory.error} onRetry={() => void inventory.refetch()} />
        </Box>
      ) : (
        <>
          {isPhone ? (
            <>
              <Box sx={{ display: 'flex', px: 2, pb: 2 }}>
                <PhoneSortSelect
                  id="inventory-sort"
                  columns={[
                    { field: 'name', label: t('inventory.columns.name') },
                    { field: 'sku', label: t('inventory.columns.sku') },
                    { field: 'quantity', label: t('inventory.columns.quantity') },
                    { field: 'sellingPrice', label: t('inventory.columns.sellingPrice') },
                  ]}
                  sort={inventory.sort}
                  onChange={inventory.setSort}
                />
              </Box>
              {phoneList}
            </>
          ) : (
            <TableContainer>
              <Table aria-label={t('inventory.tableLabel')} aria-busy={!items} sx={{ minWidth: canWrite ? 860 : 760 }}>
                <TableHead>
                  <TableRow>
                    <SortableHeaderCell field="name" {...sorting}>
                      {t('inventory.columns.name')}
                    </SortableHeaderCell>
                    {shown('sku') && (
                      <SortableHeaderCell field="sku" {...sorting}>
                        {t('inventory.columns.sku')}
                      </SortableHeaderCell>
                    )}
                    <SortableHeaderCell field="quantity" align="right" {...sorting}>
                      {t('inventory.columns.quantity')}
                    </SortableHeaderCell>
                    {shown('costPrice') && <TableCell align="right">{t('inventory.columns.costPrice')}</TableCell>}
                    {shown('sellingPrice') && (
                      <SortableHeaderCell field="sellingPrice" align="right" {...sorting}>
                        {t('inventory.columns.sellingPrice')}
                      </SortableHeaderCell>
                    )}
                    {shown('status') && <TableCell>{t('inventory.columns.status')}</TableCell>}
                    {canWrite && <TableCell align="right">{t('inventory.columns.actions')}</TableCell>}
                  </TableRow>
                </TableHead>
                <TableBody>
                  {!items ? (
                    <TableSkeletonRows rows={5} columns={columns} />
                  ) : items.length === 0 ? (
                    <TableRow>
                      <TableCell colSpan={columns} sx={{ borderBottom: 0 }}>
                        {noResults}
                      </TableCell>
                    </TableRow>
                  ) : (
                    items.map((item) => (
                      <TableRow
                        key={item.id}
                        hover
                        data-testid="stock-row"
                        selected={item.id === highlightId}
                        aria-current={item.id === highlightId ? 'true' : undefined}
                      >
                        <TableCell>
                          <BilingualName name={item.name} nameAr={item.nameAr} />
                          {packsLine(item)}
                        </TableCell>
                        {shown('sku') && (
                          <TableCell>
                            <Box component="bdi" sx={{ fontFamily: 'monospace', fontSize: '0.8125rem' }}>
                              {item.sku}
                            </Box>
                          </TableCell>
                        )}
                        <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                          {format.inPacks(item.quantity, item.unit, item.packs)}
                        </TableCell>
                        {shown('costPrice') && (
                          <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                            {format.money(item.costPrice)}
                          </TableCell>
                        )}
                        {shown('sellingPrice') && (
                          <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                            {format.money(item.sellingPrice)}
                          </TableCell>
                        )}
                        {shown('status') && (
                          <TableCell>
                            <StockStatusBadge status={item.status} />
                          </TableCell>
                        )}
                        {canWrite && (
                          <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                            <Tooltip title={t('movements.history', { name: nameIn(language, item) })}>
                              <IconButton
                                size="small"
                                aria-label={t('movements.history', { name: nameIn(language, item) })}
                                onClick={() => onHistory(item)}
                              >
                                <HistoryRoundedIcon fontSize="small" />
                              </IconButton>
                            </Tooltip>
                            <Tooltip title={t('actions.editItem', { name: nameIn(language, item) })}>
                              <IconButton
                                size="small"
                                aria-label={t('actions.editItem', { name: nameIn(language, item) })}
                                onClick={() => onEdit(item)}
                              >
                                <EditRoundedIcon fontSize="small" />
                              </IconButton>
                            </Tooltip>
                            <Tooltip title={t('actions.deleteItem', { name: nameIn(language, item) })}>
                              <IconButton
                                size="small"
                                color="error"
                                aria-label={t('actions.deleteItem', { name: nameIn(language, item) })}
                                onClick={() => onDelete(item)}
                              >
                                <DeleteOutlineRoundedIcon fontSize="small" />
                              </IconButton>
                            </Tooltip>
                          </TableCell>
                        )}
                      </TableRow>
                    ))
                  )}
                </TableBody>
              </Table>
            </TableContainer>
          )}
          <ListPagination list={inventory} />
        </>
      )}
    </Card>
  );
}
