import type { ClientDto } from '../api/order-lookups-api';
import type { OrderDto, OrderItemDto, OrderReturnDto } from '../api/orders-api';

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
    commitCount: 0,
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
    unitFactor: 1,
    baseQuantity: 20,
    baseUnit: 'bag',
    unitPrice: '55.50',
    discountPercent: 0,
    totalPrice: '1110.00',
    unitCost: '48.00',
    ...overrides,
  };
}

/** A return of 2 bags of the rice line, back to stock, in the order's first commit cycle, with its credit note. */
export function makeOrderReturn(overrides: Partial<OrderReturnDto> = {}): OrderReturnDto {
  return {
    id: 'r-1',
    orderId: 'o-1',
    cycle: 1,
    reason: 'Two bags torn in the van',
    lines: [
      {
        orderItemId: 'oi-rice',
        itemName: 'Abu Kas Basmati Rice 10kg',
        itemNameAr: 'أرز أبو كاس بسمتي 10 كغ',
        quantity: 2,
        unit: 'bag',
        baseQuantity: 2,
        restock: true,
      },
    ],
    createdAt: '2026-11-21T10:15:00.000Z',
    createdBy: 'u-owner',
    creditNoteId: 'cn-8',
    creditNoteNumber: 'CN-2026-000008',
    ...overrides,
  };
}

export function makeClient(overrides: Partial<ClientDto> = {}): ClientDto {
  return {
    id: 'c-noor',
    name: 'Al Noor Trading',
    nameAr: 'مؤسسة النور التجارية',
    phone: '+966 50 123 4567',
    whatsapp: '966501234567',
    email: 'buyer@alnoor.sa',
    address: 'Industrial Area, Riyadh',
    notes: null,
    priceListId: null,
    paymentTermsDays: 0,
    creditLimit: null,
    vatNumber: null,
    nationalAddress: null,
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
