import { businessDate, createOnce, dec, moneyColumn, moneyJson } from '@erp/common';
import {
  AppException,
  BillingErrorCode,
  WebhookEventType,
  type ClientBalanceDto,
  type DeletePaymentRequestDto,
  type InvoicedCycleDto,
  type PaymentDto,
  type RecordPaymentRequestDto,
  type RpcMeta,
} from '@erp/contracts';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { BillingConfig } from '../billing.config.js';
import type { InvoiceEntity } from '../invoices/invoice.entity.js';
import { isReceivable } from '../invoices/invoice.mapper.js';
import { InvoicesRepository } from '../invoices/invoices.repository.js';
import { InvoiceEvents } from './invoice-events.js';
import { PaymentEntity } from './payment.entity.js';
import { toPaymentDto } from './payment.mapper.js';

/** A day without a time ("2026-11-20"): noon UTC, which is that day in every Gulf time zone. */
const DAY_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Payments against customer invoices (CONTRACT §11, docs/decisions/0015): recorded and taken back
 * under the invoice's settlement lock, so payments at once never pay more than is due; the
 * invoice itself never changes, its settlement (invoice_balances) does.
 */
@Injectable()
export class PaymentsService {
  constructor(
    private readonly invoices: InvoicesRepository,
    private readonly events: InvoiceEvents,
    private readonly config: BillingConfig,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {}

  /** A payment; with an idempotency key, exactly once: a repeat answers the first payment, even once the invoice is paid. */
  async record(request: RecordPaymentRequestDto, meta: RpcMeta): Promise<PaymentDto> {
    const paidAt = this.paidAtOf(request.paidAt);
    const amount = dec(request.amount);
    const { result } = await this.dataSource.transaction((manager) =>
      createOnce(manager, 'billing', 'record-payment', request.idempotency, {
        findEarlier: (id) => this.paymentWithInvoice(id, request.invoiceId, manager),
        idOf: ({ payment }) => payment.id,
        create: async () => {
          const invoice = await this.payableInvoice(request.invoiceId, manager);
          const balance = await this.invoices.lockBalance(invoice.id, manager);
          const due = dec(balance!.balanceDue);
          if (due.lte(0)) {
            throw new AppException(
              BillingErrorCode.PaymentNotAccepted,
              `Nothing is left to pay on ${invoice.invoiceNumber}`,
              {
                invoiceId: invoice.id,
                paymentStatus: balance!.paymentStatus,
              },
            );
          }
          if (amount.gt(due)) {
            throw new AppException(
              BillingErrorCode.PaymentExceedsBalance,
              `The payment is more than the ${moneyJson(due)} left to pay on ${invoice.invoiceNumber}`,
              { invoiceId: invoice.id, balanceDue: moneyJson(due), amount: moneyJson(amount) },
            );
          }
          const repository = manager.getRepository(PaymentEntity);
          const payment = await repository.save(
            repository.create({
              invoiceId: invoice.id,
              clientId: invoice.clientId,
              amount: moneyColumn(amount),
              method: request.method,
              reference: request.reference ?? null,
              paidAt,
              createdBy: meta.userId ?? null,
              deletedAt: null,
              deletedBy: null,
              deleteReason: null,
            }),
          );
          await this.invoices.addToBalance(invoice.id, { paid: moneyColumn(amount) }, manager);
          // Partners know invoices, not the balances brought forward from the previous system.
          if (amount.eq(due) && invoice.type === 'customer') await this.announcePaid(invoice, payment, meta, manager);
          return { invoice, payment };
        },
      }),
    );
    return toPaymentDto(result.payment, result.invoice.invoiceNumber);
  }

  /** A payment of this invoice with the invoice, as an earlier request recorded it; null when there is none. */
  private async paymentWithInvoice(
    paymentId: string,
    invoiceId: string,
    manager: EntityManager,
  ): Promise<{ invoice: InvoiceEntity; payment: PaymentEntity } | null> {
    const payment = await manager.getRepository(PaymentEntity).findOneBy({ id: paymentId, invoiceId });
    const invoice = payment ? await this.invoices.findById(invoiceId, manager) : null;
    return payment && invoice ? { invoice, payment } : null;
  }

  /** Every payment of the invoice, deleted ones too (they say who took them back and why), oldest first. */
  async list(invoiceId: string): Promise<PaymentDto[]> {
    const invoice = await this.invoices.findById(invoiceId);
    if (!invoice) throw invoiceNotFound(invoiceId);
    const payments = await this.dataSource
      .getRepository(PaymentEntity)
      .find({ where: { invoiceId }, order: { paidAt: 'ASC', createdAt: 'ASC' } });
    return payments.map((payment) => toPaymentDto(payment, invoice.invoiceNumber));
  }

  /** Takes a payment back: it stays, marked with who, when and why, and no longer counts. */
  async delete(request: DeletePaymentRequestDto, meta: RpcMeta): Promise<PaymentDto> {
    const { invoice, payment } = await this.dataSource.transaction(async (manager) => {
      const invoice = await this.invoices.findById(request.invoiceId, manager);
      if (!invoice) throw invoiceNotFound(request.invoiceId);
      await this.invoices.lockBalance(invoice.id, manager);
      const repository = manager.getRepository(PaymentEntity);
      const payment = await repository.findOneBy({ id: request.paymentId, invoiceId: invoice.id });
      if (!payment) {
        throw new AppException(BillingErrorCode.PaymentNotFound, `Payment not found: ${request.paymentId}`, {
          id: request.paymentId,
        });
      }
      if (payment.deletedAt) {
        throw new AppException(BillingErrorCode.PaymentAlreadyDeleted, 'This payment was already deleted', {
          id: payment.id,
          deletedAt: payment.deletedAt.toISOString(),
        });
      }
      payment.deletedAt = new Date();
      payment.deletedBy = meta.userId ?? null;
      payment.deleteReason = request.reason;
      await repository.save(payment);
      await this.invoices.addToBalance(invoice.id, { paid: dec(payment.amount).neg().toFixed(2) }, manager);
      return { invoice, payment };
    });
    return toPaymentDto(payment, invoice.invoiceNumber);
  }

  /** What each client owes on its customer invoices, and how much of it is past due, in the order asked. */
  async clientBalances(clientIds: string[]): Promise<ClientBalanceDto[]> {
    if (clientIds.length === 0) return [];
    const rows: { client_id: string; balance: string; overdue: string }[] = await this.dataSource.query(
      `SELECT client_id,
              sum(balance_due) AS balance,
              coalesce(sum(balance_due) FILTER (WHERE balance_due > 0 AND due_date < $2), 0) AS overdue
         FROM billing.invoice_balances
        WHERE client_id = ANY($1::uuid[])
        GROUP BY client_id`,
      [clientIds, this.today()],
    );
    const byClient = new Map(rows.map((row) => [row.client_id, row]));
    return clientIds.map((clientId) => {
      const row = byClient.get(clientId.toLowerCase());
      return { clientId, balance: moneyJson(row?.balance ?? '0'), overdueBalance: moneyJson(row?.overdue ?? '0') };
    });
  }

  /** The commit cycles of these orders whose customer invoice is issued (the credit limit's check). */
  async invoicedCycles(orderIds: string[]): Promise<InvoicedCycleDto[]> {
    if (orderIds.length === 0) return [];
    const rows: { order_id: string; commit_cycle: number }[] = await this.dataSource.query(
      `SELECT order_id, commit_cycle FROM billing.invoices WHERE type = 'customer' AND order_id = ANY($1::uuid[])`,
      [orderIds],
    );
    return rows.map((row) => ({ orderId: row.order_id, cycle: row.commit_cycle }));
  }

  /** A customer invoice or an opening balance, or why no payment can be recorded against it. */
  private async payableInvoice(invoiceId: string, manager: EntityManager): Promise<InvoiceEntity> {
    const invoice = await this.invoices.findById(invoiceId, manager);
    if (!invoice) throw invoiceNotFound(invoiceId);
    if (!isReceivable(invoice)) {
      const what = invoice.type === 'credit_note' ? 'a credit note' : 'a supplier invoice';
      throw new AppException(
        BillingErrorCode.PaymentNotAccepted,
        `Payments are recorded on customer invoices, not on ${what}`,
        {
          invoiceId,
          type: invoice.type,
        },
      );
    }
    return invoice;
  }

  /** When the money came: now, a time, or a day; never after today. */
  private paidAtOf(paidAt: string | undefined): Date {
    if (!paidAt) return new Date();
    const at = new Date(DAY_ONLY.test(paidAt) ? `${paidAt}T12:00:00Z` : paidAt);
    if (businessDate(this.config.BUSINESS_TIME_ZONE, at) > this.today()) {
      throw new AppException(BillingErrorCode.PaymentInFuture, 'paidAt must not be after today', { paidAt });
    }
    return at;
  }

  private today(): string {
    return businessDate(this.config.BUSINESS_TIME_ZONE);
  }

  /** invoice.paid, staged in the payment's transaction with the settlement as it now stands. */
  private async announcePaid(
    invoice: InvoiceEntity,
    payment: PaymentEntity,
    meta: RpcMeta,
    manager: EntityManager,
  ): Promise<void> {
    const balance = await this.invoices.findById(invoice.id, manager);
    await this.events.announce(
      WebhookEventType.InvoicePaid,
      {
        invoiceId: invoice.id,
        invoiceNumber: invoice.invoiceNumber,
        orderId: invoice.orderId,
        orderNumber: invoice.orderNumber,
        clientId: invoice.clientId,
        totalAmount: moneyJson(invoice.totalAmount),
        paidAmount: moneyJson(balance?.balance?.paidAmount ?? payment.amount),
        creditedAmount: moneyJson(balance?.balance?.creditedAmount ?? '0'),
        paymentId: payment.id,
        paidAt: payment.paidAt.toISOString(),
      },
      meta,
      manager,
    );
  }
}

function invoiceNotFound(id: string): AppException {
  return new AppException(BillingErrorCode.InvoiceNotFound, `Invoice not found: ${id}`, { id });
}
