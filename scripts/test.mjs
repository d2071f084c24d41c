// `npm test [-- vitest args]`: makes sure PostgreSQL and Redis are there as `npm start` does
// (TEST_DATABASE_URL / TEST_REDIS_URL, else the local defaults, else our own under
// .data/test), runs vitest with them, and ends with one line: `N passed, N failed`.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { createLog, UserError } from './lib/log.mjs';
import { checkNodeVersion, ensureDependencies, env, loadDotEnv, root, run, webBuildNeeded } from './lib/setup.mjs';
import { ensureSystemPackages, testPackages } from './lib/system-packages.mjs';

const log = createLog('test');
/**
 * vitest's JSON report: .data/test-results.json for `npm test`, .data/test-results-<folder>.json for
 * a suite given with `--config <folder>/vitest.config.ts` (e2e, faults), so that runs of different
 * suites at the same time on one machine never read each other's counts.
 */
function resultsFileFor(args) {
  const index = args.indexOf('--config');
  const config = index >= 0 ? args[index + 1] : args.find((arg) => arg.startsWith('--config='))?.slice(9);
  const suite = config ? path.basename(path.dirname(path.resolve(root, config))) : '';
  return path.join(
    root,
    '.data',
    suite && suite !== path.basename(root) ? `test-results-${suite}.json` : 'test-results.json',
  );
}
const resultsFile = resultsFileFor(process.argv.slice(2));
/** `npm test` runs the default suite; e2e and faults are named with --config. */
const defaultSuite = path.basename(resultsFile) === 'test-results.json';
const started = [];
let vitest;
let interrupted = false;

function runVitest(extraArgs, testEnv) {
  const args = [
    path.join(root, 'node_modules', 'vitest', 'vitest.mjs'),
    'run',
    // A filter that selects nothing is fine for a developer's `npm test -- <file>`; e2e and the
    // fault suite must fail when they select no test (nothing was checked).
    ...(defaultSuite ? ['--passWithNoTests'] : []),
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${resultsFile}`,
    ...extraArgs,
  ];
  return new Promise((resolve) => {
    vitest = spawn(process.execPath, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...testEnv } });
    vitest.on('error', (error) => {
      log.error(`vitest could not start: ${error.message}`);
      resolve(1);
    });
    vitest.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

/**
 * Test counts from vitest's JSON report. A file that failed without a failing test (it could
 * not load, or a beforeAll hook threw and its tests were skipped) counts as one failure.
 */
function readCounts() {
  let report;
  try {
    report = JSON.parse(fs.readFileSync(resultsFile, 'utf8'));
  } catch {
    return undefined;
  }
  const brokenFiles = (report.testResults ?? []).filter(
    (file) => file.status === 'failed' && !(file.assertionResults ?? []).some((test) => test.status === 'failed'),
  ).length;
  return {
    passed: report.numPassedTests ?? 0,
    failed: (report.numFailedTests ?? 0) + brokenFiles,
    skipped: (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0),
  };
}

async function stopStarted() {
  for (const infrastructure of started.reverse()) {
    await infrastructure.stop().catch((error) => log.error(`stopping: ${error.message}`));
  }
}

async function main() {
  checkNodeVersion();
  loadDotEnv(log);
  await ensureDependencies(log);
  ensureSystemPackages(log, { packages: testPackages, required: true });
  // The gateway's web-security tests serve the built SPA: a fresh clone has none, an edited one a stale one.
  if (defaultSuite && webBuildNeeded()) {
    log('building the web app (vite): the SPA tests serve it');
    await run('npm', ['run', '--silent', 'build:web']);
  }
  const { ensurePostgres, ensureRedis } = await import('./lib/infra.mjs');
  const dataDir = path.join(root, '.data', 'test');
  // Tests create their own databases: the URL given is the server's maintenance database.
  const postgres = await ensurePostgres({
    url: env('TEST_DATABASE_URL'),
    dataDir,
    port: 5434,
    log,
    variable: 'TEST_DATABASE_URL',
  });
  started.push(postgres);
  const redis = await ensureRedis({ url: env('TEST_REDIS_URL'), dataDir, port: 6381, log, variable: 'TEST_REDIS_URL' });
  started.push(redis);
  if (interrupted) {
    await stopStarted();
    return 130;
  }

  fs.rmSync(resultsFile, { force: true });
  const exitCode = await runVitest(process.argv.slice(2), {
    TEST_DATABASE_URL: postgres.url,
    TEST_REDIS_URL: redis.url,
  });
  await stopStarted();

  const counts = readCounts();
  if (counts === undefined) log.error(`vitest wrote no results (${path.relative(root, resultsFile)})`);
  const { passed, skipped } = counts ?? { passed: 0, skipped: 0 };
  let { failed } = counts ?? { failed: 0 };
  // vitest failing without a failed test (it crashed, a global setup threw, an unhandled error,
  // no results, no test selected) is a failure too: the closing line must never read "0 failed" then.
  if ((exitCode !== 0 || counts === undefined) && failed === 0) {
    failed = 1;
    log.error(
      counts === undefined
        ? `vitest exited with code ${exitCode} and reported no tests: counted as 1 failure (see its output above)`
        : `vitest exited with code ${exitCode} although no test failed (an unhandled error, a crash or no test selected): counted as 1 failure (see its output above)`,
    );
  }
  process.stdout.write(`${passed} passed, ${failed} failed${skipped > 0 ? `, ${skipped} skipped` : ''}\n`);
  return failed > 0 ? 1 : 0;
}

// Ctrl-C reaches vitest too (same terminal); we wait for it, then stop our servers.
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    interrupted = true;
    if (vitest && vitest.exitCode === null) vitest.kill(signal);
  });
}

main().then(
  (code) => process.exit(code),
  async (error) => {
    log.error(error instanceof UserError ? error.message : (error?.stack ?? String(error)));
    await stopStarted();
    // Nothing ran: the set-up itself failed, which is a failure, not "0 failed".
    process.stdout.write('0 passed, 1 failed\n');
    process.exit(1);
  },
);
