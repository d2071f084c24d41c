import type {
  InboxConfirmedDto,
  InboxDraftDto,
  InboxMessageKind,
  InboxStatus,
  WhatsappReplyStatus,
} from '@erp/contracts';
import type { TagDescription } from '@reduxjs/toolkit/query';
import { api, listTags, type TagType } from '../../../lib/api';
import type { HttpMeta } from '../../../lib/http-base-query';
import { isHttpError } from '../../../lib/http-error';
import { totalOf } from '../lib/total-count';
import type { CreateManualOrderRequest } from './orders-api';

export type { InboxConfirmedDto, InboxDraftDto, InboxMessageKind, InboxStatus, WhatsappReplyStatus };

/** GET /api/inbox: one page, newest first; without `status`, every status. */
export interface InboxQuery {
  status?: InboxStatus;
  limit: number;
  offset: number;
}

export interface InboxPage {
  items: InboxDraftDto[];
  total: number;
}

/** POST /api/inbox/{id}/confirm: the confirm dialog's order, and whether to tell the client on WhatsApp. */
export interface ConfirmInboxDraftRequest {
  id: string;
  order: CreateManualOrderRequest;
  sendConfirmation: boolean;
}

export interface DismissInboxDraftRequest {
  id: string;
  reason: string;
}

/** The sidebar's badge polls the number of drafts waiting this often (and after every decision). */
export const INBOX_POLL_MS = 30_000;

const draftUrl = (id: string) => `/api/inbox/${encodeURIComponent(id)}`;

/** The draft and every Inbox list and count (the sidebar's badge included). */
const draftTags = (id: string): Array<TagDescription<TagType>> => [
  { type: 'InboxDraft', id },
  { type: 'InboxDraft', id: 'LIST' },
];

/**
 * A decision refused because the draft moved on (409: confirmed or dismissed by someone else, or
 * still being read; 404: gone): the Inbox is read again, so the screen shows where it is now.
 */
const movedOn = (error: unknown) => isHttpError(error) && (error.status === 409 || error.status === 404);

/** The WhatsApp Inbox (CONTRACT §15): drafts read from messages, seen with orders:read, decided with orders:write. */
export const inboxApi = api.injectEndpoints({
  endpoints: (build) => ({
    getInbox: build.query<InboxPage, InboxQuery>({
      query: ({ status, limit, offset }) => ({ url: '/api/inbox', params: { status, limit, offset } }),
      transformResponse: (items: InboxDraftDto[], meta: HttpMeta | undefined, { offset }) => ({
        items,
        total: totalOf(meta, offset + items.length),
      }),
      providesTags: (page) => listTags('InboxDraft', page?.items),
    }),
    /** How many drafts wait for a clerk: X-Total-Count of a one-row page (the sidebar's badge). */
    getInboxWaitingCount: build.query<number, void>({
      query: () => ({ url: '/api/inbox', params: { status: 'waiting', limit: 1 } }),
      transformResponse: (items: InboxDraftDto[], meta: HttpMeta | undefined) => totalOf(meta, items.length),
      providesTags: [{ type: 'InboxDraft', id: 'LIST' }],
    }),
    /**
     * Makes a pending order of the draft (once, however often it is sent: the server keys the order
     * by the draft), and refreshes the Inbox and everything a new order shows in.
     */
    confirmInboxDraft: build.mutation<InboxConfirmedDto, ConfirmInboxDraftRequest>({
      query: ({ id, order, sendConfirmation }) => ({
        url: `${draftUrl(id)}/confirm`,
        method: 'POST',
        body: { ...order, sendConfirmation },
      }),
      invalidatesTags: (_confirmed, error, { id }) => {
        if (error) return movedOn(error) ? draftTags(id) : [];
        return [
          ...draftTags(id),
          { type: 'Order', id: 'LIST' },
          { type: 'Client', id: 'LIST' },
          'DashboardStats',
          'Analytics',
        ];
      },
    }),
    dismissInboxDraft: build.mutation<InboxDraftDto, DismissInboxDraftRequest>({
      query: ({ id, reason }) => ({ url: `${draftUrl(id)}/dismiss`, method: 'POST', body: { reason } }),
      invalidatesTags: (_draft, error, { id }) => (!error || movedOn(error) ? draftTags(id) : []),
    }),
  }),
});

export const {
  useGetInboxQuery,
  useGetInboxWaitingCountQuery,
  useConfirmInboxDraftMutation,
  useDismissInboxDraftMutation,
} = inboxApi;
