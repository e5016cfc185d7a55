import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { antdStyles } from './build/antd-styles.ts';
import { precompress } from './build/precompress.ts';

export default defineConfig({
  plugins: [react(), antdStyles(), precompress()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // dist/.vite/manifest.json: the chunk graph scripts/check-login-budget.mjs measures.
    manifest: true,
    rolldownOptions: {
      treeshake: {
        // Ant Design's rc-component packages do not declare `sideEffects`, so the bundler keeps
        // every module they import. They have none: declaring it lets Input's import of the form
        // context drop the whole form library from the login page (DESIGN.md budget).
        moduleSideEffects: (id) => !/\/node_modules\/@rc-component\/[^/]+\/es\/.*\.js$/.test(id),
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
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    // Component tests render Ant Design in jsdom; on a busy 2-core machine running every project
    // at once one can take several seconds. Performance is measured in bench/, never here.
    testTimeout: 20_000,
    // A component test that timed out while the API suite held both cores gets one more try in CI;
    // a real failure fails twice.
    retry: process.env.CI ? 1 : 0,
  },
});
