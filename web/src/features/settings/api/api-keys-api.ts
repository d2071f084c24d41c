import type { ApiKeyDto, CreateApiKeyDto, CreatedApiKeyDto } from '@erp/contracts';
import { api, listTags } from '../../../lib/api';

export type CreateApiKeyRequest = CreateApiKeyDto;

/** The signed-in user's own API keys. */
export const apiKeysApi = api.injectEndpoints({
  endpoints: (build) => ({
    getApiKeys: build.query<ApiKeyDto[], void>({
      query: () => '/api/api-keys',
      providesTags: (keys) => listTags('ApiKey', keys),
    }),
    /** The answer carries the full key: the only time it is ever shown. */
    createApiKey: build.mutation<CreatedApiKeyDto, CreateApiKeyRequest>({
      query: (body) => ({ url: '/api/api-keys', method: 'POST', body }),
      invalidatesTags: [{ type: 'ApiKey', id: 'LIST' }],
    }),
    deleteApiKey: build.mutation<null, string>({
      query: (id) => ({ url: `/api/api-keys/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: (_result, _error, id) => [
        { type: 'ApiKey', id },
        { type: 'ApiKey', id: 'LIST' },
      ],
    }),
  }),
});

export const { useGetApiKeysQuery, useCreateApiKeyMutation, useDeleteApiKeyMutation } = apiKeysApi;
