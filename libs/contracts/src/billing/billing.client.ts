import type { ClientProxy } from '@nestjs/microservices';
import type { RpcMeta } from '../rpc.js';
import { ServiceClient } from '../service-client.js';
import { ServiceName } from '../services.js';
import { BillingPatterns } from './billing.patterns.js';
import type {
  ClientBalanceDto,
  CreditReturnDto,
  InvoicedCycleDto,
  PaymentDto,
  RecordPaymentRequestDto,
  WriteOffDto,
  ReturnCreditNoteDto,
} from './payment.dto.js';
import { ZatcaSettingsPatterns } from './zatca-settings.patterns.js';
import type { OnboardZatcaDto, UpdateZatcaSettingsDto, ZatcaSettingsDto } from './zatca-settings.dto.js';
import type { InvoiceXmlDto } from './zatca-document.dto.js';
import type { PurchaseOrderDto } from '../inventory/purchase-order.dto.js';
import type { AgingRowDto, StatementDto, StatementQueryDto } from './receivables.dto.js';
import type {
  GeneratedInvoiceDto,
  InvoiceDto,
  InvoicePageDto,
  InvoicePdfDto,
  ListInvoicesRequestDto,
} from './invoice.dto.js';

/** Typed RPC client of the billing service. */
export class BillingClient extends ServiceClient {
  constructor(proxy: ClientProxy, timeoutMs?: number) {
    super(ServiceName.Billing, proxy, timeoutMs);
  }

  /** The committed order's invoice of this commitment, created now if it has none (CONTRACT §11). */
  generateInvoice(orderId: string, meta: RpcMeta): Promise<GeneratedInvoiceDto> {
    return this.send(BillingPatterns.GenerateInvoice, { orderId }, meta);
  }

  /** Newest first; `types` narrows to those types, `withTotal` says whether to count (default: when a limit is given). */
  listInvoices(query: ListInvoicesRequestDto, meta: RpcMeta): Promise<InvoicePageDto> {
    return this.send(BillingPatterns.ListInvoices, query, meta);
  }

  getInvoice(id: string, meta: RpcMeta): Promise<InvoiceDto> {
    return this.send(BillingPatterns.GetInvoice, { id }, meta);
  }

  getInvoicePdf(id: string, meta: RpcMeta): Promise<InvoicePdfDto> {
    return this.send(BillingPatterns.GetInvoicePdf, { id }, meta, this.documentTimeoutMs);
  }

  /** A proforma of the order as it is now, in any status: no number, no QR, not kept. */
  getProformaPdf(orderId: string, meta: RpcMeta): Promise<InvoicePdfDto> {
    return this.send(BillingPatterns.GetProformaPdf, { orderId }, meta, this.documentTimeoutMs);
  }

  /** Records a payment against a customer invoice; 409 above its balance due (CONTRACT §11); with `idempotency`, once per key. */
  recordPayment(
    invoiceId: string,
    payment: Omit<RecordPaymentRequestDto, 'invoiceId'>,
    meta: RpcMeta,
  ): Promise<PaymentDto> {
    return this.send(BillingPatterns.RecordPayment, { ...payment, invoiceId }, meta);
  }

  listPayments(invoiceId: string, meta: RpcMeta): Promise<PaymentDto[]> {
    return this.send(BillingPatterns.ListPayments, { invoiceId }, meta);
  }

  /** Takes a payment back (admins and owners): it stays listed with who, when and why. */
  deletePayment(invoiceId: string, paymentId: string, reason: string, meta: RpcMeta): Promise<PaymentDto> {
    return this.send(BillingPatterns.DeletePayment, { invoiceId, paymentId, reason }, meta);
  }

  /** Writes (part of) an opening balance off (admins and owners): the write-off document. */
  writeOff(invoiceId: string, writeOff: WriteOffDto, meta: RpcMeta): Promise<InvoiceDto> {
    return this.send(BillingPatterns.WriteOff, { ...writeOff, invoiceId }, meta);
  }

  /** What each client owes, in the order asked. */
  getClientBalances(clientIds: string[], meta: RpcMeta): Promise<ClientBalanceDto[]> {
    return this.send(BillingPatterns.GetClientBalances, { clientIds }, meta);
  }

  /** The commit cycles of these orders that have their customer invoice. */
  findInvoicedCycles(orderIds: string[], meta: RpcMeta): Promise<InvoicedCycleDto[]> {
    return this.send(BillingPatterns.FindInvoicedCycles, { orderIds }, meta);
  }

  /** The credit note of a return, issued once per return (nulls: nothing was left to credit). */
  creditReturn(dto: CreditReturnDto, meta: RpcMeta): Promise<ReturnCreditNoteDto> {
    return this.send(BillingPatterns.CreditReturn, dto, meta);
  }

  /** A client's statement for a period (CONTRACT §11). */
  getStatement(clientId: string, query: StatementQueryDto, meta: RpcMeta): Promise<StatementDto> {
    return this.send(BillingPatterns.GetStatement, { ...query, clientId }, meta);
  }

  /** The same statement as a bilingual PDF. */
  getStatementPdf(clientId: string, query: StatementQueryDto, meta: RpcMeta): Promise<InvoicePdfDto> {
    return this.send(BillingPatterns.GetStatementPdf, { ...query, clientId }, meta, this.documentTimeoutMs);
  }

  /** A purchase order of inventory's, printed with the company's details. */
  getPurchaseOrderPdf(purchaseOrder: PurchaseOrderDto, meta: RpcMeta): Promise<InvoicePdfDto> {
    return this.send(BillingPatterns.GetPurchaseOrderPdf, { purchaseOrder }, meta, this.documentTimeoutMs);
  }

  /** Receivables by age, per client with something left to pay. */
  getAging(meta: RpcMeta): Promise<AgingRowDto[]> {
    return this.send(BillingPatterns.GetAging, {}, meta);
  }

  /** The ZATCA phase-2 settings (CONTRACT §12); defaults until saved. */
  getZatcaSettings(meta: RpcMeta): Promise<ZatcaSettingsDto> {
    return this.send(ZatcaSettingsPatterns.Get, {}, meta);
  }

  /** Saves them whole; refused with ZATCA_SETTINGS_INVALID naming the field and ZATCA's rule. */
  updateZatcaSettings(dto: UpdateZatcaSettingsDto, meta: RpcMeta): Promise<ZatcaSettingsDto> {
    return this.send(ZatcaSettingsPatterns.Update, dto, meta);
  }

  /**
   * Onboards the EGS unit with the OTP from the Fatoora portal (key, CSR, compliance CSID and
   * checks, production CSID), or renews its certificate once onboarded; several calls to ZATCA.
   */
  onboardZatca(dto: OnboardZatcaDto, meta: RpcMeta): Promise<ZatcaSettingsDto> {
    return this.send(ZatcaSettingsPatterns.Onboard, dto, meta, this.documentTimeoutMs);
  }

  /** The invoice's ZATCA XML of record (the cleared one when ZATCA returned it) and its file name. */
  getInvoiceXml(id: string, meta: RpcMeta): Promise<InvoiceXmlDto> {
    return this.send(ZatcaSettingsPatterns.GetInvoiceXml, { id }, meta);
  }
}
