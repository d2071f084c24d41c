import type { StockItemDto } from '@erp/contracts';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { nameIn } from '../../../lib/language';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useLanguage } from '../../../lib/use-language';
import { useLookupPriceListItemsQuery } from '../api/price-lists-api';
import type { PriceRowItem } from '../lib/price-list-form';

/** The search asks the server once typing pauses this long (as the other screens' pickers). */
const SEARCH_DEBOUNCE_MS = 300;

type Option = PriceRowItem | StockItemDto;

interface PriceListItemFieldProps {
  value: PriceRowItem | null;
  /** The accessible name ("Item, price 2"). */
  ariaLabel: string;
  /** A visible label (the phone's cards); the table has its column header instead. */
  label?: string;
  error?: string;
  onChoose: (item: StockItemDto) => void;
}

/** A price's stock item: a search of the stock (name, Arabic name or SKU), asked of the server as the user types. */
export function PriceListItemField({ value, ariaLabel, label, error, onChoose }: PriceListItemFieldProps) {
  const { t } = useTranslation('price-lists');
  const { language } = useLanguage();
  const [open, setOpen] = useState(false);
  // What is typed to search; null while the field shows the chosen item.
  const [typed, setTyped] = useState<string | null>(null);
  const text = (typed ?? '').trim();
  const search = useDebouncedValue(text, SEARCH_DEBOUNCE_MS);
  const lookup = useLookupPriceListItemsQuery(search, { skip: !open });
  const settled = search === text && !lookup.isFetching;
  const options: Option[] = settled ? (lookup.currentData ?? []) : [];

  const labelOf = (option: Option) => nameIn(language, option);

  return (
    <Autocomplete<Option, false, true, false>
      disableClearable
      size="small"
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => {
        setOpen(false);
        setTyped(null);
      }}
      options={options}
      // Null shows as an empty field (a row not decided yet); the type wants an option.
      value={value as Option}
      inputValue={typed ?? (value ? labelOf(value) : '')}
      filterOptions={(all) => all}
      getOptionLabel={labelOf}
      getOptionKey={(option) => option.id}
      isOptionEqualToValue={(option, selected) => option.id === selected.id}
      loading={open && !settled}
      loadingText={t('common:loading')}
      noOptionsText={settled && lookup.isError ? t('form.searchFailed') : t('form.noItems')}
      onChange={(_event, picked) => {
        if ('packs' in picked) onChoose(picked);
      }}
      onInputChange={(_event, input, reason) => setTyped(reason === 'input' ? input : null)}
      renderOption={({ key, ...props }, option) => (
        <li key={key} {...props}>
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              <bdi>{option.name}</bdi>
              {option.nameAr && (
                <Typography component="span" variant="body2" color="text.secondary" sx={{ mx: 1 }}>
                  <bdi>{option.nameAr}</bdi>
                </Typography>
              )}
            </Typography>
            <Typography variant="caption" color="text.secondary">
              <bdi>{option.sku}</bdi>
            </Typography>
          </Box>
        </li>
      )}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          placeholder={t('form.itemSearch')}
          error={Boolean(error)}
          helperText={error ?? (value ? value.sku : undefined)}
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
