import {
  AppException,
  BillingErrorCode,
  IdentityClient,
  type CreditNoteReason,
  type CreditReturnDto,
  type ReturnCreditNoteDto,
  type OrderCreditNoteJobData,
  type RpcMeta,
  WebhookEventType,
} from '@erp/contracts';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Decimal } from 'decimal.js';
import type { DataSource, EntityManager } from 'typeorm';
import { dec, moneyJson } from '@erp/common';
import { InvoiceEvents } from '../payments/invoice-events.js';
import { creditNoteContent } from './credit-lines.js';
import type { InvoiceEntity } from './invoice.entity.js';
import { InvoicesRepository } from './invoices.repository.js';
import { lockOrder, InvoicesService, sellerOf } from './invoices.service.js';

/** What a credit note undoes: all that is left of the invoice, or some quantity of some of its lines. */
export interface CreditRequest {
  invoice: InvoiceEntity;
  reason: CreditNoteReason;
  reasonText: string | null;
  returnId: string | null;
  /** Invoice line number → quantity, or everything still uncredited. */
  lines: ReadonlyMap<number, Decimal> | 'all';
}

/**
 * Credit notes (CONTRACT §11, docs/decisions/0015): CN-YYYY-NNNNNN documents that undo an
 * invoice when its order leaves the committed states, or a return of part of it. Issued under
 * the order's lock and the invoice's settlement lock, never beyond what is left uncredited; the
 * settlement records what they took off.
 */
@Injectable()
export class CreditNotesService {
  constructor(
    private readonly invoices: InvoicesRepository,
    private readonly invoicesService: InvoicesService,
    private readonly identity: IdentityClient,
    private readonly events: InvoiceEvents,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {}

  /**
   * The end of an order's commit cycle (the invoice-create job): credits what that cycle's
   * invoice still has uncredited, once. Nothing when the cycle never got an invoice, or when
   * returns already credited all of it.
   */
  async creditOrder(data: OrderCreditNoteJobData, meta: RpcMeta): Promise<InvoiceEntity | null> {
    const { note } = await this.dataSource.transaction(async (manager) => {
      await lockOrder(data.orderId, manager);
      const invoice = await this.invoices.findCustomerInvoiceOf(data.orderId, data.cycle, manager);
      if (!invoice) return { note: null };
      const notes = await this.invoices.findCreditNotesOf(invoice.id, manager);
      const earlier = notes.find((entry) => entry.returnId === null);
      if (earlier) return { note: earlier };
      const request = { invoice, reason: data.reason, reasonText: null, returnId: null, lines: 'all' } as const;
      const issued = await this.issueIn(request, notes, meta, manager);
      if (issued) await this.announce(issued, meta, manager);
      return { note: issued };
    });
    return note;
  }

  /**
   * The credit note of a return (CONTRACT §11), once per return: the returned quantities of the
   * invoice of the return's cycle, each line found by the order line it was issued from (by its
   * place in the order for invoices issued before lines were linked). The invoice is issued first
   * if the worker has not yet. Nulls when nothing is left to credit: the order left its cycle
   * first, and that credit note took everything.
   */
  async creditReturn(data: CreditReturnDto, meta: RpcMeta): Promise<ReturnCreditNoteDto> {
    const invoice = await this.invoicesService.forOrder(data.orderId, data.cycle, meta);
    if (!invoice) return { creditNoteId: null, creditNoteNumber: null };
    const { note } = await this.dataSource.transaction(async (manager) => {
      await lockOrder(data.orderId, manager);
      const earlier = await this.invoices.findCreditNoteOfReturn(data.returnId, manager);
      if (earlier) return { note: earlier };
      const items = await this.invoices.findItems(invoice.id, manager);
      const linked = items.some((item) => item.orderItemId !== null);
      const lines = new Map<number, Decimal>();
      for (const line of data.lines) {
        const item = linked
          ? items.find((entry) => entry.orderItemId === line.orderItemId.toLowerCase())
          : items.find((entry) => entry.lineNo === line.position);
        if (!item) {
          throw new AppException(
            BillingErrorCode.CreditExceeded,
            `The invoice has no line for order line ${line.orderItemId}`,
            {
              invoiceId: invoice.id,
              orderItemId: line.orderItemId,
            },
          );
        }
        lines.set(item.lineNo, (lines.get(item.lineNo) ?? dec(0)).plus(dec(line.quantity)));
      }
      const notes = await this.invoices.findCreditNotesOf(invoice.id, manager);
      // The cycle ended first: its credit note took everything the return would have.
      if (notes.some((entry) => entry.returnId === null)) return { note: null };
      const request = {
        invoice,
        reason: 'goods_returned',
        reasonText: data.reasonText,
        returnId: data.returnId,
        lines,
      } as const;
      const issued = await this.issueIn(request, notes, meta, manager);
      if (issued) await this.announce(issued, meta, manager);
      return { note: issued };
    });
    return { creditNoteId: note?.id ?? null, creditNoteNumber: note?.invoiceNumber ?? null };
  }

  /** In a new credit note's transaction: its PDF's job, and credit_note.issued for webhooks. */
  async announce(note: InvoiceEntity, meta: RpcMeta, manager: EntityManager): Promise<void> {
    await this.invoicesService.queueRender(note, meta, manager);
    await this.events.announce(
      WebhookEventType.CreditNoteIssued,
      {
        creditNoteId: note.id,
        creditNoteNumber: note.invoiceNumber,
        originalInvoiceId: note.originalInvoiceId!,
        originalInvoiceNumber: note.originalInvoiceNumber!,
        orderId: note.orderId,
        orderNumber: note.orderNumber,
        clientId: note.clientId,
        reason: note.reason!,
        totalAmount: moneyJson(note.totalAmount),
        issuedAt: note.issuedAt.toISOString(),
      },
      meta,
      manager,
    );
  }

  /**
   * Issues the credit note of `request` in the caller's transaction, which holds the order's lock.
   * Null when nothing is left to credit. 409 BILLING_CREDIT_EXCEEDED for a line asked beyond what
   * is left of it.
   */
  async issueIn(
    request: CreditRequest,
    earlierNotes: InvoiceEntity[],
    meta: RpcMeta,
    manager: EntityManager,
  ): Promise<InvoiceEntity | null> {
    const { invoice } = request;
    await this.invoices.lockBalance(invoice.id, manager);
    const [invoiceItems, earlierItems] = await Promise.all([
      this.invoices.findItems(invoice.id, manager),
      this.invoices.findItemsOf(
        earlierNotes.map((note) => note.id),
        manager,
      ),
    ]);
    let content;
    try {
      content = creditNoteContent(invoice, invoiceItems, { notes: earlierNotes, items: earlierItems }, request.lines);
    } catch (error) {
      if (!(error instanceof RangeError)) throw error;
      throw new AppException(BillingErrorCode.CreditExceeded, `More than is left to credit: ${error.message}`, {
        invoiceId: invoice.id,
      });
    }
    if (!content) return null;
    const settings = await this.identity.getSettings(meta);
    const issuedAt = new Date();
    const note = await this.invoicesService.issue(
      'CN',
      {
        type: 'credit_note',
        orderId: invoice.orderId,
        orderNumber: invoice.orderNumber,
        receiptId: null,
        clientId: invoice.clientId,
        clientName: invoice.clientName,
        buyer: invoice.buyer,
        supplierId: null,
        supplierName: null,
        supplierInvoiceNumber: null,
        reference: null,
        subtotal: content.subtotal,
        taxRate: invoice.taxRate,
        taxAmount: content.taxAmount,
        totalAmount: content.total,
        currency: invoice.currency,
        seller: sellerOf(settings),
        uploadedFileUrl: null,
        commitCycle: null,
        originalInvoiceId: invoice.id,
        originalInvoiceNumber: invoice.invoiceNumber,
        reason: request.reason,
        reasonText: request.reasonText,
        returnId: request.returnId,
        dueDate: null,
      },
      content.items,
      issuedAt,
      meta,
      manager,
    );
    await this.invoices.addToBalance(invoice.id, { credited: content.total }, manager);
    return note;
  }
}
