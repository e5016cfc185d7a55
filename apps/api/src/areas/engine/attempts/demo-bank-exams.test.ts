import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { Attempt } from '@ensaya/core/contracts/engine';
import { stems, subjects, themes } from '../../../db/schema/index.ts';
import { allBankFiles, readLintFile } from '../../../seed/bank-lint-files.ts';
import { bankFamilies } from '../../../seed/bank-lint.ts';
import { seedDemoBank } from '../../../seed/demo-bank.ts';
import { seedDemoCatalog } from '../../../seed/demo-catalog.ts';
import { buildTestApp, TestClient, type TestApp } from '../../../test/build-test-app.ts';
import { grantAccess } from '../../../test/bank-factory.ts';
import { createStudent, TEST_PASSWORD } from '../../../test/factories.ts';

// The demo bank holds three mock exams per subject that share no question, and
// the engine finds them: one student starts and submits three mock exams in a row per subject.
// Passes once the bank is large enough; until then it names, per subject, the repeats it found.
// An exam takes at most one question of a clone family, so a subject whose bank has
// fewer distinct questions for three exams than they need repeats exactly the difference (M1
// today: 142 questions without clones and 17 families, 193 usable for 195 places).

/** Mock exams in a row per subject. */
const EXAMS = 3;
/** Ciencias: the elective taken in the three exams. */
const CIENCIAS_ELECTIVE = 'Electivo Física';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({}, { ownDatabase: true });
  await t.db.transaction(async (tx) => {
    await seedDemoCatalog(tx);
    await seedDemoBank(tx);
  });
}, 120_000);
afterAll(async () => {
  await t.close();
});

describe('the demo bank', () => {
  it(`gives one student ${EXAMS} mock exams per subject without a repeated question`, async () => {
    const all = await t.db.select().from(subjects).orderBy(subjects.position);
    const user = await createStudent(t.db);
    for (const subject of all) await grantAccess(t.db, user.id, subject.id);
    const client = new TestClient(t.app, { language: 'en' });
    await client.login(user.email, TEST_PASSWORD);

    const report: Array<{ subject: string; questions: number; repeats: number; forced: number }> =
      [];
    const families = bankFamilies(allBankFiles().map(readLintFile));
    for (const subject of all) {
      const [elective] = await t.db
        .select({ id: themes.id })
        .from(themes)
        .where(
          and(
            eq(themes.subjectId, subject.id),
            eq(themes.isElective, true),
            eq(themes.name, CIENCIAS_ELECTIVE),
          ),
        );
      const seen: number[] = [];
      for (let index = 0; index < EXAMS; index++) {
        const started = await client.post('/api/user-tests', {
          subject_id: subject.id,
          mode: 'mock_exam',
          ...(elective ? { elective_theme_id: elective.id } : {}),
        });
        expect(started.statusCode, started.body).toBe(201);
        const attempt: Attempt = started.json().data;
        seen.push(...attempt.questions.map((question) => question.stem_id));
        const sent = await client.post(`/api/user-tests/${attempt.id}/submit`);
        expect(sent.statusCode, sent.body).toBe(200);
      }
      // Places the clone families cannot fill: each gives an exam one question at most.
      const ofSubject = families.filter((family) => family.subject === subject.name);
      const inFamilies = ofSubject.reduce((acc, family) => acc + family.members.length, 0);
      const usable =
        (await t.db.$count(stems, eq(stems.subjectId, subject.id))) -
        inFamilies +
        ofSubject.reduce((acc, family) => acc + Math.min(family.members.length, EXAMS), 0);
      report.push({
        subject: subject.name,
        questions: seen.length,
        repeats: seen.length - new Set(seen).size,
        forced: Math.max(0, seen.length - usable),
      });
    }
    console.info(
      `Repeated questions over ${EXAMS} mock exams in a row:\n${report
        .map(
          (row) =>
            `  ${row.subject}: ${row.repeats} of ${row.questions}` +
            (row.forced ? ` (${row.forced} forced by the clone families)` : ''),
        )
        .join('\n')}`,
    );
    expect(report.filter((row) => row.repeats > row.forced)).toEqual([]);
  }, 240_000);
});
