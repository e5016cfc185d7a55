import { randomUUID } from 'node:crypto';
import { eq, is, sql } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createDatabase, type Database, type Db } from './client.ts';
import * as schema from './schema/index.ts';
import {
  addresses,
  charges,
  contexts,
  periodThemes,
  periods,
  promoCodes,
  stems,
  subjects,
  themes,
  userSubscriptions,
  userTestStems,
  userTestThemes,
  userTests,
  users,
  packages,
} from './schema/index.ts';
import { seedDatabase } from '../seed/index.ts';

// These tests share the run's database with other test files (PostgreSQL when TEST_DATABASE_URL is
// set): they only create rows with unique names and only look at those rows.

let database: Database;
let db: Db;

beforeAll(async () => {
  const databaseUrl = inject('databaseUrl') || undefined;
  database = await createDatabase({ databaseUrl });
  await database.migrate();
  await seedDatabase(database.db, { demo: false });
  db = database.db;
});

afterAll(async () => {
  await database?.close();
});

/** The PostgreSQL error under Drizzle's wrapper, so a test can name the constraint that refused. */
async function rejection(
  promise: Promise<unknown>,
): Promise<{ code?: string; constraint?: string }> {
  try {
    await promise;
  } catch (error) {
    const cause = (error as { cause?: unknown }).cause ?? error;
    return cause as { code?: string; constraint?: string };
  }
  throw new Error('expected the database to refuse the statement');
}

const unique = (prefix: string) => `${prefix} ${randomUUID()}`;

async function createUser() {
  const [user] = await db
    .insert(users)
    .values({
      name: 'Ana',
      lastName: 'Soto',
      email: `${randomUUID()}@example.cl`,
      passwordHash: 'x',
    })
    .returning();
  return user!;
}

async function createSubjectWithTheme() {
  const [subject] = await db
    .insert(subjects)
    .values({ standardTestId: 1, name: unique('Subject'), approvalGrade: 458 })
    .returning();
  const [theme] = await db
    .insert(themes)
    .values({ subjectId: subject!.id, name: 'Números' })
    .returning();
  const [period] = await db
    .insert(periods)
    .values({
      subjectId: subject!.id,
      name: 'Admisión 2027',
      testDuration: 140,
      questionCount: 65,
      isCurrent: true,
    })
    .returning();
  return { subject: subject!, theme: theme!, period: period! };
}

describe('the migration', () => {
  it('creates every table of the schema, and applying it again changes nothing', async () => {
    await database.migrate();
    const expected = Object.values(schema as Record<string, unknown>)
      .filter((value): value is PgTable => is(value, PgTable))
      .map((table) => getTableConfig(table).name)
      .sort();
    // Both drivers (node-postgres and PGlite) return the rows under `rows`.
    const result = (await db.execute(
      sql`select table_name from information_schema.tables where table_schema = 'public'`,
    )) as unknown as { rows: Array<{ table_name: string }> };
    const present = new Set(result.rows.map((row) => row.table_name));
    expect(expected.length).toBeGreaterThanOrEqual(38);
    expect(expected.filter((name) => !present.has(name))).toEqual([]);
  });
});

describe('constraints', () => {
  it('refuses a second promo code with the same code', async () => {
    const code = `TEST-${randomUUID()}`.toUpperCase();
    await db.insert(promoCodes).values({ code, type: 'percent', value: 10 });
    const error = await rejection(
      db.insert(promoCodes).values({ code, type: 'amount', value: 1000 }),
    );
    expect(error).toMatchObject({ code: '23505', constraint: 'promo_codes_code_unique' });
  });

  it('refuses a theme weighted twice in the same period', async () => {
    const { theme, period } = await createSubjectWithTheme();
    await db.insert(periodThemes).values({ periodId: period.id, themeId: theme.id, weight: 60 });
    const error = await rejection(
      db.insert(periodThemes).values({ periodId: period.id, themeId: theme.id, weight: 40 }),
    );
    expect(error).toMatchObject({
      code: '23505',
      constraint: 'period_themes_period_id_theme_id_unique',
    });
  });

  it('refuses an address in a commune that does not exist, and accepts a real one', async () => {
    const user = await createUser();
    const error = await rejection(
      db
        .insert(addresses)
        .values({ userId: user.id, addressLine1: 'Calle 1', townId: 99_999, zipCode: '8320000' }),
    );
    expect(error).toMatchObject({ code: '23503', constraint: 'addresses_town_id_towns_id_fk' });
    // 13101 is the CUT code of Santiago.
    await db
      .insert(addresses)
      .values({ userId: user.id, addressLine1: 'Calle 1', townId: 13_101, zipCode: '8320000' });
  });

  it('refuses a question whose theme or context belongs to another subject', async () => {
    const first = await createSubjectWithTheme();
    const second = await createSubjectWithTheme();
    const question = { stemNumber: 1, statementSource: '¿?', statementHtml: '<p>¿?</p>' };
    const themeError = await rejection(
      db
        .insert(stems)
        .values({ ...question, subjectId: first.subject.id, themeId: second.theme.id }),
    );
    expect(themeError).toMatchObject({ code: '23503', constraint: 'stems_theme_in_subject_fk' });

    const [context] = await db
      .insert(contexts)
      .values({
        subjectId: second.subject.id,
        title: 'Texto',
        bodySource: 'x',
        bodyHtml: '<p>x</p>',
      })
      .returning();
    const contextError = await rejection(
      db.insert(stems).values({
        ...question,
        subjectId: first.subject.id,
        themeId: first.theme.id,
        contextId: context!.id,
      }),
    );
    expect(contextError).toMatchObject({
      code: '23503',
      constraint: 'stems_context_in_subject_fk',
    });
  });

  it('refuses a second current period for a subject', async () => {
    const { subject } = await createSubjectWithTheme();
    const error = await rejection(
      db.insert(periods).values({
        subjectId: subject.id,
        name: 'Admisión 2028',
        testDuration: 140,
        questionCount: 65,
        isCurrent: true,
      }),
    );
    expect(error).toMatchObject({ code: '23505', constraint: 'periods_one_current_per_subject' });
  });

  it('refuses values outside the allowed sets', async () => {
    const user = await createUser();
    const [pkg] = await db
      .insert(packages)
      .values({
        standardTestId: 2,
        name: unique('Package'),
        durationDays: 30,
        priceClp: 4990,
        subjectsQuantity: 1,
      })
      .returning();
    const statusError = await rejection(
      db.execute(
        sql`insert into user_subscriptions (user_id, package_id, status) values (${user.id}, ${pkg!.id}, 'Bogus')`,
      ),
    );
    expect(statusError).toMatchObject({
      code: '23514',
      constraint: 'user_subscriptions_status_valid',
    });

    const chargeError = await rejection(
      db.insert(charges).values({
        userId: user.id,
        gateway: 'sandbox',
        amount: '9990.00',
        kind: 'invoice',
        idempotencyKey: randomUUID(),
      }),
    );
    expect(chargeError).toMatchObject({
      code: '23514',
      constraint: 'charges_invoice_kind_has_invoice',
    });
    // The card validation charge has cents and no invoice.
    await db.insert(charges).values({
      userId: user.id,
      gateway: 'sandbox',
      amount: '1784.64',
      kind: 'validation',
      idempotencyKey: randomUUID(),
    });

    const [coupon] = await db
      .insert(promoCodes)
      .values({
        code: `ONCE-${randomUUID()}`,
        type: 'amount',
        value: 1000,
        maxUses: 1,
        redeemedCount: 1,
      })
      .returning();
    const couponError = await rejection(
      db
        .update(promoCodes)
        .set({ redeemedCount: sql`${promoCodes.redeemedCount} + 1` })
        .where(eq(promoCodes.id, coupon!.id)),
    );
    expect(couponError).toMatchObject({
      code: '23514',
      constraint: 'promo_codes_redeemed_within_max',
    });
    await db
      .insert(userSubscriptions)
      .values({ userId: user.id, packageId: pkg!.id, status: 'Trial' });
  });
});

describe('attempt tables', () => {
  async function createAttempt() {
    const user = await createUser();
    const { subject, theme, period } = await createSubjectWithTheme();
    const [stem] = await db
      .insert(stems)
      .values({
        subjectId: subject.id,
        themeId: theme.id,
        stemNumber: 1,
        statementSource: 'x',
        statementHtml: 'x',
      })
      .returning();
    const [attempt] = await db
      .insert(userTests)
      .values({
        userId: user.id,
        subjectId: subject.id,
        standardTestId: 1,
        periodId: period.id,
        type: 'official',
        mode: 'mock_exam',
      })
      .returning();
    return { user, theme, stem: stem!, attempt: attempt! };
  }

  it('refuses an answer row whose user is not the attempt’s', async () => {
    const { theme, stem, attempt } = await createAttempt();
    const other = await createUser();
    const error = await rejection(
      db.insert(userTestStems).values({
        userId: other.id,
        userTestId: attempt.id,
        position: 1,
        stemId: stem.id,
        themeId: theme.id,
      }),
    );
    expect(error).toMatchObject({ code: '23503', constraint: 'user_test_stems_user_test_fk' });
  });

  it('refuses a submitted attempt whose totals do not add up', async () => {
    const { attempt } = await createAttempt();
    const error = await rejection(
      db
        .update(userTests)
        .set({ status: 'submitted', submittedAt: new Date(), totalTestStems: 3, totalCorrect: 1 })
        .where(eq(userTests.id, attempt.id)),
    );
    expect(error).toMatchObject({ code: '23514', constraint: 'user_tests_totals_consistent' });
  });

  it('deletes the answers and theme counts with their attempt', async () => {
    const { user, theme, stem, attempt } = await createAttempt();
    await db.insert(userTestStems).values({
      userId: user.id,
      userTestId: attempt.id,
      position: 1,
      stemId: stem.id,
      themeId: theme.id,
      chosenChoiceIds: [7],
    });
    await db
      .insert(userTestThemes)
      .values({ userId: user.id, userTestId: attempt.id, themeId: theme.id, correct: 1 });

    await db.delete(userTests).where(eq(userTests.id, attempt.id));

    expect(await db.$count(userTestStems, eq(userTestStems.userTestId, attempt.id))).toBe(0);
    expect(await db.$count(userTestThemes, eq(userTestThemes.userTestId, attempt.id))).toBe(0);
  });
});
