import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import type { AnswerRecord, Attempt } from '@ensaya/core/contracts/engine';
import { userTests, userTestStems } from '../../../db/schema/index.ts';
import { AppError } from '../../../lib/app-error.ts';
import { buildTestApp, TestClient, type TestApp } from '../../../test/build-test-app.ts';
import { createBank, grantAccess, type TestBank } from '../../../test/bank-factory.ts';
import { createStudent, TEST_PASSWORD } from '../../../test/factories.ts';
import { saveAnswers, saveAnswersCarefully } from './answers.ts';

// An answer save has two paths: one statement for the common case, and a careful transaction for
// everything else (study mode, refusals, the deadline), which the first hands over to whenever it
// declines. One table of cases runs through `saveAnswers` (one statement first) and through the
// careful path alone: both must answer the same and store the same.

let t: TestApp;
let bank: TestBank;

beforeAll(async () => {
  t = await buildTestApp();
  bank = await createBank(t.db, { weights: [50, 50], perTheme: 6, questionCount: 12 });
});
afterAll(async () => {
  await t.close();
});

type Question = { stemId: number; keyId: number; wrongId: number; choiceIds: number[] };
type Setup = { first: Question; second: Question; other: Question };

type SaveCase = {
  name: string;
  studyMode?: boolean;
  /** Saved (through `saveAnswers`) before the case's own request. */
  before?: (q: Setup) => AnswerRecord[];
  records: (q: Setup) => AnswerRecord[];
  /** 200, or the refusal's status and message key. */
  expected: 200 | { status: number; message: string };
};

const record = (
  question: Question,
  choices: number[],
  seq: number,
  extra: Partial<AnswerRecord> = {},
): AnswerRecord => ({
  stem_id: question.stemId,
  stem_choice_ids: choices,
  is_marked: false,
  seq,
  ...extra,
});

const CASES: SaveCase[] = [
  {
    name: 'an answer',
    records: (q) => [record(q.first, [q.first.keyId], 1)],
    expected: 200,
  },
  {
    name: 'two questions at once, one marked',
    records: (q) => [
      record(q.first, [q.first.wrongId], 1),
      record(q.second, [], 1, { is_marked: true }),
    ],
    expected: 200,
  },
  {
    name: 'an older record than the stored one (not applied, the newer stays)',
    before: (q) => [record(q.first, [q.first.keyId], 5)],
    records: (q) => [record(q.first, [q.first.wrongId], 3)],
    expected: 200,
  },
  {
    name: 'the same seq again (a retry)',
    before: (q) => [record(q.first, [q.first.keyId], 5)],
    records: (q) => [record(q.first, [q.first.keyId], 5)],
    expected: 200,
  },
  {
    name: 'the latest of two records of one question in one request',
    records: (q) => [record(q.first, [q.first.keyId], 2), record(q.first, [q.first.wrongId], 1)],
    expected: 200,
  },
  {
    name: 'an answer taken back (no choice)',
    before: (q) => [record(q.first, [q.first.keyId], 1)],
    records: (q) => [record(q.first, [], 2)],
    expected: 200,
  },
  {
    name: 'a question not in the attempt',
    records: (q) => [record(q.other, [q.other.keyId], 1)],
    expected: { status: 422, message: 'engine.notInAttempt' },
  },
  {
    name: "another question's choice",
    records: (q) => [record(q.first, [q.second.keyId], 1)],
    expected: { status: 422, message: 'engine.choiceNotInQuestion' },
  },
  {
    name: 'two picks on a single-choice question',
    records: (q) => [record(q.first, [q.first.keyId, q.first.wrongId], 1)],
    expected: { status: 422, message: 'engine.singleChoice' },
  },
  {
    name: 'study mode: an answer revealed',
    studyMode: true,
    records: (q) => [record(q.first, [q.first.wrongId], 1, { reveal: true })],
    expected: 200,
  },
  {
    name: 'study mode: a revealed answer changed',
    studyMode: true,
    before: (q) => [record(q.first, [q.first.wrongId], 1, { reveal: true })],
    records: (q) => [record(q.first, [q.first.keyId], 2)],
    expected: { status: 409, message: 'engine.answerLocked' },
  },
  {
    name: 'study mode: the mark of a revealed answer changed',
    studyMode: true,
    before: (q) => [record(q.first, [q.first.wrongId], 1, { reveal: true })],
    records: (q) => [record(q.first, [q.first.wrongId], 2, { is_marked: true })],
    expected: 200,
  },
];

const PATHS = {
  'one statement first': saveAnswers,
  'careful path alone': saveAnswersCarefully,
} as const;

let student: { id: number; client: TestClient };

async function freshAttempt(studyMode: boolean): Promise<{ attempt: Attempt; setup: Setup }> {
  const response = await student.client.post('/api/user-tests', {
    subject_id: bank.subject.id,
    mode: 'practice',
    selection: { value: 2, limit: 3 },
    study_mode: studyMode,
    replace_in_progress: true,
  });
  expect(response.statusCode, response.body).toBe(201);
  const attempt: Attempt = response.json().data;
  const question = (stemId: number): Question => {
    const stem = bank.bank.find((candidate) => candidate.id === stemId)!;
    return { stemId, keyId: stem.keyId, wrongId: stem.wrongId, choiceIds: stem.choiceIds };
  };
  const inAttempt = new Set(attempt.questions.map((q) => q.stem_id));
  const [first, second] = attempt.questions.map((q) => question(q.stem_id));
  const other = question(bank.bank.find((stem) => !inAttempt.has(stem.id))!.id);
  return { attempt, setup: { first: first!, second: second!, other } };
}

/** What a save answered and what the attempt holds afterwards, comparable across attempts. */
async function outcomeOf(
  save: (typeof PATHS)[keyof typeof PATHS],
  attemptId: number,
  setup: Setup,
  records: AnswerRecord[],
) {
  const role = new Map([
    [setup.first.stemId, 'first'],
    [setup.second.stemId, 'second'],
    [setup.other.stemId, 'other'],
  ]);
  const choiceRole = (id: number) =>
    [setup.first, setup.second].flatMap((q) =>
      id === q.keyId
        ? [`${role.get(q.stemId)}.key`]
        : id === q.wrongId
          ? [`${role.get(q.stemId)}.wrong`]
          : [],
    )[0] ?? 'other';
  let answer: unknown;
  try {
    const data = await save(t.db, student.id, attemptId, records, new Date());
    answer = {
      status: 200,
      saved: data.saved.map((row) => ({ ...row, stem_id: role.get(row.stem_id) })),
      revealed: data.revealed.map((row) => ({
        stem_id: role.get(row.stem_id),
        is_correct: row.is_correct,
      })),
    };
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    answer = { status: error.statusCode, message: error.messageKey, fields: error.fields };
  }
  const stored = await t.db
    .select({
      stemId: userTestStems.stemId,
      chosen: userTestStems.chosenChoiceIds,
      isMarked: userTestStems.isMarked,
      seq: userTestStems.clientSeq,
    })
    .from(userTestStems)
    .where(and(eq(userTestStems.userTestId, attemptId), eq(userTestStems.userId, student.id)))
    .orderBy(asc(userTestStems.position));
  const [attempt] = await t.db
    .select({ status: userTests.status })
    .from(userTests)
    .where(eq(userTests.id, attemptId));
  return {
    answer,
    status: attempt!.status,
    stored: stored
      .map((row) => ({
        ...row,
        stemId: role.get(row.stemId),
        chosen: (row.chosen ?? []).map(choiceRole),
      }))
      .sort((a, b) => String(a.stemId).localeCompare(String(b.stemId))),
  };
}

describe('one table of save cases, through both save paths', () => {
  beforeAll(async () => {
    const user = await createStudent(t.db);
    await grantAccess(t.db, user.id, bank.subject.id);
    const client = new TestClient(t.app, { language: 'en' });
    await client.login(user.email, TEST_PASSWORD);
    student = { id: user.id, client };
  });

  it.each(CASES)('$name', async (saveCase) => {
    const outcomes = [];
    for (const [pathName, save] of Object.entries(PATHS)) {
      const { attempt, setup } = await freshAttempt(saveCase.studyMode ?? false);
      if (saveCase.before)
        await saveAnswers(t.db, student.id, attempt.id, saveCase.before(setup), new Date());
      const outcome = await outcomeOf(save, attempt.id, setup, saveCase.records(setup));
      outcomes.push({ pathName, ...outcome });
    }
    const [oneStatement, careful] = outcomes;
    const expected = saveCase.expected === 200 ? { status: 200 } : saveCase.expected;
    expect(oneStatement!.answer, 'one statement first').toMatchObject(expected);
    expect(careful!.answer, 'careful path alone').toMatchObject(expected);
    expect({ ...oneStatement, pathName: '' }).toEqual({ ...careful, pathName: '' });
  });
});
