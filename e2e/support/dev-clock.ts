import { expect, type Page } from '@playwright/test';
import { csrfHeaders } from './students.ts';

/**
 * The server's movable clock (DEV_CLOCK, on in the end-to-end server): subscriptions, payments and
 * jobs go by it; the test engine's access check keeps the real time.
 */
export async function advanceClock(page: Page, days: number, seconds = 0) {
  const response = await page.request.post('/api/dev/clock', {
    headers: await csrfHeaders(page.request, page),
    data: { advance_days: days, advance_seconds: seconds },
  });
  expect(response.ok(), await response.text()).toBe(true);
}

export async function resetClock(page: Page) {
  const response = await page.request.post('/api/dev/clock', {
    headers: await csrfHeaders(page.request, page),
    data: { reset: true },
  });
  expect(response.ok(), await response.text()).toBe(true);
}

/** Runs the due jobs (trial ends, renewals, retries) now rather than at the runner's next tick. */
export async function runDueJobs(page: Page) {
  const response = await page.request.post('/api/dev/jobs/run', {
    headers: await csrfHeaders(page.request, page),
  });
  expect(response.ok(), await response.text()).toBe(true);
  return ((await response.json()) as { data: { scheduled: number; ran: number; failed: number } })
    .data;
}
