import type {
  UpdateZatcaSettingsDto,
  ZatcaEnvironment,
  ZatcaOnboardingStatus,
  ZatcaSettingsDto,
  ZatcaSettingsProblem,
} from '@erp/contracts';
import ReceiptLongRoundedIcon from '@mui/icons-material/ReceiptLongRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip, { type ChipProps } from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { SectionCardHeader } from '../../../components/section-card-header';
import { useToast } from '../../../components/toaster/use-toast';
import { latinDigits } from '../../../lib/decimal';
import { formatDate } from '../../../lib/format';
import { describeError, errorCodeOf, isHttpError } from '../../../lib/http-error';
import { useLanguage } from '../../../lib/use-language';
import {
  useGetZatcaSettingsQuery,
  useOnboardZatcaMutation,
  useUpdateZatcaSettingsMutation,
} from '../api/zatca-settings-api';

/** The contract's `ZatcaEnvironment` values, in the order the select offers them. */
const environments = [
  'simulator',
  'sandbox',
  'simulation',
  'production',
] as const satisfies readonly ZatcaEnvironment[];

/** Form fields, named by their path in the body, which is also the server's `details.field`. */
type FieldName =
  | 'sellerNameAr'
  | 'sellerNameEn'
  | 'vatNumber'
  | 'crn'
  | 'address.street'
  | 'address.buildingNumber'
  | 'address.additionalNumber'
  | 'address.district'
  | 'address.city'
  | 'address.postalCode'
  | 'egs.serial'
  | 'egs.name'
  | 'egs.model'
  | 'egs.industry';

interface FormValues extends Record<FieldName, string> {
  environment: ZatcaEnvironment;
}

function valuesOf(settings: ZatcaSettingsDto): FormValues {
  return {
    environment: settings.environment,
    sellerNameAr: settings.sellerNameAr,
    sellerNameEn: settings.sellerNameEn ?? '',
    vatNumber: settings.vatNumber,
    crn: settings.crn,
    'address.street': settings.address.street,
    'address.buildingNumber': settings.address.buildingNumber,
    'address.additionalNumber': settings.address.additionalNumber ?? '',
    'address.district': settings.address.district,
    'address.city': settings.address.city,
    'address.postalCode': settings.address.postalCode,
    'egs.serial': settings.egs.serial,
    'egs.name': settings.egs.name,
    'egs.model': settings.egs.model,
    'egs.industry': settings.egs.industry,
  };
}

function bodyOf(values: FormValues): UpdateZatcaSettingsDto {
  const text = (name: FieldName) => values[name].trim();
  return {
    environment: values.environment,
    sellerNameAr: text('sellerNameAr'),
    sellerNameEn: text('sellerNameEn'),
    vatNumber: text('vatNumber'),
    crn: text('crn'),
    address: {
      street: text('address.street'),
      buildingNumber: text('address.buildingNumber'),
      additionalNumber: text('address.additionalNumber'),
      district: text('address.district'),
      city: text('address.city'),
      postalCode: text('address.postalCode'),
      countryCode: 'SA',
    },
    egs: {
      serial: text('egs.serial'),
      name: text('egs.name'),
      model: text('egs.model'),
      industry: text('egs.industry'),
    },
  };
}

/** The field and ZATCA rule a refused save names (ZATCA_SETTINGS_INVALID), if that is what it was. */
function problemOf(error: unknown): ZatcaSettingsProblem | null {
  if (!isHttpError(error) || error.body?.code !== 'ZATCA_SETTINGS_INVALID') return null;
  const details = error.body.details as Partial<ZatcaSettingsProblem> | undefined;
  return typeof details?.field === 'string' && typeof details.rule === 'string'
    ? { field: details.field, rule: details.rule }
    : null;
}

const statusColors: Record<ZatcaOnboardingStatus, ChipProps['color']> = {
  not_onboarded: 'default',
  compliance: 'warning',
  onboarded: 'success',
  failed: 'error',
};

/** ZATCA phase 2 (CONTRACT §12): the seller, its national address, the EGS unit and its onboarding. Admins and owners. */
export function ZatcaSettingsCard() {
  const { t } = useTranslation('settings');
  const settings = useGetZatcaSettingsQuery();
  return (
    <Card component="section" aria-labelledby="zatca-settings-title">
      <SectionCardHeader
        id="zatca-settings-title"
        icon={<ReceiptLongRoundedIcon />}
        title={t('zatca.title')}
        subtitle={t('zatca.subtitle')}
      />
      <CardContent sx={{ pt: 1 }}>
        {settings.isError ? (
          <LoadErrorAlert error={settings.error} onRetry={() => void settings.refetch()} />
        ) : settings.data ? (
          <>
            {/* Keyed by what was saved, so a saved (or refetched) version refills the form. */}
            <ZatcaSettingsForm key={JSON.stringify(valuesOf(settings.data))} settings={settings.data} />
            <Divider sx={{ my: 3 }} />
            <ZatcaOnboarding settings={settings.data} />
          </>
        ) : (
          <Box
            role="status"
            aria-label={t('zatca.loading')}
            sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2 }}
          >
            {Array.from({ length: 8 }, (_item, index) => (
              <Skeleton key={index} variant="rounded" height={56} />
            ))}
          </Box>
        )}
      </CardContent>
    </Card>
  );
}

function SubsectionTitle({ id, children }: { id: string; children: ReactNode }) {
  return (
    <Typography id={id} component="h3" variant="subtitle1" sx={{ fontWeight: 700, gridColumn: '1 / -1', mt: 1 }}>
      {children}
    </Typography>
  );
}

const fieldGrid = { display: 'grid', gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: '1fr 1fr' }, gap: 2 } as const;

function ZatcaSettingsForm({ settings }: { settings: ZatcaSettingsDto }) {
  const { t } = useTranslation('settings');
  const { language } = useLanguage();
  const { toast } = useToast();
  const [updateSettings, { isLoading }] = useUpdateZatcaSettingsMutation();
  const [values, setValues] = useState<FormValues>(() => valuesOf(settings));
  const [problem, setProblem] = useState<ZatcaSettingsProblem | null>(null);
  const initial = valuesOf(settings);
  const dirty = (Object.keys(values) as Array<keyof FormValues>).some((name) => values[name] !== initial[name]);

  const errorOf = (name: FieldName | 'environment') =>
    problem?.field === name ? t(`zatca.rules.${problem.rule}`) : undefined;

  /** A text field bound to the form: its label, its server error (until edited) or its hint. */
  const field = (
    name: FieldName,
    options: {
      numeric?: boolean;
      arabic?: boolean;
      /** Latin text (the English name, the serial): left to right in Arabic too. */
      latin?: boolean;
      maxLength?: number;
      hint?: string;
      optional?: boolean;
    } = {},
  ) => {
    const error = errorOf(name);
    const id = `zatca-${name.replace('.', '-')}`;
    return (
      <TextField
        id={id}
        name={name}
        label={options.optional ? t('zatca.optional', { label: t(`zatca.fields.${name}`) }) : t(`zatca.fields.${name}`)}
        value={values[name]}
        onChange={(event) => {
          const { value } = event.target;
          setValues((current) => ({ ...current, [name]: value }));
          if (problem?.field === name) setProblem(null);
        }}
        error={Boolean(error)}
        helperText={error ?? options.hint}
        slotProps={{
          htmlInput: {
            maxLength: options.maxLength ?? 200,
            dir: options.arabic ? 'rtl' : options.numeric || options.latin ? 'ltr' : 'auto',
            lang: options.arabic ? 'ar' : undefined,
            inputMode: options.numeric ? 'numeric' : undefined,
            autoComplete: 'off',
            'aria-invalid': Boolean(error),
          },
        }}
      />
    );
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    if (isLoading) return;
    setProblem(null);
    try {
      const saved = await updateSettings(bodyOf(values)).unwrap();
      toast({
        variant: 'success',
        title: t('zatca.toasts.saved'),
        description: t(
          saved.onboarding.changedSinceOnboarding.length > 0
            ? 'zatca.toasts.savedUntilOnboarding'
            : 'zatca.toasts.savedDescription',
        ),
      });
    } catch (error) {
      const refused = problemOf(error);
      setProblem(refused);
      if (refused) {
        const element = form.elements.namedItem(refused.field);
        if (element instanceof HTMLElement) element.focus();
      }
      toast({
        variant: 'error',
        title: t('zatca.toasts.saveFailed'),
        description: refused ? t(`zatca.rules.${refused.rule}`) : describeError(error, t, language),
      });
    }
  };

  const environmentError = errorOf('environment');

  return (
    <Box component="form" noValidate onSubmit={submit} aria-label={t('zatca.formLabel')}>
      <Box sx={fieldGrid}>
        <SubsectionTitle id="zatca-seller-title">{t('zatca.sections.seller')}</SubsectionTitle>
        <TextField
          select
          id="zatca-environment"
          name="environment"
          label={t('zatca.fields.environment')}
          value={values.environment}
          error={Boolean(environmentError)}
          helperText={environmentError ?? t(`zatca.environmentHints.${values.environment}`)}
          onChange={(event) => {
            setValues((current) => ({ ...current, environment: event.target.value as ZatcaEnvironment }));
            if (problem?.field === 'environment') setProblem(null);
          }}
        >
          {environments.map((environment) => (
            <MenuItem key={environment} value={environment}>
              {t(`zatca.environments.${environment}`)}
            </MenuItem>
          ))}
        </TextField>
        <Box sx={{ display: { xs: 'none', sm: 'block' } }} />
        {field('sellerNameAr', { arabic: true, maxLength: 300, hint: t('zatca.hints.sellerNameAr') })}
        {field('sellerNameEn', { latin: true, maxLength: 300, optional: true })}
        {field('vatNumber', { numeric: true, maxLength: 15, hint: t('zatca.hints.vatNumber') })}
        {field('crn', { numeric: true, maxLength: 10, hint: t('zatca.hints.crn') })}

        <SubsectionTitle id="zatca-address-title">{t('zatca.sections.address')}</SubsectionTitle>
        {field('address.street')}
        {field('address.district')}
        {field('address.buildingNumber', { numeric: true, maxLength: 4, hint: t('zatca.hints.buildingNumber') })}
        {field('address.additionalNumber', { numeric: true, maxLength: 4, optional: true })}
        {field('address.city')}
        {field('address.postalCode', { numeric: true, maxLength: 5, hint: t('zatca.hints.postalCode') })}
        <TextField
          id="zatca-address-countryCode"
          label={t('zatca.fields.address.countryCode')}
          value={t('zatca.saudiArabia')}
          slotProps={{ input: { readOnly: true } }}
        />

        <SubsectionTitle id="zatca-egs-title">{t('zatca.sections.egs')}</SubsectionTitle>
        <Box sx={{ gridColumn: '1 / -1' }}>
          {field('egs.serial', { latin: true, hint: t('zatca.hints.egsSerial') })}
        </Box>
        {field('egs.name')}
        {field('egs.model')}
        {field('egs.industry', { hint: t('zatca.hints.egsIndustry') })}
      </Box>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', flexWrap: 'wrap', gap: 1, mt: 2.5 }}>
        <Button
          color="inherit"
          disabled={!dirty || isLoading}
          onClick={() => {
            setValues(valuesOf(settings));
            setProblem(null);
          }}
        >
          {t('zatca.reset')}
        </Button>
        <Button type="submit" variant="contained" disabled={!dirty || isLoading}>
          {isLoading ? t('common:actions.saving') : t('zatca.save')}
        </Button>
      </Box>
    </Box>
  );
}

const otpPattern = /^\d{6}$/;

/** Within this many days of its expiry, the card asks for the certificate to be renewed. */
const renewWithinDays = 30;

/** Whether an onboarded unit's certificate has expired, expires soon, or is fine. */
export function certificateStateOf(
  onboarding: ZatcaSettingsDto['onboarding'],
  now = Date.now(),
): 'expired' | 'expiring' | 'valid' | null {
  if (onboarding.status !== 'onboarded' || !onboarding.certificateExpiresAt) return null;
  const left = new Date(onboarding.certificateExpiresAt).getTime() - now;
  if (left <= 0) return 'expired';
  return left <= renewWithinDays * 86_400_000 ? 'expiring' : 'valid';
}

function ZatcaOnboarding({ settings }: { settings: ZatcaSettingsDto }) {
  const { t } = useTranslation('settings');
  const { language } = useLanguage();
  const [onboard, { isLoading }] = useOnboardZatcaMutation();
  const [otp, setOtp] = useState('');
  const [otpInvalid, setOtpInvalid] = useState(false);
  const [outcome, setOutcome] = useState<{ ok: true } | { ok: false; message: string } | null>(null);
  const { onboarding } = settings;
  const certificateState = certificateStateOf(onboarding);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isLoading) return;
    const code = latinDigits(otp).trim();
    if (!otpPattern.test(code)) {
      setOtpInvalid(true);
      return;
    }
    setOutcome(null);
    try {
      await onboard({ otp: code }).unwrap();
      setOtp('');
      setOutcome({ ok: true });
    } catch (error) {
      // What the refusal means, in the screen's language; ZATCA's own words are the onboarding's
      // message, shown above once the settings are read again, so they are not repeated here.
      const code = errorCodeOf(error);
      const explained = code?.startsWith('ZATCA_') ? t(`common:errors.codes.${code}`, { defaultValue: '' }) : '';
      setOutcome({ ok: false, message: explained || describeError(error, t, language) });
    }
  };

  return (
    <Box component="section" aria-labelledby="zatca-onboarding-title" sx={{ display: 'grid', gap: 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1.5 }}>
        <Typography id="zatca-onboarding-title" component="h3" variant="subtitle1" sx={{ fontWeight: 700 }}>
          {t('zatca.onboarding.title')}
        </Typography>
        <Chip
          size="small"
          color={statusColors[onboarding.status]}
          label={t(`zatca.onboarding.status.${onboarding.status}`)}
          aria-label={t('zatca.onboarding.statusLabel', {
            status: t(`zatca.onboarding.status.${onboarding.status}`),
          })}
        />
      </Box>
      {(onboarding.certificateExpiresAt || onboarding.onboardedAt) && (
        <Typography variant="body2" color="text.secondary">
          {[
            onboarding.onboardedAt &&
              t('zatca.onboarding.onboardedAt', { date: formatDate(onboarding.onboardedAt, language) }),
            onboarding.certificateExpiresAt &&
              t('zatca.onboarding.certificateExpiresAt', {
                date: formatDate(onboarding.certificateExpiresAt, language),
              }),
          ]
            .filter(Boolean)
            .join(' · ')}
        </Typography>
      )}
      {certificateState === 'expired' && (
        <Alert severity="error">
          {t('zatca.onboarding.expired', { date: formatDate(onboarding.certificateExpiresAt!, language) })}
        </Alert>
      )}
      {certificateState === 'expiring' && (
        <Alert severity="warning">
          {t('zatca.onboarding.expiring', { date: formatDate(onboarding.certificateExpiresAt!, language) })}
        </Alert>
      )}
      {onboarding.changedSinceOnboarding.length > 0 && (
        <Alert severity="warning">
          {t('zatca.onboarding.changedSinceOnboarding', {
            fields: new Intl.ListFormat(language, { type: 'conjunction' }).format(
              onboarding.changedSinceOnboarding.map((path) => t(`zatca.fields.${path}`)),
            ),
          })}
        </Alert>
      )}
      {onboarding.message && (
        <Alert severity={onboarding.status === 'failed' ? 'error' : 'info'} variant="outlined">
          {onboarding.message}
        </Alert>
      )}
      <Typography variant="body2" color="text.secondary">
        {t('zatca.onboarding.description')}
      </Typography>
      <Box
        component="form"
        noValidate
        onSubmit={submit}
        aria-label={t('zatca.onboarding.formLabel')}
        sx={{ display: 'flex', alignItems: 'flex-start', flexWrap: 'wrap', gap: 1.5 }}
      >
        <TextField
          id="zatca-otp"
          name="otp"
          label={t('zatca.onboarding.otp')}
          value={otp}
          onChange={(event) => {
            setOtp(event.target.value);
            setOtpInvalid(false);
          }}
          error={otpInvalid}
          helperText={otpInvalid ? t('zatca.onboarding.otpInvalid') : t('zatca.onboarding.otpHint')}
          sx={{ width: { xs: '100%', sm: 240 } }}
          slotProps={{
            htmlInput: { inputMode: 'numeric', maxLength: 6, dir: 'ltr', autoComplete: 'one-time-code' },
          }}
        />
        <Button
          type="submit"
          variant="contained"
          disabled={isLoading}
          sx={{ mt: 1, width: { xs: '100%', sm: 'auto' } }}
        >
          {isLoading
            ? t('zatca.onboarding.submitting')
            : onboarding.status === 'onboarded'
              ? onboarding.changedSinceOnboarding.length > 0
                ? t('zatca.onboarding.onboardAgain')
                : t('zatca.onboarding.renew')
              : t('zatca.onboarding.submit')}
        </Button>
      </Box>
      <Box aria-live="polite">
        {outcome?.ok && <Alert severity="success">{t('zatca.onboarding.succeeded')}</Alert>}
        {outcome && !outcome.ok && (
          <Alert severity="error">
            {t('zatca.onboarding.failed')} {outcome.message}
          </Alert>
        )}
      </Box>
    </Box>
  );
}
