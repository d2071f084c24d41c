import {
  AppException,
  ErrorCode,
  intakeAudioTypes,
  intakeImageTypes,
  Permission,
  type IntakeFileType,
  type IntakeFlow,
} from '@erp/contracts';
import { Controller, Get, Inject, Param, Res, StreamableFile } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { RequireAllPermissions, RequirePermission } from '../auth/access.decorators.js';
import { GatewayConfig } from '../config/gateway.config.js';
import { INTAKE_FOLDER } from '@erp/common';

const contentTypes: Record<IntakeFileType, string> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  pdf: 'application/pdf',
  webm: 'audio/webm',
  ogg: 'audio/ogg',
  mp3: 'audio/mpeg',
  m4a: 'audio/mp4',
  wav: 'audio/wav',
};

/** `<uuid>.<ext>` as keepIntakeFile names a file; nothing else (no dots, no slashes) is ever looked up. */
const fileName = new RegExp(
  `^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\\.(${[...intakeImageTypes, ...intakeAudioTypes].join('|')})$`,
);

function notFound(): never {
  throw new AppException(ErrorCode.NotFound, 'Not found');
}

/**
 * The files kept by AI intake, for the users who may read the records they belong to (CONTRACT §2):
 * an order's photo, PDF or voice note (kept under intake/orders/) with orders:read, a supplier's
 * invoice (intake/supplier-invoices/) with stock:read. The folder is chosen by the route that kept
 * the file and the URL only finds a file in its own folder, so no URL reaches another flow's files.
 * They are the business's own documents, so unlike the company logo they are not under the public
 * /uploads.
 */
@Controller(`files/${INTAKE_FOLDER}`)
export class IntakeFilesController {
  constructor(@Inject(GatewayConfig) private readonly config: GatewayConfig) {}

  @RequirePermission(Permission.OrdersRead)
  @Get('orders/:year/:name')
  orderFile(
    @Param('year') year: string,
    @Param('name') name: string,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<StreamableFile> {
    return this.serve('orders', year, name, reply);
  }

  @RequirePermission(Permission.StockRead)
  @Get('supplier-invoices/:year/:name')
  supplierInvoiceFile(
    @Param('year') year: string,
    @Param('name') name: string,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<StreamableFile> {
    return this.serve('supplier-invoices', year, name, reply);
  }

  /**
   * A file kept before files had a flow (intake/<yyyy>/): it may be an order's or a supplier's, so
   * it takes both permissions (admins and owners, and staff holding both, read it as before).
   */
  @RequireAllPermissions(Permission.OrdersRead, Permission.StockRead)
  @Get(':year/:name')
  earlierFile(
    @Param('year') year: string,
    @Param('name') name: string,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<StreamableFile> {
    return this.serve(null, year, name, reply);
  }

  private async serve(
    flow: IntakeFlow | null,
    year: string,
    name: string,
    reply: FastifyReply,
  ): Promise<StreamableFile> {
    const match = fileName.exec(name);
    if (!/^\d{4}$/.test(year) || !match) notFound();
    const folder = flow === null ? [INTAKE_FOLDER, year] : [INTAKE_FOLDER, flow, year];
    const path = join(resolve(this.config.ERP_DATA_DIR), 'uploads', ...folder, name);
    const size = await stat(path).then(
      (found) => (found.isFile() ? found.size : null),
      () => null,
    );
    if (size === null) notFound();
    void reply
      .header('content-type', contentTypes[match[1] as IntakeFileType])
      .header('content-length', String(size))
      .header('content-disposition', `inline; filename="${name}"`)
      .header('content-security-policy', "default-src 'none'; img-src data:; style-src 'unsafe-inline'; sandbox")
      .header('x-content-type-options', 'nosniff')
      // Kept files never change; a browser may keep them, shared caches may not.
      .header('cache-control', 'private, max-age=86400');
    return new StreamableFile(createReadStream(path));
  }
}
