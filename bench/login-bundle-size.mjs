// Checks the login page's JavaScript budget (docs/architecture.md, "Performance budgets": at most 200 KB gzipped) on a production
// build: `npm run build`, then `npm run bench:bundle`.
// The login page is the app's entry, so what it loads is the entry chunk and everything that chunk
// imports statically; lazy pages are not counted. The login form needs nothing more: its checks are
// core's pure functions, without Zod.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const BUDGET_BYTES = 200 * 1000;
const dist =
  process.env.BUNDLE_DIST ??
  join(dirname(fileURLToPath(import.meta.url)), '..', 'apps', 'web', 'dist');
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));

const gzipped = (file) => gzipSync(readFileSync(join(dist, file))).length;
const entry = Object.keys(manifest).find((key) => manifest[key].isEntry);
const loaded = new Set();
(function collect(key) {
  if (loaded.has(key)) return;
  loaded.add(key);
  for (const imported of manifest[key].imports ?? []) collect(imported);
})(entry);

let total = 0;
for (const key of loaded) {
  const size = gzipped(manifest[key].file);
  total += size;
  console.log(`${manifest[key].file.padEnd(48)} ${(size / 1000).toFixed(1).padStart(7)} kB`);
}
console.log(
  `login page, gzipped JavaScript: ${(total / 1000).toFixed(1)} kB of ${BUDGET_BYTES / 1000} kB`,
);

// What the server sends a browser that accepts brotli: the build's `.br` copy of each file when
// there is one (apps/web/build/precompress.ts), else the file: the HTML shell, the JavaScript above
// and the CSS those chunks bring.
const served = (file) =>
  existsSync(join(dist, `${file}.br`))
    ? readFileSync(join(dist, `${file}.br`)).length
    : readFileSync(join(dist, file)).length;
const files = new Set(['index.html']);
for (const key of loaded) {
  files.add(manifest[key].file);
  for (const css of manifest[key].css ?? []) files.add(css);
}
const wire = [...files].reduce((sum, file) => sum + served(file), 0);
console.log(
  `login page on the wire (brotli, ${files.size} files): ${(wire / 1000).toFixed(1)} kB (target 150 kB)`,
);

if (total > BUDGET_BYTES) {
  console.error('Over budget.');
  process.exit(1);
}
