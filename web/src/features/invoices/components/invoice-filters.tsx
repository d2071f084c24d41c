import SearchRoundedIcon from '@mui/icons-material/SearchRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { useTranslation } from 'react-i18next';
import {
  hasPaymentStatus,
  invoiceTypeFilters,
  type Invoices,
  type InvoiceTypeFilter,
  type PaymentStatusFilter,
} from '../hooks/use-invoices';
import { DateField } from '../../../components/date-field';
import { wholeDate } from '../../../lib/dates';
import { paymentStatuses } from '../lib/payments';

const paymentStatusFilters: readonly PaymentStatusFilter[] = ['all', ...paymentStatuses];

/**
 * Search (invoice, client, supplier or order number), type (All / Customer / Credit notes /
 * Supplier / Brought forward), payment status (customer invoices and balances brought forward) and the issue dates, from and to
 * inclusive. Every change asks the server for a new first page.
 */
export function InvoiceFilters({ invoices }: { invoices: Invoices }) {
  const { t } = useTranslation('invoices');

  return (
    <Box
      component="form"
      role="search"
      aria-label={t('filters.label')}
      onSubmit={(event) => event.preventDefault()}
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'flex-start',
        gap: 1.5,
        px: { xs: 2, sm: 3 },
        pb: 2,
      }}
    >
      <TextField
        type="search"
        size="small"
        id="invoices-search"
        label={t('filters.search.label')}
        placeholder={t('filters.search.placeholder')}
        value={invoices.searchText}
        onChange={(event) => invoices.setSearchText(event.target.value)}
        sx={{ flex: { xs: '1 1 100%', md: '1 1 260px' }, minWidth: 0 }}
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
      <ToggleButtonGroup
        exclusive
        size="small"
        color="primary"
        value={invoices.type}
        onChange={(_event, value: InvoiceTypeFilter | null) => {
          if (value !== null) invoices.setType(value);
        }}
        aria-label={t('filters.type.label')}
        sx={(theme) => ({
          flex: '0 0 auto',
          height: 40,
          // Five types do not fit one row of a phone: three to a row, each its own outlined button.
          [theme.breakpoints.down('sm')]: {
            flex: '1 1 100%',
            height: 'auto',
            display: 'grid',
            gridTemplateColumns: 'repeat(3, minmax(0, 1fr))',
            gap: 0.75,
            '& .MuiToggleButtonGroup-grouped': {
              m: 0,
              px: 1,
              border: 1,
              borderColor: 'divider',
              borderRadius: 1,
            },
          },
        })}
      >
        {invoiceTypeFilters.map((type) => (
          <ToggleButton key={type} value={type} sx={{ px: 2 }}>
            {t(`filters.type.${type}`)}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      <TextField
        select
        size="small"
        id="invoices-payment-status"
        label={t('filters.paymentStatus.label')}
        value={invoices.paymentStatus}
        onChange={(event) => invoices.setPaymentStatus(event.target.value as PaymentStatusFilter)}
        // Supplier invoices and credit notes take no payments: the filter does not apply to them.
        disabled={!hasPaymentStatus(invoices.type)}
        sx={{ flex: { xs: '1 1 100%', sm: '0 0 190px' }, minWidth: 0 }}
      >
        {paymentStatusFilters.map((status) => (
          <MenuItem key={status} value={status}>
            {t(`filters.paymentStatus.${status}`)}
          </MenuItem>
        ))}
      </TextField>
      {/* Native date inputs keep an intrinsic width unless told they may shrink (a 390 px phone). */}
      <Box sx={{ display: 'flex', gap: 1.5, minWidth: 0, flex: { xs: '1 1 100%', sm: '0 1 auto' } }}>
        <DateField
          size="small"
          id="invoices-from"
          label={t('filters.from')}
          value={invoices.from}
          onChange={(event) => wholeDate(event.target.value, invoices.setFrom)}
          max={invoices.to || undefined}
          sx={{ flex: 1, minWidth: 0, width: { sm: 170 }, '& input': { minWidth: 0 } }}
        />
        <DateField
          size="small"
          id="invoices-to"
          label={t('filters.to')}
          value={invoices.to}
          onChange={(event) => wholeDate(event.target.value, invoices.setTo)}
          error={invoices.rangeInvalid}
          helperText={invoices.rangeInvalid ? t('filters.rangeInvalid') : undefined}
          min={invoices.from || undefined}
          sx={{ flex: 1, minWidth: 0, width: { sm: 170 }, '& input': { minWidth: 0 } }}
        />
      </Box>
      {invoices.filtered && (
        <Button color="inherit" onClick={invoices.clearFilters} sx={{ height: 40 }}>
          {t('filters.clear')}
        </Button>
      )}
    </Box>
  );
}
