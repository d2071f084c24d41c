import AutoAwesomeRoundedIcon from '@mui/icons-material/AutoAwesomeRounded';
import DescriptionRoundedIcon from '@mui/icons-material/DescriptionRounded';
import RefreshRoundedIcon from '@mui/icons-material/RefreshRounded';
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
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useIsPhone } from '../../../components/phone-list';
import { formatFileSize } from '../../../lib/format';
import { useLanguage } from '../../../lib/use-language';
import { useSupplierInvoiceReader } from '../hooks/use-supplier-invoice-reader';
import { checkInvoiceFile, INVOICE_ACCEPT, type InvoiceFileProblem } from '../lib/invoice-file';
import { SupplierInvoiceReading } from './supplier-invoice-reading';
import { SupplierInvoiceReview } from './supplier-invoice-review';

interface UploadSupplierInvoiceDialogProps {
  open: boolean;
  onClose: () => void;
  /** The company's currency (settings), for unit costs and totals. */
  currency?: string;
}

type CloseReason = 'backdropClick' | 'escapeKeyDown' | 'cancel';

/**
 * Upload Supplier Invoice (SPEC §2, CONTRACT §5): choose a JPG, PNG or PDF of at most 10 MB
 * (checked here before anything is sent; Process with AI stays disabled until one is chosen),
 * watch it being read (docs/api/ai-intake.md), then review and correct the draft and apply it
 * as a goods receipt. The review is not thrown away by a stray click: closing asks first.
 */
export function UploadSupplierInvoiceDialog({ open, onClose, currency = 'SAR' }: UploadSupplierInvoiceDialogProps) {
  const { t } = useTranslation('stock');
  const { language } = useLanguage();
  const fullScreen = useIsPhone();
  const inputRef = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const descriptionId = useId();
  const titleId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<InvoiceFileProblem | null>(null);
  const [dragging, setDragging] = useState(false);
  const [confirmDiscard, setConfirmDiscard] = useState(false);
  const reader = useSupplierInvoiceReader();
  const step = reader.phase === 'done' && reader.draft ? 'review' : reader.phase === 'idle' ? 'choose' : 'reading';

  const reset = () => {
    reader.reset();
    setFile(null);
    setProblem(null);
    setDragging(false);
    setConfirmDiscard(false);
  };

  const close = () => {
    reset();
    onClose();
  };

  const requestClose = (reason: CloseReason) => {
    // A click beside the dialog neither stops a reading nor throws a review away.
    if (reason === 'backdropClick' && step !== 'choose') return;
    if (step === 'review') setConfirmDiscard(true);
    else close();
  };

  const choose = (picked: File | undefined) => {
    if (!picked) return;
    const found = checkInvoiceFile(picked);
    setProblem(found);
    setFile(found ? null : picked);
  };

  const drop = (event: DragEvent<HTMLElement>) => {
    event.preventDefault();
    setDragging(false);
    choose(event.dataTransfer.files[0]);
  };

  const process = () => {
    if (file) void reader.read(file);
  };

  const chooser = (
    <>
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
    </>
  );

  return (
    <>
      <Dialog
        open={open}
        onClose={(_event, reason) => requestClose(reason)}
        aria-labelledby={titleId}
        aria-describedby={step === 'choose' ? descriptionId : undefined}
        maxWidth={step === 'review' ? 'xl' : 'sm'}
        fullWidth
        fullScreen={fullScreen}
        scroll="paper"
      >
        <DialogTitle id={titleId}>{step === 'review' ? t('review.title') : t('upload.title')}</DialogTitle>
        {/* Kept mounted while reading, so "Choose Another File" still works. */}
        <input
          ref={inputRef}
          id={inputId}
          type="file"
          accept={INVOICE_ACCEPT}
          hidden
          data-testid="invoice-file-input"
          onChange={(event) => {
            reader.reset();
            choose(event.target.files?.[0]);
            // Cleared so that choosing the same file again still fires a change.
            event.target.value = '';
          }}
        />
        {step === 'review' && reader.draft ? (
          <SupplierInvoiceReview
            draft={reader.draft}
            currency={currency}
            onApplied={close}
            onCancel={() => requestClose('cancel')}
          />
        ) : (
          <>
            <DialogContent sx={{ display: 'grid', gap: 2, alignContent: 'start' }}>
              {step === 'choose' || !file ? chooser : <SupplierInvoiceReading file={file} reader={reader} />}
            </DialogContent>
            <DialogActions sx={{ px: 3, py: 2, flexWrap: 'wrap', gap: 1 }}>
              <Button onClick={() => requestClose('cancel')} color="inherit">
                {t('common:actions.cancel')}
              </Button>
              {step === 'reading' && reader.phase === 'failed' ? (
                <>
                  <Button variant="outlined" onClick={() => inputRef.current?.click()}>
                    {t('upload.failed.chooseAnother')}
                  </Button>
                  <Button variant="contained" startIcon={<RefreshRoundedIcon />} onClick={process}>
                    {t('upload.failed.tryAgain')}
                  </Button>
                </>
              ) : (
                <Button
                  variant="contained"
                  startIcon={<AutoAwesomeRoundedIcon />}
                  disabled={!file || step === 'reading'}
                  onClick={process}
                >
                  {t('upload.process')}
                </Button>
              )}
            </DialogActions>
          </>
        )}
      </Dialog>
      <ConfirmDialog
        open={confirmDiscard}
        title={t('review.discard.title')}
        message={t('review.discard.message')}
        confirmLabel={t('review.discard.confirm')}
        onConfirm={close}
        onClose={() => setConfirmDiscard(false)}
      />
    </>
  );
}
