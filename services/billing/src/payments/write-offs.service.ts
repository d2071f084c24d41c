import { dec, moneyColumn, moneyJson } from '@erp/common';
import { AppException, BillingErrorCode, type InvoiceDto, type RpcMeta, type WriteOffRequestDto } from '@erp/contracts';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { toInvoiceDto } from '../invoices/invoice.mapper.js';
import { InvoicesRepository } from '../invoices/invoices.repository.js';
import { InvoicesService } from '../invoices/invoices.service.js';

/**
 * Write-offs (docs/decisions/0022): an opening balance brought in wrongly, or one that will not be
 * collected, is corrected by a document that takes (part of) what is left of it off the client's
 * account, with the reason, never by changing it. Tax invoices are undone by credit notes instead.
 */
@Injectable()
export class WriteOffsService {
  constructor(
    private readonly invoices: InvoicesRepository,
    private readonly service: InvoicesService,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {}

  async writeOff(request: WriteOffRequestDto, meta: RpcMeta): Promise<InvoiceDto> {
    const amount = dec(request.amount);
    const writeOff = await this.dataSource.transaction(async (manager) => {
      const balance = await this.invoices.lockBalance(request.invoiceId, manager);
      const opening = await this.invoices.findById(request.invoiceId, manager);
      if (!opening) {
        throw new AppException(BillingErrorCode.InvoiceNotFound, `Invoice not found: ${request.invoiceId}`, {
          id: request.invoiceId,
        });
      }
      const due = dec(balance?.balanceDue ?? '0');
      if (opening.type !== 'opening_balance' || due.lte(0)) {
        throw new AppException(
          BillingErrorCode.WriteOffNotAccepted,
          opening.type === 'opening_balance'
            ? `Nothing is left to write off on ${opening.invoiceNumber}`
            : 'Only a balance brought forward from the previous system is written off; a credit note undoes an invoice',
          { invoiceId: opening.id, type: opening.type },
        );
      }
      if (amount.gt(due)) {
        throw new AppException(
          BillingErrorCode.WriteOffExceedsBalance,
          `The write-off is more than the ${moneyJson(due)} left on ${opening.invoiceNumber}`,
          { invoiceId: opening.id, balanceDue: moneyJson(due), amount: moneyJson(amount) },
        );
      }
      const issued = await this.service.issue(
        'WO',
        {
          type: 'write_off',
          orderId: null,
          orderNumber: null,
          receiptId: null,
          clientId: opening.clientId,
          clientName: opening.clientName,
          buyer: opening.buyer,
          supplierId: null,
          supplierName: null,
          supplierInvoiceNumber: null,
          reference: opening.reference,
          subtotal: moneyColumn(amount),
          taxRate: '0.00',
          taxAmount: '0.00',
          totalAmount: moneyColumn(amount),
          currency: opening.currency,
          seller: opening.seller,
          uploadedFileUrl: null,
          commitCycle: null,
          originalInvoiceId: opening.id,
          originalInvoiceNumber: opening.invoiceNumber,
          reason: null,
          reasonText: request.reason,
          returnId: null,
          dueDate: null,
        },
        [],
        new Date(),
        meta,
        manager,
      );
      await this.invoices.addToBalance(opening.id, { credited: moneyColumn(amount) }, manager);
      return issued;
    });
    return toInvoiceDto(writeOff, this.service.today());
  }
}
