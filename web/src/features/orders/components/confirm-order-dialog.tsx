import ImageRoundedIcon from '@mui/icons-material/ImageRounded';
import MicRoundedIcon from '@mui/icons-material/MicRounded';
import NotesRoundedIcon from '@mui/icons-material/NotesRounded';
import OpenInNewRoundedIcon from '@mui/icons-material/OpenInNewRounded';
import WarningAmberRoundedIcon from '@mui/icons-material/WarningAmberRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatPercent } from '../../../lib/format';
import { useLanguage } from '../../../lib/use-language';
import type { OrderParseResultDto } from '../api/order-intake-api';
import type { OrdersAccess } from '../lib/access';
import {
  CLEAR_TRANSCRIPT,
  draftFromParse,
  keepsMatch,
  matchLevelOf,
  type KnownClient,
  type OrderDraft,
  type ParsedLineInfo,
} from '../lib/ai-order';
import { emptyOrderLine, type OrderLine } from '../lib/manual-order';
import type { ClientChoice } from './client-field';
import { MatchConfidenceChip } from './match-confidence-chip';
import { OrderFormDialog, type OrderFormSubmission, type OrderLineExtras } from './order-form-dialog';
import { SuggestionChips } from './suggestion-chips';

interface ConfirmOrderDialogProps {
  /** What the AI read (CONTRACT §6). */
  result: OrderParseResultDto;
  currency: string;
  access: OrdersAccess;
  onClose: () => void;
  /**
   * The client the order is for when already known (an Inbox draft matched by the sender's
   * WhatsApp number): the client field starts linked to it, whatever the message names.
   */
  knownClient?: KnownClient | null;
  /** Where the order goes and what follows (the Inbox's confirm); by default POST /api/orders/manual. */
  submission?: OrderFormSubmission;
}

const sourceIcons = { text: <NotesRoundedIcon />, image: <ImageRoundedIcon />, voice: <MicRoundedIcon /> };

/** Where the order was read from, what was read, and what needs the user's eye. */
function ParsedOrderIntro({ result, draft }: { result: OrderParseResultDto; draft: OrderDraft }) {
  const { t } = useTranslation('orders');
  const { language } = useLanguage();
  const originalId = useId();
  const infos = Object.values(draft.info);
  const unmatched = infos.filter((info) => info.matchedStockItemId === null).length;
  const toCheck = infos.filter((info) => info.quantityNeedsCheck).length;
  const unitsToCheck = infos.filter((info) => info.unitNeedsCheck).length;
  const original = result.source === 'voice' ? (result.transcription ?? result.rawText) : result.rawText;
  // How sure the speech endpoint was of what it heard (docs/api/ai-intake.md), when it says.
  const heardConfidence = result.source === 'voice' ? (result.transcriptionConfidence ?? null) : null;
  const heardClearly = heardConfidence !== null && heardConfidence >= CLEAR_TRANSCRIPT;
  const picture =
    result.source === 'image' && result.uploadedFileUrl && /\.(png|jpe?g)$/i.test(result.uploadedFileUrl)
      ? result.uploadedFileUrl
      : null;

  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
        <Chip
          icon={sourceIcons[result.source]}
          label={t(`confirm.source.${result.source}`)}
          color="primary"
          variant="outlined"
          size="small"
        />
        <Chip label={t('confirm.itemsRead', { count: infos.length })} size="small" variant="outlined" />
        {unmatched > 0 && (
          <Chip
            label={t('confirm.unmatchedCount', { count: unmatched })}
            size="small"
            color="warning"
            variant="outlined"
          />
        )}
        {toCheck > 0 && (
          <Chip label={t('confirm.checkCount', { count: toCheck })} size="small" color="warning" variant="outlined" />
        )}
        {unitsToCheck > 0 && (
          <Chip
            label={t('confirm.unitCheckCount', { count: unitsToCheck })}
            size="small"
            color="warning"
            variant="outlined"
          />
        )}
      </Box>
      {infos.length === 0 ? (
        <Alert severity="info" variant="outlined" role="none">
          {t('confirm.nothingFound')}
        </Alert>
      ) : (
        <Typography variant="body2" color="text.secondary">
          {t('confirm.reviewHint')}
        </Typography>
      )}
      {original.trim() && (
        <Box sx={{ display: 'grid', gap: 0.5 }}>
          <Box
            sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', justifyContent: 'space-between', gap: 1 }}
          >
            <Typography id={originalId} variant="caption" color="text.secondary" sx={{ fontWeight: 700 }}>
              {t(`confirm.original.${result.source}`)}
            </Typography>
            {heardConfidence !== null && (
              <Typography
                variant="caption"
                data-testid="heard-confidence"
                sx={{ color: heardClearly ? 'success.dark' : 'warning.dark', fontWeight: heardClearly ? 400 : 700 }}
              >
                {t(heardClearly ? 'confirm.heardClearly' : 'confirm.heardUnclearly', {
                  percent: formatPercent(Math.round(heardConfidence * 100), language),
                })}
              </Typography>
            )}
            {result.uploadedFileUrl && (
              <Link
                href={result.uploadedFileUrl}
                target="_blank"
                rel="noopener noreferrer"
                variant="caption"
                sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}
              >
                {t('confirm.openFile')}
                <OpenInNewRoundedIcon sx={{ fontSize: 14 }} aria-hidden />
              </Link>
            )}
          </Box>
          <Box
            sx={{
              display: 'grid',
              gridTemplateColumns: { xs: '1fr', sm: picture ? 'repeat(2, minmax(0, 1fr))' : '1fr' },
              gap: 1.5,
              alignItems: 'start',
            }}
          >
            <Box
              role="region"
              aria-labelledby={originalId}
              tabIndex={0}
              data-testid="original-text"
              sx={{
                m: 0,
                p: 1.5,
                maxHeight: 120,
                overflow: 'auto',
                whiteSpace: 'pre-wrap',
                overflowWrap: 'anywhere',
                // Each line in its own direction: Arabic and English lines mix in one message.
                unicodeBidi: 'plaintext',
                fontSize: '0.875rem',
                borderRadius: 2,
                border: 1,
                borderColor: 'divider',
                bgcolor: 'rgba(16, 32, 29, 0.03)',
                textAlign: 'start',
              }}
            >
              {original.trim()}
            </Box>
            {picture && (
              // The photo beside what was read from it, to check the quantities at a glance.
              <Link
                href={picture}
                target="_blank"
                rel="noopener noreferrer"
                sx={{ display: { xs: 'none', sm: 'block' }, lineHeight: 0 }}
              >
                <Box
                  component="img"
                  src={picture}
                  alt={t('confirm.uploadedImage')}
                  sx={{
                    width: '100%',
                    maxHeight: 120,
                    objectFit: 'contain',
                    borderRadius: 2,
                    border: 1,
                    borderColor: 'divider',
                    bgcolor: 'background.paper',
                  }}
                />
              </Link>
            )}
          </Box>
        </Box>
      )}
    </Box>
  );
}

/**
 * Confirm Order Details (SPEC §2): the order form started from what the AI read. Each line shows
 * its match confidence and the customer's own wording; a quantity to check (read from an image,
 * heard offline, assumed or disputed: `quantityNeedsCheck`) is marked; a line matched to nothing
 * asks for an item (suggestions, search, inline creation) or to be removed. The order goes out
 * with what it was read from and each line's `phrase`, so the client's wording is remembered.
 */
export function ConfirmOrderDialog({
  result,
  currency,
  access,
  onClose,
  knownClient,
  submission,
}: ConfirmOrderDialogProps) {
  const { t } = useTranslation('orders');
  const { language } = useLanguage();
  const [draft] = useState(() => draftFromParse(result, knownClient));
  const [start] = useState(() => ({
    client: draft.client,
    lines: draft.lines.length > 0 ? draft.lines : [emptyOrderLine()],
    origin: draft.origin,
  }));
  const percent = (confidence: number) => formatPercent(Math.round(confidence * 100), language);

  const quantityWarning = (info: ParsedLineInfo) => {
    if (!info.quantityNeedsCheck) return undefined;
    if (result.source === 'image') return t('confirm.line.quantityFromImage');
    if (result.source === 'voice') return t('confirm.line.quantityFromVoice');
    return t('confirm.line.quantityUncertain');
  };

  const lineExtras = (line: OrderLine, update: (next: OrderLine) => void): OrderLineExtras | undefined => {
    const info = draft.info[line.key];
    if (!info) return undefined;
    const matched = keepsMatch(line, info);
    // A match the AI is not sure of, with other items that fit: the user sees them and picks.
    const closeMatches = info.alternatives.filter(
      (alternative) =>
        alternative.stockItemId !== info.matchedStockItemId && matchLevelOf(alternative.confidence) !== 'poor',
    );
    const uncertain = matched && matchLevelOf(info.confidence) !== 'good' && closeMatches.length > 0;
    const badges = (
      <>
        {matched ? (
          <MatchConfidenceChip confidence={info.confidence} />
        ) : line.stockItem ? (
          <Chip size="small" variant="outlined" label={t('confirm.line.changed')} />
        ) : (
          <Chip size="small" variant="outlined" color="warning" label={t('confirm.line.unmatched')} />
        )}
        {line.unitNote?.kind === 'notSold' && (
          <Chip
            size="small"
            color="warning"
            icon={<WarningAmberRoundedIcon />}
            label={t('confirm.line.checkUnit')}
            data-testid="check-unit"
          />
        )}
        {info.quantityNeedsCheck && (
          <Chip
            size="small"
            color="warning"
            icon={<WarningAmberRoundedIcon />}
            label={t('confirm.line.checkQuantity')}
            data-testid="check-quantity"
          />
        )}
      </>
    );
    const note = (
      <Box sx={{ display: 'grid', gap: 1 }}>
        {info.sourceText.trim() && (
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {t('confirm.line.original')}{' '}
            <Box
              component="q"
              dir="auto"
              sx={{ color: 'text.primary', fontWeight: 600, quotes: language === 'ar' ? '"«" "»"' : '"“" "”"' }}
            >
              {info.sourceText.trim()}
            </Box>
          </Typography>
        )}
        {!line.stockItem && (
          <>
            <Typography variant="body2" sx={{ color: 'warning.dark' }}>
              {t('confirm.line.unmatchedHelp')}
            </Typography>
            {info.alternatives.length > 0 && (
              <SuggestionChips line={line} alternatives={info.alternatives} onPick={update} percent={percent} />
            )}
          </>
        )}
        {uncertain && (
          <>
            <Typography variant="body2" sx={{ color: 'warning.dark' }}>
              {t('confirm.line.closeMatchesHelp')}
            </Typography>
            <SuggestionChips
              line={line}
              alternatives={closeMatches}
              onPick={update}
              percent={percent}
              heading={t('confirm.line.closeMatches')}
            />
          </>
        )}
      </Box>
    );
    return { badges, note, quantityWarning: quantityWarning(info) };
  };

  // Said only while the client is still the one read from the message.
  const clientHint = ({ name }: ClientChoice) =>
    name.trim() !== draft.client.name
      ? undefined
      : draft.clientNamed
        ? t('confirm.clientDetected')
        : t('confirm.clientUnknown');

  return (
    <OrderFormDialog
      currency={currency}
      access={access}
      onClose={onClose}
      title={t('confirm.title')}
      submitLabel={t('confirm.submit')}
      start={start}
      intro={<ParsedOrderIntro result={result} draft={draft} />}
      clientHint={clientHint}
      lineExtras={lineExtras}
      submitNeedsClientAndItem
      submission={submission}
    />
  );
}
