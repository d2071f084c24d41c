import type { ClientDto } from '../api/order-lookups-api';
import type { OrderDto, OrderItemDto } from '../api/orders-api';

export function makeOrder(overrides: Partial<OrderDto> = {}): OrderDto {
  return {
    id: 'o-1',
    orderNumber: 'ORD-2026-000042',
    clientId: 'c-noor',
    clientName: 'Al Noor Trading',
    status: 'pending',
    totalAmount: '1234.50',
    notes: null,
    rawOrderText: null,
    transcribedText: null,
    uploadedFileUrl: null,
    audioFileUrl: null,
    source: 'manual',
    itemCount: 2,
    createdAt: '2026-11-20T09:30:00.000Z',
    updatedAt: '2026-11-20T09:30:00.000Z',
    createdBy: 'u-owner',
    ...overrides,
  };
}

export function makeOrderItem(overrides: Partial<OrderItemDto> = {}): OrderItemDto {
  return {
    id: 'oi-rice',
    orderId: 'o-1',
    lineNo: 1,
    stockItemId: 'i-rice',
    sku: 'RICE-ABK-10',
    itemName: 'Abu Kas Basmati Rice 10kg',
    itemNameAr: 'أرز أبو كاس بسمتي 10 كغ',
    quantity: 20,
    unit: 'bag',
    unitPrice: '55.50',
    totalPrice: '1110.00',
    unitCost: '48.00',
    ...overrides,
  };
}

export function makeClient(overrides: Partial<ClientDto> = {}): ClientDto {
  return {
    id: 'c-noor',
    name: 'Al Noor Trading',
    nameAr: 'مؤسسة النور التجارية',
    phone: '+966 50 123 4567',
    email: 'buyer@alnoor.sa',
    address: 'Industrial Area, Riyadh',
    notes: null,
    createdAt: '2026-10-01T08:00:00.000Z',
    createdBy: 'u-owner',
    ...overrides,
  };
}

/** A list answer with X-Total-Count (CONTRACT §4b). */
export function pageResponse(items: unknown[], total = items.length): Response {
  return new Response(JSON.stringify(items), {
    status: 200,
    headers: { 'Content-Type': 'application/json', 'X-Total-Count': String(total) },
  });
}

/** A promise and the functions that settle it, for answers the test releases when it wants. */
export function deferred<Value>() {
  let resolve: (value: Value) => void = () => undefined;
  const promise = new Promise<Value>((settle) => {
    resolve = settle;
  });
  return { promise, resolve };
}
