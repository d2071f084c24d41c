// Debian packages the system runs: Chromium's headless shell and the fonts for invoice PDFs,
// Poppler, Tesseract and ImageMagick for documents and photos, ffmpeg, pocketsphinx and espeak-ng
// for voice notes; the tests add the full Chromium (browser tests), zbar (QR codes read back) and
// GNU time (a tool's peak memory).
// `npm start` and `npm test` install the missing ones as root with apt-get (as they do
// redis-server), else say what to run.
import { execFileSync, spawnSync } from 'node:child_process';
import { UserError } from './log.mjs';

/** What the running system uses (the Dockerfile's runtime image installs the same). */
export const runtimePackages = [
  'chromium-headless-shell',
  'fonts-noto-core',
  'fonts-hosny-amiri',
  'fonts-kacst',
  'poppler-utils',
  'tesseract-ocr',
  'tesseract-ocr-eng',
  'tesseract-ocr-ara',
  'tesseract-ocr-script-arab',
  'ffmpeg',
  'pocketsphinx',
  'pocketsphinx-en-us',
  'espeak-ng',
  'imagemagick',
];

/**
 * What the tests also use: the full Chromium (browser tests), zbar (QR codes read back), GNU
 * time (the peak memory of a tool the ai-parser runs) and curl (the careful-client tests send
 * what partners' curl sends).
 */
export const testPackages = [...runtimePackages, 'chromium', 'zbar-tools', 'time', 'curl'];

/** The packages of `packages` dpkg does not hold installed; null where there is no dpkg (not Debian). */
function missingPackages(packages) {
  let listed;
  try {
    listed = execFileSync('dpkg-query', ['-W', '-f=${Package} ${Status}\\n', ...packages], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    });
  } catch (error) {
    if (error.code === 'ENOENT') return null;
    // dpkg-query exits 1 when some package is unknown; what it printed is still the answer.
    listed = String(error.stdout ?? '');
  }
  const installed = new Set(
    listed
      .split('\n')
      .filter((line) => line.endsWith(' installed'))
      .map((line) => line.split(' ')[0]),
  );
  return packages.filter((name) => !installed.has(name));
}

/**
 * Installs the missing `packages` when it can (root, apt-get). Otherwise `required` (npm test)
 * stops with the command to run; not required (npm start), it warns and goes on: the system runs,
 * and PDFs, OCR or voice answer a clear error until the packages are there.
 */
export function ensureSystemPackages(log, { packages, required }) {
  const missing = missingPackages(packages);
  if (missing === null) {
    log(`not a Debian system: make sure these are installed: ${packages.join(' ')}`);
    return;
  }
  if (missing.length === 0) return;
  const command = `sudo apt-get install -y ${missing.join(' ')}`;
  const canInstall = process.getuid?.() === 0 && spawnSync('apt-get', ['--version'], { stdio: 'ignore' }).status === 0;
  if (!canInstall) {
    if (required) throw new UserError(`system packages missing: run \`${command}\``);
    log.error(`system packages missing (invoice PDFs, OCR or voice will fail): run \`${command}\``);
    return;
  }
  log(`installing Debian packages: ${missing.join(' ')}`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [
    ['update', '-q'],
    ['install', '-y', '-q', ...missing],
  ]) {
    const result = spawnSync('apt-get', args, { stdio: 'inherit', env });
    if (result.status !== 0) throw new UserError(`apt-get ${args[0]} failed: run \`${command}\` by hand`);
  }
}
