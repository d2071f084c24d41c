import DescriptionRoundedIcon from '@mui/icons-material/DescriptionRounded';
import DoneAllRoundedIcon from '@mui/icons-material/DoneAllRounded';
import DoneRoundedIcon from '@mui/icons-material/DoneRounded';
import ErrorOutlineRoundedIcon from '@mui/icons-material/ErrorOutlineRounded';
import ImageRoundedIcon from '@mui/icons-material/ImageRounded';
import MicRoundedIcon from '@mui/icons-material/MicRounded';
import NotesRoundedIcon from '@mui/icons-material/NotesRounded';
import OpenInNewRoundedIcon from '@mui/icons-material/OpenInNewRounded';
import PersonAddAltRoundedIcon from '@mui/icons-material/PersonAddAltRounded';
import ScheduleRoundedIcon from '@mui/icons-material/ScheduleRounded';
import WarningAmberRoundedIcon from '@mui/icons-material/WarningAmberRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip, { type ChipProps } from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { formatDayTime, formatQuantity, formatRelativeTime } from '../../../lib/format';
import { nameIn } from '../../../lib/language';
import { useLanguage } from '../../../lib/use-language';
import { useUnitFormat } from '../../../lib/units';
import type { InboxDraftDto, InboxMessageKind, InboxStatus, WhatsappReplyStatus } from '../api/inbox-api';
import { whatsappNumberText, type InboxClient } from '../lib/inbox';
import { MatchConfidenceChip } from './match-confidence-chip';

const kindIcons: Record<InboxMessageKind, ReactElement> = {
  text: <NotesRoundedIcon fontSize="small" />,
  voice: <MicRoundedIcon fontSize="small" />,
  image: <ImageRoundedIcon fontSize="small" />,
  document: <DescriptionRoundedIcon fontSize="small" />,
};

const statusColours: Record<InboxStatus, ChipProps['color']> = {
  reading: 'info',
  waiting: 'warning',
  confirmed: 'success',
  dismissed: 'default',
};

const replyIcons: Record<WhatsappReplyStatus, ReactElement> = {
  queued: <ScheduleRoundedIcon fontSize="inherit" />,
  sent: <DoneRoundedIcon fontSize="inherit" />,
  delivered: <DoneAllRoundedIcon fontSize="inherit" />,
  read: <DoneAllRoundedIcon fontSize="inherit" />,
  failed: <ErrorOutlineRoundedIcon fontSize="inherit" />,
};

const replyColours: Record<WhatsappReplyStatus, string> = {
  queued: 'text.secondary',
  sent: 'text.secondary',
  delivered: 'text.secondary',
  read: 'info.main',
  failed: 'error.main',
};

/** What a draft is called in labels: the sender's WhatsApp profile name, else the number. */
export function senderLabelOf(draft: InboxDraftDto): string {
  return draft.senderName?.trim() || whatsappNumberText(draft.from);
}

/** A moment as "5 minutes ago · 22/11/2026 09:41", the exact one in the `<time>` element. */
export function DraftTime({ value }: { value: string }) {
  const { language } = useLanguage();
  return (
    <Typography variant="caption" color="text.secondary" component="p" sx={{ m: 0 }}>
      <time dateTime={value} title={formatDayTime(value)}>
        {formatRelativeTime(value, language)}
      </time>
      {' · '}
      <bdi dir="ltr">{formatDayTime(value)}</bdi>
    </Typography>
  );
}

/** The sender: WhatsApp profile name (when it has one), the number left to right, and when it was received. */
export function InboxSender({ draft }: { draft: InboxDraftDto }) {
  const name = draft.senderName?.trim();
  return (
    <Box sx={{ minWidth: 0 }}>
      {name && (
        <Typography variant="body2" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
          <bdi>{name}</bdi>
        </Typography>
      )}
      <Typography
        variant="body2"
        color={name ? 'text.secondary' : 'text.primary'}
        sx={{ fontWeight: name ? 400 : 700 }}
        data-testid="sender-number"
      >
        <bdi dir="ltr">{whatsappNumberText(draft.from)}</bdi>
      </Typography>
      <DraftTime value={draft.receivedAt} />
    </Box>
  );
}

interface InboxClientLineProps {
  draft: InboxDraftDto;
  client: InboxClient | null;
  /** clients:read: the client's name links to its profile. */
  canOpen: boolean;
  /** clients:write: "Create client" for a number no client has. */
  canCreate: boolean;
  onCreate: () => void;
}

/** The client the sender's number belongs to, or that none does, with Create client. */
export function InboxClientLine({ draft, client, canOpen, canCreate, onCreate }: InboxClientLineProps) {
  const { t } = useTranslation('orders');
  const { language } = useLanguage();
  if (client) {
    const name = client.name ? nameIn(language, client) : t('inbox.client.unnamed');
    return (
      <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }} data-testid="draft-client">
        <Box component="span" sx={{ color: 'text.secondary' }}>
          {t('inbox.client.label')}{' '}
        </Box>
        {canOpen ? (
          <Link component={RouterLink} to={`/clients/${encodeURIComponent(client.id)}`} underline="hover">
            <bdi>{name}</bdi>
          </Link>
        ) : (
          <bdi>{name}</bdi>
        )}
      </Typography>
    );
  }
  return (
    <Box sx={{ display: 'grid', gap: 0.5, justifyItems: 'start' }} data-testid="draft-client">
      <Typography
        variant="body2"
        sx={{ color: 'warning.dark', display: 'inline-flex', alignItems: 'center', gap: 0.5 }}
      >
        <WarningAmberRoundedIcon fontSize="inherit" aria-hidden />
        {t('inbox.client.none')}
      </Typography>
      {canCreate && draft.status !== 'dismissed' && (
        <Button
          size="small"
          variant="outlined"
          startIcon={<PersonAddAltRoundedIcon />}
          onClick={onCreate}
          aria-label={t('inbox.client.createFor', { number: whatsappNumberText(draft.from) })}
        >
          {t('inbox.client.create')}
        </Button>
      )}
    </Box>
  );
}

/** A text as received: each line in its own direction, long ones scroll. */
function MessageText({ text, label }: { text: string; label?: string }) {
  return (
    <Box sx={{ display: 'grid', gap: 0.25, minWidth: 0 }}>
      {label && (
        <Typography variant="caption" color="text.secondary" sx={{ fontWeight: 700 }}>
          {label}
        </Typography>
      )}
      <Box
        dir="auto"
        sx={{
          m: 0,
          px: 1.25,
          py: 1,
          maxHeight: 140,
          overflow: 'auto',
          whiteSpace: 'pre-wrap',
          overflowWrap: 'anywhere',
          // Arabic and English lines mix in one message: each takes its own direction.
          unicodeBidi: 'plaintext',
          textAlign: 'start',
          fontSize: '0.875rem',
          borderRadius: 2,
          bgcolor: 'rgba(37, 211, 102, 0.08)',
        }}
      >
        {text}
      </Box>
    </Box>
  );
}

/**
 * The original message: its kind, the text (or a caption), the voice note to play with what was
 * heard, the photo (opens full size) or the document; why a file could not be fetched or read.
 */
export function InboxMessage({ draft }: { draft: InboxDraftDto }) {
  const { t } = useTranslation('orders');
  const sender = senderLabelOf(draft);
  const text = draft.text?.trim();
  const heard = draft.kind === 'voice' ? draft.reading?.transcription?.trim() : undefined;
  return (
    <Box sx={{ display: 'grid', gap: 1, minWidth: 0, justifyItems: 'start' }}>
      <Typography
        variant="caption"
        color="text.secondary"
        sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, fontWeight: 600 }}
        data-testid="draft-kind"
      >
        <Box component="span" aria-hidden sx={{ display: 'inline-flex' }}>
          {kindIcons[draft.kind]}
        </Box>
        {t(`inbox.kind.${draft.kind}`)}
      </Typography>
      {draft.kind === 'voice' && draft.fileUrl && (
        <Box
          component="audio"
          controls
          preload="none"
          src={draft.fileUrl}
          aria-label={t('inbox.message.voiceLabel', { name: sender })}
          sx={{ width: '100%', maxWidth: 320, height: 40 }}
        />
      )}
      {draft.kind === 'image' && draft.fileUrl && (
        <Link href={draft.fileUrl} target="_blank" rel="noopener noreferrer" sx={{ lineHeight: 0 }}>
          <Box
            component="img"
            src={draft.fileUrl}
            alt={t('inbox.message.openPhoto', { name: sender })}
            loading="lazy"
            sx={{
              width: 160,
              maxWidth: '100%',
              height: 110,
              objectFit: 'cover',
              borderRadius: 2,
              border: 1,
              borderColor: 'divider',
              bgcolor: 'background.paper',
            }}
          />
        </Link>
      )}
      {draft.kind === 'document' && draft.fileUrl && (
        <Link
          href={draft.fileUrl}
          target="_blank"
          rel="noopener noreferrer"
          variant="body2"
          sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}
        >
          {t('inbox.message.openDocument')}
          <OpenInNewRoundedIcon sx={{ fontSize: 16 }} aria-hidden />
        </Link>
      )}
      {text && <MessageText text={text} label={draft.kind === 'text' ? undefined : t('inbox.message.caption')} />}
      {heard && <MessageText text={heard} label={t('inbox.message.heard')} />}
      {draft.fileProblem && (
        // A note beside the message, not an interruption: the list holds many.
        <Alert severity="warning" variant="outlined" role="note" sx={{ py: 0, width: '100%' }}>
          {t('inbox.problems.file')} <bdi>{draft.fileProblem}</bdi>
        </Alert>
      )}
      {draft.readProblem && (
        <Alert severity="warning" variant="outlined" role="note" sx={{ py: 0, width: '100%' }}>
          {t('inbox.problems.read')} <bdi>{draft.readProblem}</bdi>
        </Alert>
      )}
    </Box>
  );
}

/** The lines read from the message, each with how sure the match is (as the confirm dialog shows it). */
export function InboxReading({ draft }: { draft: InboxDraftDto }) {
  const { t } = useTranslation('orders');
  const { language } = useLanguage();
  const units = useUnitFormat();
  if (draft.status === 'reading') {
    return (
      <Typography variant="body2" color="text.secondary">
        {t('inbox.reading.pending')}
      </Typography>
    );
  }
  const items = draft.reading?.parsed.items ?? [];
  if (items.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary">
        {t('inbox.reading.nothing')}
      </Typography>
    );
  }
  return (
    <Box sx={{ display: 'grid', gap: 0.75, minWidth: 0 }}>
      <Typography variant="caption" color="text.secondary" sx={{ fontWeight: 700 }}>
        {t('inbox.reading.lines', { count: items.length })}
      </Typography>
      <Box
        component="ul"
        aria-label={t('inbox.reading.label', { name: senderLabelOf(draft) })}
        sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 0.75 }}
      >
        {items.map((item, index) => (
          <Box
            component="li"
            key={`${index}-${item.phrase}`}
            data-testid="draft-line"
            sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 0.75, minWidth: 0 }}
          >
            <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
              <bdi>
                {item.unit ? units.quantity(item.quantity, item.unit) : formatQuantity(item.quantity, language)}
              </bdi>{' '}
              <bdi>{nameIn(language, { name: item.itemName, nameAr: item.itemNameAr })}</bdi>
            </Typography>
            {item.stockItemId ? (
              <MatchConfidenceChip confidence={item.confidence} />
            ) : (
              <Chip size="small" variant="outlined" color="warning" label={t('confirm.line.unmatched')} />
            )}
            {item.quantityNeedsCheck && (
              <Chip size="small" color="warning" variant="outlined" label={t('confirm.line.checkQuantity')} />
            )}
          </Box>
        ))}
      </Box>
    </Box>
  );
}

export function InboxStatusChip({ status }: { status: InboxStatus }) {
  const { t } = useTranslation('orders');
  return (
    <Chip
      size="small"
      variant={status === 'dismissed' ? 'outlined' : 'filled'}
      color={statusColours[status]}
      label={t(`inbox.status.${status}`)}
      data-status={status}
      sx={{ fontWeight: 600 }}
    />
  );
}

/**
 * Where the draft stands beyond its status: what became of the WhatsApp confirmation sent to the
 * client (with Meta's error when it failed), who decided and when, and why it was dismissed.
 */
export function InboxDecision({
  draft,
  userNameOf,
}: {
  draft: InboxDraftDto;
  userNameOf?: (id: string) => string | undefined;
}) {
  const { t } = useTranslation('orders');
  const { language } = useLanguage();
  const { reply } = draft;
  const decider = draft.decidedBy ? userNameOf?.(draft.decidedBy) : undefined;
  return (
    <Box sx={{ display: 'grid', gap: 0.5, minWidth: 0 }}>
      {reply && (
        <Typography
          variant="caption"
          component="p"
          sx={{ m: 0, color: replyColours[reply.status], overflowWrap: 'anywhere' }}
          data-testid="draft-reply"
        >
          <Box component="span" aria-hidden sx={{ display: 'inline-flex', verticalAlign: 'middle', mr: 0.5 }}>
            {replyIcons[reply.status]}
          </Box>
          {t(`inbox.reply.${reply.status}`)}
          {reply.status === 'failed' && reply.error && (
            <>
              {': '}
              <bdi>{reply.error}</bdi>
            </>
          )}
        </Typography>
      )}
      {draft.decidedAt && (draft.status === 'confirmed' || draft.status === 'dismissed') && (
        <Typography variant="caption" color="text.secondary" component="p" sx={{ m: 0 }}>
          <time dateTime={draft.decidedAt} title={formatDayTime(draft.decidedAt)}>
            {t(`inbox.decided.${draft.status}`, { time: formatRelativeTime(draft.decidedAt, language) })}
          </time>
          {decider && (
            <>
              {' '}
              {t('inbox.decided.by')} <bdi>{decider}</bdi>
            </>
          )}
        </Typography>
      )}
      {draft.status === 'dismissed' && draft.dismissReason && (
        <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }} data-testid="dismiss-reason">
          <Box component="span" sx={{ color: 'text.secondary' }}>
            {t('inbox.decided.reason')}{' '}
          </Box>
          <bdi>{draft.dismissReason}</bdi>
        </Typography>
      )}
    </Box>
  );
}
