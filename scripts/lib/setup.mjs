// Steps before anything is built: Node version, .env, dependencies, build. Node built-ins only.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { UserError } from './log.mjs';

/** The repository root (scripts/lib/../..). */
export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

export function checkNodeVersion(minimum = [20, 19]) {
  const [major, minor] = process.versions.node.split('.').map(Number);
  if (major < minimum[0] || (major === minimum[0] && minor < minimum[1])) {
    throw new UserError(`Node ${minimum.join('.')} or newer is needed (this is ${process.versions.node}).`);
  }
}

/** Loads .env from the repository root when present; variables already set win. */
export function loadDotEnv(log) {
  const file = path.join(root, '.env');
  if (!fs.existsSync(file)) return;
  process.loadEnvFile(file);
  log('loaded .env');
}

/** The value of an environment variable, with empty treated as unset. */
export function env(name) {
  const value = process.env[name];
  return value === undefined || value === '' ? undefined : value;
}

/** Runs a command with the terminal's stdio; resolves on exit 0, rejects otherwise. */
export function run(command, args, options = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit', ...options });
    child.on('error', (error) => reject(new UserError(`${command} could not start: ${error.message}`)));
    child.on('exit', (code, signal) => {
      if (code === 0) resolve();
      else reject(new UserError(`${[command, ...args].join(' ')} failed (${signal ?? `exit code ${code}`})`));
    });
  });
}

function mtime(file) {
  try {
    return fs.statSync(file).mtimeMs;
  } catch {
    return undefined;
  }
}

/** `npm ci` when node_modules is missing or older than package-lock.json. */
export async function ensureDependencies(log) {
  const installed = mtime(path.join(root, 'node_modules', '.package-lock.json'));
  const locked = mtime(path.join(root, 'package-lock.json'));
  if (installed !== undefined && (locked === undefined || locked <= installed)) return;
  log(installed === undefined ? 'installing dependencies (npm ci)' : 'package-lock.json changed: npm ci');
  await run('npm', ['ci']);
}

/** The newest modification time of the files under the given paths (files or folders), tests aside. */
function newestMtime(paths) {
  let newest = 0;
  const visit = (target) => {
    let stat;
    try {
      stat = fs.statSync(target);
    } catch {
      return;
    }
    if (stat.isDirectory()) {
      for (const entry of fs.readdirSync(target)) visit(path.join(target, entry));
    } else if (!/\.(test|spec)\.[cm]?[jt]sx?$/.test(target)) {
      newest = Math.max(newest, stat.mtimeMs);
    }
  };
  paths.forEach(visit);
  return newest;
}

/** Whether web/dist is missing or older than the web app's sources. */
export function webBuildNeeded() {
  const built = mtime(path.join(root, 'web', 'dist', 'index.html'));
  if (built === undefined) return true;
  const sources = ['web/src', 'web/public', 'web/index.html', 'web/vite.config.ts'].map((p) => path.join(root, p));
  return newestMtime(sources) > built;
}
