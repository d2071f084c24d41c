import type { UpdateWhatsappSettingsDto, WhatsappConnectionTestDto, WhatsappSettingsDto } from '@erp/contracts';
import { api } from '../../../lib/api';

export type { UpdateWhatsappSettingsDto, WhatsappConnectionTestDto, WhatsappSettingsDto };

/** GET/PUT /api/settings/whatsapp and its connection test (admins and owners, CONTRACT §15). */
export const whatsappSettingsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getWhatsappSettings: build.query<WhatsappSettingsDto, void>({
      query: () => '/api/settings/whatsapp',
      providesTags: ['WhatsappSettings'],
    }),
    /** A secret left out keeps the one stored (the answer masks them all). */
    updateWhatsappSettings: build.mutation<WhatsappSettingsDto, UpdateWhatsappSettingsDto>({
      query: (body) => ({ url: '/api/settings/whatsapp', method: 'PUT', body }),
      invalidatesTags: (_settings, error) => (error ? [] : ['WhatsappSettings']),
    }),
    /** Asks Meta for the saved number's name; `ok: false` carries Meta's (or the network's) error. */
    testWhatsappConnection: build.mutation<WhatsappConnectionTestDto, void>({
      query: () => ({ url: '/api/settings/whatsapp/test', method: 'POST' }),
    }),
  }),
});

export const { useGetWhatsappSettingsQuery, useUpdateWhatsappSettingsMutation, useTestWhatsappConnectionMutation } =
  whatsappSettingsApi;
