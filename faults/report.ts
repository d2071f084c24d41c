/** .data/faults-report.json: one entry per case, written as each case ends (files run one at a time). */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { reportFile } from './settings.js';

interface Report {
  startedAt: string;
  finishedAt?: string;
  durationSeconds?: number;
  machine: { cpus: number; cpuModel: string; memoryGiB: number; node: string };
  cases: Record<string, unknown>;
}

function read(): Report {
  if (!existsSync(reportFile)) return startReport();
  return JSON.parse(readFileSync(reportFile, 'utf8')) as Report;
}

function write(report: Report): void {
  writeFileSync(reportFile, `${JSON.stringify(report, null, 2)}\n`);
}

export function startReport(): Report {
  const report: Report = {
    startedAt: new Date().toISOString(),
    machine: {
      cpus: cpus().length,
      cpuModel: cpus()[0]?.model ?? 'unknown',
      memoryGiB: Math.round(totalmem() / 2 ** 30),
      node: process.version,
    },
    cases: {},
  };
  write(report);
  return report;
}

export function recordCase(name: string, figures: unknown): void {
  const report = read();
  report.cases[name] = figures;
  write(report);
}

export function finishReport(): void {
  const report = read();
  report.finishedAt = new Date().toISOString();
  report.durationSeconds = Math.round((Date.parse(report.finishedAt) - Date.parse(report.startedAt)) / 1000);
  write(report);
}
