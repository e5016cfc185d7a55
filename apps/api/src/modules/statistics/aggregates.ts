import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { userSubjectStats, userThemeStats } from '../../db/schema/index.ts';

// The statistics aggregates (DESIGN.md, "Statistics"): a submitted attempt is added to them and a
// deleted one subtracted, in the transaction that submits or deletes it, so reads never scan
// attempts.

export interface AttemptForAggregates {
  userId: number;
  subjectId: number;
  type: 'custom' | 'official';
  totalTestStems: number;
  totalCorrect: number;
  totalIncorrect: number;
  totalUnanswered: number;
  score: number;
  passed: boolean;
  submittedAt: Date;
  themes: ReadonlyArray<{
    themeId: number;
    correct: number;
    incorrect: number;
    unanswered: number;
  }>;
  /** Each question's outcome, for how often a question is failed by all students. */
  stems: ReadonlyArray<{ stemId: number; outcome: 'correct' | 'incorrect' | 'unanswered' }>;
}

/** Adds (`sign` 1) or subtracts (`sign` -1) one submitted attempt. */
export async function applyAttemptToAggregates(
  tx: DbOrTx,
  attempt: AttemptForAggregates,
  sign: 1 | -1,
): Promise<void> {
  const percentage =
    attempt.totalTestStems === 0 ? 0 : (attempt.totalCorrect * 100) / attempt.totalTestStems;
  const passed = attempt.passed ? 1 : 0;
  await tx
    .insert(userSubjectStats)
    .values({
      userId: attempt.userId,
      subjectId: attempt.subjectId,
      type: attempt.type,
      attempts: Math.max(0, sign),
      questions: Math.max(0, sign * attempt.totalTestStems),
      correct: Math.max(0, sign * attempt.totalCorrect),
      incorrect: Math.max(0, sign * attempt.totalIncorrect),
      unanswered: Math.max(0, sign * attempt.totalUnanswered),
      scoreSum: Math.max(0, sign * attempt.score),
      percentageSum: Math.max(0, sign * percentage),
      passedCount: Math.max(0, sign * passed),
      lastAttemptAt: sign > 0 ? attempt.submittedAt : null,
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
        lastAttemptAt:
          sign > 0
            ? sql`greatest(${userSubjectStats.lastAttemptAt}, ${attempt.submittedAt.toISOString()}::timestamptz)`
            : sql`${userSubjectStats.lastAttemptAt}`,
      },
    });

  for (const theme of attempt.themes) {
    const questions = theme.correct + theme.incorrect + theme.unanswered;
    await tx
      .insert(userThemeStats)
      .values({
        userId: attempt.userId,
        themeId: theme.themeId,
        type: attempt.type,
        subjectId: attempt.subjectId,
        questions: Math.max(0, sign * questions),
        correct: Math.max(0, sign * theme.correct),
        incorrect: Math.max(0, sign * theme.incorrect),
        unanswered: Math.max(0, sign * theme.unanswered),
      })
      .onConflictDoUpdate({
        target: [userThemeStats.userId, userThemeStats.themeId, userThemeStats.type],
        set: {
          questions: sql`greatest(0, ${userThemeStats.questions} + ${sign * questions})`,
          correct: sql`greatest(0, ${userThemeStats.correct} + ${sign * theme.correct})`,
          incorrect: sql`greatest(0, ${userThemeStats.incorrect} + ${sign * theme.incorrect})`,
          unanswered: sql`greatest(0, ${userThemeStats.unanswered} + ${sign * theme.unanswered})`,
        },
      });
  }

  // Sorted, so that concurrent submits sharing questions lock stem_stats rows in one order (no
  // deadlocks).
  const answered = attempt.stems
    .filter((stem) => stem.outcome !== 'unanswered')
    .sort((a, b) => a.stemId - b.stemId);
  if (answered.length === 0) return;
  // One statement for every question of the attempt.
  if (sign > 0) {
    const rows = sql.join(
      answered.map(
        (stem) =>
          sql`(${stem.stemId}::integer, ${attempt.subjectId}::integer, 1, ${stem.outcome === 'incorrect' ? 1 : 0}::integer)`,
      ),
      sql`, `,
    );
    await tx.execute(sql`
      insert into stem_stats (stem_id, subject_id, answered, wrong) values ${rows}
      on conflict (stem_id) do update set
        answered = stem_stats.answered + excluded.answered,
        wrong = stem_stats.wrong + excluded.wrong
    `);
    return;
  }
  const rows = sql.join(
    answered.map(
      (stem) => sql`(${stem.stemId}::integer, ${stem.outcome === 'incorrect' ? 1 : 0}::integer)`,
    ),
    sql`, `,
  );
  await tx.execute(sql`
    update stem_stats set
      answered = greatest(0, stem_stats.answered - 1),
      wrong = least(greatest(0, stem_stats.answered - 1), greatest(0, stem_stats.wrong - d.wrong))
    from (values ${rows}) as d(stem_id, wrong)
    where stem_stats.stem_id = d.stem_id
  `);
}
