import type { ApiKeyDto, CreateUserDto, ResetPasswordDto, UpdateUserDto, UserDto } from '@erp/contracts';
import { api, listTags } from '../../../lib/api';

export type CreateUserRequest = CreateUserDto;

export interface UpdateUserRequest extends UpdateUserDto {
  id: string;
}

export interface ResetPasswordRequest extends ResetPasswordDto {
  id: string;
}

/** One user's keys are tagged by key, plus a list tag of their own. */
const userKeysTag = (userId: string) => ({ type: 'ApiKey' as const, id: `USER-${userId}` });

export const usersApi = api.injectEndpoints({
  endpoints: (build) => ({
    getUsers: build.query<UserDto[], void>({
      query: () => '/api/users',
      providesTags: (users) => listTags('User', users),
    }),
    /** Created by an admin or owner: approved at once. */
    createUser: build.mutation<UserDto, CreateUserRequest>({
      query: (body) => ({ url: '/api/users', method: 'POST', body }),
      invalidatesTags: [{ type: 'User', id: 'LIST' }],
    }),
    updateUser: build.mutation<UserDto, UpdateUserRequest>({
      query: ({ id, ...changes }) => ({ url: `/api/users/${encodeURIComponent(id)}`, method: 'PATCH', body: changes }),
      // The signed-in user may have changed their own role: the session is read again too.
      invalidatesTags: (_user, _error, { id }) => [{ type: 'User', id }, { type: 'User', id: 'LIST' }, 'CurrentUser'],
    }),
    deleteUser: build.mutation<null, string>({
      query: (id) => ({ url: `/api/users/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: (_result, _error, id) => [
        { type: 'User', id },
        { type: 'User', id: 'LIST' },
      ],
    }),
    /** 204; every session of that user ends (CONTRACT §14). */
    resetPassword: build.mutation<null, ResetPasswordRequest>({
      query: ({ id, newPassword }) => ({
        url: `/api/users/${encodeURIComponent(id)}/password`,
        method: 'POST',
        body: { newPassword },
      }),
    }),
    /** A user's API keys, masked (admin/owner). */
    getUserApiKeys: build.query<ApiKeyDto[], string>({
      query: (userId) => `/api/users/${encodeURIComponent(userId)}/api-keys`,
      providesTags: (keys, _error, userId) => [
        ...(keys ?? []).map(({ id }) => ({ type: 'ApiKey' as const, id })),
        userKeysTag(userId),
      ],
    }),
    revokeUserApiKey: build.mutation<null, { userId: string; keyId: string }>({
      query: ({ userId, keyId }) => ({
        url: `/api/users/${encodeURIComponent(userId)}/api-keys/${encodeURIComponent(keyId)}`,
        method: 'DELETE',
      }),
      // The admin's own key may be among them: their own list (Settings) is read again too.
      invalidatesTags: (_result, _error, { userId, keyId }) => [
        { type: 'ApiKey', id: keyId },
        userKeysTag(userId),
        { type: 'ApiKey', id: 'LIST' },
      ],
    }),
  }),
});

export const {
  useGetUsersQuery,
  useCreateUserMutation,
  useUpdateUserMutation,
  useDeleteUserMutation,
  useResetPasswordMutation,
  useGetUserApiKeysQuery,
  useRevokeUserApiKeyMutation,
} = usersApi;
