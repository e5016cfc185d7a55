import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';

/**
 * Who may call a route. Every route declares one in `config.access`, public routes included; the
 * guards read the matched route's declaration, never the URL's spelling, so a request target in
 * absolute form (`http://x/api/...`) meets the same guards as `/api/...`.
 * - `public`: anyone (mutating calls still need the CSRF token unless `csrf: false`).
 * - `user`: a signed-in user; the service checks that the rows are the caller's own.
 * - `admin`: an administrator.
 * - `dev`: development tools (mailbox, clock, jobs). They are registered only outside production,
 *   and then answer only the loopback address or an administrator.
 */
export const ACCESS_LEVELS = ['public', 'user', 'admin', 'dev'] as const;
export type Access = (typeof ACCESS_LEVELS)[number];

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route (required: an undeclared route stops the app at start). */
    access?: Access;
    /** Set false for routes called by third parties (payment gateway callbacks, signed). */
    csrf?: boolean;
    /** Files of the web app and the API docs: no session, no CSRF, no rate limit. */
    isAsset?: boolean;
  }
  interface FastifyInstance {
    /** Every route registered, with its declaration (the access suite walks it). */
    routeTable(): RouteEntry[];
  }
}

export type RouteEntry = {
  method: string;
  url: string;
  access: Access | undefined;
  csrf: boolean;
  isAsset: boolean;
  rateLimit: unknown;
  hasParams: boolean;
};

/**
 * Keeps the route table and refuses to start when a route declares no access (or an unknown
 * one), so a new route can never be open by omission.
 */
export const accessPlugin = fp(async (app) => {
  const routes: RouteOptions[] = [];
  app.addHook('onRoute', (route) => {
    routes.push(route);
  });
  app.decorate('routeTable', () =>
    routes.flatMap((route) =>
      [route.method].flat().map((method) => ({
        method,
        url: route.url,
        access: route.config?.access,
        csrf: route.config?.csrf !== false,
        isAsset: route.config?.isAsset === true,
        rateLimit: route.config?.rateLimit,
        hasParams: route.url.includes(':') || route.url.includes('*'),
      })),
    ),
  );
  app.addHook('onReady', async () => {
    const undeclared = app
      .routeTable()
      .filter((route) => !ACCESS_LEVELS.includes(route.access as Access))
      .map((route) => `${route.method} ${route.url}`);
    if (undeclared.length > 0)
      throw new Error(`Routes without an access declaration: ${undeclared.join(', ')}`);
  });
});

/**
 * Registers third-party plugins whose routes are static files (the web app, the API docs,
 * avatars) in a scope where their routes are declared public assets: the declaration stays where
 * the plugin is registered.
 */
export async function registerAssetRoutes(
  app: FastifyInstance,
  register: (scope: FastifyInstance) => PromiseLike<unknown>,
) {
  await app.register(async (scope) => {
    scope.addHook('onRoute', (route) => {
      route.config = { ...route.config, access: 'public', isAsset: true };
    });
    await register(scope);
  });
}

/** Requests the guards look at: unknown paths (a 404, nothing to protect) and files are not. */
export function isGuardedRoute(request: FastifyRequest) {
  return !request.is404 && !request.routeOptions.config.isAsset;
}

/** Whether the caller may call a route with this declaration; an unknown one is refused. */
export function isAllowed(access: Access | undefined, request: FastifyRequest) {
  switch (access) {
    case 'public':
      return true;
    case 'user':
      return request.user !== null;
    case 'admin':
      return request.user?.role === 'admin';
    case 'dev':
      return isLocal(request) || request.user?.role === 'admin';
    default:
      return false;
  }
}

/**
 * The TCP peer and the forwarded client (when a proxy is trusted) are both this machine: behind a
 * local load balancer the peer alone would make every stranger local.
 */
function isLocal(request: FastifyRequest) {
  return isLoopback(request.socket.remoteAddress) && isLoopback(request.ip);
}

function isLoopback(address: string | undefined) {
  return address === '127.0.0.1' || address === '::1' || address === '::ffff:127.0.0.1';
}
