import type { CompanySettingsDto, UpdateSettingsDto } from '@erp/contracts';
import { api } from '../../../lib/api';

export interface UploadLogoRequest {
  /** The image as a data URL (`data:image/png;base64,...`). */
  imageBase64: string;
}

export const settingsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getSettings: build.query<CompanySettingsDto, void>({
      query: () => '/api/settings',
      providesTags: ['Settings'],
    }),
    /** Admin/owner: any subset of the company settings. */
    updateSettings: build.mutation<CompanySettingsDto, UpdateSettingsDto>({
      query: (body) => ({ url: '/api/settings', method: 'PATCH', body }),
      invalidatesTags: ['Settings'],
    }),
    uploadLogo: build.mutation<CompanySettingsDto, UploadLogoRequest>({
      query: (body) => ({ url: '/api/settings/upload-logo', method: 'POST', body }),
      invalidatesTags: ['Settings'],
    }),
  }),
});

export const { useGetSettingsQuery, useUpdateSettingsMutation, useUploadLogoMutation } = settingsApi;
