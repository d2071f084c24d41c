import type { CompanySettingsDto } from '@erp/contracts';
import AddPhotoAlternateRoundedIcon from '@mui/icons-material/AddPhotoAlternateRounded';
import ImageRoundedIcon from '@mui/icons-material/ImageRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../components/toaster/use-toast';
import { describeError } from '../../../lib/http-error';
import { useLanguage } from '../../../lib/use-language';
import { useUploadLogoMutation } from '../api/settings-api';
import { readAsDataUrl } from '../../../lib/read-file';
import { checkLogoFile, LOGO_ACCEPT } from '../lib/logo-file';
import { SectionCardHeader } from '../../../components/section-card-header';

interface SelectedLogo {
  name: string;
  dataUrl: string;
}

interface CompanyLogoCardProps {
  settings: CompanySettingsDto | undefined;
  canEdit: boolean;
}

/**
 * SPEC §2/§4 logo flow: nothing selected -> selected with a preview -> saved (selection
 * cleared, settings refetched) or cancelled. Type and size are checked before anything is sent.
 */
export function CompanyLogoCard({ settings, canEdit }: CompanyLogoCardProps) {
  const { t } = useTranslation('settings');
  const { language } = useLanguage();
  const { toast } = useToast();
  const inputRef = useRef<HTMLInputElement>(null);
  const [selected, setSelected] = useState<SelectedLogo | null>(null);
  const [uploadLogo, { isLoading }] = useUploadLogoMutation();

  const pick = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Cleared so that picking the same file again still fires a change.
    event.target.value = '';
    if (!file) return;
    const problem = checkLogoFile(file);
    if (problem === 'type') {
      toast({ variant: 'error', title: t('logo.invalidType.title'), description: t('logo.invalidType.description') });
      return;
    }
    if (problem === 'size') {
      toast({ variant: 'error', title: t('logo.tooLarge.title'), description: t('logo.tooLarge.description') });
      return;
    }
    try {
      setSelected({ name: file.name, dataUrl: await readAsDataUrl(file) });
    } catch (error) {
      toast({ variant: 'error', title: t('logo.toasts.failed'), description: describeError(error, t, language) });
    }
  };

  const save = async () => {
    if (!selected) return;
    try {
      await uploadLogo({ imageBase64: selected.dataUrl }).unwrap();
      setSelected(null);
      toast({
        variant: 'success',
        title: t('logo.toasts.uploaded'),
        description: t('logo.toasts.uploadedDescription'),
      });
    } catch (error) {
      toast({ variant: 'error', title: t('logo.toasts.failed'), description: describeError(error, t, language) });
    }
  };

  const shown = selected?.dataUrl ?? settings?.logoUrl ?? null;

  return (
    <Card component="section" aria-labelledby="company-logo-title" sx={{ height: '100%' }}>
      <SectionCardHeader
        id="company-logo-title"
        icon={<ImageRoundedIcon />}
        title={t('logo.title')}
        subtitle={t('logo.subtitle')}
      />
      <CardContent sx={{ pt: 0, display: 'flex', flexDirection: 'column', gap: 2 }}>
        <Box
          sx={{
            display: 'grid',
            placeItems: 'center',
            height: 160,
            p: 2,
            border: 1,
            borderStyle: selected ? 'solid' : 'dashed',
            borderColor: selected ? 'primary.main' : 'divider',
            borderRadius: 2,
            bgcolor: 'background.default',
          }}
        >
          {!settings ? (
            <Skeleton variant="rounded" width="70%" height={100} />
          ) : shown ? (
            <Box
              component="img"
              src={shown}
              alt={selected ? t('logo.previewAlt') : t('logo.currentAlt')}
              sx={{ maxWidth: '100%', maxHeight: '100%', objectFit: 'contain' }}
            />
          ) : (
            <Box sx={{ textAlign: 'center', color: 'text.secondary' }}>
              <ImageRoundedIcon sx={{ fontSize: 40, opacity: 0.5 }} aria-hidden />
              <Typography variant="body2">{t('logo.none')}</Typography>
            </Box>
          )}
        </Box>
        {selected && (
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {t('logo.selected', { name: selected.name })}
          </Typography>
        )}
        <Typography variant="caption" color="text.secondary">
          {t('logo.hint')}
        </Typography>
        {canEdit ? (
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
            <input
              ref={inputRef}
              id="settings-logo-file"
              type="file"
              accept={LOGO_ACCEPT}
              hidden
              onChange={(event) => void pick(event)}
              data-testid="logo-file-input"
            />
            <Button
              variant="outlined"
              startIcon={<AddPhotoAlternateRoundedIcon />}
              onClick={() => inputRef.current?.click()}
              disabled={isLoading}
            >
              {t('logo.select')}
            </Button>
            {selected && (
              <>
                <Button variant="contained" onClick={() => void save()} disabled={isLoading}>
                  {isLoading ? t('logo.saving') : t('logo.save')}
                </Button>
                <Button color="inherit" onClick={() => setSelected(null)} disabled={isLoading}>
                  {t('common:actions.cancel')}
                </Button>
              </>
            )}
          </Box>
        ) : (
          <Typography variant="body2" color="text.secondary">
            {t('logo.readOnly')}
          </Typography>
        )}
      </CardContent>
    </Card>
  );
}
