import type { QueryClient } from '@tanstack/react-query';
import { createElement, lazy, type ComponentType, type ReactElement } from 'react';
import { matchRoutes, type RouteObject } from 'react-router';
import type * as AntdScopeModule from './antd-scope.tsx';
import type * as PageDataModules from './page-data.ts';
import { inNextTask } from '../lib/next-task.ts';

/** The address a page's reads depend on. */
export interface PageAddress {
  pathname: string;
  search: string;
}

/**
 * A route's `data` module: starts the reads its page (or layout) makes on its first render, with
 * the same query options, so they run while the page's chunk loads (`prefetchForPage`).
 */
export interface PageDataModule {
  prefetchPageData: (queryClient: QueryClient, address: PageAddress) => void;
}

type LoadPageData = () => Promise<PageDataModule>;

type PageDataExports = typeof PageDataModules;

/**
 * A route's `data`: one of app/page-data.ts's prefetchers. They come with the protected layout's
 * chunk, which every signed-in page loads at start-up anyway: a chunk of their own changed how the
 * bundler splits the login page's modules (two more files, 1 KB more).
 */
export function pageData(name: keyof PageDataExports): LoadPageData {
  return async () => ({
    prefetchPageData: (await import('./layouts/protected-layout.tsx')).pageData[name],
  });
}
type Preloadable = { preload?: () => Promise<unknown>; loadData?: LoadPageData };

/** Ant Design's scope (theme, locale), loaded once with the first lazy page. */
const loadAntdScope = () => import('./antd-scope.tsx');

/**
 * React.lazy for modules with named exports: `lazyPage(() => import('./x.tsx'), 'XPage')`. The page
 * renders inside Ant Design's scope (app/antd-scope.tsx), whose module loads alongside the page's
 * chunk. The component also has `preload()`, which starts loading both before React asks for them.
 *
 * `{ usesAntd: false }`: a page or layout written without Ant Design (entry-without-antd.test.ts
 * holds it to that) renders without the scope, so neither it nor Ant Design's theme is loaded with
 * it (Lighthouse: the signed-in pages a student meets first).
 *
 * `{ data: pageData('prefetchXData') }`: the page's reads (`*.data.ts`, gathered in
 * app/page-data.ts) start at start-up with the session check, not once the page's chunk has
 * loaded and rendered.
 */
export function lazyPage<Name extends string>(
  load: () => Promise<Record<Name, ComponentType>>,
  name: Name,
  { usesAntd = true, data }: { usesAntd?: boolean; data?: LoadPageData } = {},
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
    { preload, loadData: data },
  );
}

/**
 * Starts loading the chunks of every lazy layout and page the address matches, all at once, at
 * start-up: without it the layout's chunk is asked for only once the session is known, and the
 * page's only once the layout has rendered, one round trip after another on a phone's network.
 * Their `data` modules load too, and are handed to `onData` together once all have loaded (main.tsx
 * starts their reads once the session is known): the page's requests then wait for the session
 * check only, not for the page's chunk.
 */
export function preloadMatchedRoutes(
  routes: RouteObject[],
  pathname: string,
  onData?: (data: PageDataModule) => void,
): void {
  const types = (matchRoutes(routes, pathname) ?? []).map(
    ({ route }) => (route.element as ReactElement | undefined)?.type as Preloadable | undefined,
  );
  // The data modules first: a page's chunks are dozens of files, and over HTTP/1.1 (six
  // connections) a module asked for after them waits for them all. Their reads start together,
  // once all have loaded: none waits for another's answer. Only a head start: a page whose module
  // failed to load asks for its data itself.
  if (onData) {
    const loading = types.flatMap((type) => (type?.loadData ? [type.loadData()] : []));
    if (loading.length > 0)
      void Promise.allSettled(loading).then((results) => {
        for (const result of results) if (result.status === 'fulfilled') onData(result.value);
      });
  }
  // In a task of its own: each chunk adds its files' preload links, work enough to hold a phone.
  inNextTask(() => {
    for (const type of types) void type?.preload?.();
  });
}
