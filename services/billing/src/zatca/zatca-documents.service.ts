import { randomUUID } from 'node:crypto';
import {
  businessDate,
  businessTime,
  FIRST_PIH,
  Outbox,
  sellerOfQr,
  signInvoice,
  writeZatcaDocument,
  type ZatcaLine,
  type ZatcaParty,
} from '@erp/common';
import {
  AppException,
  BillingErrorCode,
  JobName,
  QueueName,
  type CreditNoteReason,
  type InvoiceZatcaDto,
  type JobEnvelope,
  type RpcMeta,
  type ZatcaDocumentKind,
  type ZatcaMessage,
  type ZatcaStatus,
} from '@erp/contracts';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { BillingConfig } from '../billing.config.js';
import type { InvoiceItemEntity } from '../invoices/invoice-item.entity.js';
import type { InvoiceEntity } from '../invoices/invoice.entity.js';
import { ZatcaProfiles } from './zatca-profile.js';

/** A row of billing.zatca_documents as read. */
interface ZatcaDocumentRow {
  invoice_id: string;
  kind: ZatcaDocumentKind;
  type_code: number;
  uuid: string;
  icv: number;
  pih: string;
  invoice_hash: string;
  qr: string;
  status: ZatcaStatus;
  messages: ZatcaMessage[];
  submitted_at: Date | null;
}

export interface ZatcaSubmitJobData {
  invoiceId: string;
}

/** The job that sends pending documents to ZATCA, in ICV order (zatca-submitter.ts). */
export function zatcaSubmitJobId(invoiceId: string): string {
  return `zatca-${invoiceId}`;
}

const columns = 'invoice_id, kind, type_code, uuid, icv, pih, invoice_hash, qr, status, messages, submitted_at';

/**
 * The ZATCA side of issuing (CONTRACT §12): once the seller is onboarded, every customer invoice
 * and credit note is written as a signed UBL document in the transaction that issues it. The
 * EGS unit's chain row is locked until that commits, so ICVs are 1, 2, 3… without gaps or
 * duplicates, and each PIH is the hash of the document before. Its submission is staged in the
 * same transaction (docs/decisions/0018), so no document is issued without being sent.
 */
@Injectable()
export class ZatcaDocumentsService {
  constructor(
    private readonly profiles: ZatcaProfiles,
    private readonly config: BillingConfig,
    private readonly outbox: Outbox,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {}

  async stamp(
    invoice: InvoiceEntity,
    items: Array<Omit<InvoiceItemEntity, 'id' | 'invoiceId' | 'lineNo'>>,
    meta: RpcMeta,
    manager: EntityManager,
  ): Promise<void> {
    if (invoice.type !== 'customer' && invoice.type !== 'credit_note') return;
    const profile = await this.profiles.current(manager, { forShare: true });
    if (!profile) return;
    const [chain] = (await manager.query(
      `INSERT INTO billing.zatca_chains (egs_serial, last_icv, last_hash) VALUES ($1, 0, $2)
       ON CONFLICT (egs_serial) DO UPDATE SET last_icv = billing.zatca_chains.last_icv
       RETURNING last_icv, last_hash`,
      [profile.egsSerial, FIRST_PIH],
    )) as Array<{ last_icv: number; last_hash: string }>;
    const icv = chain!.last_icv + 1;
    const kind = kindOf(invoice);
    const typeCode = invoice.type === 'credit_note' ? 381 : 388;
    const uuid = randomUUID();
    const unsigned = writeZatcaDocument({
      kind,
      typeCode,
      number: invoice.invoiceNumber,
      uuid,
      issueDate: businessDate(this.config.BUSINESS_TIME_ZONE, invoice.issuedAt),
      issueTime: businessTime(this.config.BUSINESS_TIME_ZONE, invoice.issuedAt),
      icv,
      pih: chain!.last_hash,
      seller: profile.seller,
      buyer: buyerPartyOf(invoice),
      billingReference: invoice.originalInvoiceNumber,
      reason: invoice.type === 'credit_note' ? noteReason(invoice) : null,
      paymentMeansCode:
        invoice.dueDate && invoice.dueDate > businessDate(this.config.BUSINESS_TIME_ZONE, invoice.issuedAt)
          ? '30'
          : '10',
      vatRate: invoice.taxRate,
      lines: items.map(lineOf),
      issued: { subtotal: invoice.subtotal, vat: invoice.taxAmount },
    });
    const signed = signInvoice(unsigned, profile.stamp, invoice.issuedAt);
    await manager.query(
      `INSERT INTO billing.zatca_documents (invoice_id, egs_serial, kind, type_code, uuid, icv, pih, invoice_hash, qr, signed_xml)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
      [
        invoice.id,
        profile.egsSerial,
        kind,
        typeCode,
        uuid,
        icv,
        chain!.last_hash,
        signed.invoiceHash,
        signed.qr,
        signed.xml,
      ],
    );
    await manager.query(`UPDATE billing.zatca_chains SET last_icv = $2, last_hash = $3 WHERE egs_serial = $1`, [
      profile.egsSerial,
      icv,
      signed.invoiceHash,
    ]);
    const job: JobEnvelope<ZatcaSubmitJobData> = { meta, data: { invoiceId: invoice.id } };
    await this.outbox.stage(manager, {
      queue: QueueName.ZatcaSubmit,
      name: JobName.SubmitZatcaDocument,
      jobId: zatcaSubmitJobId(invoice.id),
      data: job,
      // About eight minutes of tries; after that the submitter's sweep asks again (ZATCA_SWEEP_MS).
      options: { attempts: 8, backoff: { type: 'exponential', delay: 2_000 } },
    });
  }

  /** The `zatca` blocks of these invoices (those issued after onboarding). */
  async blocksOf(invoiceIds: string[]): Promise<Map<string, InvoiceZatcaDto>> {
    if (invoiceIds.length === 0) return new Map();
    const rows = (await this.dataSource.query(
      `SELECT ${columns} FROM billing.zatca_documents WHERE invoice_id = ANY($1::uuid[])`,
      [invoiceIds],
    )) as ZatcaDocumentRow[];
    return new Map(rows.map((row) => [row.invoice_id, toZatcaDto(row)]));
  }

  /** The XML of record: what ZATCA cleared, else what was signed. 404 when the invoice has none. */
  async xmlOf(invoiceId: string): Promise<{ xml: string; fileName: string }> {
    const [row] = (await this.dataSource.query(
      `SELECT d.signed_xml, d.cleared_xml, d.qr, i.invoice_number, i.issued_at
         FROM billing.zatca_documents d
         JOIN billing.invoices i ON i.id = d.invoice_id
        WHERE d.invoice_id = $1`,
      [invoiceId],
    )) as Array<{
      signed_xml: string;
      cleared_xml: string | null;
      invoice_number: string;
      issued_at: Date;
      qr: string;
    }>;
    if (!row) {
      throw new AppException(BillingErrorCode.ZatcaNoDocument, 'This invoice has no ZATCA document', { invoiceId });
    }
    const stamp = row.issued_at.toISOString().replace(/[-:]/g, '').slice(0, 15);
    return {
      xml: row.cleared_xml ?? row.signed_xml,
      // The seller's VAT number as the document names it (settings saved since may differ).
      fileName: `${sellerOfQr(row.qr).vatNumber}_${stamp}_${row.invoice_number}.xml`,
    };
  }

  /** The QR of record for the PDF: ZATCA's for a cleared document, else the signed one's; null before onboarding. */
  async qrOf(invoiceId: string): Promise<{ qr: string; kind: ZatcaDocumentKind; releasable: boolean } | null> {
    const [row] = (await this.dataSource.query(
      `SELECT kind, status, qr, cleared_xml FROM billing.zatca_documents WHERE invoice_id = $1`,
      [invoiceId],
    )) as Array<{ kind: ZatcaDocumentKind; status: ZatcaStatus; qr: string; cleared_xml: string | null }>;
    if (!row) return null;
    const clearedQr =
      row.cleared_xml && /<cbc:ID>QR<\/cbc:ID>[\s\S]*?mimeCode="text\/plain">([^<]+)</.exec(row.cleared_xml)?.[1];
    return {
      qr: clearedQr || row.qr,
      kind: row.kind,
      releasable: row.kind === 'simplified' || row.status === 'cleared',
    };
  }
}

/** The document's PDF and QR may be given out: simplified at once, standard once cleared (CONTRACT §12). */
export function assertReleasable(zatca: { releasable: boolean } | null, invoiceId: string): void {
  if (zatca && !zatca.releasable) {
    throw new AppException(BillingErrorCode.ZatcaNotCleared, 'ZATCA has not cleared this invoice yet', { invoiceId });
  }
}

export function toZatcaDto(row: ZatcaDocumentRow): InvoiceZatcaDto {
  return {
    kind: row.kind,
    uuid: row.uuid,
    icv: row.icv,
    pih: row.pih,
    invoiceHash: row.invoice_hash,
    status: row.status,
    messages: row.messages,
    submittedAt: row.submitted_at ? row.submitted_at.toISOString() : null,
  };
}

/**
 * A standard (B2B) document when the buyer is VAT-registered, with the national address ZATCA
 * needs on one (a credit note keeps its invoice's buyer, so it is of its invoice's kind); else a
 * simplified one.
 */
export function kindOf(invoice: Pick<InvoiceEntity, 'buyer'>): ZatcaDocumentKind {
  return invoice.buyer?.vatNumber && invoice.buyer.nationalAddress ? 'standard' : 'simplified';
}

/** The buyer as ZATCA reads it: the registered name (Arabic when on file), VAT number and address. */
function buyerPartyOf(invoice: InvoiceEntity): ZatcaParty | null {
  const buyer = invoice.buyer;
  if (!buyer) return invoice.clientName ? { name: invoice.clientName } : null;
  return {
    name: buyer.nameAr || buyer.name,
    vatNumber: buyer.vatNumber,
    address: buyer.nationalAddress,
  };
}

/** BR-KSA-17: why the note was issued, in both languages, with a return's own words after. */
const noteReasons: Record<CreditNoteReason, string> = {
  order_cancelled: 'Order cancelled - إلغاء الطلب',
  order_reopened: 'Order reopened for changes - إعادة فتح الطلب للتعديل',
  goods_returned: 'Goods returned - إرجاع بضاعة',
};

function noteReason(invoice: InvoiceEntity): string {
  const reason = invoice.reason ? noteReasons[invoice.reason] : 'Credit note - إشعار دائن';
  return invoice.reasonText ? `${reason}: ${invoice.reasonText}` : reason;
}

function lineOf(item: Omit<InvoiceItemEntity, 'id' | 'invoiceId' | 'lineNo'>): ZatcaLine {
  return {
    name: item.itemNameAr ? `${item.itemName} | ${item.itemNameAr}` : item.itemName,
    quantity: item.quantity,
    unitCode: 'PCE',
    unitPrice: item.unitPrice,
    netAmount: item.totalPrice,
  };
}
