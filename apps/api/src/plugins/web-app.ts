import { existsSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { SIGNED_IN_COOKIE } from '@ensaya/core/api/http';
import { startUpReads } from '@ensaya/core/api/start-up-reads';
import { registerAssetRoutes } from './access.ts';

/**
 * Serves the built web app from the same port as the API. Hashed assets are cached for a year;
 * index.html is never cached, so a deploy reaches every browser at once. Each file goes out as the
 * brotli or gzip copy the build made beside it when the browser accepts one. Unknown non-API paths get
 * index.html and the React router decides (its not-found page included). For a signed-in browser the
 * HTML of a page whose start-up reads are known from its address names them as preload links
 * (core's `startUpReads`): they start with the scripts instead of after them.
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
    scope.get('/*', { config: asset, schema: { hide: true } }, async (request, reply) => {
      const { pathname, search } = new URL(request.url, 'http://localhost');
      // Unknown /api/ paths are JSON 404s, however the target is written.
      if (pathname === '/api' || pathname.startsWith('/api/')) return reply.callNotFound();
      const file = safeDecode(pathname).replace(/^\/+/, '');
      const candidate = path.join(distDir, file);
      const isInside = candidate.startsWith(distDir + path.sep);
      if (isInside && statSync(candidate, { throwIfNoEntry: false })?.isFile())
        return reply.sendFile(file);
      reply.header('cache-control', 'no-cache');
      // The HTML differs by session (the preload links below): no shared cache may mix them.
      reply.header('vary', 'cookie');
      const reads = request.cookies[SIGNED_IN_COOKIE] ? startUpReads(pathname, search) : [];
      if (reads.length === 0) return reply.type('text/html').sendFile('index.html');
      const html = await readFile(indexFile, 'utf8');
      return reply.type('text/html; charset=utf-8').send(withPreloads(html, reads));
    });
  });
});

/**
 * The reads as `<link rel="preload" as="fetch">` before the first script, with the credentials
 * mode of the app's own requests (`credentials: 'include'`), which Chromium needs to hand the
 * preloaded answer to them.
 */
export function withPreloads(html: string, reads: readonly string[]): string {
  const links = reads
    .map(
      (read) =>
        `<link rel="preload" as="fetch" crossorigin="use-credentials" href="${escapeAttribute(read)}">`,
    )
    .join('');
  const at = html.search(/<script[\s>]/i);
  const head = html.indexOf('</head>');
  const where = at >= 0 && (head < 0 || at < head) ? at : head;
  return where < 0 ? html : `${html.slice(0, where)}${links}${html.slice(where)}`;
}

function escapeAttribute(value: string) {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

function safeDecode(pathname: string) {
  try {
    return decodeURIComponent(pathname);
  } catch {
    return pathname;
  }
}
