import BlockRoundedIcon from '@mui/icons-material/BlockRounded';
import CheckRoundedIcon from '@mui/icons-material/CheckRounded';
import MarkChatReadRoundedIcon from '@mui/icons-material/MarkChatReadRounded';
import RefreshRoundedIcon from '@mui/icons-material/RefreshRounded';
import ReceiptLongRoundedIcon from '@mui/icons-material/ReceiptLongRounded';
import WhatsAppIcon from '@mui/icons-material/WhatsApp';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { ListCard } from '../../../components/list/list-card';
import { PhoneListHead, PhoneListItem } from '../../../components/phone-list';
import type { InboxDraftDto } from '../api/inbox-api';
import { inboxFilters, type InboxFilter, type InboxList } from '../hooks/use-inbox-list';
import type { OrdersAccess } from '../lib/access';
import type { InboxClient } from '../lib/inbox';
import {
  InboxClientLine,
  InboxDecision,
  InboxMessage,
  InboxReading,
  InboxSender,
  InboxStatusChip,
  senderLabelOf,
} from './inbox-draft-parts';

interface InboxCardProps {
  list: InboxList;
  access: OrdersAccess;
  /** The draft's client: matched by its number, or created for it on this screen. */
  clientOf: (draft: InboxDraftDto) => InboxClient | null;
  onConfirm: (draft: InboxDraftDto) => void;
  onDismiss: (draft: InboxDraftDto) => void;
  onCreateClient: (draft: InboxDraftDto) => void;
  userNameOf?: (id: string) => string | undefined;
}

/** The filter's words for '' (every status). */
const filterKey = (filter: InboxFilter) => filter || 'all';

/**
 * The Inbox's messages (CONTRACT §15), newest first, a page at a time: who sent each and the
 * client its number belongs to, the original (text, voice note, photo or document), the lines
 * read from it with their confidence, where it stands, and Confirm or Dismiss while it waits.
 * A table on a wide screen, cards on a phone.
 */
export function InboxCard({
  list,
  access,
  clientOf,
  onConfirm,
  onDismiss,
  onCreateClient,
  userNameOf,
}: InboxCardProps) {
  const { t } = useTranslation('orders');
  const empty = filterKey(list.status);

  const clientLine = (draft: InboxDraftDto) => (
    <InboxClientLine
      draft={draft}
      client={clientOf(draft)}
      canOpen={access.readClients}
      canCreate={access.writeClients}
      onCreate={() => onCreateClient(draft)}
    />
  );

  const actions = (draft: InboxDraftDto, fullWidth: boolean) => {
    const sender = senderLabelOf(draft);
    if (draft.status === 'waiting' && access.write) {
      return (
        <Box
          sx={{
            display: 'flex',
            flexDirection: fullWidth ? 'row' : 'column',
            alignItems: 'stretch',
            gap: 1,
            '& > *': fullWidth ? { flex: 1 } : {},
          }}
        >
          <Button
            size="small"
            variant="contained"
            startIcon={<CheckRoundedIcon />}
            onClick={() => onConfirm(draft)}
            aria-label={t('inbox.actions.confirmLabel', { name: sender })}
          >
            {t('inbox.actions.confirm')}
          </Button>
          <Button
            size="small"
            variant="outlined"
            color="inherit"
            startIcon={<BlockRoundedIcon />}
            onClick={() => onDismiss(draft)}
            aria-label={t('inbox.actions.dismissLabel', { name: sender })}
          >
            {t('inbox.actions.dismiss')}
          </Button>
        </Box>
      );
    }
    if (draft.status === 'confirmed' && draft.orderId) {
      return (
        <Button
          size="small"
          component={RouterLink}
          to={`/orders?order=${encodeURIComponent(draft.orderId)}`}
          startIcon={<ReceiptLongRoundedIcon />}
          fullWidth={fullWidth}
        >
          {draft.orderNumber
            ? t('inbox.actions.viewOrderNumber', { number: draft.orderNumber })
            : t('inbox.actions.viewOrder')}
        </Button>
      );
    }
    return null;
  };

  const tools = (
    <>
      <TextField
        select
        size="small"
        id="inbox-status"
        label={t('inbox.filter.label')}
        value={list.status}
        onChange={(event) => list.setStatus(event.target.value as InboxFilter)}
        sx={{ width: { xs: '100%', sm: 200 }, flex: { xs: 1, sm: 'none' } }}
        slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
      >
        {inboxFilters.map((filter) => (
          <MenuItem key={filterKey(filter)} value={filter}>
            {t(`inbox.filter.${filterKey(filter)}`)}
          </MenuItem>
        ))}
      </TextField>
      <Tooltip title={t('inbox.list.refresh')}>
        <span>
          <IconButton
            aria-label={t('inbox.list.refresh')}
            onClick={() => void list.refetch()}
            disabled={list.isFetching}
          >
            <RefreshRoundedIcon />
          </IconButton>
        </span>
      </Tooltip>
    </>
  );

  return (
    <ListCard<InboxDraftDto, never>
      list={list}
      rows={list.drafts}
      titleId="inbox-list-title"
      icon={<WhatsAppIcon />}
      title={t('inbox.list.title')}
      subtitle={t('inbox.list.subtitle')}
      tools={tools}
      sortColumns={[]}
      sortId="inbox-sort"
      noResults={{
        title: t(`inbox.empty.${empty}.title`),
        description: t(`inbox.empty.${empty}.description`),
        icon: <MarkChatReadRoundedIcon sx={{ fontSize: 40, opacity: 0.6 }} aria-hidden />,
      }}
      table={{
        label: t('inbox.list.tableLabel'),
        minWidth: 920,
        columnCount: 5,
        head: (
          <>
            <TableCell sx={{ width: 210 }}>{t('inbox.list.columns.from')}</TableCell>
            <TableCell>{t('inbox.list.columns.message')}</TableCell>
            <TableCell>{t('inbox.list.columns.reading')}</TableCell>
            <TableCell sx={{ width: 170 }}>{t('inbox.list.columns.status')}</TableCell>
            <TableCell align="right" sx={{ width: 130 }}>
              {t('inbox.list.columns.actions')}
            </TableCell>
          </>
        ),
        row: (draft) => (
          <TableRow key={draft.id} hover data-testid="inbox-row" sx={{ verticalAlign: 'top' }}>
            <TableCell>
              <Box sx={{ display: 'grid', gap: 1 }}>
                <InboxSender draft={draft} />
                {clientLine(draft)}
              </Box>
            </TableCell>
            <TableCell>
              <InboxMessage draft={draft} />
            </TableCell>
            <TableCell>
              <InboxReading draft={draft} />
            </TableCell>
            <TableCell>
              <Box sx={{ display: 'grid', gap: 0.75, justifyItems: 'start' }}>
                <InboxStatusChip status={draft.status} />
                <InboxDecision draft={draft} userNameOf={userNameOf} />
              </Box>
            </TableCell>
            <TableCell align="right">{actions(draft, false)}</TableCell>
          </TableRow>
        ),
      }}
      phoneItem={(draft) => (
        <PhoneListItem key={draft.id} testId="inbox-row">
          <PhoneListHead badge={<InboxStatusChip status={draft.status} />}>
            <InboxSender draft={draft} />
          </PhoneListHead>
          {clientLine(draft)}
          <InboxMessage draft={draft} />
          <InboxReading draft={draft} />
          <InboxDecision draft={draft} userNameOf={userNameOf} />
          {actions(draft, true)}
        </PhoneListItem>
      )}
    />
  );
}
