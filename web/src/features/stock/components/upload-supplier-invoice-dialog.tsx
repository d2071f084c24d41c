import AutoAwesomeRoundedIcon from '@mui/icons-material/AutoAwesomeRounded';
import DescriptionRoundedIcon from '@mui/icons-material/DescriptionRounded';
import UploadFileRoundedIcon from '@mui/icons-material/UploadFileRounded';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useId, useRef, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatFileSize } from '../../../lib/format';
import { useLanguage } from '../../../lib/use-language';
import { useIsPhone } from '../hooks/use-is-phone';
import { checkInvoiceFile, INVOICE_ACCEPT, type InvoiceFileProblem } from '../lib/invoice-file';
import { SupplierInvoiceReading } from './supplier-invoice-reading';

interface UploadSupplierInvoiceDialogProps {
  open: boolean;
  onClose: () => void;
}

/**
 * Upload Supplier Invoice (SPEC §2): choose a JPG, PNG or PDF of at most 10 MB (checked here
 * before anything is sent); Process with AI stays disabled until a file is chosen.
 */
export function UploadSupplierInvoiceDialog({ open, onClose }: UploadSupplierInvoiceDialogProps) {
  const { t } = useTranslation('stock');
  const { language } = useLanguage();
  const fullScreen = useIsPhone();
  const inputRef = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const descriptionId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<InvoiceFileProblem | null>(null);
  const [processing, setProcessing] = useState(false);
  const [dragging, setDragging] = useState(false);

  const reset = () => {
    setFile(null);
    setProblem(null);
    setProcessing(false);
    setDragging(false);
  };

  const close = () => {
    reset();
    onClose();
  };

  const choose = (picked: File | undefined) => {
    if (!picked) return;
    const found = checkInvoiceFile(picked);
    setProblem(found);
    setProcessing(false);
    setFile(found ? null : picked);
  };

  const drop = (event: DragEvent<HTMLElement>) => {
    event.preventDefault();
    setDragging(false);
    choose(event.dataTransfer.files[0]);
  };

  return (
    <Dialog
      open={open}
      onClose={close}
      aria-labelledby="upload-invoice-title"
      aria-describedby={descriptionId}
      maxWidth="sm"
      fullWidth
      fullScreen={fullScreen}
    >
      <DialogTitle id="upload-invoice-title">{t('upload.title')}</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2 }}>
        <DialogContentText id={descriptionId}>{t('upload.description')}</DialogContentText>
        <Box
          onDragOver={(event) => {
            event.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={drop}
          sx={{
            display: 'flex',
            flexDirection: 'column',
            alignItems: 'center',
            textAlign: 'center',
            gap: 1,
            p: 3,
            border: 2,
            borderStyle: 'dashed',
            borderColor: dragging || file ? 'primary.main' : 'divider',
            borderRadius: 2,
            bgcolor: dragging ? 'rgba(15, 118, 110, 0.06)' : 'background.default',
          }}
        >
          {file ? (
            <DescriptionRoundedIcon color="primary" sx={{ fontSize: 40 }} aria-hidden />
          ) : (
            <UploadFileRoundedIcon sx={{ fontSize: 40, color: 'text.secondary' }} aria-hidden />
          )}
          {file ? (
            <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
              {t('upload.selected', { name: file.name, size: formatFileSize(file.size, language) })}
            </Typography>
          ) : (
            <Typography variant="body2" color="text.secondary">
              {t('upload.dropHint')}
            </Typography>
          )}
          <input
            ref={inputRef}
            id={inputId}
            type="file"
            accept={INVOICE_ACCEPT}
            hidden
            data-testid="invoice-file-input"
            onChange={(event) => {
              choose(event.target.files?.[0]);
              // Cleared so that choosing the same file again still fires a change.
              event.target.value = '';
            }}
          />
          <Button variant="outlined" onClick={() => inputRef.current?.click()}>
            {file ? t('upload.change') : t('upload.choose')}
          </Button>
          <Typography variant="caption" color="text.secondary">
            {t('upload.formats')}
          </Typography>
        </Box>
        {problem && (
          <Alert severity="error" variant="outlined">
            <AlertTitle>{t(problem === 'type' ? 'upload.invalidType.title' : 'upload.tooLarge.title')}</AlertTitle>
            {t(problem === 'type' ? 'upload.invalidType.description' : 'upload.tooLarge.description')}
          </Alert>
        )}
        {processing && file && <SupplierInvoiceReading file={file} />}
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2 }}>
        <Button onClick={close} color="inherit">
          {t('common:actions.cancel')}
        </Button>
        <Button
          variant="contained"
          startIcon={<AutoAwesomeRoundedIcon />}
          disabled={!file || processing}
          onClick={() => setProcessing(true)}
        >
          {t('upload.process')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
