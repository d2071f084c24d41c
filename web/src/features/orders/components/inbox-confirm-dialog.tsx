import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useToast } from '../../../components/toaster/use-toast';
import { useConfirmInboxDraftMutation, type InboxDraftDto } from '../api/inbox-api';
import type { OrderDto } from '../api/orders-api';
import type { OrdersAccess } from '../lib/access';
import {
  draftMovedOnCode,
  newClientNameOf,
  parseResultOfDraft,
  whatsappNumberText,
  type InboxClient,
} from '../lib/inbox';
import { ConfirmOrderDialog } from './confirm-order-dialog';

interface InboxConfirmDialogProps {
  draft: InboxDraftDto;
  /** The sender's client (matched by the number, or created for it on the Inbox screen). */
  client: InboxClient | null;
  currency: string;
  access: OrdersAccess;
  onClose: () => void;
}

/**
 * Confirm an Inbox draft (CONTRACT §15): the AI confirm dialog started from the draft's reading
 * (empty lines when nothing could be read) with the sender's client, and whether to send the
 * client a WhatsApp confirmation; the order goes to POST /api/inbox/{id}/confirm. A draft someone
 * else decided meanwhile (409) closes the dialog and says so; the Inbox is read again.
 */
export function InboxConfirmDialog({ draft, client, currency, access, onClose }: InboxConfirmDialogProps) {
  const { t } = useTranslation('orders');
  const { toast } = useToast();
  const navigate = useNavigate();
  const hintId = useId();
  const [result] = useState(() => parseResultOfDraft(draft));
  // On for a known client: the sender gets the order number and total on WhatsApp.
  const [sendConfirmation, setSendConfirmation] = useState(client !== null);
  const [confirmDraft] = useConfirmInboxDraftMutation();
  const number = whatsappNumberText(draft.from);

  const created = (order: OrderDto) => {
    const href = `/orders?order=${encodeURIComponent(order.id)}`;
    toast({
      variant: 'success',
      title: t('inbox.toasts.confirmed'),
      description: t(sendConfirmation ? 'inbox.toasts.confirmedAndSent' : 'inbox.toasts.confirmedDescription', {
        number: order.orderNumber,
      }),
      action: { label: t('inbox.toasts.viewOrder'), href, onFollow: () => void navigate(href) },
    });
  };

  const refused = (error: unknown) => {
    const movedOn = draftMovedOnCode(error);
    if (!movedOn) return false;
    toast({ variant: 'error', title: t('inbox.toasts.notWaiting'), description: t(`common:errors.codes.${movedOn}`) });
    onClose();
    return true;
  };

  return (
    <ConfirmOrderDialog
      result={result}
      knownClient={client}
      currency={currency}
      access={access}
      onClose={onClose}
      submission={{
        send: async (order) => (await confirmDraft({ id: draft.id, order, sendConfirmation }).unwrap()).order,
        onCreated: created,
        onError: refused,
        newClient: { name: newClientNameOf(draft), whatsapp: number },
        extraFields: (
          <Box sx={{ display: 'grid', gap: 0.25 }}>
            <FormControlLabel
              control={
                <Checkbox
                  checked={sendConfirmation}
                  onChange={(event) => setSendConfirmation(event.target.checked)}
                  slotProps={{ input: { 'aria-describedby': hintId } }}
                />
              }
              label={t('inbox.confirm.sendConfirmation')}
            />
            <Typography id={hintId} variant="caption" color="text.secondary" sx={{ pl: 4 }}>
              {t('inbox.confirm.sendTo')} <bdi dir="ltr">{number}</bdi>
            </Typography>
          </Box>
        ),
      }}
    />
  );
}
