import { useState } from 'react';
import { useServerList, type ServerListArgs } from '../../../lib/use-server-list';
import { INBOX_POLL_MS, useGetInboxQuery, type InboxDraftDto, type InboxStatus } from '../api/inbox-api';

/** The statuses the Inbox is narrowed to ('' is every status, those still being read too). */
export type InboxFilter = Exclude<InboxStatus, 'reading'> | '';

export const inboxFilters: readonly InboxFilter[] = ['waiting', 'confirmed', 'dismissed', ''];

/** One page of the Inbox, read again every INBOX_POLL_MS while the screen is open and the tab in view. */
function useInboxPage(args: { status?: InboxStatus } & ServerListArgs) {
  return useGetInboxQuery(
    { status: args.status, limit: args.limit, offset: args.offset },
    { pollingInterval: INBOX_POLL_MS, skipPollingIfUnfocused: true },
  );
}

/** The Inbox (CONTRACT §15): the drafts waiting for a clerk unless another status is chosen, server pages. */
export function useInboxList() {
  const [status, setStatus] = useState<InboxFilter>('waiting');
  const list = useServerList<InboxDraftDto, never, { status?: InboxStatus }>(useInboxPage, {
    status: status || undefined,
  });
  return { ...list, drafts: list.rows, status, setStatus };
}

export type InboxList = ReturnType<typeof useInboxList>;
