import type {
  CreatedWebhookEndpointDto,
  CreateWebhookEndpointDto,
  WebhookDeliveryDto,
  WebhookEndpointDto,
} from '@erp/contracts';
import { api } from '../../../lib/api';

export type CreateWebhookRequest = CreateWebhookEndpointDto;

/** The signed-in user's own webhook endpoints and their delivery logs (docs/api/webhooks.md). */
export const webhooksApi = api.enhanceEndpoints({ addTagTypes: ['Webhook', 'WebhookDelivery'] }).injectEndpoints({
  endpoints: (build) => ({
    getWebhooks: build.query<WebhookEndpointDto[], void>({
      query: () => '/api/webhooks',
      providesTags: (endpoints) => [
        ...(endpoints ?? []).map(({ id }) => ({ type: 'Webhook' as const, id })),
        { type: 'Webhook' as const, id: 'LIST' },
      ],
    }),
    /** The answer carries the signing secret: the only time it is ever shown. */
    createWebhook: build.mutation<CreatedWebhookEndpointDto, CreateWebhookRequest>({
      query: (body) => ({ url: '/api/webhooks', method: 'POST', body }),
      invalidatesTags: [{ type: 'Webhook', id: 'LIST' }],
    }),
    /** Pause or resume, shown at once and undone if the server refuses. */
    setWebhookActive: build.mutation<WebhookEndpointDto, { id: string; isActive: boolean }>({
      query: ({ id, isActive }) => ({
        url: `/api/webhooks/${encodeURIComponent(id)}`,
        method: 'PATCH',
        body: { isActive },
      }),
      async onQueryStarted({ id, isActive }, { dispatch, queryFulfilled }) {
        const patch = dispatch(
          webhooksApi.util.updateQueryData('getWebhooks', undefined, (endpoints) => {
            const endpoint = endpoints.find((candidate) => candidate.id === id);
            if (endpoint) endpoint.isActive = isActive;
          }),
        );
        try {
          await queryFulfilled;
        } catch {
          patch.undo();
        }
      },
    }),
    deleteWebhook: build.mutation<null, string>({
      query: (id) => ({ url: `/api/webhooks/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: (_result, _error, id) => [
        { type: 'Webhook', id },
        { type: 'Webhook', id: 'LIST' },
      ],
    }),
    /** The endpoint's last 50 deliveries, newest first. */
    getWebhookDeliveries: build.query<WebhookDeliveryDto[], string>({
      query: (id) => `/api/webhooks/${encodeURIComponent(id)}/deliveries`,
      providesTags: (_result, _error, id) => [{ type: 'WebhookDelivery', id }],
    }),
    /** Queues a signed `ping` event; its delivery shows up in the log. */
    testWebhook: build.mutation<WebhookDeliveryDto, string>({
      query: (id) => ({ url: `/api/webhooks/${encodeURIComponent(id)}/test`, method: 'POST' }),
      invalidatesTags: (_result, _error, id) => [{ type: 'WebhookDelivery', id }],
    }),
  }),
});

export const {
  useGetWebhooksQuery,
  useCreateWebhookMutation,
  useSetWebhookActiveMutation,
  useDeleteWebhookMutation,
  useGetWebhookDeliveriesQuery,
  useTestWebhookMutation,
} = webhooksApi;
