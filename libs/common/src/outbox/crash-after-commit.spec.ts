import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { crashAfterCommitHook } from './crash-after-commit.js';

describe('crashAfterCommitHook', () => {
  let folder: string;

  beforeEach(() => {
    folder = mkdtempSync(join(tmpdir(), 'crash-hook-'));
  });
  afterEach(() => rmSync(folder, { recursive: true, force: true }));

  it('kills once per trigger file of its own schema, and removes the file', () => {
    const kill = vi.fn();
    const hook = crashAfterCommitHook('orders', folder, 'test', kill)!;
    hook();
    expect(kill).not.toHaveBeenCalled();
    writeFileSync(join(folder, 'billing'), '');
    hook();
    expect(kill).not.toHaveBeenCalled();
    writeFileSync(join(folder, 'orders'), '');
    hook();
    hook();
    expect(kill).toHaveBeenCalledTimes(1);
    expect(existsSync(join(folder, 'orders'))).toBe(false);
    expect(existsSync(join(folder, 'billing'))).toBe(true);
  });

  it('is off without a folder and in production, whatever the folder holds', () => {
    writeFileSync(join(folder, 'orders'), '');
    expect(crashAfterCommitHook('orders', undefined, 'test')).toBeNull();
    expect(crashAfterCommitHook('orders', '', 'test')).toBeNull();
    expect(crashAfterCommitHook('orders', folder, 'production')).toBeNull();
    expect(existsSync(join(folder, 'orders'))).toBe(true);
  });
});
