import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { antdStyles } from './build/antd-styles.ts';
import { pageAssets } from './build/page-assets.ts';
import { precompress } from './build/precompress.ts';
import { stylesFirst } from './build/styles-first.ts';

// Every signed-in page renders inside the protected layout; a page that uses Ant Design also loads
// its scope (app/lazy-page.ts). Addresses as in app/paths.ts, modules as app/routes.tsx imports them.
const LAYOUT = 'src/app/layouts/protected-layout.tsx';
const ANTD_SCOPE = 'src/app/antd-scope.tsx';
const TEST_TAKING = 'src/features/engine/test-taking/routes';

/** The signed-in pages whose start-up files the server names in their HTML (build/page-assets.ts). */
const START_UP_MODULES = {
  '/dashboard': [LAYOUT, 'src/app/routes/dashboard-page.tsx'],
  '/materias': [LAYOUT, 'src/app/routes/subjects-page.tsx'],
  '/cuenta/editar': [LAYOUT, 'src/app/routes/account-page.tsx'],
  '/subscripcion/paquete': [
    LAYOUT,
    ANTD_SCOPE,
    'src/features/sales/subscriptions/routes/choose-package-page.tsx',
  ],
  '/estadistica': [LAYOUT, 'src/app/routes/statistics-page.tsx'],
  '/test': [LAYOUT, `${TEST_TAKING}/custom-test-page.tsx`],
  '/test/ensayo': [LAYOUT, `${TEST_TAKING}/mock-exam-page.tsx`],
  '/test/historial': [LAYOUT, `${TEST_TAKING}/historical-test-page.tsx`],
  '/revision': [LAYOUT, ANTD_SCOPE, `${TEST_TAKING}/wrong-answers-page.tsx`],
};

export default defineConfig({
  plugins: [react(), antdStyles(), stylesFirst(), pageAssets(START_UP_MODULES), precompress()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // dist/.vite/manifest.json: the chunk graph scripts/check-login-budget.mjs measures.
    manifest: true,
    rolldownOptions: {
      treeshake: {
        // Ant Design's rc-component packages do not declare `sideEffects`, so the bundler keeps
        // every module they import. They have none: declaring it lets Input's import of the form
        // context drop the whole form library from the login page (docs/architecture.md, "Performance budgets").
        moduleSideEffects: (id) => !/\/node_modules\/@rc-component\/[^/]+\/es\/.*\.js$/.test(id),
      },
      output: {
        // Fewer, larger files for the first screens. Lighthouse's phone loads over HTTP/1.1 with six
        // connections and a 150 ms round trip, so forty small chunks cost six or seven round trips
        // before a signed-in page can draw (docs/benchmarks.md, "Lighthouse mobile").
        codeSplitting: {
          groups: [
            // Everything the entry loads statically, in one file with the entry: the login page
            // asks for 3 files instead of 10, at the same bytes.
            { name: 'index', tags: ['$initial'], priority: 2 },
            // The signed-in shell: the layouts, the start-up reads, the shared helpers and every
            // feature's API calls (a few hundred bytes each, shared by many pages), with what they
            // import. A signed-in page asks for 14-16 files instead of 40-90, for about 20 kB more
            // on the pages that used few of them.
            {
              name: 'signed-in',
              test: /\/apps\/web\/src\/(lib\/|(features\/[^/]+\/[^/]+|engine-kit)\/api\/|app\/layouts\/|app\/page-data|app\/routes\/[^/]+\.data\.ts)/,
              priority: 1,
            },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      // The API sets its session and XSRF-TOKEN cookies on this origin through the proxy.
      '/api': { target: 'http://localhost:3000', changeOrigin: false },
    },
  },
  test: {
    name: 'web',
    // jsdom 31 or later: in jsdom 29 every getComputedStyle call (each ByRole query and each
    // user-event click makes many) re-resolved Ant Design's CSS variables set to `inherit` through
    // every ancestor, which made a test with a table and a drawer take 20 s.
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'],
    setupFiles: ['./src/test/setup.ts'],
    // Test files share their worker, its jsdom window and the modules it has loaded (React, Ant
    // Design, the app's pages) instead of each starting its own: a fresh worker per file spent
    // most of the suite loading the same modules again. src/test/setup.ts puts back
    // after every test what a test may change in the window (storage, cookies, <html>, timers).
    isolate: false,
    // Most component tests take well under a second, the slowest about three on a busy 2-core
    // machine; a test that needs more is stuck, not slow. No retries: a flaky test is fixed.
    testTimeout: 10_000,
  },
});
