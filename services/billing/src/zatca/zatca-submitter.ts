import {
  JobName,
  QueueName,
  WebhookEventType,
  type JobEnvelope,
  type RpcMeta,
  type ZatcaMessage,
} from '@erp/contracts';
import { InjectQueue } from '@nestjs/bullmq';
import { Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Queue } from 'bullmq';
import type { DataSource } from 'typeorm';
import { BillingConfig } from '../billing.config.js';
import { InvoiceEvents } from '../payments/invoice-events.js';
import type { FatooraOutcome } from './fatoora-api.js';
import type { ZatcaSubmitJobData } from './zatca-documents.service.js';
import { ZatcaProfiles } from './zatca-profile.js';

interface PendingRow {
  invoice_id: string;
  invoice_number: string;
  invoice_type: string;
  kind: 'standard' | 'simplified';
  uuid: string;
  icv: number;
  invoice_hash: string;
  signed_xml: string;
}

/** Thrown to have BullMQ try again later (with backoff): ZATCA did not answer, or refused our credentials. */
export class ZatcaNotReached extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ZatcaNotReached';
  }
}

/**
 * Sends pending documents to ZATCA, one at a time and oldest ICV first, whoever asks: one
 * PostgreSQL advisory lock per EGS chain keeps two workers (or two billing processes) from
 * sending at once, so ZATCA sees the chain in order. A document that got no answer stays
 * pending and is sent again, first, on the next try: the chain is never broken and ZATCA,
 * which keys documents by UUID and hash, counts it once. An answer is final: cleared or
 * reported (with its warnings), or rejected with ZATCA's messages; each is announced by webhook.
 */
@Injectable()
export class ZatcaSubmitter implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(ZatcaSubmitter.name);
  private sweeper: NodeJS.Timeout | undefined;

  constructor(
    private readonly profiles: ZatcaProfiles,
    private readonly events: InvoiceEvents,
    private readonly config: BillingConfig,
    @InjectQueue(QueueName.ZatcaSubmit) private readonly queue: Queue,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {}

  onApplicationBootstrap(): void {
    this.sweeper = setInterval(() => void this.sweep(), this.config.ZATCA_SWEEP_MS);
    this.sweeper.unref();
    void this.sweep();
  }

  onModuleDestroy(): void {
    clearInterval(this.sweeper);
  }

  /**
   * Asks again for every document still pending (a job's tries ran out during a long outage, or
   * the process stopped): one job up to the newest pending ICV, under a fresh id.
   */
  async sweep(): Promise<void> {
    try {
      const [newest] = (await this.dataSource.query(
        `SELECT invoice_id FROM billing.zatca_documents WHERE status = 'pending' ORDER BY icv DESC LIMIT 1`,
      )) as Array<{ invoice_id: string }>;
      if (!newest) return;
      const data: JobEnvelope<ZatcaSubmitJobData> = {
        meta: { requestId: 'zatca-sweep' },
        data: { invoiceId: newest.invoice_id },
      };
      await this.queue.add(JobName.SubmitZatcaDocument, data, {
        jobId: `zatca-sweep-${Math.floor(Date.now() / this.config.ZATCA_SWEEP_MS)}`,
        removeOnComplete: true,
      });
    } catch (error) {
      this.logger.warn(`ZATCA sweep failed: ${String(error)}`);
    }
  }

  async submitThrough(job: JobEnvelope<ZatcaSubmitJobData>): Promise<void> {
    const profile = await this.profiles.current();
    if (!profile) throw new ZatcaNotReached('the EGS unit is not onboarded');
    const runner = this.dataSource.createQueryRunner();
    await runner.connect();
    try {
      await runner.query(`SELECT pg_advisory_lock(hashtextextended($1, 0))`, [`zatca-chain:${profile.egsSerial}`]);
      try {
        const [target] = (await runner.query(`SELECT icv FROM billing.zatca_documents WHERE invoice_id = $1`, [
          job.data.invoiceId,
        ])) as Array<{ icv: number }>;
        if (!target) return;
        const pending = (await runner.query(
          `SELECT d.invoice_id, i.invoice_number, i.type AS invoice_type, d.kind, d.uuid, d.icv, d.invoice_hash, d.signed_xml
             FROM billing.zatca_documents d JOIN billing.invoices i ON i.id = d.invoice_id
            WHERE d.status = 'pending' AND d.egs_serial = $1 AND d.icv <= $2
            ORDER BY d.icv`,
          [profile.egsSerial, target.icv],
        )) as PendingRow[];
        for (const row of pending) await this.submitOne(row, job.meta);
      } finally {
        await runner.query(`SELECT pg_advisory_unlock(hashtextextended($1, 0))`, [`zatca-chain:${profile.egsSerial}`]);
      }
    } finally {
      await runner.release();
    }
  }

  private async submitOne(row: PendingRow, meta: RpcMeta): Promise<void> {
    const profile = await this.profiles.current();
    if (!profile) throw new ZatcaNotReached('the EGS unit is not onboarded');
    const api = this.profiles.api(profile.environment);
    const submission = {
      invoiceHash: row.invoice_hash,
      uuid: row.uuid,
      invoice: Buffer.from(row.signed_xml, 'utf8').toString('base64'),
    };
    const outcome =
      row.kind === 'standard'
        ? await api.clear(profile.production, submission)
        : await api.report(profile.production, submission);
    if (outcome.kind === 'unavailable' || outcome.kind === 'unauthorized') {
      const reason =
        outcome.kind === 'unavailable'
          ? outcome.reason
          : `ZATCA refused the production CSID (${outcome.status}): ${outcome.messages.map((m) => m.message).join('; ')}`;
      await this.dataSource.query(
        `UPDATE billing.zatca_documents SET attempts = attempts + 1, last_error = $2 WHERE invoice_id = $1`,
        [row.invoice_id, reason],
      );
      this.logger.warn(`${row.invoice_number} (ICV ${row.icv}) not sent to ZATCA: ${reason}; it will be sent again`);
      throw new ZatcaNotReached(reason);
    }
    await this.record(row, outcome, meta);
  }

  private async record(
    row: PendingRow,
    outcome: Exclude<FatooraOutcome<{ clearedInvoice?: string | null }>, { kind: 'unavailable' | 'unauthorized' }>,
    meta: RpcMeta,
  ): Promise<void> {
    const accepted = outcome.kind === 'accepted';
    const status = !accepted ? 'rejected' : row.kind === 'standard' ? 'cleared' : 'reported';
    const clearedBase64 = accepted ? outcome.body.clearedInvoice : null;
    const clearedXml = clearedBase64 ? Buffer.from(clearedBase64, 'base64').toString('utf8') : null;
    const messages: ZatcaMessage[] = outcome.messages;
    await this.dataSource.transaction(async (manager) => {
      const updated = (await manager.query(
        `UPDATE billing.zatca_documents
            SET status = $2, messages = $3::jsonb, cleared_xml = $4, submitted_at = now(), attempts = attempts + 1, last_error = NULL
          WHERE invoice_id = $1 AND status = 'pending'
          RETURNING invoice_id`,
        [row.invoice_id, status, JSON.stringify(messages), clearedXml],
      )) as [unknown[], number];
      if (updated[1] === 0) return;
      await this.events.announce(
        accepted ? WebhookEventType.InvoiceCleared : WebhookEventType.InvoiceRejected,
        {
          invoiceId: row.invoice_id,
          invoiceNumber: row.invoice_number,
          invoiceType: row.invoice_type === 'credit_note' ? 'credit_note' : 'invoice',
          zatcaStatus: status,
          uuid: row.uuid,
          icv: row.icv,
          invoiceHash: row.invoice_hash,
          messages: messages.map(({ type, code, message }) => ({ type, code, message })),
          at: new Date().toISOString(),
        },
        meta,
        manager,
      );
    });
    if (!accepted) {
      this.logger.warn(
        `${row.invoice_number} (ICV ${row.icv}) rejected by ZATCA: ${messages.map((m) => m.code).join(', ')}`,
      );
    }
  }
}
