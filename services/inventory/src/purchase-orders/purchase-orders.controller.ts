import { IdDto, InventoryPatterns, type PurchaseOrderDto, type SupplierDto } from '@erp/contracts';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { PurchaseOrdersService } from './purchase-orders.service.js';

@Controller()
export class PurchaseOrdersController {
  constructor(private readonly purchaseOrders: PurchaseOrdersService) {}

  @MessagePattern(InventoryPatterns.GetPurchaseOrder)
  get(@Payload('data') { id }: IdDto): Promise<PurchaseOrderDto> {
    return this.purchaseOrders.get(id);
  }

  @MessagePattern(InventoryPatterns.ListSuppliers)
  listSuppliers(): Promise<SupplierDto[]> {
    return this.purchaseOrders.listSuppliers();
  }
}
