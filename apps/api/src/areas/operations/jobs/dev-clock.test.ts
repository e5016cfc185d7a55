import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../../../config.ts';
import { invoices, userSubscriptions } from '../../../db/schema/index.ts';
import { buildTestApp, TestClient, type TestApp } from '../../../test/build-test-app.ts';
import { createAdmin, TEST_PASSWORD } from '../../../test/factories.ts';
import {
  approveCard,
  createPackage,
  createSubscription,
  payWithCard,
  signedInStudent,
} from '../../../test/subscription-fixtures.ts';

const DAY = 86_400_000;

/**
 * The dev clock is one offset for the whole database, so these tests always run on their own
 * in-memory PGlite: moving it on the shared PostgreSQL test database would move the time of every
 * other test file running at once.
 */
const isolatedApp = (overrides: Partial<Config>) =>
  buildTestApp({ sandboxGatewaySecret: 's'.repeat(32), ...overrides }, { ownDatabase: true });

describe('dev clock', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await isolatedApp({ devClock: true });
  });
  afterAll(() => t?.close());

  it('moves time for subscriptions and jobs: the trial end charges the card', async () => {
    const { pack, subjectIds } = await createPackage(t.db, { trialPeriodDays: 7 });
    const { client, student } = await signedInStudent(t);
    const sub = await createSubscription(client, pack.id, subjectIds.slice(0, 2));
    await payWithCard(client, sub.id, approveCard());

    // The dev tools answer this machine (the demo's own browser) or an administrator.
    const local = new TestClient(t.app, { remoteAddress: '127.0.0.1' });
    const start = (await local.get('/api/dev/clock')).json().data;
    expect(start.offset_ms).toBe(0);
    expect(Math.abs(Date.parse(start.now) - Date.now())).toBeLessThan(5_000);

    const moved = await local.post('/api/dev/clock', { advance_days: 7, advance_seconds: 60 });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().data.offset_ms).toBe(7 * DAY + 60_000);
    expect((await client.get('/api/user-subscriptions/after-login')).json().data).toMatchObject({
      trial_days_left: 0,
    });

    const run = await local.post('/api/dev/jobs/run', {});
    expect(run.statusCode, run.body).toBe(200);
    expect(run.json().data.ran).toBeGreaterThanOrEqual(1);
    const [row] = await t.db
      .select()
      .from(userSubscriptions)
      .where(eq(userSubscriptions.id, sub.id));
    expect(row!.status).toBe('Active');
    const bills = await t.db.select().from(invoices).where(eq(invoices.userId, student.id));
    expect(bills.map((bill) => bill.status)).toEqual(['paid']);

    // Running again finds nothing due: the trial end was handled once.
    expect((await local.post('/api/dev/jobs/run', {})).json().data.ran).toBe(0);

    const reset = await local.post('/api/dev/clock', { reset: true });
    expect(reset.json().data.offset_ms).toBe(0);
  });

  it('refuses a bad move with 422 and keeps the time', async () => {
    const local = new TestClient(t.app, { remoteAddress: '::1' });
    await local.post('/api/dev/clock', { advance_days: 2 });
    const bad = await local.post('/api/dev/clock', { advance_days: 'soon' });
    expect(bad.statusCode).toBe(422);
    expect((await local.get('/api/dev/clock')).json().data.offset_ms).toBe(2 * DAY);
    await local.post('/api/dev/clock', { reset: true });
  });

  it('does not let a stranger read the clock or move it; an administrator may', async () => {
    const { client: student } = await signedInStudent(t);
    expect((await student.get('/api/dev/clock')).statusCode).toBe(403);
    expect((await student.post('/api/dev/clock', { advance_days: 1 })).statusCode).toBe(403);
    expect((await student.post('/api/dev/jobs/run', {})).statusCode).toBe(403);
    const stranger = new TestClient(t.app);
    expect((await stranger.post('/api/dev/clock', { advance_days: 1 })).statusCode).toBe(401);
    const admin = new TestClient(t.app);
    await admin.login((await createAdmin(t.db)).email, TEST_PASSWORD);
    expect((await admin.get('/api/dev/clock')).json().data.offset_ms).toBe(0);
  });
});

describe('without DEV_CLOCK', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await isolatedApp({ devClock: false });
  });
  afterAll(() => t?.close());

  it('has no clock and no run-now call', async () => {
    const local = new TestClient(t.app, { remoteAddress: '127.0.0.1' });
    expect((await local.get('/api/dev/clock')).statusCode).toBe(404);
    expect((await local.post('/api/dev/clock', { advance_days: 1 })).statusCode).toBe(404);
    expect((await local.post('/api/dev/jobs/run', {})).statusCode).toBe(404);
  });
});
