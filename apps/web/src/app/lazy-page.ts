import { lazy, type ComponentType } from 'react';

/** React.lazy for modules with named exports: `lazyPage(() => import('./x.tsx'), 'XPage')`. */
export function lazyPage<Name extends string>(
  load: () => Promise<Record<Name, ComponentType>>,
  name: Name,
) {
  return lazy(async () => ({ default: (await load())[name] }));
}
