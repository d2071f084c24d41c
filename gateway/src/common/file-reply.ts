import type { InvoicePdfDto } from '@erp/contracts';
import type { FastifyReply } from 'fastify';

/** A PDF from a service (base64) as a download: a safe file name, never cached. */
export function pdfDownload(reply: FastifyReply, file: InvoicePdfDto): Buffer {
  void reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `attachment; filename="${file.fileName.replace(/[^A-Za-z0-9._-]/g, '_')}"`)
    .header('cache-control', 'private, no-store');
  return Buffer.from(file.contentBase64, 'base64');
}
