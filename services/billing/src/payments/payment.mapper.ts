import { moneyJson } from '@erp/common';
import type { PaymentDto } from '@erp/contracts';
import type { PaymentEntity } from './payment.entity.js';

export function toPaymentDto(payment: PaymentEntity, invoiceNumber: string): PaymentDto {
  return {
    id: payment.id,
    invoiceId: payment.invoiceId,
    invoiceNumber,
    clientId: payment.clientId,
    amount: moneyJson(payment.amount),
    method: payment.method,
    reference: payment.reference,
    paidAt: payment.paidAt.toISOString(),
    createdAt: payment.createdAt.toISOString(),
    createdBy: payment.createdBy,
    deletedAt: payment.deletedAt?.toISOString() ?? null,
    deletedBy: payment.deletedBy,
    deleteReason: payment.deleteReason,
  };
}
