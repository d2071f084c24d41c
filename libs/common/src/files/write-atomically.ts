import { randomBytes } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';

/**
 * Writes `data` to `target` so that a reader never sees half a file: written aside under a name of
 * its own, then renamed over the target. Two writers of the same target at once (a render job and
 * a download rendering the same invoice) both succeed; the last rename wins.
 */
export async function writeFileAtomically(target: string, data: Uint8Array): Promise<void> {
  await mkdir(dirname(target), { recursive: true });
  const aside = `${target}.${process.pid}-${randomBytes(6).toString('hex')}.tmp`;
  try {
    await writeFile(aside, data);
    await rename(aside, target);
  } catch (error) {
    await rm(aside, { force: true });
    throw error;
  }
}
