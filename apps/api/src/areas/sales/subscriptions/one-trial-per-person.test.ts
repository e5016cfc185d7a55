import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatRut } from '@ensaya/core/validation/rut';
import {
  type users,
  charges,
  invoices,
  paymentMethods,
  trialClaims,
  userSubscriptions,
} from '../../../db/schema/index.ts';
import type { Db } from '../../../db/client.ts';
import { buildTestApp, type TestApp, type TestClient } from '../../../test/build-test-app.ts';
import { createStudent } from '../../../test/factories.ts';
import { runJobsOnce } from '../../operations/jobs/run-jobs.ts';
import { createGateways } from '../payments/gateways.ts';
import {
  approveCard,
  createPackage,
  createSubscription,
  payWithCard,
  randomRut,
  signedInStudent,
  submitCard,
} from '../../../test/subscription-fixtures.ts';
import { cardKey, personKeys } from './trial-claims.ts';

// A free trial is a one-time offer per person and standard test. Refused four
// ways (the same account, the same RUT, the same card, a "+" variant of the e-mail with the same
// RUT), also when the returns race: with TEST_DATABASE_URL the race runs on PostgreSQL, where the
// pool's connections make it real, and only the unique claims keep it to one trial.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ sandboxGatewaySecret: 's'.repeat(32) });
});
afterAll(() => t?.close());

type Summary = Record<string, unknown> & { id: number; status: string };

const summaryOf = async (client: TestClient, id: number): Promise<Summary> => {
  const response = await client.get(`/api/user-subscriptions/${id}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
};

const chargesOf = async (db: Db, userId: number) =>
  (await db.select().from(charges).where(eq(charges.userId, userId)).orderBy(asc(charges.id))).map(
    (charge) => `${charge.kind}:${charge.status}`,
  );

/** A new subscription of a PAES package of its own, as its summary shows it. */
async function paesSubscription(client: TestClient, standardTestId = 1): Promise<Summary> {
  const { pack, subjectIds } = await createPackage(t.db, { standardTestId });
  return (await createSubscription(client, pack.id, subjectIds.slice(0, 2))) as unknown as Summary;
}

/** A signed-in student who started a PAES trial with `card`. */
async function studentInTrial(user: Partial<typeof users.$inferInsert>, card = approveCard()) {
  const signedIn = await signedInStudent(t, { user });
  const first = await paesSubscription(signedIn.client);
  expect(first).toMatchObject({ trial_available: true, trial_used: false, trial_duration: 7 });
  const { landing } = await payWithCard(signedIn.client, first.id, card);
  expect(landing.headers.location).toContain('payment=trial');
  return { ...signedIn, first, card };
}

const NO_TRIAL = {
  status: 'Created',
  trial_available: false,
  trial_used: true,
  trial_duration: 0,
  trial_days_left: 0,
};

/**
 * No trial applies: the summary says so, and registering a card charges the first period at once,
 * as a subscription without trial days is (the receipt, a paid invoice, a 30-day period).
 */
async function expectChargedAtOnce(client: TestClient, userId: number, subscriptionId: number) {
  expect(await summaryOf(client, subscriptionId)).toMatchObject(NO_TRIAL);
  const before = await chargesOf(t.db, userId);
  const { landing } = await payWithCard(client, subscriptionId, approveCard());
  expect(landing.headers.location).toContain(
    `/subscripcion/exitosa?subscription=${subscriptionId}&payment=active`,
  );
  const paid = await summaryOf(client, subscriptionId);
  expect(paid).toMatchObject({ status: 'Active', has_access: true, trial_started_at: null });
  expect(
    new Date(paid.subscription_end as string).getTime() -
      new Date(paid.subscription_start as string).getTime(),
  ).toBe(30 * 86_400_000);
  expect((await chargesOf(t.db, userId)).slice(before.length)).toEqual([
    'validation:paid',
    'invoice:paid',
  ]);
  const bills = await t.db
    .select()
    .from(invoices)
    .where(eq(invoices.userSubscriptionId, subscriptionId));
  expect(bills.map((bill) => [bill.status, bill.total])).toEqual([['paid', 9990]]);
}

describe('a free trial is once per person and standard test', () => {
  it('refuses a second trial on the same account, while the first runs and after canceling it', async () => {
    const { client, student, first } = await studentInTrial({
      taxId: randomRut(),
      taxIdType: 'rut',
    });
    const whileRunning = await paesSubscription(client);
    expect(whileRunning).toMatchObject(NO_TRIAL);

    const canceled = await client.post('/api/user-subscriptions/set-status', {
      id: first.id,
      status: 'PAUSE',
    });
    expect(canceled.json().data).toMatchObject({ status: 'Trial', auto_renew: false });
    const afterCanceling = await paesSubscription(client);
    expect(afterCanceling).toMatchObject(NO_TRIAL);
    expect(await summaryOf(client, whileRunning.id)).toMatchObject(NO_TRIAL);
    await expectChargedAtOnce(client, student.id, afterCanceling.id);

    // Once per standard test: a Clase B trial is still on offer.
    const classB = await paesSubscription(client, 2);
    expect(classB).toMatchObject({ trial_available: true, trial_used: false, trial_duration: 7 });
  });

  it('stops the running trial when another subscription of its test is paid: no second charge', async () => {
    const { client, student, first } = await studentInTrial({
      taxId: randomRut(),
      taxIdType: 'rut',
    });
    const second = await paesSubscription(client);
    await expectChargedAtOnce(client, student.id, second.id);
    expect(await summaryOf(client, first.id)).toMatchObject({ status: 'Trial', auto_renew: false });
    const deps = { gateways: createGateways(t.config, 'unused'), appUrl: t.config.appUrl };
    await runJobsOnce(t.db, deps, new Date(Date.now() + 7.01 * 86_400_000));
    expect(await summaryOf(client, first.id)).toMatchObject({ status: 'Canceled' });
    expect(
      await t.db.select().from(invoices).where(eq(invoices.userSubscriptionId, first.id)),
    ).toEqual([]);
  });

  it('the price table stops promising a trial to whoever had theirs; visitors still see it', async () => {
    const rut = randomRut();
    const { client } = await studentInTrial({ taxId: rut, taxIdType: 'rut' });
    await createPackage(t.db, { standardTestId: 2 });
    const trialOf = (data: Array<{ standard_test_id: number; trial_available?: boolean }>) =>
      new Map(data.map((pack) => [pack.standard_test_id, pack.trial_available]));

    const own = trialOf((await client.get('/api/packages')).json().data);
    expect(own.get(1)).toBe(false);
    expect(own.get(2)).toBe(true);
    const perTest = (await client.get('/api/standard-tests/1/packages')).json().data;
    expect(perTest.every((pack: { trial_available?: boolean }) => !pack.trial_available)).toBe(
      true,
    );
    // The same RUT on another account is the same person.
    const other = await signedInStudent(t, { user: { taxId: rut, taxIdType: 'rut' } });
    expect(trialOf((await other.client.get('/api/packages')).json().data).get(1)).toBe(false);
    // A new student is offered it; a visitor is told nothing either way (the table shows it).
    const fresh = await signedInStudent(t, { user: { taxId: randomRut(), taxIdType: 'rut' } });
    expect(trialOf((await fresh.client.get('/api/packages')).json().data).get(1)).toBe(true);
    const visitor = (await t.app.inject({ method: 'GET', url: '/api/packages' })).json().data;
    expect(trialOf(visitor).get(1)).toBeUndefined();
  });

  it('refuses a trial to another account with the same RUT', async () => {
    const rut = randomRut();
    await studentInTrial({ taxId: rut, taxIdType: 'rut' });
    // Written as the form shows it: the same RUT all the same.
    const other = await signedInStudent(t, { user: { taxId: formatRut(rut), taxIdType: 'rut' } });
    const sub = await paesSubscription(other.client);
    expect(sub).toMatchObject(NO_TRIAL);
    await expectChargedAtOnce(other.client, other.student.id, sub.id);
  });

  it('refuses a trial to a "+" variant of the e-mail with the same RUT (or another RUT)', async () => {
    const rut = randomRut();
    const local = `ana-${randomUUID()}`;
    await studentInTrial({ email: `${local}@example.cl`, taxId: rut, taxIdType: 'rut' });
    const variant = await signedInStudent(t, {
      user: { email: `${local}+segunda@example.cl`, taxId: rut, taxIdType: 'rut' },
    });
    const sub = await paesSubscription(variant.client);
    expect(sub).toMatchObject(NO_TRIAL);
    await expectChargedAtOnce(variant.client, variant.student.id, sub.id);
    // The same mailbox is the same person even with an invented RUT.
    const invented = await signedInStudent(t, {
      user: { email: `${local}+tercera@example.cl`, taxId: randomRut(), taxIdType: 'rut' },
    });
    expect(await paesSubscription(invented.client)).toMatchObject(NO_TRIAL);
  });

  it('refuses a trial to another account with the same card, and charges nothing unasked', async () => {
    const { card } = await studentInTrial({ taxId: randomRut(), taxIdType: 'rut' });
    const other = await signedInStudent(t, { user: { taxId: randomRut(), taxIdType: 'rut' } });
    const sub = await paesSubscription(other.client);
    // Before the card nothing tells this person apart: the summary offers the trial.
    expect(sub).toMatchObject({ trial_available: true, trial_duration: 7 });
    const { landing } = await payWithCard(other.client, sub.id, card);
    expect(landing.headers.location).toContain(
      `/factura/detalles?subscription=${sub.id}&payment=trial_used`,
    );
    // No trial, and no charge but the refunded card validation: the student was promised a trial.
    expect(await summaryOf(other.client, sub.id)).toMatchObject({
      ...NO_TRIAL,
      has_access: false,
      card: { last4: card.slice(-4) },
    });
    expect(await chargesOf(t.db, other.student.id)).toEqual(['validation:paid']);
    expect(await t.db.select().from(invoices).where(eq(invoices.userId, other.student.id))).toEqual(
      [],
    );
    // Told so, the student pays: at once, with that card or another.
    await expectChargedAtOnce(other.client, other.student.id, sub.id);
  });

  it('starts one trial when the card returns of one person race', async () => {
    const rut = randomRut();
    const accounts = [
      await signedInStudent(t, { user: { taxId: rut, taxIdType: 'rut' } }),
      await signedInStudent(t, { user: { taxId: rut, taxIdType: 'rut' } }),
    ];
    const pending: Array<{ client: TestClient; id: number; path: string }> = [];
    for (const { client } of accounts) {
      for (let i = 0; i < 3; i++) {
        const sub = await paesSubscription(client);
        expect(sub.trial_available).toBe(true);
        pending.push({ client, id: sub.id, path: await submitCard(client, sub.id, approveCard()) });
      }
    }
    const landings = await Promise.all(pending.map(({ client, path }) => client.get(path)));
    const outcomes = landings.map((landing) =>
      new URL(landing.headers.location as string).searchParams.get('payment'),
    );
    expect(outcomes.filter((outcome) => outcome === 'trial')).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome === 'trial_used')).toHaveLength(5);

    const ids = pending.map((entry) => entry.id);
    const rows = await t.db
      .select()
      .from(userSubscriptions)
      .where(inArray(userSubscriptions.id, ids));
    expect(rows.filter((row) => row.status === 'Trial')).toHaveLength(1);
    const winner = rows.find((row) => row.status === 'Trial')!;
    const claims = await t.db
      .select()
      .from(trialClaims)
      .where(inArray(trialClaims.userSubscriptionId, ids));
    // Account, mailbox, RUT and card: all of the winner's, none of the others'.
    expect(claims.map((claim) => claim.kind).sort()).toEqual(['card', 'email', 'tax_id', 'user']);
    expect(new Set(claims.map((claim) => claim.userSubscriptionId))).toEqual(new Set([winner.id]));
    for (const { student } of accounts) {
      expect(await t.db.select().from(invoices).where(eq(invoices.userId, student.id))).toEqual([]);
    }
  });

  it('is held by the database: a key claims a standard test once', async () => {
    const keyHash = `test-${randomUUID()}`;
    const claim = { standardTestId: 1, kind: 'user' as const, keyHash };
    await t.db.insert(trialClaims).values(claim);
    const refused = await t.db
      .insert(trialClaims)
      .values(claim)
      .then(
        () => undefined,
        (error: { cause?: { constraint?: string }; constraint?: string }) =>
          (error.cause ?? error).constraint,
      );
    expect(refused).toBe('trial_claims_key_test_unique');
    await t.db.insert(trialClaims).values({ ...claim, standardTestId: 2 });
  });
});

describe('migration 0014 records the trials started before it', () => {
  const statements = readFileSync(
    new URL('../../../../drizzle/0014_one_trial_per_person.sql', import.meta.url),
    'utf8',
  ).split('--> statement-breakpoint');
  const backfill = (marker: string) => statements.find((statement) => statement.includes(marker))!;

  it('claims the account, e-mail, RUT and Transbank card of every trial, as the code does', async () => {
    // A database of its own: the backfill reads every subscription.
    const own = await buildTestApp({}, { ownDatabase: true });
    try {
      const rut = randomRut();
      const user = await createStudent(own.db, {
        email: `legado-${randomUUID()}+vieja@example.cl`,
        taxId: formatRut(rut),
        taxIdType: 'rut',
      });
      const [card] = await own.db
        .insert(paymentMethods)
        .values({
          userId: user.id,
          gateway: 'transbank_oneclick',
          gatewayReference: `ensaya-${user.id}:tbk-${randomUUID()}`,
          brand: 'Visa',
          last4: '4242',
        })
        .returning();
      const { pack } = await createPackage(own.db);
      const [trial] = await own.db
        .insert(userSubscriptions)
        .values({
          userId: user.id,
          packageId: pack.id,
          status: 'Canceled',
          trialStartedAt: new Date('2026-01-01T12:00:00Z'),
          trialDuration: 7,
          paymentMethodId: card!.id,
        })
        .returning();

      await own.db.execute(sql.raw(backfill('UPDATE "payment_methods"')));
      await own.db.execute(sql.raw(backfill('INSERT INTO "trial_claims"')));

      const [fingerprinted] = await own.db
        .select()
        .from(paymentMethods)
        .where(eq(paymentMethods.id, card!.id));
      expect(fingerprinted!.fingerprint).toBe('visa:4242');
      const claims = await own.db
        .select()
        .from(trialClaims)
        .where(eq(trialClaims.userSubscriptionId, trial!.id));
      const expected = [
        ...personKeys({ ...user, taxIdType: 'rut' }),
        cardKey({ gateway: 'transbank_oneclick', fingerprint: 'visa:4242' })!,
      ];
      expect(claims.map((claim) => [claim.kind, claim.keyHash]).sort()).toEqual(
        expected.map((key) => [key.kind, key.hash]).sort(),
      );
      expect(claims.every((claim) => claim.standardTestId === 1)).toBe(true);

      // The same RUT on a new account has had its trial.
      const other = await signedInStudent(own, { user: { taxId: rut, taxIdType: 'rut' } });
      const { pack: next, subjectIds } = await createPackage(own.db);
      const sub = await createSubscription(other.client, next.id, subjectIds.slice(0, 2));
      expect(sub).toMatchObject(NO_TRIAL);
    } finally {
      await own.close();
    }
  });
});
