import type { UpdateZatcaSettingsDto, ZatcaSettingsDto } from '@erp/contracts';
import { api } from '../../../lib/api';

export interface OnboardZatcaRequest {
  /** The 6-digit one-time password from ZATCA's Fatoora portal. */
  otp: string;
}

/** GET/PUT /api/settings/zatca and the onboarding (admins and owners, CONTRACT §12). */
export const zatcaSettingsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getZatcaSettings: build.query<ZatcaSettingsDto, void>({
      query: () => '/api/settings/zatca',
      providesTags: ['ZatcaSettings'],
    }),
    updateZatcaSettings: build.mutation<ZatcaSettingsDto, UpdateZatcaSettingsDto>({
      query: (body) => ({ url: '/api/settings/zatca', method: 'PUT', body }),
      invalidatesTags: ['ZatcaSettings'],
    }),
    /** Onboards the EGS unit; the settings are read again whatever the answer (its status changed). */
    onboardZatca: build.mutation<unknown, OnboardZatcaRequest>({
      query: (body) => ({ url: '/api/settings/zatca/onboard', method: 'POST', body }),
      invalidatesTags: ['ZatcaSettings'],
    }),
  }),
});

export const { useGetZatcaSettingsQuery, useUpdateZatcaSettingsMutation, useOnboardZatcaMutation } = zatcaSettingsApi;
