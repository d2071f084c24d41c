import type { CreateUserDto, UpdateUserDto, UserDto } from '@erp/contracts';
import { api, listTags } from '../../../lib/api';

export type CreateUserRequest = CreateUserDto;

export interface UpdateUserRequest extends UpdateUserDto {
  id: string;
}

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
  }),
});

export const { useGetUsersQuery, useCreateUserMutation, useUpdateUserMutation, useDeleteUserMutation } = usersApi;
