import {
  AppException,
  InventoryErrorCode,
  type PurchaseOrderDto,
  type PurchaseOrderLineDto,
  type SupplierDto,
} from '@erp/contracts';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { BusinessClock } from '../clock/business-clock.js';
import { SuppliersRepository } from '../suppliers/suppliers.repository.js';
import { PurchaseOrdersRepository } from './purchase-orders.repository.js';

/** What makes a purchase order: the supplier by name (created when new) and its lines. */
export interface PurchaseOrderRequest {
  supplierName: string;
  reorderSuggestionId: string | null;
  lines: PurchaseOrderLineDto[];
  actorId: string | null;
}

/** Purchase orders to suppliers (docs/decisions/0023-purchase-orders.md). */
@Injectable()
export class PurchaseOrdersService {
  constructor(
    private readonly orders: PurchaseOrdersRepository,
    private readonly suppliers: SuppliersRepository,
    private readonly clock: BusinessClock,
  ) {}

  /** Makes an order in the caller's transaction, numbered in the business year of today. */
  async create(request: PurchaseOrderRequest, manager: EntityManager): Promise<{ id: string; number: string }> {
    const supplier = await this.suppliers.findOrCreateByName(request.supplierName, manager);
    return this.orders.insert(
      {
        year: Number(this.clock.today().slice(0, 4)),
        supplierId: supplier.id,
        reorderSuggestionId: request.reorderSuggestionId,
        lines: request.lines,
        createdBy: request.actorId,
      },
      manager,
    );
  }

  async get(id: string): Promise<PurchaseOrderDto> {
    const order = await this.orders.findById(id);
    if (!order) {
      throw new AppException(InventoryErrorCode.PurchaseOrderNotFound, 'Purchase order not found', { id });
    }
    return order;
  }

  /** The orders made from these suggestions, by suggestion id. */
  findBySuggestions(ids: readonly string[]): Promise<Map<string, { id: string; number: string }>> {
    return this.orders.findBySuggestions(ids);
  }

  listSuppliers(): Promise<SupplierDto[]> {
    return this.orders.listSuppliers();
  }
}
