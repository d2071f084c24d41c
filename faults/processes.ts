/**
 * The suite's own processes, found through /proc: the children of OUR start.mjs (by the entry in
 * their command line), the Chromium under our billing service, our PostgreSQL and Redis (by the
 * pid files in our data dir). Nothing else on the machine is ever signalled.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { call, sleep } from './api.js';
import { faultsDir, supervised, type SupervisedName } from './settings.js';

export interface ProcessInfo {
  pid: number;
  ppid: number;
  command: string;
}

function readProcess(pid: number): ProcessInfo | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The name is in parentheses and may itself hold spaces or parentheses: split after the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').trim();
    return { pid, ppid: Number(fields[1]), command };
  } catch {
    return null; // gone meanwhile
  }
}

export function listProcesses(): ProcessInfo[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .map((entry) => readProcess(Number(entry)))
    .filter((info): info is ProcessInfo => info !== null);
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Every descendant of pid (children, their children, ...). */
export function descendants(pid: number, all = listProcesses()): ProcessInfo[] {
  const found: ProcessInfo[] = [];
  let frontier = [pid];
  while (frontier.length > 0) {
    const children = all.filter((info) => frontier.includes(info.ppid));
    found.push(...children);
    frontier = children.map((info) => info.pid);
  }
  return found;
}

/** The supervised children of our start.mjs, by name (a name is missing while it is down). */
export function supervisedPids(startPid: number, all = listProcesses()): Partial<Record<SupervisedName, number>> {
  const result: Partial<Record<SupervisedName, number>> = {};
  for (const info of all.filter((candidate) => candidate.ppid === startPid)) {
    for (const [name, entry] of Object.entries(supervised) as Array<[SupervisedName, string]>) {
      if (info.command.includes(entry)) result[name] = info.pid;
    }
  }
  return result;
}

export function pidOf(startPid: number, name: SupervisedName): number {
  const pid = supervisedPids(startPid)[name];
  if (pid === undefined) throw new Error(`${name} is not running under start.mjs (pid ${startPid})`);
  return pid;
}

/** The Chromium processes our billing service started (its browser and the browser's children). */
export function chromiumPids(startPid: number, all = listProcesses()): number[] {
  const billing = supervisedPids(startPid, all).billing;
  if (billing === undefined) return [];
  return descendants(billing, all)
    .filter((info) => /chrom/i.test(info.command))
    .map((info) => info.pid);
}

function pidFromFile(file: string): number | undefined {
  try {
    const pid = Number.parseInt(readFileSync(file, 'utf8').split('\n')[0] ?? '', 10);
    return Number.isInteger(pid) && pid > 0 && isAlive(pid) ? pid : undefined;
  } catch {
    return undefined;
  }
}

/** Our PostgreSQL: the postmaster (pid file in our data dir) and its backends. */
export function postgresPids(all = listProcesses()): number[] {
  const postmaster = pidFromFile(join(faultsDir, 'postgres', 'postmaster.pid'));
  if (postmaster === undefined) return [];
  return [postmaster, ...descendants(postmaster, all).map((info) => info.pid)];
}

export function redisPid(): number | undefined {
  return pidFromFile(join(faultsDir, 'redis', 'redis.pid'));
}

/** SIGKILL, as `kill -9`. */
export function kill9(pid: number): void {
  process.kill(pid, 'SIGKILL');
}

/**
 * After a kill: waits until start.mjs has started the process again (a new pid under it) and
 * the gateway's /ready answers 200. Resolves with the new pid and the milliseconds it took.
 */
export async function waitForRestart(
  startPid: number,
  name: SupervisedName,
  oldPid: number,
  baseUrl: string,
  timeoutMs = 90_000,
): Promise<{ pid: number; ms: number }> {
  const started = Date.now();
  for (;;) {
    const pid = supervisedPids(startPid)[name];
    if (pid !== undefined && pid !== oldPid) {
      const ready = await call(baseUrl, 'GET', '/ready', { timeoutMs: 5_000 });
      if (ready.status === 200) return { pid, ms: Date.now() - started };
    }
    if (Date.now() - started > timeoutMs) throw new Error(`${name} did not come back within ${timeoutMs} ms`);
    await sleep(200);
  }
}

/** Resident and proportional set size of a process in bytes (PSS shares shared pages fairly). */
export function memoryOf(pid: number): { rss: number; pss: number } | null {
  try {
    const rollup = readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
    const field = (name: string): number => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(rollup)?.[1] ?? 0);
    return { rss: field('Rss') * 1024, pss: field('Pss') * 1024 };
  } catch {
    return null;
  }
}
