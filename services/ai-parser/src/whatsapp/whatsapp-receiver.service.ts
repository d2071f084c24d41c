import {
  AiErrorCode,
  AppException,
  JobName,
  QueueName,
  type RpcMeta,
  type WhatsappChallengeDto,
  type WhatsappDeliveryDto,
} from '@erp/contracts';
import { InjectQueue } from '@nestjs/bullmq';
import { Injectable, Logger } from '@nestjs/common';
import type { Queue } from 'bullmq';
import { timingSafeEqual } from 'node:crypto';
import { isSignedBy } from './signature.js';
import { WhatsappRepository } from './whatsapp.repository.js';
import { WhatsappSettingsService } from './whatsapp-settings.service.js';

/** How long a delivery's queueing is waited for before Meta is answered anyway. */
const QUEUE_WAIT_MS = 2_000;

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a, 'utf8');
  const right = Buffer.from(b, 'utf8');
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * The webhook's two doors (CONTRACT §15): Meta's subscribe challenge, and deliveries, each checked
 * against the app secret (X-Hub-Signature-256 over the raw body), kept as they arrived (the audit
 * trail and the work to do), then queued. The answer does not wait for the work: Meta is answered
 * as soon as the delivery is kept, and a delivery whose job was lost is queued again by the sweeper.
 */
@Injectable()
export class WhatsappReceiverService {
  private readonly logger = new Logger(WhatsappReceiverService.name);

  constructor(
    private readonly settings: WhatsappSettingsService,
    private readonly repository: WhatsappRepository,
    @InjectQueue(QueueName.Whatsapp) private readonly queue: Queue,
  ) {}

  async verify(dto: WhatsappChallengeDto): Promise<{ challenge: string }> {
    const channel = await this.settings.channel();
    const expected = channel?.verifyToken;
    if (
      dto.mode !== 'subscribe' ||
      !dto.challenge ||
      !expected ||
      !dto.verifyToken ||
      !sameText(dto.verifyToken, expected)
    ) {
      throw new AppException(AiErrorCode.WhatsappVerifyFailed, 'The verify token is not the one set in Settings');
    }
    return { challenge: dto.challenge };
  }

  async receive(dto: WhatsappDeliveryDto, meta: RpcMeta): Promise<{ deliveryId: string }> {
    const channel = await this.settings.channel();
    if (!channel || !isSignedBy(dto.body, dto.signature, channel.appSecret)) {
      this.logger.warn(
        { requestId: meta.requestId, connected: Boolean(channel) },
        'whatsapp delivery refused: bad signature',
      );
      throw new AppException(AiErrorCode.WhatsappSignatureInvalid, 'The delivery is not signed with the app secret');
    }
    const deliveryId = await this.repository.addDelivery(dto.body);
    await this.queueDelivery(deliveryId, meta);
    return { deliveryId };
  }

  /**
   * Queues a kept delivery, waiting at most QUEUE_WAIT_MS: when Redis is down it stays kept, Meta
   * is answered, and the sweeper queues it later.
   */
  async queueDelivery(deliveryId: string, meta: RpcMeta): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        this.queue.add(JobName.WhatsappDelivery, { meta, data: { deliveryId } }, { jobId: `delivery-${deliveryId}` }),
        new Promise((_resolve, reject) => {
          timer = setTimeout(() => reject(new Error('Redis did not answer in time')), QUEUE_WAIT_MS);
        }),
      ]);
    } catch (error) {
      this.logger.warn({ requestId: meta.requestId, deliveryId, err: error }, 'whatsapp delivery kept, not queued yet');
    } finally {
      clearTimeout(timer);
    }
  }
}
