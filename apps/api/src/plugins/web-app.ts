import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { registerAssetRoutes } from './access.ts';

/**
 * Serves the built web app from the same port as the API. Hashed assets are cached for a year;
 * index.html is never cached, so a deploy reaches every browser at once. Each file goes out as the
 * brotli or gzip copy the build made beside it when the browser accepts one. Unknown non-API paths get
 * index.html and the React router decides (its not-found page included).
 */
export const webAppPlugin = fp<{ distDir: string }>(async (app, { distDir }) => {
  const indexFile = path.join(distDir, 'index.html');
  if (!existsSync(indexFile)) {
    app.log.warn(`web app not built (${indexFile} missing): serving the API only`);
    return;
  }
  // The fallback route shares the static plugin's scope: `reply.sendFile` is decorated there.
  await registerAssetRoutes(app, async (scope) => {
    await scope.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      // The build writes `.br` and `.gz` beside each text file (apps/web/build/precompress.ts).
      preCompressed: true,
      setHeaders(reply, filePath) {
        const isHashedAsset = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header(
          'cache-control',
          isHashedAsset ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
    const asset = { access: 'public', isAsset: true } as const;
    scope.get('/*', { config: asset, schema: { hide: true } }, (request, reply) => {
      const pathname = new URL(request.url, 'http://localhost').pathname;
      // Unknown /api/ paths are JSON 404s, however the target is written.
      if (pathname === '/api' || pathname.startsWith('/api/')) return reply.callNotFound();
      const file = safeDecode(pathname).replace(/^\/+/, '');
      const candidate = path.join(distDir, file);
      const isInside = candidate.startsWith(distDir + path.sep);
      if (isInside && statSync(candidate, { throwIfNoEntry: false })?.isFile())
        return reply.sendFile(file);
      reply.header('cache-control', 'no-cache');
      return reply.type('text/html').sendFile('index.html');
    });
  });
});

function safeDecode(pathname: string) {
  try {
    return decodeURIComponent(pathname);
  } catch {
    return pathname;
  }
}
