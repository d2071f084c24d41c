import PersonAddAltRoundedIcon from '@mui/icons-material/PersonAddAltRounded';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useLookupClientsQuery, type ClientDto } from '../api/order-lookups-api';
import { SEARCH_DEBOUNCE_MS } from '../hooks/use-orders-list';

export interface ClientChoice {
  /** The client picked from the list (or created inline); null for a name typed freely. */
  client: ClientDto | null;
  name: string;
}

interface ClientFieldProps {
  value: ClientChoice;
  onChange: (value: ClientChoice) => void;
  /** Message shown under the field (a missing client). */
  errorText?: string;
  /** The line under the field while no existing client is chosen (default: how to use it). */
  hint?: string;
  /** clients:read: suggest existing clients as the name is typed. */
  canSearch: boolean;
  /** clients:write: the "New client" button. */
  canCreate: boolean;
  onCreate: () => void;
}

/**
 * The order's client (SPEC §2): a search over the client list (GET /api/clients?search=&limit=20)
 * that also takes any typed name, and a button to add a new client on the spot.
 */
export function ClientField({ value, onChange, errorText, hint, canSearch, canCreate, onCreate }: ClientFieldProps) {
  const { t } = useTranslation('orders');
  const [open, setOpen] = useState(false);
  const search = useDebouncedValue(value.name.trim(), SEARCH_DEBOUNCE_MS);
  const lookup = useLookupClientsQuery(search, { skip: !canSearch || !open });
  // Only matches of what is typed now: never the previous search's while the next one loads.
  const settled = search === value.name.trim() && !lookup.isFetching;
  const options = canSearch && settled ? (lookup.currentData ?? []) : [];

  return (
    <Box sx={{ display: 'flex', flexDirection: { xs: 'column', sm: 'row' }, alignItems: 'flex-start', gap: 1.5 }}>
      <Autocomplete<ClientDto, false, false, true>
        freeSolo
        fullWidth
        open={open}
        onOpen={() => setOpen(true)}
        onClose={() => setOpen(false)}
        options={options}
        value={value.client}
        inputValue={value.name}
        // The server searches; what it answers is what is shown.
        filterOptions={(all) => all}
        getOptionLabel={(option) => (typeof option === 'string' ? option : option.name)}
        isOptionEqualToValue={(option, selected) => typeof selected !== 'string' && option.id === selected.id}
        loading={canSearch && !settled}
        loadingText={t('common:loading')}
        onChange={(_event, picked) => {
          if (picked === null) onChange({ client: null, name: '' });
          else if (typeof picked === 'string') onChange({ client: null, name: picked });
          else onChange({ client: picked, name: picked.name });
        }}
        onInputChange={(_event, text, reason) => {
          // Picking an option is handled above; only typing and clearing change the name here.
          if (reason !== 'input' && reason !== 'clear') return;
          const keepClient = value.client && text.trim() === value.client.name ? value.client : null;
          onChange({ client: keepClient, name: text });
        }}
        renderOption={({ key, ...props }, option) => (
          <li key={key} {...props}>
            <Box sx={{ minWidth: 0 }}>
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                <bdi>{option.name}</bdi>
              </Typography>
              {(option.nameAr || option.phone) && (
                <Typography variant="caption" color="text.secondary" sx={{ display: 'flex', gap: 1 }}>
                  {option.nameAr && <bdi>{option.nameAr}</bdi>}
                  {option.phone && <bdi dir="ltr">{option.phone}</bdi>}
                </Typography>
              )}
            </Box>
          </li>
        )}
        renderInput={(params) => (
          <TextField
            {...params}
            id="order-client"
            name="clientName"
            label={t('form.client.label')}
            required
            error={Boolean(errorText)}
            helperText={errorText ?? (value.client ? t('form.client.linked') : (hint ?? t('form.client.hint')))}
          />
        )}
      />
      {canCreate && (
        <Button
          variant="outlined"
          startIcon={<PersonAddAltRoundedIcon />}
          onClick={onCreate}
          sx={{ flexShrink: 0, mt: { sm: 1 }, whiteSpace: 'nowrap' }}
        >
          {t('form.client.create')}
        </Button>
      )}
    </Box>
  );
}
