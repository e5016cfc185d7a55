import { and, asc, desc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { HistorySort, StatsKind } from '@ensaya/core/contracts/statistics';
import type { DbOrTx } from '../../../db/client.ts';
import { themes, userTests, userTestStems, userTestThemes } from '../../../db/schema/index.ts';

// The history reads a student's sent attempts of a subject; sorting by date or score walks the
// partial indexes user_tests_history_date_idx / _score_idx (user_id, subject_id, type, ...).

const SORT_COLUMNS: Record<HistorySort, SQL | typeof userTests.submittedAt> = {
  date: userTests.submittedAt,
  score: sql`${userTests.score}`,
  total: sql`${userTests.totalTestStems}`,
  correct: sql`${userTests.totalCorrect}`,
  time: sql`(${userTests.submittedAt} - ${userTests.startedAt})`,
  type: sql`${userTests.type}`,
};

/**
 * A practice's score is 0 by the spec, so a list of practice tests or drills sorts its score
 * column by % correct, which is what the page shows there.
 */
const PRACTICE_SCORE = sql`${userTests.totalCorrect}::float8 / nullif(${userTests.totalTestStems}, 0)`;

function sortColumn(sort: HistorySort, kind: StatsKind | undefined) {
  if (sort === 'score' && (kind === 'custom' || kind === 'wrong_answers')) return PRACTICE_SCORE;
  return SORT_COLUMNS[sort];
}

/**
 * The attempts of a kind (core `statsKindOf`): a drill is listed with the drills only. Practice
 * and mock exams still walk the (user_id, subject_id, type, ...) history indexes; the mode is a
 * filter on the rows they reach.
 */
function kindFilter(kind: StatsKind | undefined) {
  if (kind === undefined) return undefined;
  if (kind === 'wrong_answers') return eq(userTests.mode, 'wrong_answers');
  return and(eq(userTests.type, kind), ne(userTests.mode, 'wrong_answers'));
}

export async function listSentAttempts(
  db: DbOrTx,
  userId: number,
  subjectId: number,
  options: {
    kind: StatsKind | undefined;
    sort: HistorySort;
    order: 'asc' | 'desc';
    page: number;
    perPage: number;
  },
) {
  const where = and(
    eq(userTests.userId, userId),
    eq(userTests.subjectId, subjectId),
    kindFilter(options.kind),
    eq(userTests.status, 'submitted'),
  );
  const direction = options.order === 'desc' ? desc : asc;
  const [rows, total] = await Promise.all([
    db
      .select({
        id: userTests.id,
        submittedAt: userTests.submittedAt,
        startedAt: userTests.startedAt,
        type: userTests.type,
        mode: userTests.mode,
        wrongSource: sql<
          'own' | 'general' | 'review' | null
        >`${userTests.configuration}->>'wrong_source'`,
        totalTestStems: userTests.totalTestStems,
        totalCorrect: userTests.totalCorrect,
        score: userTests.score,
        passed: userTests.passed,
        pilotCount: userTests.pilotCount,
        electiveName: themes.name,
      })
      .from(userTests)
      .leftJoin(themes, eq(themes.id, userTests.electiveThemeId))
      .where(where)
      .orderBy(direction(sortColumn(options.sort, options.kind)), direction(userTests.id))
      .limit(options.perPage)
      .offset((options.page - 1) * options.perPage),
    db.$count(userTests, where),
  ]);
  return { rows, total };
}

/** The student's attempts among `ids`, locked until the transaction ends. */
export function lockOwnAttempts(db: DbOrTx, userId: number, ids: number[]) {
  return db
    .select()
    .from(userTests)
    .where(and(eq(userTests.userId, userId), inArray(userTests.id, ids)))
    .orderBy(asc(userTests.id))
    .for('update');
}

export function attemptThemeCounts(db: DbOrTx, userId: number, ids: number[]) {
  return db
    .select({
      userTestId: userTestThemes.userTestId,
      themeId: userTestThemes.themeId,
      correct: userTestThemes.correct,
      incorrect: userTestThemes.incorrect,
      unanswered: userTestThemes.unanswered,
    })
    .from(userTestThemes)
    .where(and(eq(userTestThemes.userId, userId), inArray(userTestThemes.userTestId, ids)));
}

export function attemptStemAnswers(db: DbOrTx, userId: number, ids: number[]) {
  return db
    .select({
      userTestId: userTestStems.userTestId,
      stemId: userTestStems.stemId,
      isCorrect: userTestStems.isCorrect,
      chosen: userTestStems.chosenChoiceIds,
    })
    .from(userTestStems)
    .where(and(eq(userTestStems.userId, userId), inArray(userTestStems.userTestId, ids)));
}

/** Deletes the attempts; their questions and theme counts go with them (cascade). */
export async function deleteAttempts(db: DbOrTx, userId: number, ids: number[]) {
  await db.delete(userTests).where(and(eq(userTests.userId, userId), inArray(userTests.id, ids)));
}
