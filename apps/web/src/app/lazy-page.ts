import { createElement, lazy, type ComponentType, type ReactElement } from 'react';
import { matchRoutes, type RouteObject } from 'react-router';
import type * as AntdScopeModule from './antd-scope.tsx';

type Preloadable = { preload?: () => Promise<unknown> };

/** Ant Design's scope (theme, locale), loaded once with the first lazy page. */
const loadAntdScope = () => import('./antd-scope.tsx');

/**
 * React.lazy for modules with named exports: `lazyPage(() => import('./x.tsx'), 'XPage')`. The page
 * renders inside Ant Design's scope (app/antd-scope.tsx), whose module loads alongside the page's
 * chunk. The component also has `preload()`, which starts loading both before React asks for them.
 *
 * `{ usesAntd: false }`: a page or layout written without Ant Design (entry-without-antd.test.ts
 * holds it to that) renders without the scope, so neither it nor Ant Design's theme is loaded with
 * it (issue 14, Lighthouse: the signed-in pages a student meets first).
 */
export function lazyPage<Name extends string>(
  load: () => Promise<Record<Name, ComponentType>>,
  name: Name,
  { usesAntd = true }: { usesAntd?: boolean } = {},
) {
  let loading: Promise<[Record<Name, ComponentType>, typeof AntdScopeModule | null]> | undefined;
  const preload = () =>
    (loading ??= Promise.all([load(), usesAntd ? loadAntdScope() : Promise.resolve(null)]));
  return Object.assign(
    lazy(async () => {
      const [module, scope] = await preload();
      const Page = module[name];
      if (!scope) return { default: Page };
      return { default: () => createElement(scope.AntdScope, null, createElement(Page)) };
    }),
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
