import type { DemoRequestDto, UpdateUserStatusDto, UserDto } from '@erp/contracts';
import { api, listTags } from '../../../lib/api';

export interface UserStatusChange extends UpdateUserStatusDto {
  id: string;
}

export const userApprovalsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Every user, newest first (admin/owner). */
    getAdminUsers: build.query<UserDto[], void>({
      query: () => '/api/admin/users',
      providesTags: (users) => listTags('User', users),
    }),
    getDemoRequests: build.query<DemoRequestDto[], void>({
      query: () => '/api/admin/demo-requests',
      providesTags: (requests) => listTags('DemoRequest', requests),
    }),
    /** Approve or reject (the screen offers it on pending users only). */
    updateUserStatus: build.mutation<UserDto, UserStatusChange>({
      query: ({ id, status }) => ({
        url: `/api/admin/users/${encodeURIComponent(id)}/status`,
        method: 'PATCH',
        body: { status },
      }),
      invalidatesTags: (_user, _error, { id }) => [
        { type: 'User', id },
        { type: 'User', id: 'LIST' },
      ],
    }),
  }),
});

export const { useGetAdminUsersQuery, useGetDemoRequestsQuery, useUpdateUserStatusMutation } = userApprovalsApi;
