import ContentCopyRoundedIcon from '@mui/icons-material/ContentCopyRounded';
import WhatsAppIcon from '@mui/icons-material/WhatsApp';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { PasswordField } from '../../../components/password-field';
import { SectionCardHeader } from '../../../components/section-card-header';
import { useToast } from '../../../components/toaster/use-toast';
import { latinDigits } from '../../../lib/decimal';
import { describeError, errorCodeOf, fieldsOfError } from '../../../lib/http-error';
import { latinInputProps } from '../../../lib/rtl';
import { useLanguage } from '../../../lib/use-language';
import {
  useGetWhatsappSettingsQuery,
  useTestWhatsappConnectionMutation,
  useUpdateWhatsappSettingsMutation,
  type UpdateWhatsappSettingsDto,
  type WhatsappConnectionTestDto,
  type WhatsappSettingsDto,
} from '../api/whatsapp-settings-api';

/** The secrets: write-only, answered masked ("••••abcd"); typed only to replace them. */
const secretFields = ['accessToken', 'appSecret', 'verifyToken'] as const;
type SecretField = (typeof secretFields)[number];

/** The form's fields, named as in the body (and the server's `details.fields[].field`). */
const fieldNames = [
  'phoneNumberId',
  ...secretFields,
  'graphBaseUrl',
  'confirmationTemplate',
  'templateLanguage',
] as const;
type Field = (typeof fieldNames)[number];
type FormValues = Record<Field, string>;
type FormErrors = Partial<Record<Field, true>>;

/** The server's rules (UpdateWhatsappSettingsDto), checked before sending; an empty optional field is not checked. */
const rules: Partial<Record<Field, RegExp>> = {
  phoneNumberId: /^\d{5,20}$/,
  verifyToken: /^[\x21-\x7e]{8,200}$/,
  graphBaseUrl: /^https?:\/\/[^\s/?#]+(?:\/[^\s?#]*)?$/,
  confirmationTemplate: /^[a-z0-9_]{1,512}$/,
  templateLanguage: /^[a-z]{2,3}(?:_[A-Z]{2})?$/,
};

const maxLengths: Record<Field, number> = {
  phoneNumberId: 30,
  accessToken: 1000,
  appSecret: 200,
  verifyToken: 200,
  graphBaseUrl: 300,
  confirmationTemplate: 512,
  templateLanguage: 6,
};

function valuesOf(settings: WhatsappSettingsDto): FormValues {
  return {
    phoneNumberId: settings.phoneNumberId ?? '',
    accessToken: '',
    appSecret: '',
    verifyToken: '',
    graphBaseUrl: settings.graphBaseUrl,
    confirmationTemplate: settings.confirmationTemplate ?? '',
    templateLanguage: settings.templateLanguage,
  };
}

/** A field as sent: trimmed, the number id in Latin digits (Arabic-Indic digits are typed too). */
function sentValue(values: FormValues, field: Field): string {
  const text = values[field].trim();
  return field === 'phoneNumberId' ? latinDigits(text).replace(/\s+/g, '') : text;
}

/** Which fields break the server's rules; the number id is required. */
export function whatsappFormErrors(values: FormValues): FormErrors {
  const errors: FormErrors = {};
  for (const field of fieldNames) {
    const rule = rules[field];
    const value = sentValue(values, field);
    if (rule && (value !== '' || field === 'phoneNumberId') && !rule.test(value)) errors[field] = true;
  }
  return errors;
}

/**
 * PUT /api/settings/whatsapp: the number id and the channel's options, and a secret only when one
 * was typed (left out, the stored one is kept). An emptied template removes it.
 */
export function whatsappSettingsBody(values: FormValues): UpdateWhatsappSettingsDto {
  const body: UpdateWhatsappSettingsDto = {
    phoneNumberId: sentValue(values, 'phoneNumberId'),
    confirmationTemplate: sentValue(values, 'confirmationTemplate') || null,
  };
  const graphBaseUrl = sentValue(values, 'graphBaseUrl');
  if (graphBaseUrl) body.graphBaseUrl = graphBaseUrl;
  const templateLanguage = sentValue(values, 'templateLanguage');
  if (templateLanguage) body.templateLanguage = templateLanguage;
  for (const secret of secretFields) {
    const value = sentValue(values, secret);
    if (value) body[secret] = value;
  }
  return body;
}

/** The WhatsApp Business channel (CONTRACT §15, docs/whatsapp.md): Meta's number, its secrets and webhook. Admins and owners. */
export function WhatsappSettingsCard() {
  const { t } = useTranslation('settings');
  const settings = useGetWhatsappSettingsQuery();
  const connected = settings.data?.connected;
  return (
    <Card component="section" aria-labelledby="whatsapp-settings-title">
      <SectionCardHeader
        id="whatsapp-settings-title"
        icon={<WhatsAppIcon />}
        title={t('whatsapp.title')}
        subtitle={t('whatsapp.subtitle')}
        action={
          connected !== undefined && (
            <Chip
              size="small"
              color={connected ? 'success' : 'default'}
              variant={connected ? 'filled' : 'outlined'}
              label={t(connected ? 'whatsapp.connected' : 'whatsapp.notConnected')}
              aria-label={t('whatsapp.statusLabel', {
                status: t(connected ? 'whatsapp.connected' : 'whatsapp.notConnected'),
              })}
            />
          )
        }
      />
      <CardContent sx={{ pt: 1 }}>
        {settings.isError ? (
          <LoadErrorAlert error={settings.error} onRetry={() => void settings.refetch()} />
        ) : settings.data ? (
          <>
            {/* Keyed by what was saved, so a saved (or refetched) version refills the form and empties the secrets. */}
            <WhatsappSettingsForm
              key={JSON.stringify([valuesOf(settings.data), settings.data.updatedAt, maskedOf(settings.data)])}
              settings={settings.data}
            />
            <Divider sx={{ my: 3 }} />
            <WhatsappWebhook settings={settings.data} />
            <Divider sx={{ my: 3 }} />
            <WhatsappConnectionTest />
          </>
        ) : (
          <Box
            role="status"
            aria-label={t('whatsapp.loading')}
            sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2 }}
          >
            {Array.from({ length: 6 }, (_item, index) => (
              <Skeleton key={index} variant="rounded" height={56} />
            ))}
          </Box>
        )}
      </CardContent>
    </Card>
  );
}

const maskedOf = (settings: WhatsappSettingsDto) => secretFields.map((secret) => settings[secret]);

function SubsectionTitle({ id, children }: { id: string; children: ReactNode }) {
  return (
    <Typography id={id} component="h3" variant="subtitle1" sx={{ fontWeight: 700 }}>
      {children}
    </Typography>
  );
}

const fieldGrid = { display: 'grid', gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: '1fr 1fr' }, gap: 2 } as const;

function WhatsappSettingsForm({ settings }: { settings: WhatsappSettingsDto }) {
  const { t } = useTranslation('settings');
  const { language, direction } = useLanguage();
  const { toast } = useToast();
  const [updateSettings, { isLoading }] = useUpdateWhatsappSettingsMutation();
  const [values, setValues] = useState<FormValues>(() => valuesOf(settings));
  const [errors, setErrors] = useState<FormErrors>({});
  const initial = valuesOf(settings);
  const dirty = fieldNames.some((name) => values[name] !== initial[name]);
  const latinInput = latinInputProps(direction);

  const change = (name: Field, value: string) => {
    setValues((current) => ({ ...current, [name]: value }));
    if (errors[name]) setErrors(({ [name]: _edited, ...others }) => others);
  };

  /** The field's label, value, its error (until edited) or its hint, and Latin input. */
  const bind = (name: Field, hint?: string) => {
    const invalid = Boolean(errors[name]);
    return {
      id: `whatsapp-${name}`,
      name,
      label: t(`whatsapp.fields.${name}`),
      value: values[name],
      onChange: (event: { target: { value: string } }) => change(name, event.target.value),
      error: invalid,
      helperText: invalid ? t(`whatsapp.errors.${name}`) : hint,
    };
  };

  const secret = (name: SecretField) => {
    const stored = settings[name];
    const binding = bind(name, stored ? t('whatsapp.hints.keepSecret') : t(`whatsapp.hints.${name}`));
    return (
      <PasswordField
        {...binding}
        placeholder={stored ?? undefined}
        autoComplete="new-password"
        slotProps={{
          inputLabel: { shrink: true },
          htmlInput: {
            ...latinInput,
            maxLength: maxLengths[name],
            spellCheck: false,
            'aria-invalid': binding.error,
          },
        }}
      />
    );
  };

  const text = (name: Exclude<Field, SecretField>, hint: string, options: { numeric?: boolean } = {}) => {
    const binding = bind(name, hint);
    return (
      <TextField
        {...binding}
        autoComplete="off"
        slotProps={{
          htmlInput: {
            ...latinInput,
            maxLength: maxLengths[name],
            spellCheck: false,
            inputMode: options.numeric ? 'numeric' : undefined,
            'aria-invalid': binding.error,
          },
        }}
      />
    );
  };

  const focusFirst = (form: HTMLFormElement, invalid: FormErrors) => {
    const first = fieldNames.find((name) => invalid[name]);
    const element = first ? form.elements.namedItem(first) : null;
    if (element instanceof HTMLElement) element.focus();
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    if (isLoading) return;
    const found = whatsappFormErrors(values);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      focusFirst(form, found);
      return;
    }
    try {
      await updateSettings(whatsappSettingsBody(values)).unwrap();
      setValues((current) => ({ ...current, accessToken: '', appSecret: '', verifyToken: '' }));
      toast({
        variant: 'success',
        title: t('whatsapp.toasts.saved'),
        description: t('whatsapp.toasts.savedDescription'),
      });
    } catch (error) {
      const refused: FormErrors = {};
      for (const name of fieldsOfError(error)) {
        if ((fieldNames as readonly string[]).includes(name)) refused[name as Field] = true;
      }
      setErrors(refused);
      focusFirst(form, refused);
      toast({
        variant: 'error',
        title: t('whatsapp.toasts.saveFailed'),
        description:
          errorCodeOf(error) === 'VALIDATION_FAILED' && Object.keys(refused).length > 0
            ? t('whatsapp.toasts.checkFields')
            : describeError(error, t, language),
      });
    }
  };

  return (
    <Box component="form" noValidate onSubmit={(event) => void submit(event)} aria-label={t('whatsapp.formLabel')}>
      <Box sx={{ display: 'grid', gap: 2 }}>
        <SubsectionTitle id="whatsapp-number-title">{t('whatsapp.sections.number')}</SubsectionTitle>
        <Box sx={fieldGrid}>
          {text('phoneNumberId', t('whatsapp.hints.phoneNumberId'), { numeric: true })}
          {secret('accessToken')}
          {secret('appSecret')}
          {secret('verifyToken')}
          <Box sx={{ gridColumn: '1 / -1' }}>{text('graphBaseUrl', t('whatsapp.hints.graphBaseUrl'))}</Box>
        </Box>
        <SubsectionTitle id="whatsapp-template-title">{t('whatsapp.sections.template')}</SubsectionTitle>
        <Typography variant="body2" color="text.secondary" sx={{ mt: -1 }}>
          {t('whatsapp.hints.templateSection')}
        </Typography>
        <Box sx={fieldGrid}>
          {text('confirmationTemplate', t('whatsapp.hints.confirmationTemplate'))}
          {text('templateLanguage', t('whatsapp.hints.templateLanguage'))}
        </Box>
      </Box>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', flexWrap: 'wrap', gap: 1, mt: 2.5 }}>
        <Button
          color="inherit"
          disabled={!dirty || isLoading}
          onClick={() => {
            setValues(valuesOf(settings));
            setErrors({});
          }}
        >
          {t('whatsapp.reset')}
        </Button>
        <Button type="submit" variant="contained" disabled={!dirty || isLoading}>
          {isLoading ? t('common:actions.saving') : t('whatsapp.save')}
        </Button>
      </Box>
    </Box>
  );
}

/** The callback URL Meta delivers to (this system's address and the webhook path), to copy into Meta's dashboard. */
function WhatsappWebhook({ settings }: { settings: WhatsappSettingsDto }) {
  const { t } = useTranslation('settings');
  const { direction } = useLanguage();
  const { toast } = useToast();
  const inputRef = useRef<HTMLInputElement>(null);
  const url = `${window.location.origin}${settings.webhookPath}`;

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      toast({
        variant: 'success',
        title: t('whatsapp.toasts.copied'),
        description: t('whatsapp.toasts.copiedDescription'),
      });
    } catch {
      // No clipboard access (permissions, insecure origin): select the address for a manual copy.
      inputRef.current?.select();
      toast({
        variant: 'error',
        title: t('whatsapp.toasts.copyFailed'),
        description: t('whatsapp.toasts.copyFailedDescription'),
      });
    }
  };

  return (
    <Box component="section" aria-labelledby="whatsapp-webhook-title" sx={{ display: 'grid', gap: 1.5 }}>
      <SubsectionTitle id="whatsapp-webhook-title">{t('whatsapp.sections.webhook')}</SubsectionTitle>
      <TextField
        inputRef={inputRef}
        id="whatsapp-webhook-url"
        label={t('whatsapp.webhook.url')}
        value={url}
        onFocus={(event) => event.target.select()}
        helperText={t('whatsapp.webhook.hint')}
        slotProps={{
          input: {
            readOnly: true,
            endAdornment: (
              <InputAdornment position="end">
                <Tooltip title={t('whatsapp.webhook.copy')}>
                  <IconButton edge="end" aria-label={t('whatsapp.webhook.copy')} onClick={() => void copy()}>
                    <ContentCopyRoundedIcon fontSize="small" />
                  </IconButton>
                </Tooltip>
              </InputAdornment>
            ),
          },
          htmlInput: {
            ...latinInputProps(direction),
            spellCheck: false,
            style: { ...latinInputProps(direction).style, fontFamily: 'monospace', fontSize: '0.875rem' },
          },
        }}
      />
      <Alert severity="info" variant="outlined">
        {settings.verifyToken ? t('whatsapp.webhook.verifyTokenSet') : t('whatsapp.webhook.verifyTokenMissing')}
      </Alert>
    </Box>
  );
}

type TestOutcome = { kind: 'answered'; result: WhatsappConnectionTestDto } | { kind: 'failed'; message: string };

/** Test connection: Meta's name for the saved number, or what Meta (or the network) said. */
function WhatsappConnectionTest() {
  const { t } = useTranslation('settings');
  const { language } = useLanguage();
  const [testConnection, { isLoading }] = useTestWhatsappConnectionMutation();
  const [outcome, setOutcome] = useState<TestOutcome | null>(null);

  const run = async () => {
    setOutcome(null);
    try {
      setOutcome({ kind: 'answered', result: await testConnection().unwrap() });
    } catch (error) {
      setOutcome({ kind: 'failed', message: describeError(error, t, language) });
    }
  };

  const result = outcome?.kind === 'answered' ? outcome.result : null;
  return (
    <Box component="section" aria-labelledby="whatsapp-test-title" sx={{ display: 'grid', gap: 1.5 }}>
      <SubsectionTitle id="whatsapp-test-title">{t('whatsapp.test.title')}</SubsectionTitle>
      <Typography variant="body2" color="text.secondary">
        {t('whatsapp.test.description')}
      </Typography>
      <Box>
        <Button
          variant="outlined"
          onClick={() => void run()}
          disabled={isLoading}
          sx={{ width: { xs: '100%', sm: 'auto' } }}
        >
          {isLoading ? t('whatsapp.test.running') : t('whatsapp.test.run')}
        </Button>
      </Box>
      <Box aria-live="polite">
        {result?.ok && (
          <Alert severity="success">
            {t('whatsapp.test.ok')} <bdi dir="ltr">{result.displayPhoneNumber ?? ''}</bdi>
            {result.verifiedName && (
              <>
                {' · '}
                <bdi>{result.verifiedName}</bdi>
              </>
            )}
          </Alert>
        )}
        {result && !result.ok && (
          <Alert severity="error">
            {t('whatsapp.test.refused')} <bdi>{result.error ?? t('whatsapp.test.noReason')}</bdi>
          </Alert>
        )}
        {outcome?.kind === 'failed' && (
          <Alert severity="error">
            {t('whatsapp.test.failed')} {outcome.message}
          </Alert>
        )}
      </Box>
    </Box>
  );
}
