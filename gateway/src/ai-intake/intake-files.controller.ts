import { AppException, ErrorCode, intakeAudioTypes, intakeImageTypes, type IntakeFileType } from '@erp/contracts';
import { Controller, Get, Inject, Param, Res, StreamableFile } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { SignedIn } from '../auth/access.decorators.js';
import { GatewayConfig } from '../config/gateway.config.js';
import { INTAKE_FOLDER } from './intake-store.js';

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
  throw new AppException(ErrorCode.NotFound, 'Not found', undefined, 404);
}

/**
 * The files kept by AI intake (an order's photo or voice note, a supplier's invoice), for signed-in
 * users: the order and invoice screens link to them. They are the business's own documents, so
 * unlike the company logo they are not served under the public /uploads.
 */
@Controller(`files/${INTAKE_FOLDER}`)
export class IntakeFilesController {
  constructor(@Inject(GatewayConfig) private readonly config: GatewayConfig) {}

  @SignedIn()
  @Get(':year/:name')
  async file(
    @Param('year') year: string,
    @Param('name') name: string,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<StreamableFile> {
    const match = fileName.exec(name);
    if (!/^\d{4}$/.test(year) || !match) notFound();
    const path = join(resolve(this.config.ERP_DATA_DIR), 'uploads', INTAKE_FOLDER, year, name);
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
