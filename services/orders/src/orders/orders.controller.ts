import {
  AddOrderItemRequestDto,
  ChangeOrderStatusRequestDto,
  CreateOrderReturnRequestDto,
  CreateOrderRequestDto,
  ListOrdersDto,
  OrderIdDto,
  OrderItemIdDto,
  OrdersPatterns,
  QuoteOrderDto,
  UpdateOrderItemRequestDto,
  UpdateOrderRequestDto,
  type OrderDto,
  type OrderItemDto,
  type OrderPageDto,
  type OrderQuoteDto,
  type OrderReturnDto,
  type RpcMeta,
} from '@erp/contracts';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { OrderReturnsService } from './order-returns.service.js';
import { OrderStatusService } from './order-status.service.js';
import { OrdersService } from './orders.service.js';

@Controller()
export class OrdersController {
  constructor(
    private readonly orders: OrdersService,
    private readonly status: OrderStatusService,
    private readonly returns: OrderReturnsService,
  ) {}

  @MessagePattern(OrdersPatterns.CreateOrder)
  create(@Payload('data') dto: CreateOrderRequestDto, @Payload('meta') meta: RpcMeta): Promise<OrderDto> {
    return this.orders.create(dto, meta);
  }

  @MessagePattern(OrdersPatterns.ListOrders)
  list(@Payload('data') dto: ListOrdersDto): Promise<OrderPageDto> {
    return this.orders.list(dto);
  }

  @MessagePattern(OrdersPatterns.GetOrder)
  get(@Payload('data') dto: OrderIdDto): Promise<OrderDto> {
    return this.orders.get(dto.orderId);
  }

  @MessagePattern(OrdersPatterns.ListOrderItems)
  items(@Payload('data') dto: OrderIdDto): Promise<OrderItemDto[]> {
    return this.orders.items(dto.orderId);
  }

  @MessagePattern(OrdersPatterns.UpdateOrder)
  update(@Payload('data') dto: UpdateOrderRequestDto): Promise<OrderDto> {
    const { orderId, ...changes } = dto;
    return this.orders.update(orderId, changes);
  }

  @MessagePattern(OrdersPatterns.AddOrderItem)
  addItem(@Payload('data') dto: AddOrderItemRequestDto, @Payload('meta') meta: RpcMeta): Promise<OrderItemDto> {
    const { orderId, ...item } = dto;
    return this.orders.addItem(orderId, item, meta);
  }

  @MessagePattern(OrdersPatterns.UpdateOrderItem)
  updateItem(@Payload('data') dto: UpdateOrderItemRequestDto, @Payload('meta') meta: RpcMeta): Promise<OrderItemDto> {
    const { orderId, itemId, ...changes } = dto;
    return this.orders.updateItem(orderId, itemId, changes, meta);
  }

  @MessagePattern(OrdersPatterns.DeleteOrderItem)
  async deleteItem(@Payload('data') dto: OrderItemIdDto): Promise<null> {
    await this.orders.deleteItem(dto.orderId, dto.itemId);
    return null;
  }

  @MessagePattern(OrdersPatterns.ChangeOrderStatus)
  changeStatus(@Payload('data') dto: ChangeOrderStatusRequestDto, @Payload('meta') meta: RpcMeta): Promise<OrderDto> {
    return this.status.change(dto.orderId, dto.status, meta, dto.overrideCreditLimit ?? false);
  }

  @MessagePattern(OrdersPatterns.QuoteOrder)
  quote(@Payload('data') dto: QuoteOrderDto, @Payload('meta') meta: RpcMeta): Promise<OrderQuoteDto> {
    return this.orders.quote(dto, meta);
  }

  @MessagePattern(OrdersPatterns.CreateOrderReturn)
  createReturn(
    @Payload('data') dto: CreateOrderReturnRequestDto,
    @Payload('meta') meta: RpcMeta,
  ): Promise<OrderReturnDto> {
    return this.returns.create(dto, meta);
  }

  @MessagePattern(OrdersPatterns.ListOrderReturns)
  listReturns(@Payload('data') dto: OrderIdDto): Promise<OrderReturnDto[]> {
    return this.returns.list(dto.orderId);
  }
}
