import type { StockItemDto } from '@erp/contracts';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OrderFormat } from '../hooks/use-order-format';
import { useStockItemSearch } from '../hooks/use-stock-item-search';
import { linkOfStockItem, type LinkedStockItem } from '../lib/manual-order';
import { StockItemOption } from './stock-item-option';

/** The "None" choice: the line is not linked to stock. */
const NO_LINK = 'none';
type StockChoice = LinkedStockItem | StockItemDto | typeof NO_LINK;

const isStockItem = (choice: StockChoice): choice is StockItemDto => typeof choice !== 'string' && 'unit' in choice;

interface StockLinkFieldProps {
  /** The linked stock item, or null for None. */
  value: LinkedStockItem | null;
  onChange: (value: LinkedStockItem | null) => void;
  /** The accessible name ("SKU of …"). */
  label: string;
  /** A line under the field (the picked item's name, isolated from the screen's direction). */
  helperText?: string;
  format: OrderFormat;
}

/**
 * A line's stock link in Edit Order mode (SPEC §2: "SKU (stock link or None)"): the SKU of the
 * linked item, and a list of None followed by the stock items the server finds for what is
 * typed (the same search as the Create Manual Order item picker).
 */
export function StockLinkField({ value, onChange, label, helperText, format }: StockLinkFieldProps) {
  const { t } = useTranslation('orders');
  const [open, setOpen] = useState(false);
  // What is typed to search; null while the field shows the current choice.
  const [typed, setTyped] = useState<string | null>(null);
  const search = useStockItemSearch(typed ?? '', { enabled: true, open });
  const labelOf = (choice: StockChoice) => (choice === NO_LINK ? t('details.edit.skuNone') : choice.sku || choice.name);
  const current: StockChoice = value ?? NO_LINK;

  return (
    <Autocomplete<StockChoice, false, true, false>
      disableClearable
      size="small"
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => {
        setOpen(false);
        setTyped(null);
      }}
      options={search.loading ? [] : [NO_LINK, ...search.options]}
      value={current}
      inputValue={typed ?? labelOf(current)}
      // The server searches; what it answers is what is shown.
      filterOptions={(all) => all}
      getOptionLabel={labelOf}
      getOptionKey={(choice) => (choice === NO_LINK ? NO_LINK : choice.id)}
      isOptionEqualToValue={(option, selected) =>
        option === NO_LINK || selected === NO_LINK ? option === selected : option.id === selected.id
      }
      loading={search.loading}
      loadingText={t('common:loading')}
      onChange={(_event, picked) =>
        onChange(
          picked === NO_LINK
            ? null
            : isStockItem(picked)
              ? linkOfStockItem(picked)
              : { id: picked.id, sku: picked.sku, name: picked.name },
        )
      }
      onInputChange={(_event, text, reason) => setTyped(reason === 'input' ? text : null)}
      renderOption={({ key, ...props }, option) => (
        <li key={key} {...props}>
          {isStockItem(option) ? (
            <StockItemOption item={option} format={format} />
          ) : (
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {option === NO_LINK ? t('details.edit.skuNone') : <bdi>{labelOf(option)}</bdi>}
            </Typography>
          )}
        </li>
      )}
      renderInput={(params) => (
        <TextField
          {...params}
          placeholder={t('details.edit.skuSearch')}
          helperText={helperText && <bdi>{helperText}</bdi>}
          slotProps={{
            ...params.slotProps,
            htmlInput: { ...params.slotProps.htmlInput, 'aria-label': label, dir: 'auto' },
            formHelperText: { sx: { mx: 0, overflowWrap: 'anywhere' } },
          }}
        />
      )}
      slotProps={{ popper: { sx: { minWidth: 280 } }, listbox: { sx: { maxHeight: 300 } } }}
      sx={{ minWidth: 170 }}
    />
  );
}
