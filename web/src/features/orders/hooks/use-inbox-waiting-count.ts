import { INBOX_POLL_MS, useGetInboxWaitingCountQuery } from '../api/inbox-api';

/**
 * How many WhatsApp drafts wait for a clerk (the sidebar's badge): read every INBOX_POLL_MS while
 * the tab is in view, and again after any confirm or dismiss. Undefined until known, or when the
 * user may not read orders (`skip`).
 */
export function useInboxWaitingCount(skip: boolean): number | undefined {
  const count = useGetInboxWaitingCountQuery(undefined, {
    skip,
    pollingInterval: INBOX_POLL_MS,
    skipPollingIfUnfocused: true,
  });
  return skip ? undefined : count.data;
}
