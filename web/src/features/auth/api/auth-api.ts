import type { ChangePasswordDto, LoginDto, RegisterDto, UserDto } from '@erp/contracts';
import { api } from '../../../lib/api';

/** The signed-in user as `GET /api/user` answers it (never with a password). */
export type CurrentUser = UserDto;

export type LoginRequest = LoginDto;

/** `role` is always staff; the server ignores it anyway (CONTRACT §1). */
export type RegisterRequest = RegisterDto & { role: 'staff' };

/** 201 of POST /api/register: the account waits for approval and is not signed in. */
export interface RegisterResponse {
  message?: string;
  user?: UserDto;
}

export type ChangePasswordRequest = ChangePasswordDto;

export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** `null` when signed out: a 401 here is an answer, not an error (SPEC §8). */
    getCurrentUser: build.query<CurrentUser | null, void>({
      async queryFn(_arg, _api, _extraOptions, baseQuery) {
        const result = await baseQuery('/api/user');
        if (result.error) {
          if (result.error.status === 401) return { data: null };
          return { error: result.error };
        }
        return { data: (result.data as CurrentUser | null) ?? null };
      },
      providesTags: ['CurrentUser'],
    }),
    login: build.mutation<CurrentUser, LoginRequest>({
      query: (body) => ({ url: '/api/login', method: 'POST', body }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        try {
          const { data: user } = await queryFulfilled;
          void dispatch(authApi.util.upsertQueryData('getCurrentUser', undefined, user));
        } catch {
          // The form shows the error.
        }
      },
    }),
    register: build.mutation<RegisterResponse, RegisterRequest>({
      query: (body) => ({ url: '/api/register', method: 'POST', body }),
    }),
    logout: build.mutation<null, void>({
      query: () => ({ url: '/api/auth/logout', method: 'POST' }),
    }),
    /** 204; the user's other sessions end, this one stays (CONTRACT §14). */
    changePassword: build.mutation<null, ChangePasswordRequest>({
      query: (body) => ({ url: '/api/user/password', method: 'POST', body }),
    }),
  }),
});

export const {
  useGetCurrentUserQuery,
  useLoginMutation,
  useRegisterMutation,
  useLogoutMutation,
  useChangePasswordMutation,
} = authApi;
