import { api } from '../../../lib/api';
import type { OpenApiDocument } from '../lib/openapi';

/** The partner API's OpenAPI document (public, no envelope): built once by the gateway. */
export const openApiApi = api.injectEndpoints({
  endpoints: (build) => ({
    getOpenApiDocument: build.query<OpenApiDocument, void>({
      query: () => '/api/v1/openapi.json',
    }),
  }),
});

export const { useGetOpenApiDocumentQuery } = openApiApi;
