import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** The built web app (web/dist), if there is one: its folder and index.html for SPA fallback. */
export class SpaAssets {
  private constructor(
    readonly root: string,
    readonly indexHtml: string,
  ) {}

  static load(dir: string | undefined): SpaAssets | null {
    const root = resolve(dir ?? join(import.meta.dirname, '../../../web/dist'));
    const index = join(root, 'index.html');
    if (!existsSync(index)) return null;
    return new SpaAssets(root, readFileSync(index, 'utf8'));
  }
}

/** Paths that belong to the server, never to the SPA's router. */
export function isServerPath(url: string): boolean {
  const path = url.split('?')[0] ?? '';
  return (
    path === '/api' ||
    path.startsWith('/api/') ||
    path.startsWith('/uploads/') ||
    ['/health', '/ready', '/metrics'].includes(path)
  );
}
