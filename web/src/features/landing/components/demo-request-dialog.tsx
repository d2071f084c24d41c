import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../components/toaster/use-toast';
import { describeError } from '../../../lib/http-error';
import { useForm } from '../../../lib/use-form';
import { useLanguage } from '../../../lib/use-language';
import { isBlank, isEmail, type FormErrors } from '../../../lib/validation';
import { useCreateDemoRequestMutation, type DemoRequestInput } from '../api/demo-requests-api';

/** Which button opened the form: both post a demo request (SPEC §2, §7). */
export type DemoRequestKind = 'trial' | 'demo';

type DemoField = keyof DemoRequestInput;

const emptyRequest: Record<DemoField, string> = { fullName: '', email: '', phone: '', company: '', message: '' };

export function validateDemoRequest(values: Record<DemoField, string>): FormErrors<DemoField> {
  return {
    fullName: isBlank(values.fullName) ? 'demo.validation.fullNameRequired' : undefined,
    email: isBlank(values.email)
      ? 'demo.validation.emailRequired'
      : isEmail(values.email)
        ? undefined
        : 'demo.validation.emailInvalid',
    phone: isBlank(values.phone) ? 'demo.validation.phoneRequired' : undefined,
    company: isBlank(values.company) ? 'demo.validation.companyRequired' : undefined,
  };
}

function DemoRequestForm({ kind, onClose }: { kind: DemoRequestKind; onClose: () => void }) {
  const { t } = useTranslation('landing');
  const { language } = useLanguage();
  const { toast } = useToast();
  const [createDemoRequest, { isLoading }] = useCreateDemoRequestMutation();
  const form = useForm<DemoField>(emptyRequest, validateDemoRequest);
  const message = (field: DemoField) => (form.errors[field] ? t(form.errors[field]) : undefined);

  const onSubmit = form.handleSubmit(async (values) => {
    const request: DemoRequestInput = {
      fullName: values.fullName.trim(),
      email: values.email.trim(),
      phone: values.phone.trim(),
      company: values.company.trim(),
      message: values.message.trim(),
    };
    try {
      await createDemoRequest(request).unwrap();
      toast({ variant: 'success', title: t('demo.success.title'), description: t('demo.success.description') });
      onClose();
    } catch (error) {
      toast({ variant: 'error', title: t('demo.failure.title'), description: describeError(error, t, language) });
    }
  });

  return (
    <Box component="form" noValidate onSubmit={onSubmit}>
      <DialogTitle id="demo-request-title" sx={{ fontWeight: 800, pb: 0.5 }}>
        {t(`demo.${kind}.title`)}
      </DialogTitle>
      <DialogContent>
        <DialogContentText id="demo-request-description" sx={{ mb: 2.5 }}>
          {t(`demo.${kind}.description`)}
        </DialogContentText>
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2, pt: 0.5 }}>
          <TextField
            {...form.field('fullName')}
            id="demo-full-name"
            label={t('demo.fields.fullName')}
            autoComplete="name"
            required
            helperText={message('fullName')}
            autoFocus
          />
          <TextField
            {...form.field('company')}
            id="demo-company"
            label={t('demo.fields.company')}
            autoComplete="organization"
            required
            helperText={message('company')}
          />
          <TextField
            {...form.field('email')}
            id="demo-email"
            type="email"
            label={t('demo.fields.email')}
            autoComplete="email"
            required
            helperText={message('email')}
          />
          <TextField
            {...form.field('phone')}
            id="demo-phone"
            type="tel"
            label={t('demo.fields.phone')}
            autoComplete="tel"
            required
            helperText={message('phone') ?? t('demo.fields.phoneHint')}
          />
          <TextField
            {...form.field('message')}
            id="demo-message"
            label={t('demo.fields.message')}
            multiline
            minRows={3}
            sx={{ gridColumn: '1 / -1' }}
          />
        </Box>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5, gap: 1 }}>
        <Button onClick={onClose} color="inherit">
          {t('demo.cancel')}
        </Button>
        <Button type="submit" variant="contained" disabled={isLoading}>
          {isLoading ? t('demo.submitting') : t('demo.submit')}
        </Button>
      </DialogActions>
    </Box>
  );
}

interface DemoRequestDialogProps {
  /** The open form, or null when closed. */
  kind: DemoRequestKind | null;
  /** Kept while the dialog animates out, so its title does not change on the way. */
  lastKind: DemoRequestKind;
  onClose: () => void;
}

/** The Start Free Trial / Request Demo form (fullName, email, phone, company required; message optional). */
export function DemoRequestDialog({ kind, lastKind, onClose }: DemoRequestDialogProps) {
  const fullScreen = useMediaQuery('(max-width: 599.95px)', { noSsr: true });
  return (
    <Dialog
      open={kind !== null}
      onClose={onClose}
      fullWidth
      maxWidth="sm"
      fullScreen={fullScreen}
      aria-labelledby="demo-request-title"
      aria-describedby="demo-request-description"
    >
      <DemoRequestForm kind={kind ?? lastKind} onClose={onClose} />
    </Dialog>
  );
}
