import { AiParserClient, AppException, ErrorCode, type RpcMeta } from '@erp/contracts';
import { Controller, Get, Headers, HttpCode, Post, Query, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Public } from '../auth/access.decorators.js';
import { RequestMeta } from '../common/request-meta.decorator.js';
import { rawBodyOf } from './raw-body.js';

const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);

/** Meta's signature header: `sha256=` and 64 hex digits. Anything else is malformed (400), not a wrong signature (401). */
const signatureHeader = /^sha256=[0-9a-f]{64}$/i;

function checkedSignature(header: string | undefined): string | null {
  if (header === undefined) return null;
  if (!signatureHeader.test(header)) {
    const message = 'X-Hub-Signature-256 must be sha256= followed by 64 hex digits';
    throw new AppException(ErrorCode.ValidationFailed, message, {
      fields: [{ field: 'x-hub-signature-256', messages: [message] }],
    });
  }
  return header;
}

/**
 * Meta's webhook for the WhatsApp channel (CONTRACT §15, docs/whatsapp.md). Public: Meta signs
 * each delivery with the app secret (X-Hub-Signature-256 over the raw body), which the ai-parser
 * service checks before it keeps anything; a bad signature is 401 and nothing is stored.
 */
@Controller('channels/whatsapp/webhook')
export class WhatsappWebhookController {
  constructor(private readonly aiParser: AiParserClient) {}

  /** The subscribe challenge: `hub.challenge` back as text when `hub.verify_token` is ours, else 403. */
  @Public()
  @Get()
  async verify(
    @Query() query: Record<string, unknown>,
    @RequestMeta() meta: RpcMeta,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const { challenge } = await this.aiParser.verifyWhatsappWebhook(
      {
        mode: text(query['hub.mode']),
        verifyToken: text(query['hub.verify_token']),
        challenge: text(query['hub.challenge']),
      },
      meta,
    );
    await reply.status(200).type('text/plain; charset=utf-8').send(challenge);
  }

  /**
   * A delivery: kept and queued, answered 200 at once (the work is the whatsapp queue's). No
   * signature or another secret's is 401; a header that is no signature at all is 400.
   */
  @Public()
  @Post()
  @HttpCode(200)
  async receive(
    @Req() request: FastifyRequest,
    @Headers('x-hub-signature-256') signature: string | undefined,
    @RequestMeta() meta: RpcMeta,
  ): Promise<{ received: true }> {
    await this.aiParser.receiveWhatsappDelivery(
      { body: rawBodyOf(request), signature: checkedSignature(signature) },
      meta,
    );
    return { received: true };
  }
}
