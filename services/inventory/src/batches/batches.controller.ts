import { InventoryPatterns, ListExpiringDto, type ExpiringBatchDto } from '@erp/contracts';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { BatchesService } from './batches.service.js';

@Controller()
export class BatchesController {
  constructor(private readonly batches: BatchesService) {}

  @MessagePattern(InventoryPatterns.ListExpiring)
  listExpiring(@Payload('data') dto: ListExpiringDto): Promise<ExpiringBatchDto[]> {
    return this.batches.listExpiring(dto.days);
  }
}
