import {
  BillingPatterns,
  StatementRequestDto,
  type AgingRowDto,
  type InvoicePdfDto,
  type RpcMeta,
  type StatementDto,
} from '@erp/contracts';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { StatementsService } from './statements.service.js';

@Controller()
export class StatementsController {
  constructor(private readonly statements: StatementsService) {}

  @MessagePattern(BillingPatterns.GetStatement)
  statement(@Payload('data') dto: StatementRequestDto, @Payload('meta') meta: RpcMeta): Promise<StatementDto> {
    return this.statements.statement(dto, meta);
  }

  @MessagePattern(BillingPatterns.GetStatementPdf)
  statementPdf(@Payload('data') dto: StatementRequestDto, @Payload('meta') meta: RpcMeta): Promise<InvoicePdfDto> {
    return this.statements.statementPdf(dto, meta);
  }

  @MessagePattern(BillingPatterns.GetAging)
  aging(): Promise<AgingRowDto[]> {
    return this.statements.aging();
  }
}
