import type { HistoryQuery, HistoryRow } from '@ensaya/core/contracts/statistics';
import type { PageMeta } from '@ensaya/core/contracts/admin';
import { statsKindOf } from '@ensaya/core/statistics/kind';
import type { Db } from '../../../db/client.ts';
import { AppError } from '../../../lib/app-error.ts';
import { subjectExists } from '../statistics/repo.ts';
import { applyAttemptToAggregates } from '../statistics/aggregates.ts';
import { populationChanged } from '../statistics/population-queue.ts';
import { subjectsWithAccess } from '../../sales/index.ts';
import * as repo from './repo.ts';

/** `GET api/subjects/{id}/user-tests`: the student's sent attempts of a subject, a page of them. */
export async function subjectHistory(
  db: Db,
  userId: number,
  subjectId: number,
  query: HistoryQuery,
): Promise<{ data: HistoryRow[]; meta: PageMeta }> {
  if (!(await subjectExists(db, subjectId))) throw new AppError(404, 'error.notFound');
  const { rows, total } = await repo.listSentAttempts(db, userId, subjectId, {
    kind: query.type,
    sort: query.sort,
    order: query.order,
    page: query.page,
    perPage: query.per_page,
  });
  return {
    data: rows.map((row) => ({
      id: row.id,
      fecha: row.submittedAt!.toISOString(),
      type: row.type,
      kind: statsKindOf(row),
      mode: row.mode,
      wrong_source: row.wrongSource ?? null,
      total_test_stems: row.totalTestStems,
      total_correct_choices: row.totalCorrect,
      score: row.score ?? 0,
      min_passed: row.passed,
      time_minutes: Math.round((row.submittedAt!.getTime() - row.startedAt.getTime()) / 60_000),
      elective_name: row.electiveName,
      pilot_count: row.pilotCount,
    })),
    meta: { page: query.page, per_page: query.per_page, total },
  };
}

/**
 * `DELETE api/user-tests[/{id}]`: deletes the student's sent attempts and subtracts each from the
 * statistics aggregates, in one transaction. All or nothing: an id that is not the student's is a
 * 404, a subject without an active subscription a 403 (spec 001 section 5: history actions need
 * one), an attempt still running a 409. Returns how many were deleted.
 */
export async function deleteSentAttempts(
  db: Db,
  userId: number,
  requestedIds: ReadonlyArray<number>,
  now: Date,
): Promise<number> {
  const ids = [...new Set(requestedIds)];
  const deleted = await db.transaction(async (tx) => {
    const attempts = await repo.lockOwnAttempts(tx, userId, ids);
    if (attempts.length !== ids.length) throw new AppError(404, 'error.notFound');
    const subjectIds = [...new Set(attempts.map((attempt) => attempt.subjectId))];
    const access = await subjectsWithAccess(tx, userId, now, subjectIds);
    if (subjectIds.some((subjectId) => !access.has(subjectId))) {
      throw new AppError(403, 'stats.deleteNoAccess');
    }
    if (attempts.some((attempt) => attempt.status !== 'submitted')) {
      throw new AppError(409, 'stats.deleteInProgress');
    }
    const [themes, stems] = await Promise.all([
      repo.attemptThemeCounts(tx, userId, ids),
      repo.attemptStemAnswers(tx, userId, ids),
    ]);
    for (const attempt of attempts) {
      await applyAttemptToAggregates(
        tx,
        {
          userId,
          subjectId: attempt.subjectId,
          type: attempt.type,
          mode: attempt.mode,
          totalTestStems: attempt.totalTestStems,
          totalCorrect: attempt.totalCorrect,
          totalIncorrect: attempt.totalIncorrect,
          totalUnanswered: attempt.totalUnanswered,
          score: attempt.score ?? 0,
          passed: attempt.passed,
          submittedAt: attempt.submittedAt!,
          // As at submit: what did not enter the population is not taken out of it.
          countsForPopulation: attempt.countsForPopulation,
          themes: themes.filter((theme) => theme.userTestId === attempt.id),
          stems: stems
            .filter((stem) => stem.userTestId === attempt.id)
            .map((stem) => ({
              stemId: stem.stemId,
              outcome: stem.isCorrect
                ? 'correct'
                : stem.chosen.length === 0
                  ? 'unanswered'
                  : 'incorrect',
            })),
        },
        -1,
      );
    }
    await repo.deleteAttempts(tx, userId, ids);
    return ids.length;
  });
  // The populations' share of the deletion was queued in the transaction.
  await populationChanged(db);
  return deleted;
}
