import ImageRoundedIcon from '@mui/icons-material/ImageRounded';
import MicRoundedIcon from '@mui/icons-material/MicRounded';
import NotesRoundedIcon from '@mui/icons-material/NotesRounded';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useIsPhone } from '../../../components/phone-list';
import { useToast } from '../../../components/toaster/use-toast';
import { useAiRead } from '../../../lib/ai-job';
import { audioTypeOf, checkAudioFile, checkDocumentFile } from '../../../lib/document-file';
import { readAsDataUrl } from '../../../lib/read-file';
import { useLanguage } from '../../../lib/use-language';
import {
  isOrderParseResult,
  useTranscribeOrderMutation,
  useUploadOrderMutation,
  type OrderParseResultDto,
  type VoiceLanguage,
} from '../api/order-intake-api';
import { useVoiceRecorder, type RecorderProblem } from '../hooks/use-voice-recorder';
import { describeIntakeError } from '../lib/order-errors';
import { IntakeProgress } from './intake-progress';
import { OrderFilePanel } from './order-file-panel';
import { VoiceNotePanel } from './voice-note-panel';

export type IntakeTab = 'text' | 'voice' | 'image';
const tabs: readonly IntakeTab[] = ['text', 'voice', 'image'];
const tabIcons = { text: <NotesRoundedIcon />, voice: <MicRoundedIcon />, image: <ImageRoundedIcon /> };

/** The toast of each microphone problem (SPEC §8: "Microphone access denied"). */
const recorderToasts: Record<RecorderProblem, string> = {
  denied: 'micDenied',
  noMicrophone: 'noMicrophone',
  unsupported: 'recordingUnsupported',
  failed: 'recordingFailed',
};

interface UploadOrderDialogProps {
  onClose: () => void;
  /** The reading finished: the Confirm Order Details dialog takes over. */
  onParsed: (result: OrderParseResultDto) => void;
}

interface Failure {
  title: string;
  description: string;
}

/**
 * Upload Order (SPEC §2): a WhatsApp text, a voice note or a photo/PDF of the order, read by
 * the AI intake (docs/api/ai-intake.md) with `?wait=false` and followed with a labelled progress
 * bar; the parse result goes on to Confirm Order Details. SPEC §5/§8's messages are toasts; a
 * failure also stays in the dialog until the user tries again.
 */
export function UploadOrderDialog({ onClose, onParsed }: UploadOrderDialogProps) {
  const { t } = useTranslation('orders');
  const { language } = useLanguage();
  const { toast } = useToast();
  const fullScreen = useIsPhone();
  const titleId = useId();
  const textRef = useRef<HTMLTextAreaElement>(null);
  const [tab, setTab] = useState<IntakeTab>('text');
  const [text, setText] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [voiceLanguage, setVoiceLanguage] = useState<VoiceLanguage>(language);
  const [failure, setFailure] = useState<Failure | null>(null);
  // Which call the running reading came from: a voice note fails with its own title (SPEC §8).
  const [readingVoice, setReadingVoice] = useState(false);
  const [uploadOrder] = useUploadOrderMutation();
  const [transcribeOrder] = useTranscribeOrderMutation();
  const reading = useAiRead(isOrderParseResult);
  const busy = reading.phase === 'sending' || reading.phase === 'waiting' || reading.phase === 'active';

  const recorder = useVoiceRecorder((problem) => {
    const key = recorderToasts[problem];
    toast({ variant: 'error', title: t(`toasts.${key}`), description: t(`toasts.${key}Description`) });
    setFailure({ title: t(`toasts.${key}`), description: t(`toasts.${key}Description`) });
  });
  const recording = recorder.state.status === 'recording' || recorder.state.status === 'starting';

  // The reading's end: on to the confirm dialog, or its error shown (once).
  const { phase, result, error } = reading;
  const handled = useRef<unknown>(null);
  useEffect(() => {
    if (phase === 'done' && result && handled.current !== result) {
      handled.current = result;
      onParsed(result);
    } else if (phase === 'failed' && error && handled.current !== error) {
      handled.current = error;
      const title = readingVoice ? t('toasts.voiceParseFailed') : t('toasts.parseFailed');
      const description = describeIntakeError(error, t, language);
      toast({ variant: 'error', title, description });
      setFailure({ title, description });
    }
  }, [phase, result, error, readingVoice, onParsed, t, language, toast]);

  const refuse = (key: string) => {
    toast({ variant: 'error', title: t(`toasts.${key}`), description: t(`toasts.${key}Description`) });
  };

  const pickFile = (picked: File) => {
    const problem = checkDocumentFile(picked);
    if (problem) {
      refuse(problem === 'type' ? 'invalidFileType' : 'fileTooLarge');
      return;
    }
    setFailure(null);
    setFile(picked);
  };

  const pickVoiceFile = (picked: File) => {
    const problem = checkAudioFile(picked);
    if (problem) {
      refuse(problem === 'type' ? 'invalidAudioType' : 'fileTooLarge');
      return;
    }
    setFailure(null);
    recorder.takeFile(picked, audioTypeOf(picked));
  };

  const process = () => {
    setFailure(null);
    if (tab === 'text') {
      const orderText = text.trim();
      if (!orderText) {
        refuse('orderTextRequired');
        textRef.current?.focus();
        return;
      }
      setReadingVoice(false);
      void reading.read(() => uploadOrder({ orderText }).unwrap());
    } else if (tab === 'image') {
      if (!file) {
        refuse('orderTextRequired');
        return;
      }
      setReadingVoice(false);
      void reading.read(async () => uploadOrder({ imageBase64: await readAsDataUrl(file) }).unwrap());
    } else {
      if (recorder.state.status !== 'recorded') {
        refuse('noRecording');
        return;
      }
      const { note } = recorder.state;
      setReadingVoice(true);
      void reading.read(async () =>
        transcribeOrder({
          audioBase64: await readAsDataUrl(note.blob),
          mimeType: note.mimeType,
          language: voiceLanguage,
        }).unwrap(),
      );
    }
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!busy) process();
  };

  const close = () => {
    // Closing stops following the job (it runs on to its end on the server) and frees the microphone.
    reading.reset();
    onClose();
  };

  const submitLabel = busy ? t('upload.processing') : tab === 'voice' ? t('upload.voice.submit') : t('upload.process');

  return (
    <Dialog
      open
      onClose={close}
      aria-labelledby={titleId}
      maxWidth="sm"
      fullWidth
      fullScreen={fullScreen}
      scroll="paper"
    >
      <DialogTitle id={titleId}>{t('upload.title')}</DialogTitle>
      <Box component="form" noValidate onSubmit={submit} sx={{ display: 'contents' }}>
        {/* Rows at their full height: a short screen scrolls the content rather than squashing the tabs. */}
        <DialogContent dividers sx={{ display: 'grid', gap: 2.5, alignContent: 'start', gridAutoRows: 'max-content' }}>
          <Typography variant="body2" color="text.secondary">
            {t('upload.subtitle')}
          </Typography>
          <Tabs
            value={tab}
            onChange={(_event, next: IntakeTab) => {
              setTab(next);
              setFailure(null);
            }}
            variant="fullWidth"
            aria-label={t('upload.tabs.label')}
            sx={{ borderBottom: 1, borderColor: 'divider' }}
          >
            {tabs.map((name) => (
              <Tab
                key={name}
                value={name}
                label={t(`upload.tabs.${name}`)}
                icon={tabIcons[name]}
                iconPosition="start"
                id={`upload-tab-${name}`}
                aria-controls={`upload-tabpanel-${name}`}
                disabled={busy || (recording && name !== 'voice')}
                sx={{ minHeight: 48 }}
              />
            ))}
          </Tabs>

          <Box role="tabpanel" id="upload-tabpanel-text" aria-labelledby="upload-tab-text" hidden={tab !== 'text'}>
            {tab === 'text' && (
              <TextField
                id="upload-order-text"
                inputRef={textRef}
                label={t('upload.text.label')}
                placeholder={t('upload.text.placeholder')}
                helperText={t('upload.text.hint')}
                value={text}
                onChange={(event) => {
                  setText(event.target.value);
                  setFailure(null);
                }}
                multiline
                minRows={fullScreen ? 8 : 7}
                maxRows={16}
                disabled={busy}
                autoFocus
                // A message in either language reads in its own direction.
                slotProps={{ htmlInput: { dir: 'auto', maxLength: 20_000, spellCheck: false } }}
              />
            )}
          </Box>
          <Box role="tabpanel" id="upload-tabpanel-voice" aria-labelledby="upload-tab-voice" hidden={tab !== 'voice'}>
            {tab === 'voice' && (
              <VoiceNotePanel
                recorder={recorder}
                language={voiceLanguage}
                onLanguageChange={setVoiceLanguage}
                onPickFile={pickVoiceFile}
                disabled={busy}
              />
            )}
          </Box>
          <Box role="tabpanel" id="upload-tabpanel-image" aria-labelledby="upload-tab-image" hidden={tab !== 'image'}>
            {tab === 'image' && (
              <OrderFilePanel file={file} onPick={pickFile} onRemove={() => setFile(null)} disabled={busy} />
            )}
          </Box>

          {busy && <IntakeProgress sending={reading.phase === 'sending'} progress={reading.progress} />}
          {failure && !busy && (
            // The toast announced it; this keeps it in view (no second announcement).
            <Alert severity="error" variant="outlined" role="none" data-testid="upload-failure">
              <AlertTitle>{failure.title}</AlertTitle>
              {failure.description.split('\n').map((part) => (
                // Each part in its own direction (an English server message in the Arabic screen).
                <Box
                  key={part}
                  component="span"
                  sx={{ display: 'block', overflowWrap: 'anywhere', unicodeBidi: 'plaintext', textAlign: 'start' }}
                >
                  {part.replace(/[\u2066-\u2069]/g, '')}
                </Box>
              ))}
            </Alert>
          )}
        </DialogContent>
        <DialogActions sx={{ px: 3, py: 2 }}>
          <Button onClick={close} color="inherit">
            {t('common:actions.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={busy || recording || (tab === 'image' && !file)}>
            {submitLabel}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
