import type { ScheduledExamResults } from '@ensaya/core/contracts/scheduled-exam';
import {
  averageScore,
  correctShare,
  isScheduledExamOver,
  percentileOf,
  scoreDistribution,
  sendsAt,
} from '@ensaya/core/engine/scheduled-exam';
import type { Db } from '../../../db/client.ts';
import { AppError } from '../../../lib/app-error.ts';
import { submitAttempt } from '../attempts/submit.ts';
import { unsentOf } from './progress-repo.ts';
import * as repo from './repo.ts';

// The participant's place among everyone who sat the ensayo. The cohort's figures (scores, themes)
// are computed once the ensayo is over (every clock and its grace have ended, or, once joining
// closed, everyone who joined has sent), and kept on the ensayo's row: every later read is the
// student's own attempt plus that row.

/** Computations in flight per database handle and ensayo: requests at once share one. */
const computing = new WeakMap<Db, Map<number, Promise<void>>>();

/**
 * Computes and stores the ensayo's cohort figures, once. Attempts still open past their clock and
 * grace (not swept yet) are sent first, as the sweeper would; if any clock still runs (extra time
 * granted after the join), nothing is computed: 409 `scheduledExam.resultsNotReady`.
 */
export async function closeScheduledExam(db: Db, id: number, now: Date): Promise<void> {
  const inFlight = computing.get(db) ?? new Map<number, Promise<void>>();
  computing.set(db, inFlight);
  const running = inFlight.get(id);
  if (running) return running;
  const work = (async () => {
    for (const attempt of await repo.openAttempts(db, id)) {
      if (!attempt.deadlineAt || sendsAt(attempt.deadlineAt, true).getTime() > now.getTime()) {
        throw new AppError(409, 'scheduledExam.resultsNotReady');
      }
      await submitAttempt(db, attempt.userId, attempt.id, now, 'time');
    }
    await repo.storeCohortResults(db, id, now);
  })();
  inFlight.set(id, work);
  try {
    await work;
  } finally {
    inFlight.delete(id);
  }
}

/**
 * `GET api/scheduled-exams/{id}/results`: for a participant whose attempt was sent, once the
 * ensayo is over, by its clock or early (409 `scheduledExam.resultsNotReady` before;
 * `scheduledExam.noResults` without a sent attempt).
 */
export async function scheduledExamResults(
  db: Db,
  userId: number,
  id: number,
  now: Date,
): Promise<ScheduledExamResults> {
  let head = await repo.resultsHead(db, userId, id, now);
  if (!head || !head.hasAccess) throw new AppError(404, 'error.notFound');
  if (head.cancelledAt) throw new AppError(409, 'scheduledExam.cancelled');
  if (!head.joined) throw new AppError(403, 'scheduledExam.notParticipant');
  const isOver = isScheduledExamOver({
    now,
    timing: head,
    hasResults: head.results !== null,
    unsent: unsentOf(head.unsent),
  });
  if (!isOver) throw new AppError(409, 'scheduledExam.resultsNotReady');
  if (!head.results) {
    await closeScheduledExam(db, id, now);
    head = (await repo.resultsHead(db, userId, id, now))!;
  }
  const cohort = head.results;
  const attempt = head.attempt;
  if (!cohort || !attempt?.id || attempt.status !== 'submitted') {
    throw new AppError(409, 'scheduledExam.noResults');
  }
  const own = new Map(
    (await repo.attemptThemeCounts(db, userId, attempt.id)).map((theme) => [theme.themeId, theme]),
  );
  const score = attempt.score ?? 0;
  return {
    scheduled_exam_id: id,
    participant_count: cohort.participant_count,
    user_test_id: attempt.id,
    score,
    correct: attempt.correct ?? 0,
    question_count: attempt.total ?? 0,
    percentile: percentileOf(score, cohort.scores),
    cohort_average: averageScore(cohort.scores),
    distribution: scoreDistribution(cohort.scores),
    themes: cohort.themes.map((theme) => {
      const mine = own.get(theme.theme_id);
      return {
        theme_id: theme.theme_id,
        name: theme.name,
        question_count: mine?.total ?? 0,
        own_percent: correctShare(mine?.correct ?? 0, mine?.total ?? 0),
        cohort_percent: correctShare(theme.correct, theme.total),
      };
    }),
  };
}
