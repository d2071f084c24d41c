import { BillingClient, Permission, type AgingRowDto, type RpcMeta } from '@erp/contracts';
import { Controller, Get } from '@nestjs/common';
import { RequirePermission } from '../auth/access.decorators.js';
import { RequestMeta } from '../common/request-meta.decorator.js';

/** Receivables across clients (CONTRACT §11), kept by the billing service. */
@Controller('receivables')
export class ReceivablesController {
  constructor(private readonly billing: BillingClient) {}

  /** Per client with something left to pay: its balances by days past due (current, 1–30 … 90+), largest first. */
  @RequirePermission(Permission.InvoicesRead)
  @Get('aging')
  aging(@RequestMeta() meta: RpcMeta): Promise<AgingRowDto[]> {
    return this.billing.getAging(meta);
  }
}
