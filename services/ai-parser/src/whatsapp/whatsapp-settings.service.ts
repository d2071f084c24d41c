import { SecretBox } from '@erp/common';
import {
  AiErrorCode,
  AppException,
  DEFAULT_GRAPH_BASE_URL,
  WHATSAPP_WEBHOOK_PATH,
  type UpdateWhatsappSettingsDto,
  type WhatsappConnectionTestDto,
  type WhatsappSettingsDto,
} from '@erp/contracts';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { join } from 'node:path';
import { AiParserConfig } from '../ai-parser.config.js';
import { GraphApi, GraphError, type GraphConnection } from './graph-api.js';
import { WhatsappRepository, type SettingsRow } from './whatsapp.repository.js';

/** The settings with their secrets opened: what the channel works with, never answered or logged. */
export interface WhatsappChannel extends GraphConnection {
  appSecret: string;
  verifyToken: string | null;
  confirmationTemplate: string | null;
  templateLanguage: string;
}

/** `••••` and the last four characters: enough to tell two secrets apart, not to use one. */
function mask(secret: string | null): string | null {
  return secret === null ? null : `••••${secret.length > 8 ? secret.slice(-4) : ''}`;
}

/**
 * The channel's settings (CONTRACT §15): admins and owners write them through the gateway; the
 * access token, app secret and verify token are sealed at rest with WHATSAPP_SECRET_KEY (or the
 * key file <ERP_DATA_DIR>/whatsapp-secret.key) and answered masked.
 */
@Injectable()
export class WhatsappSettingsService {
  private readonly logger = new Logger(WhatsappSettingsService.name);
  private readonly box: SecretBox;

  constructor(
    @Inject(AiParserConfig) private readonly config: AiParserConfig,
    private readonly repository: WhatsappRepository,
    private readonly graph: GraphApi,
  ) {
    this.box = SecretBox.fromConfig(
      config.WHATSAPP_SECRET_KEY || undefined,
      join(config.ERP_DATA_DIR, 'whatsapp-secret.key'),
      'WHATSAPP_SECRET_KEY',
    );
  }

  async get(): Promise<WhatsappSettingsDto> {
    return this.answer(await this.repository.settings());
  }

  async update(dto: UpdateWhatsappSettingsDto, actorId: string | null): Promise<WhatsappSettingsDto> {
    const stored = await this.repository.settings();
    // Left out: keep the stored one; null: remove it; a value: seal it.
    const secret = (given: string | null | undefined, sealed: string | null | undefined): string | null =>
      given === undefined ? (sealed ?? null) : given === null ? null : this.box.seal(given);
    await this.repository.saveSettings(
      {
        phone_number_id: dto.phoneNumberId,
        access_token_sealed: secret(dto.accessToken, stored?.access_token_sealed),
        app_secret_sealed: secret(dto.appSecret, stored?.app_secret_sealed),
        verify_token_sealed: secret(dto.verifyToken, stored?.verify_token_sealed),
        graph_base_url: (dto.graphBaseUrl ?? stored?.graph_base_url ?? DEFAULT_GRAPH_BASE_URL).replace(/\/+$/, ''),
        confirmation_template:
          dto.confirmationTemplate === undefined ? (stored?.confirmation_template ?? null) : dto.confirmationTemplate,
        template_language: dto.templateLanguage ?? stored?.template_language ?? 'ar',
      },
      actorId,
    );
    this.logger.log({ actorId, phoneNumberId: dto.phoneNumberId }, 'whatsapp settings saved');
    return this.get();
  }

  /** The channel with its secrets, or null while it is not set up. */
  async channel(): Promise<WhatsappChannel | null> {
    const row = await this.repository.settings();
    if (!row?.access_token_sealed || !row.app_secret_sealed) return null;
    return {
      phoneNumberId: row.phone_number_id,
      graphBaseUrl: row.graph_base_url,
      accessToken: this.box.open(row.access_token_sealed),
      appSecret: this.box.open(row.app_secret_sealed),
      verifyToken: row.verify_token_sealed ? this.box.open(row.verify_token_sealed) : null,
      confirmationTemplate: row.confirmation_template,
      templateLanguage: row.template_language,
    };
  }

  /** The channel, or 409 WHATSAPP_NOT_CONNECTED. */
  async requireChannel(): Promise<WhatsappChannel> {
    const channel = await this.channel();
    if (!channel) {
      throw new AppException(
        AiErrorCode.WhatsappNotConnected,
        'WhatsApp is not connected: set the phone number id, access token and app secret in Settings',
      );
    }
    return channel;
  }

  async test(): Promise<WhatsappConnectionTestDto> {
    const channel = await this.requireChannel();
    try {
      return { ok: true, ...(await this.graph.phoneNumber(channel)) };
    } catch (error) {
      if (!(error instanceof GraphError)) throw error;
      return { ok: false, error: error.message };
    }
  }

  private answer(row: SettingsRow | null): WhatsappSettingsDto {
    const open = (sealed: string | null | undefined): string | null => (sealed ? this.box.open(sealed) : null);
    return {
      connected: Boolean(row?.access_token_sealed && row.app_secret_sealed),
      phoneNumberId: row?.phone_number_id ?? null,
      graphBaseUrl: row?.graph_base_url ?? DEFAULT_GRAPH_BASE_URL,
      accessToken: mask(open(row?.access_token_sealed)),
      appSecret: mask(open(row?.app_secret_sealed)),
      verifyToken: mask(open(row?.verify_token_sealed)),
      confirmationTemplate: row?.confirmation_template ?? null,
      templateLanguage: row?.template_language ?? 'ar',
      webhookPath: WHATSAPP_WEBHOOK_PATH,
      updatedAt: row?.updated_at ? new Date(row.updated_at).toISOString() : null,
    };
  }
}
