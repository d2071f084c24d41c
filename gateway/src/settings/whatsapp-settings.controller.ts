import {
  AiParserClient,
  UpdateWhatsappSettingsDto,
  type RpcMeta,
  type WhatsappConnectionTestDto,
  type WhatsappSettingsDto,
} from '@erp/contracts';
import { Body, Controller, Get, HttpCode, Post, Put } from '@nestjs/common';
import { AdminOnly } from '../auth/access.decorators.js';
import { RequestMeta } from '../common/request-meta.decorator.js';

/**
 * The WhatsApp channel's settings (CONTRACT §15, docs/whatsapp.md): admins and owners only. The
 * access token, app secret and verify token are write-only: answers mask them.
 */
@Controller('settings/whatsapp')
export class WhatsappSettingsController {
  constructor(private readonly aiParser: AiParserClient) {}

  @AdminOnly()
  @Get()
  get(@RequestMeta() meta: RpcMeta): Promise<WhatsappSettingsDto> {
    return this.aiParser.getWhatsappSettings(meta);
  }

  /** A secret left out or empty keeps the stored one; `null` removes it. */
  @AdminOnly()
  @Put()
  update(@Body() dto: UpdateWhatsappSettingsDto, @RequestMeta() meta: RpcMeta): Promise<WhatsappSettingsDto> {
    return this.aiParser.updateWhatsappSettings(dto, meta);
  }

  /** Asks Meta about the number with the stored settings: `{ ok, displayPhoneNumber, verifiedName }` or `{ ok: false, error }`. */
  @AdminOnly()
  @Post('test')
  @HttpCode(200)
  test(@RequestMeta() meta: RpcMeta): Promise<WhatsappConnectionTestDto> {
    return this.aiParser.testWhatsappConnection(meta);
  }
}
