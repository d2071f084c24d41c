import {
  BillingPatterns,
  ClientBalancesQueryDto,
  DeletePaymentRequestDto,
  InvoicedCyclesQueryDto,
  InvoicePaymentsDto,
  RecordPaymentRequestDto,
  WriteOffRequestDto,
  type ClientBalanceDto,
  type InvoiceDto,
  type InvoicedCycleDto,
  type PaymentDto,
  type RpcMeta,
} from '@erp/contracts';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { PaymentsService } from './payments.service.js';
import { WriteOffsService } from './write-offs.service.js';

@Controller()
export class PaymentsController {
  constructor(
    private readonly payments: PaymentsService,
    private readonly writeOffs: WriteOffsService,
  ) {}

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

  @MessagePattern(BillingPatterns.WriteOff)
  writeOff(@Payload('data') dto: WriteOffRequestDto, @Payload('meta') meta: RpcMeta): Promise<InvoiceDto> {
    return this.writeOffs.writeOff(dto, meta);
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
