import { intakeFileUrl, type IntakeFileRef, type IntakeFlow } from '@erp/contracts';
import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { IntakeUpload } from './intake-file.js';

/**
 * Intake files live under <ERP_DATA_DIR>/uploads/intake/<flow>/<yyyy>/ and are served at
 * /api/files/intake/<flow>/… to users holding the flow's read permission
 * (intake-files.controller.ts), never under the public /uploads.
 */
export const INTAKE_FOLDER = 'intake';

/**
 * Keeps a checked upload as `intake/<flow>/<yyyy>/<uuid>.<ext>` (never overwriting) and returns
 * the reference the job carries: the ai-parser service reads the file from the same ERP_DATA_DIR,
 * so the bytes never pass through Redis. The file stays as the order's or receipt's original; its
 * folder says which flow kept it, hence who may read it.
 */
export async function keepIntakeFile(
  dataDir: string,
  upload: IntakeUpload,
  flow: IntakeFlow,
  now = new Date(),
): Promise<IntakeFileRef> {
  const year = String(now.getUTCFullYear());
  const path = `${INTAKE_FOLDER}/${flow}/${year}/${randomUUID()}.${upload.type}`;
  const folder = join(resolve(dataDir), 'uploads', INTAKE_FOLDER, flow, year);
  await mkdir(folder, { recursive: true });
  await writeFile(join(resolve(dataDir), 'uploads', path), upload.bytes, { flag: 'wx' });
  return { path, url: intakeFileUrl(path), type: upload.type, bytes: upload.bytes.length };
}
