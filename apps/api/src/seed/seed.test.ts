import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../areas/accounts/auth/password.ts';
import { createDatabase, type Database, type Db } from '../db/client.ts';
import {
  addresses,
  cities,
  contexts,
  countries,
  gradeTables,
  invoices,
  packageSubjects,
  packages,
  periodThemes,
  periods,
  promoCodes,
  settings,
  standardTests,
  states,
  stemChoices,
  stems,
  subjects,
  themes,
  towns,
  users,
  userSubscriptions,
} from '../db/schema/index.ts';
import { loadDemoBank } from './bank-files.ts';
import { DEMRE_2023_REFERENCE } from './grade-tables.ts';
import { seedDatabase } from './index.ts';
import { createScratchDatabase } from '../test/scratch-database.ts';

// The demo data is only written into an empty database, so every test here gets a database of its
// own: an in-memory PGlite, or a new database on the TEST_DATABASE_URL server.

type FreshDatabase = Database & { dispose(): Promise<void> };

async function freshDatabase(): Promise<FreshDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const database = await createDatabase({});
    await database.migrate();
    return { ...database, dispose: () => database.close() };
  }
  const scratch = await createScratchDatabase(serverUrl, 'ensaya_seed');
  const database = await createDatabase({ databaseUrl: scratch.url });
  await database.migrate();
  return {
    ...database,
    async dispose() {
      await database.close();
      await scratch.drop();
    },
  };
}

/** The Rut check digit, computed here independently of the seed: modulo 11, weights 2..7. */
function isValidRut(rut: string): boolean {
  const match = /^([0-9]{7,8})-([0-9K])$/.exec(rut);
  if (!match) return false;
  let sum = 0;
  [...match[1]!].reverse().forEach((digit, i) => (sum += Number(digit) * (2 + (i % 6))));
  const rest = 11 - (sum % 11);
  return match[2] === (rest === 11 ? '0' : rest === 10 ? 'K' : String(rest));
}

async function counts(db: Db) {
  return {
    countries: await db.$count(countries),
    states: await db.$count(states),
    cities: await db.$count(cities),
    towns: await db.$count(towns),
    standardTests: await db.$count(standardTests),
    settings: await db.$count(settings),
    users: await db.$count(users),
    addresses: await db.$count(addresses),
    subjects: await db.$count(subjects),
    periods: await db.$count(periods),
    themes: await db.$count(themes),
    periodThemes: await db.$count(periodThemes),
    gradeTables: await db.$count(gradeTables),
    packages: await db.$count(packages),
    packageSubjects: await db.$count(packageSubjects),
    promoCodes: await db.$count(promoCodes),
    stems: await db.$count(stems),
    contexts: await db.$count(contexts),
  };
}

describe('seedDatabase with demo data', () => {
  let database: FreshDatabase;
  let db: Db;

  beforeAll(async () => {
    database = await freshDatabase();
    db = database.db;
  });
  afterAll(async () => {
    await database?.dispose();
  });

  it('creates everything once, however often and concurrently it runs', async () => {
    const first = await seedDatabase(db, { demo: true });
    const afterFirst = await counts(db);
    await Promise.all([seedDatabase(db, { demo: true }), seedDatabase(db, { demo: true })]);
    const second = await seedDatabase(db, { demo: true });

    expect(afterFirst).toMatchObject({
      states: 16,
      cities: 56,
      towns: 346,
      standardTests: 2,
      // The feedback form, and the rich-text renderer's version (nothing older to render).
      settings: 2,
      // The 5 demo accounts, 30 classmates of the demo student (the bell curve's class) and the
      // 40 students whose M1 mock exams feed the item analysis.
      users: 75,
      addresses: 4,
      subjects: 6,
      periods: 6,
      packages: 6,
    });
    expect(await counts(db)).toEqual(afterFirst);
    expect(first.demoAccounts.map((account) => account.email)).toEqual([
      'estudiante@ensaya.cl',
      'debug@ensaya.cl',
      'sinplan@ensaya.cl',
      'admin@ensaya.cl',
      'pendiente@ensaya.cl',
    ]);
    expect(second.demoAccounts).toEqual(first.demoAccounts);
    // Three full demo seeds (one alone, two at once): about 8 s idle, far more on a busy machine.
  }, 120_000);

  it('gives the demo accounts working passwords, valid Ruts and real addresses', async () => {
    const { demoAccounts } = await seedDatabase(db, { demo: true });
    for (const account of demoAccounts) {
      const [user] = await db.select().from(users).where(eq(users.email, account.email));
      expect(await verifyPassword(user!.passwordHash, account.password)).toBe(true);
      expect(await verifyPassword(user!.passwordHash, 'wrong-password')).toBe(false);
      expect(isValidRut(user!.taxId!)).toBe(true);
      expect(user!.role).toBe(account.role);
      // The unverified demo student has just registered: no address yet.
      if (account.email === 'pendiente@ensaya.cl') {
        expect(user!.emailVerifiedAt).toBeNull();
        expect(user!.addressId).toBeNull();
        continue;
      }
      expect(user!.emailVerifiedAt).not.toBeNull();
      const [address] = await db
        .select({ townId: addresses.townId })
        .from(addresses)
        .where(and(eq(addresses.id, user!.addressId!), eq(addresses.userId, user!.id)));
      expect(await db.$count(towns, eq(towns.id, address!.townId))).toBe(1);
    }
    const [debug] = await db.select().from(users).where(eq(users.email, 'debug@ensaya.cl'));
    expect(debug!.permissions).toEqual(['debug']);
    expect(demoAccounts.find((account) => account.email === 'admin@ensaya.cl')?.role).toBe('admin');
  });

  it('keys the territory by CUT code and charges 19 % VAT in every region', async () => {
    const [providencia] = await db.select().from(towns).where(eq(towns.id, 13_123));
    expect(providencia).toMatchObject({ code: '13123', name: 'Providencia', cityId: 131 });
    const [santiagoProvince] = await db.select().from(cities).where(eq(cities.id, 131));
    expect(santiagoProvince).toMatchObject({ code: '131', stateId: 13 });
    const vat = await db.selectDistinct({ vat: states.vatPercentage }).from(states);
    expect(vat).toEqual([{ vat: 19 }]);
    const [first] = await db.select().from(countries).orderBy(countries.position).limit(1);
    expect(first).toMatchObject({ id: 152, isoCode: 'CL', name: 'Chile' });
  });

  it('weights each period’s exam to 100 (Ciencias: 54 common + one elective of 26 = 80)', async () => {
    const sums = await db
      .select({
        periodId: periodThemes.periodId,
        questionCount: periods.questionCount,
        common: sql<number>`coalesce(sum(${periodThemes.weight}) filter (where not ${themes.isElective}), 0)::int`,
        electives: sql<
          number[]
        >`coalesce(array_agg(${periodThemes.weight}) filter (where ${themes.isElective}), '{}')`,
      })
      .from(periodThemes)
      .innerJoin(themes, eq(themes.id, periodThemes.themeId))
      .innerJoin(periods, eq(periods.id, periodThemes.periodId))
      .groupBy(periodThemes.periodId, periods.questionCount);
    expect(sums).toHaveLength(6);
    for (const row of sums) {
      if (row.electives.length === 0) expect(row.common).toBe(100);
      else for (const weight of row.electives) expect(row.common + weight).toBe(row.questionCount);
    }
    const [ciencias] = await db.select().from(subjects).where(eq(subjects.name, 'Ciencias'));
    const cienciasThemes = await db
      .select({ name: themes.name, isElective: themes.isElective })
      .from(themes)
      .where(eq(themes.subjectId, ciencias!.id))
      .orderBy(themes.position);
    expect(cienciasThemes.filter((theme) => theme.isElective).map((theme) => theme.name)).toEqual([
      'Electivo Biología',
      'Electivo Química',
      'Electivo Física',
    ]);
  });

  it('grades each PAES test on its scored items (60/50/75) and presents 458 as what it is', async () => {
    const all = await db.select().from(subjects).orderBy(subjects.position);
    const tables = new Map<string, number[]>();
    for (const subject of all) {
      const rows = await db
        .select()
        .from(gradeTables)
        .where(eq(gradeTables.subjectId, subject.id))
        .orderBy(gradeTables.goodAnswersQuantity);
      tables.set(
        subject.name,
        rows.map((row) => row.grade),
      );
    }
    const scored = {
      'Competencia Lectora': 60,
      'Competencia Matemática M1': 60,
      'Competencia Matemática M2': 50,
      Ciencias: 75,
      'Historia y Ciencias Sociales': 60,
    };
    for (const [name, items] of Object.entries(scored)) {
      const grades = tables.get(name)!;
      expect(grades, name).toHaveLength(items + 1);
      expect(grades[0], name).toBe(100);
      expect(grades.at(-1), name).toBe(1000);
      expect(
        grades.every((grade, i) => i === 0 || grade > grades[i - 1]!),
        name,
      ).toBe(true);
      const [subject] = all.filter((candidate) => candidate.name === name);
      const [period] = await db.select().from(periods).where(eq(periods.subjectId, subject!.id));
      expect(period!.questionCount - period!.pilotCount, name).toBe(items);
    }
    // DEMRE's published points (Admisión 2023), within 10 points, for every test that has them;
    // M1 maps above Competencia Lectora, as DEMRE's tables do.
    const published: Record<string, ReadonlyArray<readonly [number, number]>> = {
      'Competencia Lectora': DEMRE_2023_REFERENCE.cl,
      'Competencia Matemática M1': DEMRE_2023_REFERENCE.m1,
      Ciencias: DEMRE_2023_REFERENCE.ciencias,
      'Historia y Ciencias Sociales': DEMRE_2023_REFERENCE.historia,
    };
    for (const [name, points] of Object.entries(published)) {
      for (const [correct, grade] of points) {
        expect(
          Math.abs(tables.get(name)![correct]! - grade),
          `${name} at ${correct}`,
        ).toBeLessThanOrEqual(10);
      }
    }
    expect(tables.get('Competencia Matemática M1')![30]!).toBeGreaterThan(
      tables.get('Competencia Lectora')![30]!,
    );
    // Steep at both ends, flatter in the middle.
    const cl = tables.get('Competencia Lectora')!;
    expect(cl[5]! - cl[0]!).toBeGreaterThan(cl[33]! - cl[28]!);
    expect(cl[60]! - cl[55]!).toBeGreaterThan(cl[33]! - cl[28]!);

    const rules = Object.fromEntries(
      all.map((subject) => [subject.name, [subject.approvalRule, subject.approvalGrade]]),
    );
    expect(rules).toMatchObject({
      'Competencia Lectora': ['application_average', 458],
      'Competencia Matemática M1': ['application_average', 458],
      'Competencia Matemática M2': ['none', 0],
      Ciencias: ['none', 0],
      'Historia y Ciencias Sociales': ['none', 0],
      'Examen teórico clase B': ['pass_mark', 33],
    });
    const [m1Period] = await db
      .select()
      .from(periods)
      .where(eq(periods.subjectId, all.find((s) => s.name === 'Competencia Matemática M1')!.id));
    expect(m1Period).toMatchObject({ testDuration: 140, questionCount: 65, isCurrent: true });

    const [classB] = await db.select().from(subjects).where(eq(subjects.standardTestId, 2));
    expect(classB!.approvalGrade).toBe(33);
    const classBGrades = await db
      .select()
      .from(gradeTables)
      .where(eq(gradeTables.subjectId, classB!.id));
    expect(classBGrades).toHaveLength(39);
    expect(classBGrades.every((row) => row.grade === row.goodAnswersQuantity)).toBe(true);
  });

  it('offers every subject of its test in each package', async () => {
    const [duo] = await db.select().from(packages).where(eq(packages.name, 'PAES Dúo'));
    expect(duo).toMatchObject({ subjectsQuantity: 2, durationDays: 30 });
    expect(await db.$count(packageSubjects, eq(packageSubjects.packageId, duo!.id))).toBe(5);
    const [paes] = await db.select().from(standardTests).where(eq(standardTests.id, 1));
    expect(paes).toMatchObject({ code: 'paes', maxSubjects: 5 });
  });

  it('gives every package and subject its English texts', async () => {
    const packs = await db.select().from(packages);
    expect(packs.length).toBeGreaterThan(0);
    for (const pack of packs) {
      expect(pack.nameEn?.trim(), pack.name).toBeTruthy();
      expect(pack.descriptionEn?.trim(), pack.name).toBeTruthy();
      expect(pack.descriptionEn).not.toBe(pack.description);
    }
    expect(packs.find((pack) => pack.name === 'PAES Mensual')?.nameEn).toBe('PAES Monthly');
    const subjectRows = await db.select().from(subjects);
    for (const subject of subjectRows) {
      expect(subject.descriptionEn?.trim(), subject.name).toBeTruthy();
      expect(subject.descriptionEn).not.toBe(subject.description);
    }
  });

  it('gives the demo student the paid boletas of the subscriptions it holds', async () => {
    const [student] = await db.select().from(users).where(eq(users.email, 'estudiante@ensaya.cl'));
    const held = await db
      .select()
      .from(userSubscriptions)
      .where(eq(userSubscriptions.userId, student!.id));
    expect(held.length).toBeGreaterThan(0);
    const paid = await db.select().from(invoices).where(eq(invoices.userId, student!.id));
    expect(paid).toHaveLength(held.length);
    for (const subscription of held) {
      const invoice = paid.find((row) => row.userSubscriptionId === subscription.id);
      expect(invoice).toMatchObject({
        status: 'paid',
        total: subscription.total,
        net: subscription.priceNet,
        vat: subscription.vat,
      });
      expect(invoice!.number).toMatch(/^ENS-\d{4}-\d{6}$/);
      expect(invoice!.paidAt!.getTime()).toBeLessThanOrEqual(Date.now());
    }
  });

  it('loads the demo bank per subject, numbered, with every key and solution', async () => {
    // Spec: enough questions for one full mock exam of each subject.
    const minimums: Record<string, number> = {
      'Competencia Lectora': 65,
      'Competencia Matemática M1': 65,
      'Competencia Matemática M2': 55,
      Ciencias: 80,
      'Historia y Ciencias Sociales': 65,
      'Examen teórico clase B': 35,
    };
    for (const { subject: name, parsed } of loadDemoBank()) {
      const [subject] = await db.select().from(subjects).where(eq(subjects.name, name));
      const rows = await db
        .select()
        .from(stems)
        .where(eq(stems.subjectId, subject!.id))
        .orderBy(stems.stemNumber);
      expect(rows.length, name).toBe(parsed.questions.length);
      expect(rows.length, name).toBeGreaterThanOrEqual(minimums[name]!);
      expect(rows.map((row) => row.stemNumber)).toEqual(rows.map((_, i) => i + 1));
      expect(await db.$count(contexts, eq(contexts.subjectId, subject!.id))).toBe(
        parsed.contexts.length,
      );
      const choices = await db
        .select()
        .from(stemChoices)
        .where(
          inArray(
            stemChoices.stemId,
            rows.map((row) => row.id),
          ),
        )
        .orderBy(stemChoices.stemId, stemChoices.position);
      rows.forEach((row, i) => {
        const question = parsed.questions[i]!;
        const own = choices.filter((choice) => choice.stemId === row.id);
        expect(row.statementSource).toBe(question.statement);
        expect(row.solutionHtml.length, `${name} ${i}`).toBeGreaterThan(0);
        expect(row.statementHtml).not.toContain('math-error');
        expect(own.map((choice) => choice.bodySource)).toEqual(
          question.choices.map((choice) => choice.body),
        );
        expect(own.map((choice) => choice.isCorrect)).toEqual(
          question.choices.map((choice) => choice.isCorrect),
        );
        expect(row.isMultiChoice).toBe(question.isMultiChoice);
        expect(row.contextId !== null).toBe(question.contextKey !== null);
      });
    }
    const [m1] = await db
      .select()
      .from(subjects)
      .where(eq(subjects.name, 'Competencia Matemática M1'));
    const [withMath] = await db
      .select()
      .from(stems)
      .where(and(eq(stems.subjectId, m1!.id), sql`${stems.statementHtml} like '%class="katex"%'`))
      .limit(1);
    expect(withMath?.statementHtml).toContain('<math');
  });

  it('gives the demo student 40+ attempts in every subject and both types, with exact aggregates', async () => {
    const [demo] = await db.select().from(users).where(eq(users.email, 'estudiante@ensaya.cl'));
    const perSubject = (
      (await db.execute(sql`
        select subject_id, type, count(*)::int as attempts, min(submitted_at) as first
        from user_tests where user_id = ${demo!.id} and status = 'submitted'
        group by subject_id, type`)) as unknown as { rows: unknown[] }
    ).rows as Array<{ subject_id: number; type: string; attempts: number; first: string }>;
    expect(perSubject.reduce((sum, row) => sum + row.attempts, 0)).toBeGreaterThanOrEqual(40);
    expect(new Set(perSubject.map((row) => row.subject_id)).size).toBe(6);
    expect(new Set(perSubject.map((row) => row.type))).toEqual(new Set(['custom', 'official']));
    const oldest = Math.min(...perSubject.map((row) => new Date(row.first).getTime()));
    expect(Date.now() - oldest).toBeGreaterThan(50 * 86_400_000);

    const classmates = (
      (await db.execute(sql`
        select u.email, count(ut.id)::int as attempts from users u
        left join user_tests ut on ut.user_id = u.id and ut.status = 'submitted'
        where u.email like 'demo.alumno%@ensaya.cl' group by u.email`)) as unknown as {
        rows: unknown[];
      }
    ).rows as Array<{ attempts: number }>;
    expect(classmates).toHaveLength(30);
    expect(classmates.every((row) => row.attempts >= 3 && row.attempts <= 8)).toBe(true);

    // The aggregates are what the attempts add up to.
    const mismatches = (
      (await db.execute(sql`
        select s.user_id from user_subject_stats s
        full join (
          select user_id, subject_id, type, count(*)::int as attempts,
            sum(total_test_stems)::int as questions, sum(total_correct)::int as correct,
            sum(score)::int as score_sum
          from user_tests where status = 'submitted' group by user_id, subject_id, type
        ) a using (user_id, subject_id, type)
        where s.attempts is distinct from a.attempts or s.questions is distinct from a.questions
          or s.correct is distinct from a.correct or s.score_sum is distinct from a.score_sum`)) as unknown as {
        rows: unknown[];
      }
    ).rows;
    expect(mismatches).toEqual([]);
  });

  it('keeps back-office changes to settings and VAT when it runs again', async () => {
    await db.update(settings).set({ value: [] }).where(eq(settings.key, 'feedback_builder'));
    await db.update(states).set({ vatPercentage: 20 }).where(eq(states.id, 1));
    await seedDatabase(db, { demo: true });
    const [feedback] = await db.select().from(settings).where(eq(settings.key, 'feedback_builder'));
    expect(feedback!.value).toEqual([]);
    const [tarapaca] = await db.select().from(states).where(eq(states.id, 1));
    expect(tarapaca!.vatPercentage).toBe(20);
  });
});

describe('seedDatabase without demo data', () => {
  let database: FreshDatabase;

  beforeAll(async () => {
    database = await freshDatabase();
  });
  afterAll(async () => {
    await database?.dispose();
  });

  it('writes the reference data only', async () => {
    const result = await seedDatabase(database.db, { demo: false });
    expect(result.demoAccounts).toEqual([]);
    expect(await counts(database.db)).toMatchObject({
      states: 16,
      cities: 56,
      towns: 346,
      standardTests: 2,
      settings: 2,
      users: 0,
      subjects: 0,
      packages: 0,
    });
    const [feedback] = await database.db
      .select()
      .from(settings)
      .where(eq(settings.key, 'feedback_builder'));
    const questions = feedback!.value as Array<{
      field_type: string;
      required: boolean;
      question: { es: string; en: string };
    }>;
    expect(questions.some((q) => q.field_type === 'radio' && q.required)).toBe(true);
    expect(questions.some((q) => q.field_type === 'textarea')).toBe(true);
    expect(questions.every((q) => q.question.es && q.question.en)).toBe(true);
  });
});
