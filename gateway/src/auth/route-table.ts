import { PATH_METADATA, METHOD_METADATA } from '@nestjs/common/constants.js';
import { RequestMethod, type INestApplication, type Type } from '@nestjs/common';
import { DiscoveryService, MetadataScanner, Reflector } from '@nestjs/core';
import { ACCESS_KEY, type Access } from './access.decorators.js';

export interface RouteEntry {
  method: string;
  /** As Nest registers it, with `:params`, e.g. /api/users/:id. */
  path: string;
  access: Access | null;
}

const serverPaths = new Set(['health', 'ready', 'metrics']);

function join(...parts: string[]): string {
  return `/${parts
    .flatMap((part) => part.split('/'))
    .filter(Boolean)
    .join('/')}`;
}

/** Every HTTP route of the app with its declared access: the source of the permission matrix. */
export function routeTable(app: INestApplication): RouteEntry[] {
  const discovery = app.get(DiscoveryService);
  const scanner = app.get(MetadataScanner);
  const reflector = app.get(Reflector);
  const routes: RouteEntry[] = [];
  for (const wrapper of discovery.getControllers()) {
    const type = wrapper.metatype as Type | undefined;
    if (!type || !wrapper.instance) continue;
    const base = String(reflector.get<string>(PATH_METADATA, type) ?? '');
    const prototype = Object.getPrototypeOf(wrapper.instance) as Record<string, unknown>;
    for (const name of scanner.getAllMethodNames(prototype)) {
      const handler = prototype[name] as (...args: unknown[]) => unknown;
      const subs = reflector.get<string | string[] | undefined>(PATH_METADATA, handler);
      const method = reflector.get<RequestMethod | undefined>(METHOD_METADATA, handler);
      if (subs === undefined || method === undefined) continue;
      const access = reflector.getAllAndOverride<Access | undefined>(ACCESS_KEY, [handler, type]) ?? null;
      for (const sub of Array.isArray(subs) ? subs : [subs]) {
        const path = join(base, sub);
        const prefixed = serverPaths.has(path.slice(1)) ? path : join('api', path);
        routes.push({ method: RequestMethod[method], path: prefixed, access });
      }
    }
  }
  return routes.sort((a, b) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method));
}

/** Refuses to start when an /api route forgot to say who may call it. */
export function assertEveryRouteDeclaresAccess(app: INestApplication): void {
  const undeclared = routeTable(app).filter((route) => route.path.startsWith('/api') && route.access === null);
  if (undeclared.length > 0) {
    const list = undeclared.map((route) => `${route.method} ${route.path}`).join(', ');
    throw new Error(`Routes without an access declaration: ${list}`);
  }
}
