import type { StockItemDto } from '@erp/contracts';
import AddRoundedIcon from '@mui/icons-material/AddRounded';
import Inventory2RoundedIcon from '@mui/icons-material/Inventory2Rounded';
import TableViewRoundedIcon from '@mui/icons-material/TableViewRounded';
import UploadFileRoundedIcon from '@mui/icons-material/UploadFileRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryParams } from '../../../lib/use-query-params';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { EmptyStateCard } from '../../../components/empty-state-card';
import { PageHeader } from '../../../components/page-header';
import { ImportDialog } from '../../imports/components/import-dialog';
import { useToast } from '../../../components/toaster/use-toast';
import { nameIn } from '../../../lib/language';
import { describeError, isHttpError } from '../../../lib/http-error';
import { useLanguage } from '../../../lib/use-language';
import { useQueryFlag } from '../../../lib/use-query-flag';
import { useRowHighlight } from '../../../lib/use-row-highlight';
import { useDeleteStockItemMutation, useGetReorderSuggestionsQuery } from '../api/stock-api';
import { useInventory } from '../hooks/use-inventory';
import { ExpiringItemsCard } from './expiring-items-card';
import { GenerateSuggestionsButton } from './generate-suggestions-button';
import { InventoryCard } from './inventory-card';
import { MovementsCard } from './movements-card';
import { ReorderSuggestionsCard } from './reorder-suggestions-card';
import { StockItemDialog } from './stock-item-dialog';
import { UploadSupplierInvoiceDialog } from './upload-supplier-invoice-dialog';

/** The screen's tabs, Inventory first (`?tab=` names the others, so a link can open one). */
const stockTabs = ['inventory', 'expiring', 'reorder', 'movements'] as const;
type StockTab = (typeof stockTabs)[number];

interface StockPageProps {
  /** stock:write (admins and owners hold it): add, upload, edit, delete and the reorder decisions. */
  canWrite: boolean;
  /** The company's currency from the settings (CONTRACT §4). */
  currency: string;
}

/**
 * /stock (SPEC §2): expiring batches, reorder suggestions and the current inventory, with
 * Add Stock Item and Upload Supplier Invoice for those who may change stock.
 */
export function StockPage({ canWrite, currency }: StockPageProps) {
  const { t } = useTranslation('stock');
  const { t: tCommon } = useTranslation('common');
  const { language } = useLanguage();
  const { toast } = useToast();
  const inventory = useInventory();
  const suggestions = useGetReorderSuggestionsQuery();
  const [deleteItem, { isLoading: isDeleting }] = useDeleteStockItemMutation();
  // `undefined`: no dialog; `null`: adding; an item: editing it.
  const [formItem, setFormItem] = useState<StockItemDto | null | undefined>(undefined);
  const [uploading, setUploading] = useQueryFlag('upload', canWrite);
  const [highlightId, highlight] = useRowHighlight();
  const [importing, setImporting] = useQueryFlag('import', canWrite);
  // Kept after the confirm closes, so its text does not vanish during the closing transition.
  const [deleting, setDeleting] = useState<StockItemDto | null>(null);
  const [confirmOpen, setConfirmOpen] = useState(false);

  const confirmDelete = async () => {
    if (!deleting) return;
    const name = nameIn(language, deleting);
    try {
      await deleteItem(deleting.id).unwrap();
      toast({ variant: 'success', title: t('toasts.deleted'), description: t('toasts.deletedDescription', { name }) });
      setConfirmOpen(false);
    } catch (error) {
      toast({ variant: 'error', title: t('toasts.deleteFailed'), description: describeError(error, t, language) });
    }
  };

  // Where there are no suggestions yet, generating them starts from the header (not while the
  // server has no such endpoint: a 404 on the list).
  const suggestionsMissing = suggestions.isError && isHttpError(suggestions.error) && suggestions.error.status === 404;
  const noSuggestions =
    !suggestions.isFetching && !suggestionsMissing && (suggestions.isError || suggestions.data?.length === 0);
  const suggestionCount = suggestions.data?.length ?? 0;
  const [params, updateParams] = useQueryParams();
  const asked = params.get('tab');
  const tab: StockTab = stockTabs.find((name) => name === asked) ?? 'inventory';
  // `?item=` narrows Movements to one item (its row's History).
  const movementsItem = tab === 'movements' ? params.get('item') : null;
  const showTab = (next: StockTab, item: string | null = null) =>
    updateParams(
      (kept) => {
        if (next === 'inventory') kept.delete('tab');
        else kept.set('tab', next);
        if (item) kept.set('item', item);
        else kept.delete('item');
      },
      { replace: !item },
    );
  // The Reorder tab's own empty card offers it there.
  const showGenerate =
    canWrite && noSuggestions && tab !== 'reorder' && !inventory.isEmpty && Boolean(inventory.items?.length);

  return (
    <>
      <PageHeader
        title={t('title')}
        subtitle={t('subtitle')}
        actions={
          canWrite && (
            <>
              {showGenerate && <GenerateSuggestionsButton label={t('reorder.generate')} variant="text" />}
              <Button variant="outlined" startIcon={<TableViewRoundedIcon />} onClick={() => setImporting(true)}>
                {t('imports:open.stock-items')}
              </Button>
              <Button variant="outlined" startIcon={<UploadFileRoundedIcon />} onClick={() => setUploading(true)}>
                {t('actions.upload')}
              </Button>
              <Button variant="contained" startIcon={<AddRoundedIcon />} onClick={() => setFormItem(null)}>
                {t('actions.add')}
              </Button>
            </>
          )
        }
      />
      <Tabs
        value={tab}
        onChange={(_event, next: StockTab) => showTab(next)}
        variant="scrollable"
        allowScrollButtonsMobile
        aria-label={t('tabs.label')}
        sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
      >
        {stockTabs.map((name) => (
          <Tab
            key={name}
            value={name}
            id={`stock-tab-${name}`}
            aria-controls={`stock-panel-${name}`}
            label={
              name === 'reorder' && suggestionCount > 0
                ? t('tabs.reorderCount', { count: suggestionCount })
                : t(`tabs.${name}`)
            }
          />
        ))}
      </Tabs>
      {/* Every panel stays mounted (hidden when not chosen): their lists keep refreshing after a change. */}
      <Box
        role="tabpanel"
        id="stock-panel-inventory"
        aria-labelledby="stock-tab-inventory"
        hidden={tab !== 'inventory'}
      >
        <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: 'minmax(0, 1fr)' }}>
          {inventory.isEmpty ? (
            <EmptyStateCard
              icon={<Inventory2RoundedIcon />}
              title={t('empty.title')}
              description={t(canWrite ? 'empty.description' : 'empty.readOnlyDescription')}
              action={
                canWrite && (
                  <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', justifyContent: 'center' }}>
                    <Button variant="contained" startIcon={<TableViewRoundedIcon />} onClick={() => setImporting(true)}>
                      {t('imports:open.stock-items')}
                    </Button>
                    <Button variant="outlined" startIcon={<UploadFileRoundedIcon />} onClick={() => setUploading(true)}>
                      {t('empty.action')}
                    </Button>
                  </Box>
                )
              }
            />
          ) : (
            <InventoryCard
              inventory={inventory}
              currency={currency}
              canWrite={canWrite}
              onEdit={(item) => setFormItem(item)}
              onDelete={(item) => {
                setDeleting(item);
                setConfirmOpen(true);
              }}
              onHistory={(item) => showTab('movements', item.id)}
              highlightId={highlightId}
            />
          )}
        </Box>
      </Box>
      <Box role="tabpanel" id="stock-panel-expiring" aria-labelledby="stock-tab-expiring" hidden={tab !== 'expiring'}>
        <ExpiringItemsCard currency={currency} />
      </Box>
      <Box role="tabpanel" id="stock-panel-reorder" aria-labelledby="stock-tab-reorder" hidden={tab !== 'reorder'}>
        <ReorderSuggestionsCard currency={currency} canWrite={canWrite} />
      </Box>
      {/* Read only when shown: the ledger is the longest list of the screen. */}
      <Box
        role="tabpanel"
        id="stock-panel-movements"
        aria-labelledby="stock-tab-movements"
        hidden={tab !== 'movements'}
      >
        {tab === 'movements' && <MovementsCard stockItemId={movementsItem} onShowAll={() => showTab('movements')} />}
      </Box>
      {formItem !== undefined && (
        <StockItemDialog
          key={formItem?.id ?? 'new'}
          item={formItem}
          currency={currency}
          onClose={() => setFormItem(undefined)}
          onSaved={(saved, created) => {
            // A new item may sort onto another page: the list is narrowed to it, then highlighted.
            if (created) inventory.setSearchText(saved.sku);
            highlight(saved.id);
          }}
        />
      )}
      <ImportDialog kind="stock-items" open={importing} onClose={() => setImporting(false)} />
      <UploadSupplierInvoiceDialog open={uploading} onClose={() => setUploading(false)} currency={currency} />
      <ConfirmDialog
        open={confirmOpen}
        title={t('delete.title')}
        message={deleting ? t('delete.message', { name: nameIn(language, deleting), sku: deleting.sku }) : ''}
        confirmLabel={tCommon('actions.delete')}
        pendingLabel={tCommon('actions.deleting')}
        pending={isDeleting}
        onConfirm={() => void confirmDelete()}
        onClose={() => setConfirmOpen(false)}
      />
    </>
  );
}
