import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * A tiny built web app (index.html, a hashed asset, an icon, the table of two pages' start-up
 * files) for tests of how it is served.
 */
export function createWebDist(): string {
  const dist = mkdtempSync(path.join(tmpdir(), 'ensaya-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(
    path.join(dist, 'index.html'),
    // As the build writes it: the stylesheet before the entry's script (build/styles-first.ts).
    '<!doctype html><html><head><title>Ensaya</title>' +
      '<link rel="stylesheet" crossorigin href="/assets/app-abc123.css">' +
      '<script type="module" crossorigin src="/assets/app-abc123.js"></script></head>' +
      '<body><div id="root"></div></body></html>',
  );
  writeFileSync(path.join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
  writeFileSync(path.join(dist, 'favicon.svg'), '<svg/>');
  mkdirSync(path.join(dist, '.vite'));
  writeFileSync(
    path.join(dist, '.vite', 'page-assets.json'),
    JSON.stringify({
      '/dashboard': ['/assets/dashboard-1.js', '/assets/dashboard-2.css'],
      '/materias': ['/assets/subjects-1.js'],
    }),
  );
  return dist;
}
