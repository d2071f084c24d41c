import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/**
 * React.lazy for a module with named exports only: `lazyNamed(() => import('./x'), 'XPage')`.
 * Each call is its own chunk, so screens load when first visited.
 */
export function lazyNamed<Name extends string, Module extends Record<Name, ComponentType<object>>>(
  load: () => Promise<Module>,
  name: Name,
): LazyExoticComponent<Module[Name]> {
  return lazy(async () => ({ default: (await load())[name] }));
}
