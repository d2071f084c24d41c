import type { ParsedItemAlternativeDto, StockItemDto } from '@erp/contracts';
import AddCircleOutlineRoundedIcon from '@mui/icons-material/AddCircleOutlineRounded';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStockItemLookup } from '../hooks/use-stock-item-lookup';
import type { StockFormat } from '../hooks/use-stock-format';
import { formatPercent } from '../../../lib/format';
import { useLanguage } from '../../../lib/use-language';
import { chosenOfSuggestion, type ChosenStockItem, type LineItemChoice } from '../lib/supplier-invoice-review';

type ItemOption =
  | { kind: 'new' }
  /** `suggested`: the reader's confidence that the line means this item. */
  | { kind: 'item'; item: ChosenStockItem | StockItemDto; suggested?: number };

const NEW_ITEM: ItemOption = { kind: 'new' };

function isFullItem(item: ChosenStockItem | StockItemDto): item is StockItemDto {
  return 'costPrice' in item;
}

interface ReceiptItemFieldProps {
  choice: LineItemChoice;
  /** The matched item's details, once known (the reader gives only its id, SKU and names). */
  details: StockItemDto | null;
  /** Other items the reader thinks the line may mean: offered first while nothing is typed. */
  suggestions: readonly ParsedItemAlternativeDto[];
  /** The accessible name ("Stock item, line 2"). */
  ariaLabel: string;
  /** A visible label (the phone's cards); the table has its column header instead. */
  label?: string;
  error?: string;
  format: StockFormat;
  onChoose: (item: StockItemDto | ChosenStockItem) => void;
  onCreateNew: () => void;
}

/**
 * A line's stock item: a search of the stock (name, Arabic name or SKU, asked of the server as
 * the user types) with "Create new item" always first. Shows the chosen item's SKU and stock.
 */
export function ReceiptItemField({
  choice,
  details,
  suggestions,
  ariaLabel,
  label,
  error,
  format,
  onChoose,
  onCreateNew,
}: ReceiptItemFieldProps) {
  const { t } = useTranslation('stock');
  const { language } = useLanguage();
  const [open, setOpen] = useState(false);
  // What is typed to search; null while the field shows the current choice.
  const [typed, setTyped] = useState<string | null>(null);
  const lookup = useStockItemLookup(typed ?? '', open);

  // While nothing is typed, the reader's suggestions come first (once each).
  const suggested: ItemOption[] = typed?.trim()
    ? []
    : suggestions.map((suggestion) => ({
        kind: 'item',
        item: chosenOfSuggestion(suggestion),
        suggested: suggestion.confidence,
      }));
  const suggestedIds = new Set(suggestions.map((suggestion) => suggestion.stockItemId));
  const found = lookup.options
    .filter((item) => suggested.length === 0 || !suggestedIds.has(item.id))
    .map((item): ItemOption => ({ kind: 'item', item }));
  const options = [NEW_ITEM, ...suggested, ...found];

  const value: ItemOption | null =
    choice.kind === 'new'
      ? NEW_ITEM
      : choice.kind === 'matched'
        ? { kind: 'item', item: details ?? choice.item }
        : null;
  // In Arabic the item's Arabic name, when it has one.
  const labelOf = (option: ItemOption) =>
    option.kind === 'new'
      ? t('review.createNew')
      : language === 'ar' && option.item.nameAr
        ? option.item.nameAr
        : option.item.name;
  const chosen = value?.kind === 'item' ? value.item : null;
  const helper =
    error ??
    (chosen
      ? [
          chosen.sku,
          isFullItem(chosen) ? t('review.inStock', { quantity: format.quantity(chosen.quantity, chosen.unit) }) : null,
        ]
          .filter(Boolean)
          .join(' · ')
      : undefined);

  return (
    <Autocomplete<ItemOption, false, true, false>
      disableClearable
      size="small"
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => {
        setOpen(false);
        setTyped(null);
      }}
      options={options}
      // Null shows as an empty field (a line not decided yet); the type wants an option.
      value={value as ItemOption}
      inputValue={typed ?? (value ? labelOf(value) : '')}
      // The server searches; what it answers is what is shown.
      filterOptions={(all) => all}
      getOptionLabel={labelOf}
      getOptionKey={(option) => (option.kind === 'new' ? 'new' : option.item.id)}
      isOptionEqualToValue={(option, selected) =>
        option.kind === 'new' || selected.kind === 'new'
          ? option.kind === selected.kind
          : option.item.id === selected.item.id
      }
      loading={lookup.loading}
      loadingText={t('common:loading')}
      noOptionsText={lookup.failed ? t('review.searchFailed') : t('review.noOptions')}
      onChange={(_event, picked) => {
        if (picked.kind === 'new') onCreateNew();
        else onChoose(picked.item);
      }}
      onInputChange={(_event, text, reason) => setTyped(reason === 'input' ? text : null)}
      renderOption={({ key, ...props }, option) => (
        <li key={key} {...props}>
          {option.kind === 'new' ? (
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, color: 'primary.main', fontWeight: 600 }}>
              <AddCircleOutlineRoundedIcon fontSize="small" aria-hidden />
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {t('review.createNew')}
              </Typography>
            </Box>
          ) : (
            <Box sx={{ minWidth: 0 }}>
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                <bdi>{option.item.name}</bdi>
                {option.item.nameAr && (
                  <Typography component="span" variant="body2" color="text.secondary" sx={{ mx: 1 }}>
                    <bdi>{option.item.nameAr}</bdi>
                  </Typography>
                )}
              </Typography>
              <Typography variant="caption" color="text.secondary" sx={{ display: 'flex', gap: 1.5 }}>
                <bdi>{option.item.sku}</bdi>
                {option.suggested !== undefined && (
                  <Box component="span" sx={{ color: 'primary.main', fontWeight: 600 }}>
                    {t('review.suggested', { percent: formatPercent(Math.round(option.suggested * 100), language) })}
                  </Box>
                )}
                {isFullItem(option.item) && (
                  <span>
                    {t('review.inStock', { quantity: format.quantity(option.item.quantity, option.item.unit) })}
                  </span>
                )}
              </Typography>
            </Box>
          )}
        </li>
      )}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          placeholder={t('review.itemSearch')}
          error={Boolean(error)}
          helperText={helper}
          slotProps={{
            ...params.slotProps,
            htmlInput: { ...params.slotProps.htmlInput, 'aria-label': ariaLabel, dir: 'auto' },
            inputLabel: { ...params.slotProps.inputLabel, shrink: true },
            formHelperText: { sx: { mx: 0, overflowWrap: 'anywhere' } },
          }}
        />
      )}
      slotProps={{ popper: { sx: { minWidth: 300 } }, listbox: { sx: { maxHeight: 300 } } }}
    />
  );
}
