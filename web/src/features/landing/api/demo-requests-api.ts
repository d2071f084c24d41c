import type { CreateDemoRequestDto, DemoRequestDto } from '@erp/contracts';
import { api } from '../../../lib/api';

/** SPEC §3 demo_requests: all required except the message. */
export type DemoRequestInput = Required<CreateDemoRequestDto>;

export interface DemoRequestResponse {
  demoRequest?: DemoRequestDto;
}

export const demoRequestsApi = api.injectEndpoints({
  endpoints: (build) => ({
    createDemoRequest: build.mutation<DemoRequestResponse | null, DemoRequestInput>({
      query: (body) => ({ url: '/api/demo-requests', method: 'POST', body }),
      invalidatesTags: [{ type: 'DemoRequest', id: 'LIST' }],
    }),
  }),
});

export const { useCreateDemoRequestMutation } = demoRequestsApi;
