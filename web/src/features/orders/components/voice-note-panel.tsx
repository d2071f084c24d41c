import FiberManualRecordRoundedIcon from '@mui/icons-material/FiberManualRecordRounded';
import MicRoundedIcon from '@mui/icons-material/MicRounded';
import AudioFileRoundedIcon from '@mui/icons-material/AudioFileRounded';
import ReplayRoundedIcon from '@mui/icons-material/ReplayRounded';
import StopRoundedIcon from '@mui/icons-material/StopRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { keyframes } from '@mui/material/styles';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { AUDIO_ACCEPT } from '../../../lib/document-file';
import { voiceLanguages, type VoiceLanguage } from '../api/order-intake-api';
import { clockOf, type VoiceRecorder } from '../hooks/use-voice-recorder';

const pulse = keyframes`
  0%, 100% { opacity: 1; }
  50% { opacity: 0.25; }
`;

interface VoiceNotePanelProps {
  recorder: VoiceRecorder;
  language: VoiceLanguage;
  onLanguageChange: (language: VoiceLanguage) => void;
  /** A voice file chosen (a WhatsApp voice note saved from the phone), to check and take. */
  onPickFile: (file: File) => void;
  disabled: boolean;
}

/**
 * The Voice tab (SPEC §2, §4): the language spoken (sent with the note, docs/api/ai-intake.md),
 * Record / Stop, then playback and Record Again; or a voice file instead of recording.
 */
export function VoiceNotePanel({ recorder, language, onLanguageChange, onPickFile, disabled }: VoiceNotePanelProps) {
  const { t } = useTranslation('orders');
  const { state } = recorder;
  const recording = state.status === 'recording';
  const fileInput = useRef<HTMLInputElement>(null);

  const status =
    state.status === 'recording'
      ? t('upload.voice.recording', { time: clockOf(state.seconds) })
      : state.status === 'recorded'
        ? state.note.fileName
          ? t('upload.voice.fileChosen', { name: state.note.fileName })
          : t('upload.voice.recorded', { time: clockOf(state.note.seconds) })
        : state.status === 'starting'
          ? t('upload.voice.starting')
          : t('upload.voice.idle');

  return (
    <Box sx={{ display: 'grid', gap: 2.5 }}>
      <TextField
        select
        id="voice-language"
        label={t('upload.voice.language')}
        value={language}
        onChange={(event) => onLanguageChange(event.target.value as VoiceLanguage)}
        disabled={disabled || recording}
        sx={{ maxWidth: { sm: 260 } }}
      >
        {voiceLanguages.map((option) => (
          <MenuItem key={option} value={option} lang={option}>
            {t(`upload.voice.languages.${option}`)}
          </MenuItem>
        ))}
      </TextField>

      <Box
        sx={{
          display: 'grid',
          justifyItems: 'center',
          gap: 1.5,
          p: { xs: 2, sm: 3 },
          border: 1,
          borderColor: recording ? 'error.light' : 'divider',
          borderRadius: 2,
          bgcolor: recording ? 'rgba(198, 40, 40, 0.04)' : 'rgba(15, 118, 110, 0.04)',
        }}
      >
        <Typography
          variant="body2"
          role="status"
          sx={{ display: 'flex', alignItems: 'center', gap: 1, textAlign: 'center', fontWeight: recording ? 700 : 400 }}
        >
          {recording && (
            <FiberManualRecordRoundedIcon
              fontSize="small"
              color="error"
              aria-hidden
              sx={{ animation: `${pulse} 1.2s ease-in-out infinite` }}
            />
          )}
          {status}
        </Typography>

        {state.status === 'recorded' && (
          <Box
            component="audio"
            controls
            src={state.note.url}
            aria-label={t('upload.voice.playback')}
            sx={{ width: '100%', maxWidth: 420 }}
          />
        )}

        {recording ? (
          <Button
            variant="contained"
            color="error"
            size="large"
            startIcon={<StopRoundedIcon />}
            onClick={recorder.stop}
          >
            {t('upload.voice.stop')}
          </Button>
        ) : state.status === 'recorded' ? (
          <Button
            variant="outlined"
            startIcon={<ReplayRoundedIcon />}
            onClick={() => {
              recorder.reset();
              void recorder.start();
            }}
            disabled={disabled}
          >
            {t('upload.voice.recordAgain')}
          </Button>
        ) : (
          <Button
            variant="contained"
            size="large"
            startIcon={<MicRoundedIcon />}
            onClick={() => void recorder.start()}
            disabled={disabled || state.status === 'starting'}
          >
            {t('upload.voice.record')}
          </Button>
        )}
        <Typography variant="caption" color="text.secondary">
          {t('upload.voice.limit')}
        </Typography>
        <Button
          variant="text"
          size="small"
          startIcon={<AudioFileRoundedIcon />}
          onClick={() => fileInput.current?.click()}
          disabled={disabled || recording}
        >
          {t('upload.voice.chooseFile')}
        </Button>
        <input
          ref={fileInput}
          type="file"
          accept={AUDIO_ACCEPT}
          aria-label={t('upload.voice.fileInput')}
          hidden
          onChange={(event) => {
            const picked = event.target.files?.[0];
            event.target.value = '';
            if (picked) onPickFile(picked);
          }}
        />
        <Typography variant="caption" color="text.secondary" sx={{ textAlign: 'center' }}>
          {t('upload.voice.fileHint')}
        </Typography>
      </Box>
    </Box>
  );
}
