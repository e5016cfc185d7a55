import { lazy, type ComponentType, type ReactElement } from 'react';
import { matchRoutes, type RouteObject } from 'react-router';

type Preloadable = { preload?: () => Promise<unknown> };

/**
 * React.lazy for modules with named exports: `lazyPage(() => import('./x.tsx'), 'XPage')`. The
 * component also has `preload()`, which starts loading its chunk before React asks for it.
 */
export function lazyPage<Name extends string>(
  load: () => Promise<Record<Name, ComponentType>>,
  name: Name,
) {
  let loading: Promise<Record<Name, ComponentType>> | undefined;
  const preload = () => (loading ??= load());
  return Object.assign(
    lazy(async () => ({ default: (await preload())[name] })),
    { preload },
  );
}

/**
 * Starts loading the chunks of every lazy layout and page the address matches, all at once, at
 * start-up: without it the layout's chunk is asked for only once the session is known, and the
 * page's only once the layout has rendered, one round trip after another on a phone's network.
 */
export function preloadMatchedRoutes(routes: RouteObject[], pathname: string): void {
  for (const { route } of matchRoutes(routes, pathname) ?? []) {
    const type = (route.element as ReactElement | undefined)?.type as Preloadable | undefined;
    void type?.preload?.();
  }
}
