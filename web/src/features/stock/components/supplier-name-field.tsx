import AddBusinessRoundedIcon from '@mui/icons-material/AddBusinessRounded';
import StorefrontRoundedIcon from '@mui/icons-material/StorefrontRounded';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';

interface SupplierNameFieldProps {
  id: string;
  value: string;
  onChange: (value: string) => void;
  /** Suppliers received from before (from earlier supplier invoices); null when they cannot be read. */
  knownSuppliers: readonly string[] | null;
  loading: boolean;
  error?: string;
  /** The field's label: "Supplier" unless said. */
  label?: string;
  /** Required unless said (a purchase order's supplier is optional). */
  required?: boolean;
  helperText?: string;
}

const sameName = (a: string, b: string) => a.trim().toLocaleLowerCase() === b.trim().toLocaleLowerCase();

/**
 * The invoice's supplier: typed freely (the server finds the supplier by name, case-insensitively,
 * or adds it), with the suppliers received from before offered, and whether this one is new.
 */
export function SupplierNameField({
  id,
  value,
  onChange,
  knownSuppliers,
  loading,
  error,
  label,
  required = true,
  helperText,
}: SupplierNameFieldProps) {
  const { t } = useTranslation('stock');
  const known = knownSuppliers?.find((name) => sameName(name, value));
  // Said only when the list could be read and the name is settled (not while it loads).
  const status = !value.trim() || knownSuppliers === null || loading ? null : known ? 'existing' : 'new';
  const statusId = `${id}-status`;
  const helper = error ?? helperText;
  const describedBy = [helper ? `${id}-helper-text` : null, status ? statusId : null].filter(Boolean).join(' ');

  return (
    <Box sx={{ display: 'grid', gap: 0.75 }}>
      <Autocomplete<string, false, false, true>
        freeSolo
        size="small"
        options={[...(knownSuppliers ?? [])]}
        inputValue={value}
        onInputChange={(_event, text) => onChange(text)}
        filterOptions={(options, state) =>
          options.filter((option) => option.toLocaleLowerCase().includes(state.inputValue.trim().toLocaleLowerCase()))
        }
        renderInput={(params) => (
          <TextField
            {...params}
            id={id}
            label={label ?? t('review.supplier')}
            required={required}
            error={Boolean(error)}
            helperText={helper}
            slotProps={{
              ...params.slotProps,
              htmlInput: {
                ...params.slotProps.htmlInput,
                dir: 'auto',
                autoComplete: 'off',
                'aria-describedby': describedBy || undefined,
              },
              formHelperText: { sx: { mx: 0 } },
            }}
          />
        )}
        slotProps={{ listbox: { sx: { maxHeight: 300 } } }}
      />
      {status && (
        <Chip
          id={statusId}
          size="small"
          variant="outlined"
          color={status === 'existing' ? 'success' : 'info'}
          icon={status === 'existing' ? <StorefrontRoundedIcon aria-hidden /> : <AddBusinessRoundedIcon aria-hidden />}
          label={status === 'existing' ? t('review.supplierExisting') : t('review.supplierNew')}
          sx={{ justifySelf: 'start' }}
        />
      )}
    </Box>
  );
}
