import {
  AiErrorCode,
  AppException,
  intakeAudioTypes,
  intakeFlows,
  intakeImageTypes,
  type IntakeFileRef,
} from '@erp/contracts';
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';

/** `intake/<flow>/<yyyy>/<uuid>.<ext>`, or `intake/<yyyy>/…` as files were kept before they had a flow. */
const keptPath = new RegExp(
  `^intake/(?:(?:${intakeFlows.join('|')})/)?\\d{4}/[0-9a-f-]{36}\\.(${[...intakeImageTypes, ...intakeAudioTypes].join('|')})$`,
);

/**
 * Where a file the gateway kept lives on this machine (<ERP_DATA_DIR>/uploads/<path>). Only the
 * gateway's own naming is accepted, so a job can never point the service at another file.
 */
export function intakeFilePath(dataDir: string, file: IntakeFileRef): string {
  if (!keptPath.test(file.path) || !file.path.endsWith(`.${file.type}`)) {
    throw new AppException(AiErrorCode.UnreadableFile, 'The uploaded file could not be found');
  }
  return join(resolve(dataDir), 'uploads', file.path);
}

export async function readIntakeFile(dataDir: string, file: IntakeFileRef): Promise<Buffer> {
  try {
    return await readFile(intakeFilePath(dataDir, file));
  } catch (error) {
    if (error instanceof AppException) throw error;
    throw new AppException(
      AiErrorCode.UnreadableFile,
      'The uploaded file could not be found: is ERP_DATA_DIR the same for the gateway and the ai-parser service?',
    );
  }
}
