import { existsSync, readFileSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { SIGNED_IN_COOKIE } from '@ensaya/core/api/http';
import { startUpPage, startUpReads } from '@ensaya/core/api/start-up-reads';
import { registerAssetRoutes } from './access.ts';

/**
 * Serves the built web app from the same port as the API. Hashed assets are cached for a year;
 * index.html is never cached, so a deploy reaches every browser at once. Each file goes out as the
 * brotli or gzip copy the build made beside it when the browser accepts one. Unknown non-API paths get
 * index.html and the React router decides (its not-found page included). For a signed-in browser the
 * HTML of a page whose start-up is known from its address names what it will load as preload links:
 * its reads (core's `startUpReads`) and its script and style files (the build's
 * `.vite/page-assets.json`, apps/web/build/page-assets.ts). They start with the entry instead of
 * after it has run.
 */
export const webAppPlugin = fp<{ distDir: string }>(async (app, { distDir }) => {
  const indexFile = path.join(distDir, 'index.html');
  if (!existsSync(indexFile)) {
    app.log.warn(`web app not built (${indexFile} missing): serving the API only`);
    return;
  }
  const pageAssets = readPageAssets(distDir);
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
      const isSignedIn = Boolean(request.cookies[SIGNED_IN_COOKIE]);
      const reads = isSignedIn ? startUpReads(pathname, search) : [];
      const assets = isSignedIn ? (pageAssets.get(startUpPage(pathname)) ?? []) : [];
      if (reads.length === 0 && assets.length === 0)
        return reply.type('text/html').sendFile('index.html');
      const html = await readFile(indexFile, 'utf8');
      return reply.type('text/html; charset=utf-8').send(withPreloads(html, reads, assets));
    });
  });
});

/**
 * The build's table of each page's script and style files (apps/web/build/page-assets.ts); empty
 * for a build without it.
 */
function readPageAssets(distDir: string): ReadonlyMap<string, readonly string[]> {
  const file = path.join(distDir, '.vite', 'page-assets.json');
  if (!existsSync(file)) return new Map();
  const table = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string[]>;
  return new Map(Object.entries(table));
}

/**
 * The reads as `<link rel="preload" as="fetch">` before the first script, with the credentials
 * mode of the app's own requests (`credentials: 'include'`), which Chromium needs to hand the
 * preloaded answer to them. The page's files go at the end of the head, after the entry's own
 * script and styles: `modulepreload` for scripts, a style preload for styles (a stylesheet link
 * would hold the first paint), both `crossorigin` as the app's loader asks for them.
 */
export function withPreloads(
  html: string,
  reads: readonly string[],
  assets: readonly string[] = [],
): string {
  const readLinks = reads
    .map(
      (read) =>
        `<link rel="preload" as="fetch" crossorigin="use-credentials" href="${escapeAttribute(read)}">`,
    )
    .join('');
  const assetLinks = assets
    .map((asset) =>
      asset.endsWith('.css')
        ? `<link rel="preload" as="style" crossorigin href="${escapeAttribute(asset)}">`
        : `<link rel="modulepreload" crossorigin href="${escapeAttribute(asset)}">`,
    )
    .join('');
  const head = html.indexOf('</head>');
  const script = html.search(/<script[\s>]/i);
  const beforeScript = script >= 0 && (head < 0 || script < head) ? script : head;
  if (beforeScript < 0) return html;
  const withReads = `${html.slice(0, beforeScript)}${readLinks}${html.slice(beforeScript)}`;
  const end = withReads.indexOf('</head>');
  return end < 0 ? withReads : `${withReads.slice(0, end)}${assetLinks}${withReads.slice(end)}`;
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
