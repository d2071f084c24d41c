import FiberManualRecordRoundedIcon from '@mui/icons-material/FiberManualRecordRounded';
import MicRoundedIcon from '@mui/icons-material/MicRounded';
import ReplayRoundedIcon from '@mui/icons-material/ReplayRounded';
import StopRoundedIcon from '@mui/icons-material/StopRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { keyframes } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
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
  disabled: boolean;
}

/**
 * The Voice tab (SPEC §2, §4): the language spoken (sent with the note, docs/api/ai-intake.md),
 * Record / Stop, then playback and Record Again.
 */
export function VoiceNotePanel({ recorder, language, onLanguageChange, disabled }: VoiceNotePanelProps) {
  const { t } = useTranslation('orders');
  const { state } = recorder;
  const recording = state.status === 'recording';

  const status =
    state.status === 'recording'
      ? t('upload.voice.recording', { time: clockOf(state.seconds) })
      : state.status === 'recorded'
        ? t('upload.voice.recorded', { time: clockOf(state.note.seconds) })
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
      </Box>
    </Box>
  );
}
