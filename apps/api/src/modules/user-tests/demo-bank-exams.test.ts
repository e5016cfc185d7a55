import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { Attempt } from '@ensaya/core/contracts/engine';
import { subjects, themes } from '../../db/schema/index.ts';
import { seedDemoBank } from '../../db/seed/demo-bank.ts';
import { seedDemoCatalog } from '../../db/seed/demo-catalog.ts';
import { buildTestApp, TestClient, type TestApp } from '../../test/build-test-app.ts';
import { grantAccess } from '../../test/bank-factory.ts';
import { createStudent, TEST_PASSWORD } from '../../test/factories.ts';

// Issue 15, item 1: the demo bank holds three mock exams per subject that share no question, and
// the engine finds them: one student starts and submits three mock exams in a row per subject.
// Passes once the bank is large enough; until then it names, per subject, the repeats it found.

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

    const report: Array<{ subject: string; questions: number; repeats: number }> = [];
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
      report.push({
        subject: subject.name,
        questions: seen.length,
        repeats: seen.length - new Set(seen).size,
      });
    }
    console.info(
      `Repeated questions over ${EXAMS} mock exams in a row:\n${report
        .map((row) => `  ${row.subject}: ${row.repeats} of ${row.questions}`)
        .join('\n')}`,
    );
    expect(report.filter((row) => row.repeats > 0)).toEqual([]);
  }, 240_000);
});
