import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

/** Spec files that move the server's dev clock (see the 'clock' project). */
const CLOCK_SPECS = ['**/subscriptions.spec.ts', '**/trial-money.spec.ts'];
/** Spec files that run servers of their own and kill them (see the 'servers' project). */
const SERVER_SPECS = ['**/scheduled-exam-servers.spec.ts'];

const port = Number(process.env.E2E_PORT ?? 3123);
const baseURL = `http://127.0.0.1:${port}`;
// A fresh embedded database for every run: the server migrates and seeds it on start.
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(tmpdir(), 'ensaya-e2e-'));

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  fullyParallel: true,
  workers: 2,
  // No retries, in CI or not: a flaky test is fixed or rewritten, never run again until it passes.
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    locale: 'es-CL',
    launchOptions: {
      // Debian's Chromium; nothing is downloaded. Flags keep it off the (closed) network.
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  projects: [
    {
      name: 'desktop',
      use: { ...devices['Desktop Chrome'], channel: undefined },
      testIgnore: [...CLOCK_SPECS, ...SERVER_SPECS],
    },
    {
      // The dev clock is the server's one clock: a file that moves it (days ahead, to end a trial
      // or reach a renewal) would expire attempts and sessions of tests running beside it. These
      // files run after everything else, one at a time.
      name: 'clock',
      use: { ...devices['Desktop Chrome'], channel: undefined },
      testMatch: CLOCK_SPECS,
      dependencies: ['desktop', 'phone'],
      workers: 1,
    },
    {
      // Two instances behind HAProxy on PostgreSQL, killed and restarted: after the rest, alone,
      // so that its servers and their restarts load nothing else.
      name: 'servers',
      use: { ...devices['Desktop Chrome'], channel: undefined },
      testMatch: SERVER_SPECS,
      dependencies: ['clock'],
      workers: 1,
    },
    {
      name: 'phone',
      use: { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true },
      // The layout suite sets its own widths in the desktop project; a touch phone runs the tests
      // tagged for it.
      testMatch: '**/layout.spec.ts',
      grep: /@phone/,
    },
  ],
  webServer: {
    command: 'node apps/api/src/server.ts',
    cwd: path.resolve(import.meta.dirname, '..'),
    url: `${baseURL}/api/health`,
    timeout: 240_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      // Links the server makes (the payment platform's return, mails) point where the browser is,
      // so the session cookie of 127.0.0.1 goes along.
      APP_URL: baseURL,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      RATE_LIMIT_MAX: '10000',
      // Every test signs in from 127.0.0.1; the per-e-mail failure throttle still applies.
      LOGIN_RATE_LIMIT_MAX: '1000',
      PATH: `${path.resolve(import.meta.dirname, '../node_modules/.bin')}:${process.env.PATH ?? ''}`,
    },
  },
});
