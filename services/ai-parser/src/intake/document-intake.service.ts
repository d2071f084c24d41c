import {
  AppException,
  ErrorCode,
  type IntakeFileRef,
  type OrderParseResultDto,
  type RpcMeta,
  type SupplierInvoiceDraftDto,
} from '@erp/contracts';
import { Injectable } from '@nestjs/common';
import type { JobContext } from './job-context.js';

/** Photos and PDFs of orders and supplier invoices (documents/ and supplier-invoice/: not landed yet). */
@Injectable()
export class DocumentIntakeService {
  readOrderImage(_file: IntakeFileRef, _meta: RpcMeta, _context: JobContext): Promise<OrderParseResultDto> {
    return Promise.reject(
      new AppException(ErrorCode.ServiceUnavailable, 'Reading images is not available yet', undefined, 503),
    );
  }

  readSupplierInvoice(_file: IntakeFileRef, _meta: RpcMeta, _context: JobContext): Promise<SupplierInvoiceDraftDto> {
    return Promise.reject(
      new AppException(ErrorCode.ServiceUnavailable, 'Reading invoices is not available yet', undefined, 503),
    );
  }
}
