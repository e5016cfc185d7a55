// End-to-end tests: builds the web app, then Playwright starts the real server on a fresh embedded
// database and drives Debian's Chromium. Without Chromium the suite is skipped with a notice,
// unless E2E_REQUIRED=1 (CI), where a missing browser is a failure.
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
if (!existsSync(chromium)) {
  const message = `Chromium not found at ${chromium}: end-to-end tests skipped (apt-get install chromium).`;
  if (process.env.E2E_REQUIRED === '1') {
    console.error(message);
    process.exit(1);
  }
  console.warn(message);
  process.exit(0);
}

const run = (args) =>
  spawnSync(process.execPath, args, {
    stdio: 'inherit',
    env: { ...process.env, CHROMIUM_PATH: chromium },
  });
const npmCli = process.env.npm_execpath;
const build = npmCli
  ? run([npmCli, 'run', 'build'])
  : spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);

const result = run([
  'node_modules/@playwright/test/cli.js',
  'test',
  '--config',
  'e2e/playwright.config.ts',
  ...process.argv.slice(2),
]);
process.exit(result.status ?? 1);
