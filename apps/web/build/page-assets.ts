import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Plugin, Rolldown } from 'vite';

/** Where the build writes the table the server reads (apps/api/src/plugins/web-app.ts). */
const PAGE_ASSETS_FILE = '.vite/page-assets.json';

/**
 * Writes `dist/.vite/page-assets.json`: for each page address, the script and style files its
 * start-up imports beyond the entry, as absolute paths (`{ "/dashboard": ["/assets/…js", …] }`).
 * The server names them in that page's HTML (`modulepreload` and style preloads), so a signed-in
 * page's chunks download with the entry instead of after it has run.
 *
 * `pages` maps an address to the source modules its first render imports (the layout's and the
 * page's, and Ant Design's scope for a page that uses it). Each module's chunk is found whatever
 * group the bundler put it in, with every chunk it imports statically; a module in no chunk fails
 * the build, so a renamed page cannot leave a stale list. e2e/start-up-preloads.spec.ts holds each
 * list equal to the files the page loads without it.
 */
export function pageAssets(pages: Readonly<Record<string, readonly string[]>>): Plugin {
  let root = '';
  return {
    name: 'ensaya-page-assets',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    // The bundle as written: style-only chunks are gone by then, their styles named by their importers.
    async writeBundle(options, bundle) {
      const filesOf = chunkGraph(bundle);
      const table = Object.fromEntries(
        Object.entries(pages).map(([page, modules]) => [
          page,
          filesOf(modules.map((module) => path.resolve(root, module))),
        ]),
      );
      const file = path.resolve(options.dir ?? path.resolve(root, 'dist'), PAGE_ASSETS_FILE);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, `${JSON.stringify(table, null, 2)}\n`);
    },
  };
}

/**
 * For the bundle's chunks, a function from modules to the files their chunks and those chunks'
 * static imports bring, less what the entry brings (computed once per build).
 */
function chunkGraph(bundle: Rolldown.OutputBundle) {
  const chunks = Object.values(bundle).filter(
    (file): file is Rolldown.OutputChunk => file.type === 'chunk',
  );
  const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const closure = (start: readonly Rolldown.OutputChunk[], skip: ReadonlySet<string>) => {
    const files = new Set<string>();
    const visit = (chunk: Rolldown.OutputChunk) => {
      if (skip.has(chunk.fileName) || files.has(chunk.fileName)) return;
      files.add(chunk.fileName);
      for (const css of chunk.viteMetadata?.importedCss ?? []) files.add(css);
      for (const name of chunk.imports) {
        const imported = byName.get(name);
        if (imported) visit(imported);
      }
    };
    start.forEach(visit);
    return files;
  };
  const loadedWithEntry = closure(
    chunks.filter((chunk) => chunk.isEntry),
    new Set(),
  );
  const isCss = (file: string) => file.endsWith('.css');

  return (modules: readonly string[]): string[] => {
    const starts = modules.map((module) => {
      const owner = chunks.find((chunk) => chunk.moduleIds.includes(module));
      if (!owner) throw new Error(`page-assets: no chunk holds ${module}`);
      return owner;
    });
    const files = [...closure(starts, loadedWithEntry)];
    // Scripts first: the page cannot run without them, and its styles come with its first render.
    return [...files.filter((f) => !isCss(f)), ...files.filter(isCss)].map((file) => `/${file}`);
  };
}
