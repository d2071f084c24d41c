import CloseRoundedIcon from '@mui/icons-material/CloseRounded';
import PictureAsPdfRoundedIcon from '@mui/icons-material/PictureAsPdfRounded';
import UploadFileRoundedIcon from '@mui/icons-material/UploadFileRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useMemo, useRef, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { DOCUMENT_ACCEPT, documentTypeOf } from '../../../lib/document-file';
import { intlLocaleOf } from '../../../lib/language';
import { useLanguage } from '../../../lib/use-language';
import { visuallyHidden } from '../../../lib/visually-hidden';

interface OrderFilePanelProps {
  file: File | null;
  /** A file picked or dropped (checked by the dialog). */
  onPick: (file: File) => void;
  onRemove: () => void;
  disabled: boolean;
}

/** "2.4 MB", "310 kB" in the current language. */
function sizeOf(bytes: number, locale: string): string {
  const megabytes = bytes >= 1024 * 1024;
  return new Intl.NumberFormat(locale, {
    style: 'unit',
    unit: megabytes ? 'megabyte' : 'kilobyte',
    maximumFractionDigits: megabytes ? 1 : 0,
  }).format(megabytes ? bytes / (1024 * 1024) : Math.max(1, bytes / 1024));
}

/** An object URL for an image file's preview, freed when the file changes or the panel closes. */
function usePreviewUrl(file: File | null): string | null {
  const url = useMemo(() => {
    const isImage = file !== null && documentTypeOf(file).startsWith('image/');
    return isImage && typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : null;
  }, [file]);
  useEffect(() => (url ? () => URL.revokeObjectURL(url) : undefined), [url]);
  return url;
}

/** The Image tab (SPEC §2): a JPG, PNG or PDF picked or dropped, with a preview. */
export function OrderFilePanel({ file, onPick, onRemove, disabled }: OrderFilePanelProps) {
  const { t } = useTranslation('orders');
  const { language } = useLanguage();
  const input = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const [dragging, setDragging] = useState(false);
  const preview = usePreviewUrl(file);

  const drop = (event: DragEvent<HTMLElement>) => {
    event.preventDefault();
    setDragging(false);
    const dropped = event.dataTransfer.files[0];
    if (dropped && !disabled) onPick(dropped);
  };

  return (
    <Box
      onDragOver={(event) => {
        event.preventDefault();
        if (!disabled) setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={drop}
      sx={{
        display: 'grid',
        justifyItems: 'center',
        gap: 1.5,
        p: { xs: 2, sm: 3 },
        border: 2,
        borderStyle: 'dashed',
        borderColor: dragging ? 'primary.main' : 'divider',
        borderRadius: 2,
        bgcolor: dragging ? 'rgba(15, 118, 110, 0.08)' : 'rgba(15, 118, 110, 0.03)',
        textAlign: 'center',
      }}
    >
      <Box
        component="input"
        ref={input}
        type="file"
        accept={DOCUMENT_ACCEPT}
        aria-label={t('upload.image.input')}
        aria-describedby={hintId}
        data-testid="order-file-input"
        disabled={disabled}
        onChange={(event) => {
          const picked = event.currentTarget.files?.[0];
          // The same file can be picked again after a refusal.
          event.currentTarget.value = '';
          if (picked) onPick(picked);
        }}
        sx={visuallyHidden}
        tabIndex={-1}
      />
      {file ? (
        <Box sx={{ display: 'grid', justifyItems: 'center', gap: 1, width: '100%' }}>
          {preview ? (
            <Box
              component="img"
              src={preview}
              alt={t('upload.image.preview', { name: file.name })}
              sx={{
                maxWidth: '100%',
                maxHeight: { xs: 200, sm: 260 },
                objectFit: 'contain',
                borderRadius: 1.5,
                border: 1,
                borderColor: 'divider',
                bgcolor: 'background.paper',
              }}
            />
          ) : (
            <PictureAsPdfRoundedIcon color="error" sx={{ fontSize: 56 }} aria-hidden />
          )}
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, maxWidth: '100%' }}>
            <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }} data-testid="order-file-name">
              <Box component="bdi" sx={{ fontWeight: 600 }}>
                {file.name}
              </Box>
              <Box component="span" sx={{ color: 'text.secondary', mx: 1 }}>
                {sizeOf(file.size, intlLocaleOf(language))}
              </Box>
            </Typography>
            <Tooltip title={t('upload.image.remove')}>
              <span>
                <IconButton size="small" aria-label={t('upload.image.remove')} onClick={onRemove} disabled={disabled}>
                  <CloseRoundedIcon fontSize="small" />
                </IconButton>
              </span>
            </Tooltip>
          </Box>
        </Box>
      ) : (
        <>
          <UploadFileRoundedIcon color="primary" sx={{ fontSize: 44, opacity: 0.8 }} aria-hidden />
          <Typography variant="body2" color="text.secondary">
            {t('upload.image.none')}
          </Typography>
        </>
      )}
      <Button
        variant={file ? 'outlined' : 'contained'}
        startIcon={<UploadFileRoundedIcon />}
        onClick={() => input.current?.click()}
        disabled={disabled}
        aria-describedby={hintId}
      >
        {file ? t('upload.image.change') : t('upload.image.choose')}
      </Button>
      <Typography id={hintId} variant="caption" color="text.secondary">
        {t('upload.image.hint')}
      </Typography>
    </Box>
  );
}
