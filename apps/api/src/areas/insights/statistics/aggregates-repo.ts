import { and, eq, inArray, sql } from 'drizzle-orm';
import type { StatsKind } from '@ensaya/core/statistics/kind';
import type { DbOrTx } from '../../../db/client.ts';
import { userSubjectStats, userThemeStats } from '../../../db/schema/index.ts';

// The student's own statistics rows (user_subject_stats, user_theme_stats) as a submit or a delete
// changes them, in its transaction (`tx`), and as the population's deltas read them
// (aggregates.ts).

/** The figures of one attempt that the student's own rows sum. */
export type AttemptFigures = {
  userId: number;
  subjectId: number;
  totalTestStems: number;
  totalCorrect: number;
  totalIncorrect: number;
  totalUnanswered: number;
  score: number;
  submittedAt: Date;
  themes: ReadonlyArray<{
    themeId: number;
    correct: number;
    incorrect: number;
    unanswered: number;
  }>;
};

/**
 * How the attempt enters the rows: the row's kind, added (`sign` 1) or taken out (-1), and
 * `excluded`, `sign` when the population does not see the attempt (else 0): kept apart as
 * `excluded_*`.
 */
export type RowChange = { kind: StatsKind; sign: 1 | -1; excluded: number };

/**
 * Adds the attempt to the student's subject row of its kind, or takes it out: an upsert whose
 * sums never go below zero (a named prepared statement, one for each sign).
 */
export async function applyToSubjectStats(
  tx: DbOrTx,
  attempt: AttemptFigures,
  change: RowChange & { percentage: number; passed: 0 | 1 },
): Promise<void> {
  const { kind, sign, excluded, percentage, passed } = change;
  await tx
    .insert(userSubjectStats)
    .values({
      userId: attempt.userId,
      subjectId: attempt.subjectId,
      type: kind,
      attempts: Math.max(0, sign),
      questions: Math.max(0, sign * attempt.totalTestStems),
      correct: Math.max(0, sign * attempt.totalCorrect),
      incorrect: Math.max(0, sign * attempt.totalIncorrect),
      unanswered: Math.max(0, sign * attempt.totalUnanswered),
      scoreSum: Math.max(0, sign * attempt.score),
      percentageSum: Math.max(0, sign * percentage),
      passedCount: Math.max(0, sign * passed),
      lastAttemptAt: sign > 0 ? attempt.submittedAt : null,
      excludedQuestions: Math.max(0, excluded * attempt.totalTestStems),
      excludedCorrect: Math.max(0, excluded * attempt.totalCorrect),
    })
    .onConflictDoUpdate({
      target: [userSubjectStats.userId, userSubjectStats.subjectId, userSubjectStats.type],
      set: {
        attempts: sql`greatest(0, ${userSubjectStats.attempts} + ${sign})`,
        questions: sql`greatest(0, ${userSubjectStats.questions} + ${sign * attempt.totalTestStems})`,
        correct: sql`greatest(0, ${userSubjectStats.correct} + ${sign * attempt.totalCorrect})`,
        incorrect: sql`greatest(0, ${userSubjectStats.incorrect} + ${sign * attempt.totalIncorrect})`,
        unanswered: sql`greatest(0, ${userSubjectStats.unanswered} + ${sign * attempt.totalUnanswered})`,
        scoreSum: sql`greatest(0, ${userSubjectStats.scoreSum} + ${sign * attempt.score})`,
        // Floating sums can leave a hair above zero once every attempt is gone: reset with the count.
        percentageSum: sql`case when ${userSubjectStats.attempts} + ${sign} <= 0 then 0 else greatest(0, ${userSubjectStats.percentageSum} + ${sign * percentage}) end`,
        passedCount: sql`greatest(0, ${userSubjectStats.passedCount} + ${sign * passed})`,
        excludedQuestions: sql`greatest(0, ${userSubjectStats.excludedQuestions} + ${excluded * attempt.totalTestStems})`,
        excludedCorrect: sql`greatest(0, ${userSubjectStats.excludedCorrect} + ${excluded * attempt.totalCorrect})`,
        lastAttemptAt:
          sign > 0
            ? sql`greatest(${userSubjectStats.lastAttemptAt}, ${attempt.submittedAt.toISOString()}::timestamptz)`
            : sql`${userSubjectStats.lastAttemptAt}`,
      },
    })
    .prepare(sign > 0 ? 'subject-stats-add' : 'subject-stats-remove')
    .execute();
}

/**
 * The student's theme rows, all themes of the attempt in one statement: added with an upsert,
 * taken out with an update (the rows exist: the attempt was added to them).
 */
export async function applyToThemeStats(
  tx: DbOrTx,
  attempt: AttemptFigures,
  { kind, sign, excluded }: RowChange,
): Promise<void> {
  if (attempt.themes.length === 0) return;
  const values = sql.join(
    attempt.themes.map((theme) => {
      const questions = theme.correct + theme.incorrect + theme.unanswered;
      return sql`(${theme.themeId}::integer, ${sign * questions}::integer, ${sign * theme.correct}::integer,
        ${sign * theme.incorrect}::integer, ${sign * theme.unanswered}::integer,
        ${excluded * questions}::integer, ${excluded * theme.correct}::integer,
        ${excluded * theme.incorrect}::integer, ${excluded * theme.unanswered}::integer)`;
    }),
    sql`, `,
  );
  const deltas = sql`(values ${values}) as d(theme_id, questions, correct, incorrect, unanswered,
    excluded_questions, excluded_correct, excluded_incorrect, excluded_unanswered)`;
  if (sign > 0) {
    await tx.execute(sql`
      insert into user_theme_stats (user_id, theme_id, type, subject_id, questions, correct,
        incorrect, unanswered, excluded_questions, excluded_correct, excluded_incorrect,
        excluded_unanswered)
      select ${attempt.userId}::integer, d.theme_id, ${kind}, ${attempt.subjectId}::integer,
        d.questions, d.correct, d.incorrect, d.unanswered, d.excluded_questions,
        d.excluded_correct, d.excluded_incorrect, d.excluded_unanswered
      from ${deltas}
      order by d.theme_id
      on conflict (user_id, theme_id, type) do update set
        questions = user_theme_stats.questions + excluded.questions,
        correct = user_theme_stats.correct + excluded.correct,
        incorrect = user_theme_stats.incorrect + excluded.incorrect,
        unanswered = user_theme_stats.unanswered + excluded.unanswered,
        excluded_questions = user_theme_stats.excluded_questions + excluded.excluded_questions,
        excluded_correct = user_theme_stats.excluded_correct + excluded.excluded_correct,
        excluded_incorrect = user_theme_stats.excluded_incorrect + excluded.excluded_incorrect,
        excluded_unanswered = user_theme_stats.excluded_unanswered + excluded.excluded_unanswered
    `);
    return;
  }
  await tx.execute(sql`
    update user_theme_stats as s set
      questions = greatest(0, s.questions + d.questions),
      correct = greatest(0, s.correct + d.correct),
      incorrect = greatest(0, s.incorrect + d.incorrect),
      unanswered = greatest(0, s.unanswered + d.unanswered),
      excluded_questions = greatest(0, s.excluded_questions + d.excluded_questions),
      excluded_correct = greatest(0, s.excluded_correct + d.excluded_correct),
      excluded_incorrect = greatest(0, s.excluded_incorrect + d.excluded_incorrect),
      excluded_unanswered = greatest(0, s.excluded_unanswered + d.excluded_unanswered)
    from ${deltas}
    where s.user_id = ${attempt.userId} and s.theme_id = d.theme_id and s.type = ${kind}
  `);
}

/** The student's subject rows, each with its questions and correct ones less the excluded. */
export function listOwnSubjectTotals(tx: DbOrTx, userId: number) {
  return tx
    .select({
      subjectId: userSubjectStats.subjectId,
      type: userSubjectStats.type,
      questions:
        sql<number>`${userSubjectStats.questions} - ${userSubjectStats.excludedQuestions}`.mapWith(
          Number,
        ),
      correct:
        sql<number>`${userSubjectStats.correct} - ${userSubjectStats.excludedCorrect}`.mapWith(
          Number,
        ),
      incorrect: userSubjectStats.incorrect,
      unanswered: userSubjectStats.unanswered,
    })
    .from(userSubjectStats)
    .where(eq(userSubjectStats.userId, userId))
    .prepare('student-subject-totals')
    .execute();
}

/** The student's rows of the themes, each with its counts less the excluded. */
export function listOwnThemeTotals(tx: DbOrTx, userId: number, themeIds: number[]) {
  return tx
    .select({
      themeId: userThemeStats.themeId,
      type: userThemeStats.type,
      questions:
        sql<number>`${userThemeStats.questions} - ${userThemeStats.excludedQuestions}`.mapWith(
          Number,
        ),
      correct: sql<number>`${userThemeStats.correct} - ${userThemeStats.excludedCorrect}`.mapWith(
        Number,
      ),
      incorrect:
        sql<number>`${userThemeStats.incorrect} - ${userThemeStats.excludedIncorrect}`.mapWith(
          Number,
        ),
      unanswered:
        sql<number>`${userThemeStats.unanswered} - ${userThemeStats.excludedUnanswered}`.mapWith(
          Number,
        ),
    })
    .from(userThemeStats)
    .where(and(eq(userThemeStats.userId, userId), inArray(userThemeStats.themeId, themeIds)));
}
