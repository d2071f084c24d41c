import {
  BillingPatterns,
  ClientBalancesQueryDto,
  DeletePaymentRequestDto,
  InvoicedCyclesQueryDto,
  InvoicePaymentsDto,
  RecordPaymentRequestDto,
  type ClientBalanceDto,
  type InvoicedCycleDto,
  type PaymentDto,
  type RpcMeta,
} from '@erp/contracts';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { PaymentsService } from './payments.service.js';

@Controller()
export class PaymentsController {
  constructor(private readonly payments: PaymentsService) {}

  @MessagePattern(BillingPatterns.RecordPayment)
  record(@Payload('data') dto: RecordPaymentRequestDto, @Payload('meta') meta: RpcMeta): Promise<PaymentDto> {
    return this.payments.record(dto, meta);
  }

  @MessagePattern(BillingPatterns.ListPayments)
  list(@Payload('data') dto: InvoicePaymentsDto): Promise<PaymentDto[]> {
    return this.payments.list(dto.invoiceId);
  }

  @MessagePattern(BillingPatterns.DeletePayment)
  delete(@Payload('data') dto: DeletePaymentRequestDto, @Payload('meta') meta: RpcMeta): Promise<PaymentDto> {
    return this.payments.delete(dto, meta);
  }

  @MessagePattern(BillingPatterns.GetClientBalances)
  clientBalances(@Payload('data') dto: ClientBalancesQueryDto): Promise<ClientBalanceDto[]> {
    return this.payments.clientBalances(dto.clientIds);
  }

  @MessagePattern(BillingPatterns.FindInvoicedCycles)
  invoicedCycles(@Payload('data') dto: InvoicedCyclesQueryDto): Promise<InvoicedCycleDto[]> {
    return this.payments.invoicedCycles(dto.orderIds);
  }
}
