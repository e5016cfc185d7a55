import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, inArray, max } from 'drizzle-orm';
import type { Attempt } from '@ensaya/core/contracts/engine';
import { itemStats, periods, stemChoices, stems, subjects } from '../../../db/schema/index.ts';
import { loadDemoBank } from '../../../seed/bank-files.ts';
import { allBankFiles, readLintFile } from '../../../seed/bank-lint-files.ts';
import { bankFamilies } from '../../../seed/bank-lint.ts';
import { seedDemoBank } from '../../../seed/demo-bank.ts';
import { seedDemoCatalog } from '../../../seed/demo-catalog.ts';
import { buildTestApp, TestClient, type TestApp } from '../../../test/build-test-app.ts';
import { grantAccess } from '../../../test/bank-factory.ts';
import { createStudent, TEST_PASSWORD } from '../../../test/factories.ts';
import { mockExamBank } from './mock-exam-bank.ts';

// A mock exam is drawn in reading units (a text or a
// source set enters with all its questions, in order, and is not repeated in a student's next
// exams), at most one question of a clone family enters it, and a start never fails when the bank
// runs short. The difficulty a selection reads is the measured one once a question has 30 answers.

let t: TestApp;
let client: TestClient;

beforeAll(async () => {
  t = await buildTestApp({}, { ownDatabase: true });
  await t.db.transaction(async (tx) => {
    await seedDemoCatalog(tx);
    await seedDemoBank(tx);
  });
  const user = await createStudent(t.db);
  for (const subject of await t.db.select().from(subjects)) {
    await grantAccess(t.db, user.id, subject.id);
  }
  client = new TestClient(t.app, { language: 'en' });
  await client.login(user.email, TEST_PASSWORD);
}, 120_000);
afterAll(async () => {
  await t.close();
});

async function subjectNamed(name: string) {
  const [subject] = await t.db.select().from(subjects).where(eq(subjects.name, name));
  return subject!;
}

/** Starts and submits a mock exam; its questions in order. */
async function takeMockExam(subjectId: number): Promise<Attempt['questions']> {
  const started = await client.post('/api/user-tests', {
    subject_id: subjectId,
    mode: 'mock_exam',
  });
  expect(started.statusCode, started.body).toBe(201);
  const attempt: Attempt = started.json().data;
  const sent = await client.post(`/api/user-tests/${attempt.id}/submit`);
  expect(sent.statusCode, sent.body).toBe(200);
  return [...attempt.questions].sort((a, b) => a.position - b.position);
}

/**
 * The contexts of an exam, checking that each enters whole (all its active questions), its
 * questions next to each other and in bank order.
 */
async function wholeContexts(subjectId: number, questions: Attempt['questions']) {
  const bank = await t.db
    .select({ id: stems.id, contextId: stems.contextId, stemNumber: stems.stemNumber })
    .from(stems)
    .where(and(eq(stems.subjectId, subjectId), eq(stems.isActive, true)))
    .orderBy(asc(stems.stemNumber));
  const byId = new Map(bank.map((stem) => [stem.id, stem]));
  const positions = new Map<number, number[]>();
  questions.forEach((question, position) => {
    const contextId = byId.get(question.stem_id)!.contextId;
    if (contextId !== null)
      positions.set(contextId, [...(positions.get(contextId) ?? []), position]);
  });
  for (const [contextId, at] of positions) {
    const text = bank.filter((stem) => stem.contextId === contextId).map((stem) => stem.id);
    expect(
      at.map((position) => questions[position]!.stem_id),
      `context ${contextId}`,
    ).toEqual(text);
    expect(at.at(-1)! - at[0]!, `context ${contextId} in one piece`).toBe(at.length - 1);
  }
  return [...positions.keys()];
}

describe('mock exams of whole reading units on the demo bank', () => {
  it('Competencia Lectora: three exams of at most 10 whole texts, none repeated; a fourth still starts', async () => {
    const subject = await subjectNamed('Competencia Lectora');
    const [period] = await t.db
      .select()
      .from(periods)
      .where(and(eq(periods.subjectId, subject.id), eq(periods.isCurrent, true)));
    const texts: number[][] = [];
    for (let exam = 0; exam < 3; exam++) {
      const questions = await takeMockExam(subject.id);
      expect(questions).toHaveLength(period!.questionCount);
      texts.push(await wholeContexts(subject.id, questions));
    }
    console.info(
      `Competencia Lectora, texts per exam: ${texts.map((list) => list.length).join(', ')}`,
    );
    for (const list of texts) expect(list.length).toBeLessThanOrEqual(10);
    expect(new Set(texts.flat()).size).toBe(texts.flat().length);
    // The bank holds 31 texts: a fourth exam repeats texts (the least recently seen), whole.
    const fourth = await takeMockExam(subject.id);
    expect(fourth).toHaveLength(period!.questionCount);
    await wholeContexts(subject.id, fourth);
  }, 240_000);

  it('Historia: source sets whole and in order, none repeated over three exams', async () => {
    const subject = await subjectNamed('Historia y Ciencias Sociales');
    const sets: number[][] = [];
    const ids: number[] = [];
    for (let exam = 0; exam < 3; exam++) {
      const questions = await takeMockExam(subject.id);
      sets.push(await wholeContexts(subject.id, questions));
      ids.push(...questions.map((question) => question.stem_id));
    }
    console.info(`Historia, source sets per exam: ${sets.map((list) => list.length).join(', ')}`);
    expect(new Set(sets.flat()).size).toBe(sets.flat().length);
    expect(new Set(ids).size).toBe(ids.length);
  }, 240_000);

  it('M1: the demo bank has no clone family left, and a family added to it enters an exam once', async () => {
    // The bank review replaced M1's and M2's number-swapped families with distinct questions.
    const families = bankFamilies(allBankFiles().map(readLintFile));
    expect(families.map((family) => family.name)).toEqual([]);

    // 40 versions of one question with other numbers: drawn freely, a 65-question exam from 275
    // would hold about 9 of them.
    const subject = await subjectNamed('Competencia Matemática M1');
    const [row] = await t.db
      .select({ themeId: max(stems.themeId), last: max(stems.stemNumber) })
      .from(stems)
      .where(eq(stems.subjectId, subject.id));
    const { themeId, last } = row!;
    const clones = new Set<number>();
    for (let i = 1; i <= 40; i++) {
      const statement = `<p>Un bus recorre ${12 * i} km en ${i + 1} horas a velocidad constante. ¿Cuántos kilómetros recorre en una hora?</p>`;
      const [stem] = await t.db
        .insert(stems)
        .values({
          subjectId: subject.id,
          themeId: themeId!,
          stemNumber: last! + i,
          difficulty: 2,
          statementSource: statement,
          statementHtml: statement,
          solutionSource: '<p>Se divide la distancia por el tiempo.</p>',
          solutionHtml: '<p>Se divide la distancia por el tiempo.</p>',
        })
        .returning();
      await t.db.insert(stemChoices).values(
        [12 * i, 12 * i + 5, 6 * i, 24 * i].map((value, position) => ({
          stemId: stem!.id,
          position: position + 1,
          bodySource: `${value / (i + 1)} km`,
          bodyHtml: `${value / (i + 1)} km`,
          isCorrect: position === 0,
        })),
      );
      clones.add(stem!.id);
    }
    for (let exam = 0; exam < 3; exam++) {
      const questions = await takeMockExam(subject.id);
      const taken = questions.filter((question) => clones.has(question.stem_id));
      expect(taken.length, `exam ${exam + 1}`).toBeLessThanOrEqual(1);
    }
    // Out of the bank again for the tests after this one (answered questions stay stored).
    await t.db
      .update(stems)
      .set({ isActive: false })
      .where(inArray(stems.id, [...clones]));
  }, 240_000);

  it('reads the authored difficulty, then the measured one from 30 answers on', async () => {
    const subject = await subjectNamed('Competencia Matemática M1');
    const [period] = await t.db
      .select()
      .from(periods)
      .where(and(eq(periods.subjectId, subject.id), eq(periods.isCurrent, true)));
    // The first question of m1.yaml authored easy; the seed numbers questions in file order.
    const { parsed } = loadDemoBank().find((bank) => bank.subject === subject.name)!;
    const easy = parsed.questions.findIndex((question) => question.difficulty === 1);
    expect(easy).toBeGreaterThanOrEqual(0);
    const [first] = await t.db
      .select({ id: stems.id, difficulty: stems.difficulty })
      .from(stems)
      .where(and(eq(stems.subjectId, subject.id), eq(stems.stemNumber, easy + 1)));
    expect(first!.difficulty).toBe(1);
    const difficultyOf = async () =>
      (await mockExamBank(t.db, subject.id)).find((stem) => stem.id === first!.id)!.difficulty;
    expect(await difficultyOf()).toBe(1);
    // 29 answers, 3 right: not enough to overrule the author.
    await t.db
      .insert(itemStats)
      .values({
        periodId: period!.id,
        stemId: first!.id,
        subjectId: subject.id,
        attempts: 29,
        correct: 3,
      })
      .onConflictDoUpdate({
        target: [itemStats.periodId, itemStats.stemId],
        set: { attempts: 29, correct: 3 },
      });
    expect(await difficultyOf()).toBe(1);
    // 30 answers, 4 right (13 %): hard, whatever the author said.
    await t.db
      .update(itemStats)
      .set({ attempts: 30, correct: 4 })
      .where(and(eq(itemStats.periodId, period!.id), eq(itemStats.stemId, first!.id)));
    expect(await difficultyOf()).toBe(3);
    // Every question of the bank has a difficulty, authored in its file.
    const all = await mockExamBank(t.db, subject.id);
    expect(all.every((stem) => [1, 2, 3].includes(stem.difficulty ?? 0))).toBe(true);
  });
});
