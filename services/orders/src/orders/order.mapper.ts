import { moneyJson, quantityJson } from '@erp/common';
import type { OrderDto, OrderItemDto } from '@erp/contracts';
import type { OrderItemEntity } from './order-item.entity.js';
import type { OrderEntity } from './order.entity.js';

export function toOrderDto(order: OrderEntity, itemCount: number): OrderDto {
  return {
    id: order.id,
    orderNumber: order.orderNumber,
    clientId: order.clientId,
    clientName: order.clientName,
    status: order.status,
    totalAmount: moneyJson(order.totalAmount),
    notes: order.notes,
    rawOrderText: order.rawOrderText,
    transcribedText: order.transcribedText,
    uploadedFileUrl: order.uploadedFileUrl,
    audioFileUrl: order.audioFileUrl,
    source: order.source,
    itemCount,
    commitCount: order.commitCount,
    createdAt: order.createdAt.toISOString(),
    updatedAt: order.updatedAt.toISOString(),
    createdBy: order.createdBy,
  };
}

export function toOrderItemDto(item: OrderItemEntity): OrderItemDto {
  return {
    id: item.id,
    orderId: item.orderId,
    lineNo: item.lineNo,
    stockItemId: item.stockItemId,
    sku: item.sku,
    itemName: item.itemName,
    itemNameAr: item.itemNameAr,
    quantity: quantityJson(item.quantity),
    unit: item.unit,
    unitFactor: quantityJson(item.unitFactor),
    baseQuantity: quantityJson(item.baseQuantity),
    baseUnit: item.baseUnit,
    unitPrice: moneyJson(item.unitPrice),
    discountPercent: Number(item.discountPercent),
    totalPrice: moneyJson(item.totalPrice),
    unitCost: item.unitCost === null ? null : moneyJson(item.unitCost),
  };
}
