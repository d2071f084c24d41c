import type { CompanySettingsDto, Currency, UpdateSettingsDto } from '@erp/contracts';
import BusinessRoundedIcon from '@mui/icons-material/BusinessRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../components/toaster/use-toast';
import { describeError } from '../../../lib/http-error';
import { intlLocaleOf } from '../../../lib/language';
import { useLanguage } from '../../../lib/use-language';
import { useUpdateSettingsMutation } from '../api/settings-api';
import { SectionCardHeader } from '../../../components/section-card-header';

/** The currencies of the contract's `Currency` type, in the order the select offers them. */
const currencies = ['SAR', 'AED', 'KWD', 'BHD', 'QAR', 'OMR', 'USD'] as const satisfies readonly Currency[];

/** Saudi VAT registration number: 15 digits, starting and ending with 3 (same rule as the server). */
export const VAT_NUMBER_PATTERN = /^3\d{13}3$/;

type TextFieldName = 'companyName' | 'companyNameAr' | 'vatNumber' | 'address' | 'addressAr' | 'taxRate';

interface FormValues extends Record<TextFieldName, string> {
  currency: Currency;
  allowNegativeStock: boolean;
}

function valuesOf(settings: CompanySettingsDto): FormValues {
  return {
    companyName: settings.companyName,
    companyNameAr: settings.companyNameAr,
    vatNumber: settings.vatNumber,
    address: settings.address,
    addressAr: settings.addressAr,
    taxRate: String(settings.taxRate),
    currency: settings.currency,
    allowNegativeStock: settings.allowNegativeStock,
  };
}

type Errors = Partial<Record<'vatNumber' | 'taxRate', string>>;

function validate(values: FormValues, settings: CompanySettingsDto): Errors {
  const errors: Errors = {};
  const vat = values.vatNumber.trim();
  if (vat ? !VAT_NUMBER_PATTERN.test(vat) : settings.vatNumber !== '')
    errors.vatNumber = 'company.validation.vatNumber';
  const rate = values.taxRate.trim();
  const number = Number(rate);
  if (!rate || !Number.isFinite(number) || number < 0 || number > 100 || !/^\d+(\.\d{1,2})?$/.test(rate)) {
    errors.taxRate = 'company.validation.taxRate';
  }
  return errors;
}

/** Only the fields that changed (PATCH /api/settings takes any subset). */
function changesOf(values: FormValues, settings: CompanySettingsDto): UpdateSettingsDto {
  const changes: UpdateSettingsDto = {};
  const texts = ['companyName', 'companyNameAr', 'vatNumber', 'address', 'addressAr'] as const;
  for (const name of texts) {
    const value = values[name].trim();
    if (value !== settings[name]) changes[name] = value;
  }
  const taxRate = Number(values.taxRate);
  if (values.taxRate.trim() !== '' && taxRate !== settings.taxRate) changes.taxRate = taxRate;
  if (values.currency !== settings.currency) changes.currency = values.currency;
  if (values.allowNegativeStock !== settings.allowNegativeStock) changes.allowNegativeStock = values.allowNegativeStock;
  return changes;
}

interface CompanyDetailsCardProps {
  settings: CompanySettingsDto | undefined;
  /** Admins and owners; staff see the details read-only. */
  canEdit: boolean;
}

export function CompanyDetailsCard({ settings, canEdit }: CompanyDetailsCardProps) {
  const { t } = useTranslation('settings');
  return (
    <Card component="section" aria-labelledby="company-details-title">
      <SectionCardHeader
        id="company-details-title"
        icon={<BusinessRoundedIcon />}
        title={t('company.title')}
        subtitle={t('company.subtitle')}
      />
      <CardContent sx={{ pt: 1 }}>
        {settings ? (
          // Keyed by the last save, so a saved (or refetched) version refills the form.
          <CompanyDetailsForm key={settings.updatedAt ?? 'defaults'} settings={settings} canEdit={canEdit} />
        ) : (
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2 }} aria-hidden>
            {Array.from({ length: 6 }, (_item, index) => (
              <Skeleton key={index} variant="rounded" height={56} />
            ))}
          </Box>
        )}
      </CardContent>
    </Card>
  );
}

function CompanyDetailsForm({ settings, canEdit }: { settings: CompanySettingsDto; canEdit: boolean }) {
  const { t } = useTranslation('settings');
  const { language } = useLanguage();
  const { toast } = useToast();
  const [updateSettings, { isLoading }] = useUpdateSettingsMutation();
  const [values, setValues] = useState<FormValues>(() => valuesOf(settings));
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [submitted, setSubmitted] = useState(false);
  const errors = validate(values, settings);
  const changes = changesOf(values, settings);
  const dirty = Object.keys(changes).length > 0;

  const currencyNames = useMemo(() => {
    const names = new Intl.DisplayNames([intlLocaleOf(language)], { type: 'currency' });
    return Object.fromEntries(currencies.map((code) => [code, names.of(code) ?? code])) as Record<Currency, string>;
  }, [language]);

  const shownError = (name: keyof Errors) =>
    (submitted || touched.has(name)) && errors[name] ? t(errors[name]) : undefined;

  const bind = (name: TextFieldName) => ({
    name,
    value: values[name],
    onChange: (event: { target: { value: string } }) => {
      const { value } = event.target;
      setValues((current) => ({ ...current, [name]: value }));
    },
    onBlur: () => setTouched((current) => new Set(current).add(name)),
  });

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    if (Object.keys(errors).length > 0 || !dirty) return;
    try {
      await updateSettings(changes).unwrap();
      toast({
        variant: 'success',
        title: t('company.toasts.saved'),
        description: t('company.toasts.savedDescription'),
      });
    } catch (error) {
      toast({
        variant: 'error',
        title: t('company.toasts.saveFailed'),
        description: describeError(error, t, language),
      });
    }
  };

  const vatError = shownError('vatNumber');
  const taxError = shownError('taxRate');

  return (
    <Box component="form" noValidate onSubmit={submit} aria-label={t('company.title')}>
      {!canEdit && (
        <Alert severity="info" variant="outlined" sx={{ mb: 2 }}>
          {t('company.readOnly')}
        </Alert>
      )}
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2 }}>
        <TextField
          {...bind('companyName')}
          id="settings-company-name"
          label={t('company.fields.companyName')}
          slotProps={{ input: { readOnly: !canEdit }, htmlInput: { maxLength: 160, dir: 'ltr' } }}
        />
        <TextField
          {...bind('companyNameAr')}
          id="settings-company-name-ar"
          label={t('company.fields.companyNameAr')}
          slotProps={{ input: { readOnly: !canEdit }, htmlInput: { maxLength: 160, dir: 'rtl', lang: 'ar' } }}
        />
        <TextField
          {...bind('vatNumber')}
          id="settings-vat-number"
          label={t('company.fields.vatNumber')}
          error={Boolean(vatError)}
          helperText={vatError ?? t('company.fields.vatNumberHint')}
          slotProps={{
            input: { readOnly: !canEdit },
            htmlInput: { inputMode: 'numeric', maxLength: 15, dir: 'ltr', autoComplete: 'off' },
          }}
        />
        <TextField
          {...bind('taxRate')}
          id="settings-tax-rate"
          label={t('company.fields.taxRate')}
          error={Boolean(taxError)}
          helperText={taxError ?? t('company.fields.taxRateHint')}
          slotProps={{
            input: {
              readOnly: !canEdit,
              endAdornment: <InputAdornment position="end">%</InputAdornment>,
            },
            htmlInput: { inputMode: 'decimal', dir: 'ltr' },
          }}
        />
        <TextField
          {...bind('address')}
          id="settings-address"
          label={t('company.fields.address')}
          multiline
          minRows={2}
          slotProps={{ input: { readOnly: !canEdit }, htmlInput: { maxLength: 400, dir: 'ltr' } }}
        />
        <TextField
          {...bind('addressAr')}
          id="settings-address-ar"
          label={t('company.fields.addressAr')}
          multiline
          minRows={2}
          slotProps={{ input: { readOnly: !canEdit }, htmlInput: { maxLength: 400, dir: 'rtl', lang: 'ar' } }}
        />
        <TextField
          select
          id="settings-currency"
          name="currency"
          label={t('company.fields.currency')}
          value={values.currency}
          onChange={(event) => setValues((current) => ({ ...current, currency: event.target.value as Currency }))}
          slotProps={{ select: { readOnly: !canEdit } }}
        >
          {currencies.map((code) => (
            <MenuItem key={code} value={code}>
              {code} · {currencyNames[code]}
            </MenuItem>
          ))}
        </TextField>
        <Box>
          <FormControlLabel
            control={
              <Switch
                id="settings-allow-negative-stock"
                checked={values.allowNegativeStock}
                disabled={!canEdit}
                onChange={(event) => setValues((current) => ({ ...current, allowNegativeStock: event.target.checked }))}
                slotProps={{ input: { 'aria-describedby': 'settings-allow-negative-stock-hint' } }}
              />
            }
            label={t('company.fields.allowNegativeStock')}
          />
          <FormHelperText id="settings-allow-negative-stock-hint" sx={{ mt: 0 }}>
            {t('company.fields.allowNegativeStockHint')}
          </FormHelperText>
        </Box>
      </Box>
      {canEdit && (
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1, mt: 2.5 }}>
          <Button
            color="inherit"
            disabled={!dirty || isLoading}
            onClick={() => {
              setValues(valuesOf(settings));
              setTouched(new Set());
              setSubmitted(false);
            }}
          >
            {t('company.reset')}
          </Button>
          <Button type="submit" variant="contained" disabled={!dirty || isLoading}>
            {isLoading ? t('common:actions.saving') : t('company.save')}
          </Button>
        </Box>
      )}
    </Box>
  );
}
