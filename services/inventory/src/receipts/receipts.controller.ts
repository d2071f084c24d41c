import { ApplyReceiptDto, InventoryPatterns, type ReceiptResultDto, type RpcMeta } from '@erp/contracts';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { ReceiptsService } from './receipts.service.js';

@Controller()
export class ReceiptsController {
  constructor(private readonly receipts: ReceiptsService) {}

  @MessagePattern(InventoryPatterns.ApplyReceipt)
  apply(@Payload('data') dto: ApplyReceiptDto, @Payload('meta') meta: RpcMeta): Promise<ReceiptResultDto> {
    return this.receipts.apply(dto, meta);
  }
}
