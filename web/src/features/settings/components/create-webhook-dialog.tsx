import type { CreatedWebhookEndpointDto, WebhookEventType } from '@erp/contracts';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../components/toaster/use-toast';
import { describeError, errorCodeOf, isHttpError } from '../../../lib/http-error';
import { useLanguage } from '../../../lib/use-language';
import { useCreateWebhookMutation } from '../api/webhooks-api';
import { allWebhookEvents, webhookEventLabelKey } from '../lib/webhook-events';

const urlProblems = ['invalid', 'scheme', 'credentials', 'host'] as const;
type UrlProblem = (typeof urlProblems)[number];

/** The server's reason for refusing the URL (WEBHOOKS_URL_NOT_ALLOWED), to show under the field. */
function urlProblemOf(error: unknown): UrlProblem | null {
  if (errorCodeOf(error) !== 'WEBHOOKS_URL_NOT_ALLOWED' || !isHttpError(error)) return null;
  const problem = (error.body?.details as { problem?: unknown } | undefined)?.problem;
  return urlProblems.find((candidate) => candidate === problem) ?? 'invalid';
}

/** What the browser can tell before asking: an absolute http(s) URL. The server judges the rest. */
function looksLikeUrl(value: string): boolean {
  try {
    return ['https:', 'http:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

interface CreateWebhookDialogProps {
  open: boolean;
  onClose: () => void;
  onCreated: (endpoint: CreatedWebhookEndpointDto) => void;
  /** Events the user's own permissions let them receive. */
  subscribable: ReadonlySet<WebhookEventType>;
}

/** Endpoint URL and the events to send there; Add needs a URL and an event. */
export function CreateWebhookDialog({ open, onClose, onCreated, subscribable }: CreateWebhookDialogProps) {
  const { t } = useTranslation('settings');
  const { language, direction } = useLanguage();
  const { toast } = useToast();
  const [createWebhook, { isLoading }] = useCreateWebhookMutation();
  const defaults = () => allWebhookEvents.filter((event) => subscribable.has(event));
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<WebhookEventType[]>(defaults);
  const [touched, setTouched] = useState(false);
  const [problem, setProblem] = useState<UrlProblem | null>(null);

  const trimmed = url.trim();
  const localProblem: UrlProblem | null = trimmed === '' || looksLikeUrl(trimmed) ? null : 'invalid';
  const shownProblem = problem ?? (touched ? localProblem : null);
  const canAdd = trimmed !== '' && localProblem === null && events.length > 0 && !isLoading;

  const reset = () => {
    setUrl('');
    setEvents(defaults());
    setTouched(false);
    setProblem(null);
  };

  const close = () => {
    if (isLoading) return;
    reset();
    onClose();
  };

  const toggle = (event: WebhookEventType, checked: boolean) => {
    const next = new Set(events);
    if (checked) next.add(event);
    else next.delete(event);
    setEvents(allWebhookEvents.filter((candidate) => next.has(candidate)));
  };

  const submit = async (formEvent: FormEvent<HTMLFormElement>) => {
    formEvent.preventDefault();
    setTouched(true);
    if (!canAdd) return;
    try {
      const created = await createWebhook({ url: trimmed, events }).unwrap();
      reset();
      onClose();
      onCreated(created);
    } catch (error) {
      const refused = urlProblemOf(error);
      if (refused) {
        setProblem(refused);
        return;
      }
      toast({
        variant: 'error',
        title: t('webhooks.toasts.createFailed'),
        description: describeError(error, t, language, {
          WEBHOOKS_EVENT_NOT_PERMITTED: 'settings:webhooks.errors.WEBHOOKS_EVENT_NOT_PERMITTED',
          WEBHOOKS_LIMIT_REACHED: 'settings:webhooks.errors.WEBHOOKS_LIMIT_REACHED',
        }),
      });
    }
  };

  const notSubscribable = allWebhookEvents.some((event) => !subscribable.has(event));

  return (
    <Dialog open={open} onClose={close} aria-labelledby="create-webhook-title" maxWidth="sm" fullWidth>
      <DialogTitle id="create-webhook-title">{t('webhooks.create.title')}</DialogTitle>
      <Box component="form" noValidate onSubmit={submit} sx={{ display: 'contents' }}>
        <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2.5, pt: '8px !important' }}>
          <Typography variant="body2" color="text.secondary">
            {t('webhooks.create.description')}
          </Typography>
          <TextField
            id="webhook-url"
            name="url"
            type="url"
            label={t('webhooks.create.url')}
            placeholder={t('webhooks.create.urlPlaceholder')}
            value={url}
            onChange={(event) => {
              setUrl(event.target.value);
              setProblem(null);
            }}
            onBlur={() => setTouched(true)}
            error={shownProblem !== null}
            helperText={shownProblem ? t(`webhooks.create.urlProblems.${shownProblem}`) : t('webhooks.create.urlHint')}
            required
            autoFocus
            slotProps={{
              htmlInput: {
                maxLength: 2000,
                dir: 'ltr',
                spellCheck: false,
                autoComplete: 'off',
                style: { textAlign: direction === 'rtl' ? 'right' : 'left' },
              },
            }}
          />
          <FormControl component="fieldset" variant="standard" error={events.length === 0}>
            <FormLabel
              component="legend"
              sx={{ '&.Mui-focused': { color: 'text.primary' }, fontWeight: 600, color: 'text.primary', mb: 0.5 }}
            >
              {t('webhooks.create.events')}
            </FormLabel>
            <FormGroup>
              {allWebhookEvents.map((event) => (
                <FormControlLabel
                  key={event}
                  control={
                    <Checkbox
                      size="small"
                      name={event}
                      checked={events.includes(event)}
                      disabled={!subscribable.has(event)}
                      onChange={(change) => toggle(event, change.target.checked)}
                    />
                  }
                  label={
                    <Box
                      component="span"
                      sx={{ display: 'inline-flex', flexWrap: 'wrap', alignItems: 'baseline', gap: 1 }}
                    >
                      <span>{t(webhookEventLabelKey(event))}</span>
                      <Typography component="code" variant="caption" color="text.secondary" dir="ltr">
                        {event}
                      </Typography>
                    </Box>
                  }
                />
              ))}
            </FormGroup>
            {events.length === 0 && <FormHelperText>{t('webhooks.create.eventRequired')}</FormHelperText>}
            {notSubscribable && <FormHelperText error={false}>{t('webhooks.create.notPermittedHint')}</FormHelperText>}
          </FormControl>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2.5 }}>
          <Button onClick={close} disabled={isLoading} color="inherit">
            {t('common:actions.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={!canAdd}>
            {isLoading ? t('webhooks.create.submitting') : t('webhooks.create.submit')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
