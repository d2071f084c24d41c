import {
  AppException,
  DEFAULT_LOW_STOCK_THRESHOLD,
  isStockUnit,
  stockUnits,
  ErrorCode,
  InventoryErrorCode,
  invoiceCreateJobOptions,
  JobName,
  QueueName,
  supplierInvoiceJobId,
  type ApplyReceiptDto,
  type JobEnvelope,
  type ReceiptLineDto,
  type ReceiptLineResultDto,
  type ReceiptResultDto,
  type RpcMeta,
  type SupplierInvoiceJobData,
  type SupplierInvoiceJobLine,
} from '@erp/contracts';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Decimal } from 'decimal.js';
import type { DataSource, EntityManager } from 'typeorm';
import { BatchesRepository } from '../batches/batches.repository.js';
import {
  baseQuantity,
  dec,
  lineTotal,
  moneyColumn,
  moneyJson,
  Outbox,
  quantityColumn,
  quantityJson,
} from '@erp/common';
import { PacksRepository } from '../packs/packs.repository.js';
import { StockChangeEvents } from '../stock-items/stock-change-events.js';
import type { StockItemEntity } from '../stock-items/stock-item.entity.js';
import { isSkuViolation, StockItemsRepository, type NewStockUpdate } from '../stock-items/stock-items.repository.js';
import { StockUpdateReason } from '../stock-items/stock-update.entity.js';
import { SuppliersRepository } from '../suppliers/suppliers.repository.js';
import { ReceiptsRepository, type NewPriceHistory } from './receipts.repository.js';
import { weightedAverageCost } from './weighted-cost.js';

/** Currency of price history rows until the settings' currency reaches this service (CONTRACT §4). */
const DEFAULT_CURRENCY = 'SAR';

interface Applied {
  result: Omit<ReceiptResultDto, 'repeated'>;
  job: SupplierInvoiceJobData;
  repeated: boolean;
}

/**
 * Goods receipts: the apply step of a supplier invoice (CONTRACT §5), one transaction exactly
 * once per receiptId. The receipt row is written first (INSERT ... ON CONFLICT DO NOTHING), so a
 * retry or a concurrent duplicate changes nothing and answers the first result. Items are locked
 * in id order before their batches change (docs/decisions/0006).
 */
@Injectable()
export class ReceiptsService {
  constructor(
    private readonly receipts: ReceiptsRepository,
    private readonly suppliers: SuppliersRepository,
    private readonly items: StockItemsRepository,
    private readonly batches: BatchesRepository,
    private readonly packs: PacksRepository,
    private readonly stockEvents: StockChangeEvents,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly outbox: Outbox,
  ) {}

  /**
   * Applies the receipt and, in the same transaction, stages billing's supplier-invoice job
   * (jobId `receipt-<id>`) in the outbox (docs/decisions/0018). A retry stages it again under
   * the same id: nothing new while the first waits, and a no-op for BullMQ after it was sent.
   */
  async apply(dto: ApplyReceiptDto, meta: RpcMeta): Promise<ReceiptResultDto> {
    checkLineDates(dto.lines);
    const applied = await this.dataSource
      .transaction(async (manager) => {
        const done = await this.applyIn(dto, meta.userId ?? null, manager);
        const envelope: JobEnvelope<SupplierInvoiceJobData> = { meta, data: done.job };
        await this.outbox.stage(manager, {
          queue: QueueName.InvoiceCreate,
          name: JobName.SupplierInvoice,
          jobId: supplierInvoiceJobId(dto.receiptId),
          data: envelope,
          options: invoiceCreateJobOptions,
        });
        return done;
      })
      .catch((error: unknown) => {
        // Another receipt created an item with this SKU meanwhile: a retry matches it by SKU.
        if (isSkuViolation(error)) {
          throw new AppException(
            InventoryErrorCode.SkuTaken,
            'A stock item with a SKU of this receipt was just created by another receipt; retry',
            { field: 'sku' },
          );
        }
        throw error;
      });
    return { ...applied.result, repeated: applied.repeated };
  }

  private async applyIn(dto: ApplyReceiptDto, actorId: string | null, manager: EntityManager): Promise<Applied> {
    const isNew = await this.receipts.insertIfNew(
      { receiptId: dto.receiptId, invoiceNumber: dto.invoiceNumber, invoiceDate: dto.invoiceDate, createdBy: actorId },
      manager,
    );
    if (!isNew) {
      const earlier = await this.receipts.findByReceiptId(dto.receiptId, manager);
      return { result: earlier!.result!, job: earlier!.billingJob!, repeated: true };
    }
    const supplier = await this.suppliers.findOrCreateByName(dto.supplierName, manager);
    const items = await this.resolveItems(dto, manager);
    const factors = await this.factorsOf(dto.lines, items, manager);

    const results: ReceiptLineResultDto[] = [];
    const jobLines: SupplierInvoiceJobLine[] = [];
    const updates: NewStockUpdate[] = [];
    const prices: NewPriceHistory[] = [];
    let subtotal = new Decimal(0);
    for (const [index, line] of dto.lines.entries()) {
      const item = items[index]!;
      // A line in packs (CONTRACT §10): stock receives its base units, each at the pack's price / factor.
      const factor = factors[index]!;
      const invoicedQuantity = dec(line.quantity);
      const invoicedPrice = dec(line.unitPrice);
      const quantity = baseQuantity(invoicedQuantity, factor);
      const unitPrice = invoicedPrice.div(factor).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
      const onHand = new Decimal(item.quantity);
      const newCost = weightedAverageCost(onHand, new Decimal(item.costPrice), quantity, unitPrice);
      const batch = await this.batches.insert(
        {
          stockItemId: item.id,
          batchNumber: line.batchNumber ?? null,
          quantity: quantityColumn(quantity),
          receivedQuantity: quantityColumn(quantity),
          expiryDate: line.expiryDate ?? null,
          manufactureDate: line.manufactureDate ?? null,
          supplierId: supplier.id,
          invoiceId: null,
        },
        manager,
      );
      item.quantity = quantityColumn(onHand.plus(quantity));
      item.costPrice = moneyColumn(newCost);
      updates.push({
        stockItemId: item.id,
        batchId: batch.id,
        invoiceId: null,
        quantityChange: quantityColumn(quantity),
        newQuantity: item.quantity,
        newCostPrice: item.costPrice,
        reason: StockUpdateReason.Receipt,
        reference: dto.receiptId,
        notes: `${supplier.name} ${dto.invoiceNumber}`,
        createdBy: actorId,
      });
      prices.push({
        stockItemId: item.id,
        supplierId: supplier.id,
        unitPrice: moneyColumn(unitPrice),
        currency: DEFAULT_CURRENCY,
        invoiceId: null,
        receiptId: dto.receiptId,
      });
      const total = lineTotal(invoicedQuantity, invoicedPrice);
      subtotal = subtotal.plus(total);
      results.push({
        stockItemId: item.id,
        batchId: batch.id,
        quantity: quantityJson(quantity),
        newCostPrice: moneyJson(newCost),
      });
      jobLines.push({
        stockItemId: item.id,
        name: line.name,
        nameAr: line.nameAr ?? item.nameAr,
        quantity: quantityJson(invoicedQuantity),
        unit: line.unit,
        unitPrice: moneyJson(invoicedPrice),
        lineTotal: moneyJson(total),
      });
    }
    for (const item of new Set(items)) await this.items.save(item, manager);
    await this.items.insertUpdates(updates, manager);
    this.stockEvents.stage(manager, updates, items);
    await this.receipts.insertPriceHistory(prices, manager);

    const result = { receiptId: dto.receiptId, supplierId: supplier.id, lines: results };
    const job: SupplierInvoiceJobData = {
      receiptId: dto.receiptId,
      supplierId: supplier.id,
      supplierName: supplier.name,
      invoiceNumber: dto.invoiceNumber,
      invoiceDate: dto.invoiceDate,
      lines: jobLines,
      subtotal: moneyJson(subtotal),
      uploadedFileUrl: dto.uploadedFileUrl ?? null,
    };
    await this.receipts.complete(dto.receiptId, supplier.id, result, job, manager);
    return { result, job, repeated: false };
  }

  /**
   * The base units in one `unit` of each line: 1 in the item's own unit, a pack's factor in one
   * of its packs; 400 naming the units the item has for any other.
   */
  private async factorsOf(
    lines: readonly ReceiptLineDto[],
    items: readonly StockItemEntity[],
    manager: EntityManager,
  ): Promise<Decimal[]> {
    const packs = await this.packs.findOf([...new Set(items.map((item) => item.id))], manager);
    return lines.map((line, index) => {
      const item = items[index]!;
      if (line.unit === item.unit) return new Decimal(1);
      const pack = (packs.get(item.id) ?? []).find((candidate) => candidate.unit === line.unit);
      if (pack) return new Decimal(pack.factor);
      const units = [item.unit, ...(packs.get(item.id) ?? []).map((candidate) => candidate.unit)];
      const message = `lines.${index}: ${item.name} is counted in ${item.unit}${units.length > 1 ? ` and sold in ${units.slice(1).join(', ')}` : ''}, not ${line.unit}`;
      throw new AppException(InventoryErrorCode.UnitNotSold, message, {
        line: index,
        units,
        fields: [{ field: `lines.${index}.unit`, messages: [message] }],
      });
    });
  }

  /**
   * The item of each line, locked: by stockItemId, else by SKU (case-insensitively), else a new
   * item when createMissingItems (several lines with the same new SKU share it). A line that
   * matches nothing refuses the whole receipt with 400 naming the line.
   */
  private async resolveItems(dto: ApplyReceiptDto, manager: EntityManager): Promise<StockItemEntity[]> {
    const bySku = new Map(
      (await this.receipts.findItemsBySkus(skusToMatch(dto.lines), manager)).map((item) => [
        item.sku.toLowerCase(),
        item,
      ]),
    );
    const ids = dto.lines.map(
      (line) => line.stockItemId?.toLowerCase() ?? bySku.get(line.sku?.toLowerCase() ?? '')?.id,
    );
    const locked = new Map(
      (await this.items.lockByIds([...new Set(ids.filter((id) => id !== undefined))], manager)).map((item) => [
        item.id,
        item,
      ]),
    );
    const created = new Map<string, StockItemEntity>();
    const resolved: StockItemEntity[] = [];
    for (const [index, line] of dto.lines.entries()) {
      const id = ids[index];
      if (line.stockItemId !== undefined && !locked.has(id!)) {
        throw unmatchedLine(index, 'stockItemId', `lines.${index}.stockItemId names no stock item`);
      }
      if (id !== undefined) {
        resolved.push(locked.get(id)!);
        continue;
      }
      if (dto.createMissingItems !== true) {
        throw unmatchedLine(
          index,
          null,
          `lines.${index} (${line.name}) matches no stock item: give its stockItemId or SKU, or create missing items`,
        );
      }
      if (!isStockUnit(line.unit)) {
        const message = `lines.${index} (${line.name}) would create an item counted in ${line.unit}: count it in one of ${stockUnits.join(', ')}, or match it to an item that has that pack`;
        throw new AppException(InventoryErrorCode.UnitNotSold, message, {
          line: index,
          units: [...stockUnits],
          fields: [{ field: `lines.${index}.unit`, messages: [message] }],
        });
      }
      const sku = line.sku ?? `${dto.receiptId.slice(0, 8).toUpperCase()}-${index + 1}`;
      let item = created.get(sku.toLowerCase());
      if (!item) {
        const unitPrice = moneyColumn(dec(line.unitPrice));
        [item] = await this.items.insertMany(
          [
            {
              name: line.name,
              nameAr: line.nameAr ?? null,
              sku,
              quantity: quantityColumn(new Decimal(0)),
              unit: line.unit,
              costPrice: unitPrice,
              sellingPrice: line.sellingPrice === undefined ? unitPrice : moneyColumn(dec(line.sellingPrice)),
              lowStockThreshold: quantityColumn(new Decimal(DEFAULT_LOW_STOCK_THRESHOLD)),
            },
          ],
          manager,
        );
        created.set(sku.toLowerCase(), item);
      }
      resolved.push(item);
    }
    return resolved;
  }
}

/** SKUs of the lines without a stockItemId. */
function skusToMatch(lines: readonly ReceiptLineDto[]): string[] {
  return lines.filter((line) => line.stockItemId === undefined && line.sku).map((line) => line.sku!);
}

function checkLineDates(lines: readonly ReceiptLineDto[]): void {
  const fields = lines.flatMap((line, index) =>
    line.expiryDate && line.manufactureDate && line.expiryDate < line.manufactureDate
      ? [
          {
            field: `lines.${index}.expiryDate`,
            messages: [`lines.${index}.expiryDate must not be before lines.${index}.manufactureDate`],
          },
        ]
      : [],
  );
  if (fields.length > 0) {
    throw new AppException(ErrorCode.ValidationFailed, fields[0]!.messages[0]!, { fields });
  }
}

function unmatchedLine(index: number, subfield: string | null, message: string): AppException {
  const field = subfield ? `lines.${index}.${subfield}` : `lines.${index}`;
  return new AppException(InventoryErrorCode.ReceiptLineUnmatched, message, {
    line: index,
    fields: [{ field, messages: [message] }],
  });
}
