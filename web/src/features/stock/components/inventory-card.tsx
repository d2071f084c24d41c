import type { StockItemDto, StockStatus } from '@erp/contracts';
import DeleteOutlineRoundedIcon from '@mui/icons-material/DeleteOutlineRounded';
import EditRoundedIcon from '@mui/icons-material/EditRounded';
import HistoryRoundedIcon from '@mui/icons-material/HistoryRounded';
import Inventory2RoundedIcon from '@mui/icons-material/Inventory2Rounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { ColumnsMenu } from '../../../components/list/columns-menu';
import { ExportMenu } from '../../../components/list/export-menu';
import { ListCard } from '../../../components/list/list-card';
import { SortableHeaderCell } from '../../../components/list/sortable-header-cell';
import { nameIn } from '../../../lib/language';
import { useColumnChoice } from '../../../lib/use-column-choice';
import { useLanguage } from '../../../lib/use-language';
import { listPath } from '../../../lib/list-sort';
import { PhoneFacts, PhoneListHead, PhoneListItem, useIsPhone } from '../../../components/phone-list';
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

  const sorting = { sort: inventory.sort, onSort: inventory.sortBy };

  return (
    <ListCard
      list={inventory}
      rows={items}
      titleId="inventory-title"
      icon={<Inventory2RoundedIcon />}
      title={t('inventory.title')}
      subtitle={t('inventory.subtitle')}
      search={{
        id: 'stock-search',
        label: t('inventory.search.label'),
        placeholder: t('inventory.search.placeholder'),
      }}
      tools={
        <>
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
        </>
      }
      sortColumns={[
        { field: 'name', label: t('inventory.columns.name') },
        { field: 'sku', label: t('inventory.columns.sku') },
        { field: 'quantity', label: t('inventory.columns.quantity') },
        { field: 'sellingPrice', label: t('inventory.columns.sellingPrice') },
      ]}
      sortId="inventory-sort"
      noResults={{
        title: t('inventory.noResults.title', { search: inventory.search }),
        description: t('inventory.noResults.description'),
      }}
      table={{
        label: t('inventory.tableLabel'),
        minWidth: canWrite ? 860 : 760,
        columnCount: columns,
        head: (
          <>
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
          </>
        ),
        row: (item) => (
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
        ),
      }}
      phoneItem={(item) => (
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
      )}
    />
  );
}
