import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// The login page loads no Ant Design (docs/architecture.md, "The login page without Ant Design"):
// nothing the entry imports statically may import it. Lazy chunks (`import()`) may.

const SRC = path.resolve(import.meta.dirname, '..');
const STATIC_IMPORT = /^\s*import\s+(?!type\b)(?:[^'"]*?\sfrom\s+)?['"]([^'"]+)['"]/gm;

function resolveLocal(from: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const base = path.resolve(path.dirname(from), specifier);
  return [base, `${base}.ts`, `${base}.tsx`].find(
    (file) => existsSync(file) && statSync(file).isFile(),
  );
}

/** Every bare import reached from `entry` through static imports of the app's own modules. */
function staticGraph(entry: string): Map<string, string[]> {
  const packagesByModule = new Map<string, string[]>();
  const pending = [entry];
  while (pending.length) {
    const file = pending.pop()!;
    if (packagesByModule.has(file)) continue;
    const packages: string[] = [];
    packagesByModule.set(file, packages);
    if (!/\.tsx?$/.test(file)) continue;
    for (const [, specifier] of readFileSync(file, 'utf8').matchAll(STATIC_IMPORT)) {
      const local = resolveLocal(file, specifier!);
      if (local) pending.push(local);
      else if (!specifier!.startsWith('.')) packages.push(specifier!);
    }
  }
  return packagesByModule;
}

/** The modules of the graph that import Ant Design themselves. */
function antdImporters(graph: Map<string, string[]>): string[] {
  return [...graph]
    .filter(([, packages]) => packages.some((name) => /^(antd|@ant-design)(\/|$)/.test(name)))
    .map(([file]) => path.relative(SRC, file));
}

describe('the entry (login page)', () => {
  it('imports no Ant Design module, directly or through the app’s own modules', () => {
    const graph = staticGraph(path.join(SRC, 'main.tsx'));
    expect(graph.size).toBeGreaterThan(20);
    expect(antdImporters(graph)).toEqual([]);
  });
});

// The layout and pages routes.tsx loads with `{ usesAntd: false }`: outside Ant Design's scope.
describe.each([
  'app/layouts/protected-layout.tsx',
  'app/routes/dashboard-page.tsx',
  'app/routes/subjects-page.tsx',
  'app/routes/statistics-page.tsx',
  'app/routes/account-page.tsx',
  // The test pages: the question, its choices and the player's buttons are plain; the dialogs,
  // the phone's palette sheet and the reading controls are lazy chunks with their own scope.
  'features/engine/test-taking/routes/custom-test-page.tsx',
  'features/engine/test-taking/routes/mock-exam-page.tsx',
  'features/engine/test-taking/routes/historical-test-page.tsx',
])('%s', (file) => {
  it('imports no Ant Design module, directly or through the app’s own modules', () => {
    const graph = staticGraph(path.join(SRC, file));
    expect(graph.size).toBeGreaterThan(5);
    expect(antdImporters(graph)).toEqual([]);
  });
});
