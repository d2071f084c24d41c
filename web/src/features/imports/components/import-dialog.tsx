import DescriptionRoundedIcon from '@mui/icons-material/DescriptionRounded';
import FileDownloadRoundedIcon from '@mui/icons-material/FileDownloadRounded';
import UploadFileRoundedIcon from '@mui/icons-material/UploadFileRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import type { ImportFieldDto } from '@erp/contracts';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ExportMenu } from '../../../components/list/export-menu';
import { useIsPhone } from '../../../components/phone-list';
import { saveBlob } from '../../../lib/download-file';
import { formatFileSize, formatQuantity } from '../../../lib/format';
import { describeError, isHttpError } from '../../../lib/http-error';
import { readAsDataUrl } from '../../../lib/read-file';
import { useLanguage } from '../../../lib/use-language';
import { useCurrentUser } from '../../auth/hooks/use-current-user';
import type { ImportColumnDto, ImportKind } from '../api/imports-api';
import { useImportRun } from '../hooks/use-import-run';
import {
  IMPORT_ACCEPT,
  importFileProblem,
  rememberChoices,
  rememberedChoices,
  templateCsv,
  type ColumnChoices,
} from '../lib/import-mapping';
import { ImportColumnsTable, ImportPreviewTable, ImportProblemsTable, useFieldLabel } from './import-tables';

interface ImportDialogProps {
  kind: ImportKind;
  open: boolean;
  onClose: () => void;
}

/** What a refused file's error says about its columns (IMPORT_MISSING_COLUMNS, IMPORT_BAD_MAPPING). */
interface ColumnsRefusal {
  columns: ImportColumnDto[];
  fields: ImportFieldDto[];
  missing: string[];
}

function columnsRefusalOf(error: unknown): ColumnsRefusal | null {
  if (!isHttpError(error) || !error.body?.details) return null;
  const details = error.body.details as Partial<ColumnsRefusal>;
  if (!Array.isArray(details.columns) || !Array.isArray(details.fields)) return null;
  return { columns: details.columns, fields: details.fields, missing: details.missing ?? [] };
}

/**
 * Import from Excel or CSV (docs/imports.md): choose a file, check it (a dry run that shows how
 * each column is read, the first rows, and every row's problem), fix the columns if needed and
 * check again, then import with a progress bar and a report of the rows left out.
 */
export function ImportDialog({ kind, open, onClose }: ImportDialogProps) {
  const { t } = useTranslation('imports');
  const { language } = useLanguage();
  const fullScreen = useIsPhone();
  const { user } = useCurrentUser();
  const titleId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const fieldLabel = useFieldLabel(kind);
  const run = useImportRun(kind);
  const [file, setFile] = useState<File | null>(null);
  const [fileData, setFileData] = useState<string | null>(null);
  const [problem, setProblem] = useState<'tooLarge' | 'wrongType' | null>(null);
  const [choices, setChoices] = useState<ColumnChoices>({});
  const [dirty, setDirty] = useState(false);

  const refusal = columnsRefusalOf(run.error);
  const result = run.result;
  const finished = result !== null && (result.status === 'done' || result.status === 'failed');
  const step: 'choose' | 'working' | 'review' | 'done' = run.busy
    ? 'working'
    : run.mode === 'import' && finished
      ? 'done'
      : (run.mode === 'check' && finished) || refusal
        ? 'review'
        : 'choose';
  const importable = result && result.status === 'done' ? result.created + result.updated : 0;

  const reset = () => {
    run.reset();
    setFile(null);
    setFileData(null);
    setProblem(null);
    setChoices({});
    setDirty(false);
  };

  const close = () => {
    reset();
    onClose();
  };

  const choose = (picked: File | undefined) => {
    if (!picked) return;
    const found = importFileProblem(picked);
    run.reset();
    setProblem(found);
    setFile(found ? null : picked);
    setFileData(null);
    setChoices({});
  };

  const send = async (mode: 'check' | 'import') => {
    if (!file) return;
    const data = fileData ?? (await readAsDataUrl(file));
    setFileData(data);
    const mapping = { ...rememberedChoices(user?.id, kind), ...choices };
    if (mode === 'import') rememberChoices(user?.id, kind, choices);
    setDirty(false);
    await run.send({ kind, fileBase64: data, fileName: file.name, mapping }, mode);
  };

  const downloadTemplate = () => {
    const labels = Object.values(t(`fields.${kind}`, { returnObjects: true }) as Record<string, string>);
    saveBlob(templateCsv(labels), `${kind}-template.csv`);
  };

  const progress = result && result.total > 0 ? (result.processed / result.total) * 100 : 0;
  const counts = result && {
    created: formatQuantity(result.created, language),
    updated: formatQuantity(result.updated, language),
    failed: formatQuantity(result.failed, language),
  };

  const report = result && result.errors.length > 0 && (
    <ExportMenu path={`/api/imports/${result.id}`} name={`import-errors-${kind}`} label={t('problems.report')} />
  );

  const problemsSection = result && result.status === 'done' && (
    <Box sx={{ display: 'grid', gap: 1 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="subtitle2" component="h3">
          {t('problems.title')}
        </Typography>
        {report}
      </Box>
      {result.errors.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {t('problems.none')}
        </Typography>
      ) : (
        <ImportProblemsTable kind={kind} errors={result.errors} />
      )}
    </Box>
  );

  const chooser = (
    <>
      <DialogContentText>{t(`choose.description.${kind}`)}</DialogContentText>
      <Box
        onDragOver={(event) => event.preventDefault()}
        onDrop={(event) => {
          event.preventDefault();
          choose(event.dataTransfer.files[0]);
        }}
        sx={{
          display: 'flex',
          flexDirection: 'column',
          alignItems: 'center',
          textAlign: 'center',
          gap: 1,
          p: 3,
          border: 2,
          borderStyle: 'dashed',
          borderColor: file ? 'primary.main' : 'divider',
          borderRadius: 2,
          bgcolor: 'background.default',
        }}
      >
        {file ? (
          <DescriptionRoundedIcon color="primary" sx={{ fontSize: 40 }} aria-hidden />
        ) : (
          <UploadFileRoundedIcon sx={{ fontSize: 40, color: 'text.secondary' }} aria-hidden />
        )}
        <Typography variant="body2" sx={{ fontWeight: file ? 600 : 400, overflowWrap: 'anywhere' }}>
          {file ? (
            <bdi>{t('choose.selected', { name: file.name, size: formatFileSize(file.size, language) })}</bdi>
          ) : (
            t('choose.dropHint')
          )}
        </Typography>
        <Button variant="outlined" onClick={() => inputRef.current?.click()}>
          {file ? t('choose.change') : t('choose.choose')}
        </Button>
        <Typography variant="caption" color="text.secondary">
          {t('choose.formats')}
        </Typography>
      </Box>
      <Box>
        <Button size="small" startIcon={<FileDownloadRoundedIcon />} onClick={downloadTemplate}>
          {t('choose.template')}
        </Button>
      </Box>
      {problem && <Alert severity="error">{t(`choose.${problem}`)}</Alert>}
      {run.error !== null && !refusal && <Alert severity="error">{describeError(run.error, t, language)}</Alert>}
    </>
  );

  const working = (
    <Box sx={{ display: 'grid', gap: 1.5, py: 2 }} role="status" aria-live="polite">
      <Typography variant="body2">{t(run.mode === 'import' ? 'run.importing' : 'check.checking')}</Typography>
      <LinearProgress
        variant={result && result.total > 0 ? 'determinate' : 'indeterminate'}
        value={progress}
        aria-label={t(run.mode === 'import' ? 'run.importing' : 'check.checking')}
      />
      {result && (
        <Typography variant="caption" color="text.secondary">
          {t(run.mode === 'import' ? 'run.progress' : 'check.progress', {
            processed: formatQuantity(result.processed, language),
            total: formatQuantity(result.total, language),
          })}
        </Typography>
      )}
    </Box>
  );

  const columns = refusal?.columns ?? result?.columns ?? [];
  const review = (
    <>
      {refusal ? (
        <Alert severity="error">
          {describeError(run.error, t, language)}
          {refusal.missing.length > 0 && (
            <Box component="span" sx={{ display: 'block', mt: 0.5 }}>
              {t('columns.missing', { fields: refusal.missing.map(fieldLabel).join('، ') })}
            </Box>
          )}
        </Alert>
      ) : (
        counts && (
          <Alert severity={importable === 0 ? 'error' : result.failed > 0 ? 'warning' : 'success'}>
            {importable === 0 ? t('check.nothing') : t('check.summary', counts)}
          </Alert>
        )
      )}
      {dirty && <Alert severity="info">{t('check.dirty')}</Alert>}
      {!refusal && problemsSection}
      <Box sx={{ display: 'grid', gap: 1 }}>
        <Typography variant="subtitle2" component="h3">
          {t('columns.title')}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          {t('columns.hint')}
        </Typography>
        <ImportColumnsTable
          kind={kind}
          columns={columns}
          fields={refusal?.fields ?? result?.fields ?? []}
          choices={choices}
          missing={refusal?.missing ?? []}
          onChoose={(header, field) => {
            setChoices((current) => ({ ...current, [header]: field }));
            setDirty(true);
          }}
        />
      </Box>
      {result && !refusal && <ImportPreviewTable kind={kind} result={result} />}
    </>
  );

  const done = result && counts && (
    <>
      {result.status === 'failed' ? (
        <Alert severity="error">{t('done.failed')}</Alert>
      ) : (
        <Alert severity={result.failed > 0 ? 'warning' : 'success'}>{t('done.summary', counts)}</Alert>
      )}
      {problemsSection}
    </>
  );

  return (
    <Dialog
      open={open}
      onClose={(_event, reason) => {
        // A stray click beside the dialog does not throw a checked file away.
        if (reason !== 'backdropClick' || step === 'choose') close();
      }}
      aria-labelledby={titleId}
      maxWidth={step === 'choose' || step === 'working' ? 'sm' : 'md'}
      fullWidth
      fullScreen={fullScreen}
      scroll="paper"
    >
      <DialogTitle id={titleId}>{step === 'done' ? t('done.title') : t(`title.${kind}`)}</DialogTitle>
      <input
        ref={inputRef}
        type="file"
        accept={IMPORT_ACCEPT}
        hidden
        data-testid="import-file-input"
        onChange={(event) => {
          choose(event.target.files?.[0]);
          event.target.value = '';
        }}
      />
      <DialogContent sx={{ display: 'grid', gap: 2, alignContent: 'start', gridTemplateColumns: 'minmax(0, 1fr)' }}>
        {step === 'choose' && chooser}
        {step === 'working' && working}
        {step === 'review' && review}
        {step === 'done' && done}
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2, flexWrap: 'wrap', gap: 1 }}>
        {step === 'done' ? (
          <Button variant="contained" onClick={close}>
            {t('actions.close')}
          </Button>
        ) : (
          <>
            <Button color="inherit" onClick={close}>
              {step === 'working' ? t('actions.close') : t('actions.cancel')}
            </Button>
            {step === 'review' && (
              <Button
                color="inherit"
                onClick={() => {
                  run.reset();
                  setDirty(false);
                }}
              >
                {t('actions.back')}
              </Button>
            )}
            {(step === 'choose' || (step === 'review' && (dirty || refusal))) && (
              <Button
                variant={step === 'choose' ? 'contained' : 'outlined'}
                disabled={!file}
                onClick={() => void send('check')}
              >
                {step === 'choose' ? t('check.action') : t('check.again')}
              </Button>
            )}
            {step === 'review' && !refusal && (
              <Button variant="contained" disabled={dirty || importable === 0} onClick={() => void send('import')}>
                {t('run.action', { count: importable })}
              </Button>
            )}
          </>
        )}
      </DialogActions>
    </Dialog>
  );
}
