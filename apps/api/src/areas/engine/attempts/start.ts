import { secondsWithExtraTime } from '@ensaya/core/contracts/accommodations';
import { distinctNumbers, shuffled, type Random } from '@ensaya/core/engine/random';
import type { BankStem } from '@ensaya/core/engine/selection';
import {
  CLASS_B_STANDARD_TEST_ID,
  SPECIAL_QUESTION_COUNT,
  SPECIAL_QUESTION_MAX,
} from '@ensaya/core/engine/scoring';
import { deadlineBeforeBegin } from '@ensaya/core/engine/timing';
import { countsForPopulation } from '@ensaya/core/statistics/population';
import type { Db, DbOrTx } from '../../../db/client.ts';
import { AppError } from '../../../lib/app-error.ts';
import { isUniqueViolation } from '../../../lib/db-errors.ts';
import { isDebugUser } from './attempt-view.ts';
import { DRAWS, fieldFailure, type AttemptConfiguration, type StartBody } from './draws.ts';
import * as repo from './start-repo.ts';
import { submitAttempt } from './submit.ts';

export type { AttemptConfiguration } from './draws.ts';

/**
 * `POST api/user-tests`: checks access, draws the questions by the test mode's rules
 * (`draws.ts`), fixes the choice order, the class B special numbers and the timer (the clock
 * starts at the begin), and whether the attempt will enter the comparison with all students, and
 * stores the attempt. Returns its id.
 */
export async function startAttempt(
  db: Db,
  user: { id: number; permissions?: ReadonlyArray<string> },
  body: StartBody,
  now: Date,
  random: Random = Math.random,
): Promise<number> {
  const head = await repo.startHead(db, user.id, body.subject_id, now);
  const subject = head?.subject;
  if (!head || !subject || !subject.isActive) {
    throw fieldFailure('subject_id', 'content.subjectUnknown');
  }
  if (!head.hasAccess) throw new AppError(403, 'engine.noAccess');
  const period = head.period;
  if (!period) throw new AppError(422, 'engine.noQuestions');
  // The first diagnostic is taken once; the unique index says so under a race.
  if (body.mode === 'diagnostic' && head.hasDiagnostic) {
    throw new AppError(409, 'engine.diagnosticTaken');
  }
  if (head.open) {
    const open = {
      id: Number(head.open.id),
      deadlineAt: timestampOrNull(head.open.deadline_at),
      isSubmitRequested: head.open.submit_requested,
    };
    await settleOpenAttempt(db, user.id, open, body.replace_in_progress, now);
  }

  const drawn = await DRAWS[body.mode]({ db, userId: user.id, subject, period, body, now, random });
  const { chosen, pilots } = drawn;
  if (chosen.length === 0) throw new AppError(422, 'engine.noQuestions');
  const configuration = withExtraTime(drawn.configuration, Number(head.extraTimePercent ?? 0));

  const choiceOrders = configuration.random_answer
    ? await shuffledChoiceOrders(db, chosen, random)
    : new Map<number, number[]>();
  const specialNumbers =
    subject.standardTestId === CLASS_B_STANDARD_TEST_ID
      ? distinctNumbers(SPECIAL_QUESTION_COUNT, SPECIAL_QUESTION_MAX, random)
      : [];
  const pilotSet = new Set(pilots);
  try {
    return await repo.insertAttempt(
      db,
      {
        userId: user.id,
        subjectId: subject.id,
        standardTestId: subject.standardTestId,
        periodId: period.id,
        type: drawn.type,
        mode: body.mode,
        configuration,
        startedAt: now,
        // The clock starts at the begin (`POST .../begin`); until then the latest deadline possible.
        deadlineAt: deadlineBeforeBegin(now, configuration.seconds),
        specialNumbers,
        totalTestStems: chosen.length - pilots.length,
        pilotCount: pilots.length,
        electiveThemeId: drawn.electiveThemeId,
        sourceUserTestId: drawn.sourceUserTestId,
        countsForPopulation: countsForPopulation({
          mode: body.mode,
          wrongSource: body.wrong_source,
          isDebugUser: isDebugUser({ id: user.id, permissions: user.permissions ?? [] }),
        }),
      },
      chosen.map((stem, index) => ({
        position: index + 1,
        stem_id: stem.id,
        theme_id: stem.themeId,
        choice_order: choiceOrders.get(stem.id) ?? null,
        is_pilot: pilotSet.has(index + 1),
      })),
    );
  } catch (error) {
    // Two starts at once: the other one won; offer to resume it.
    if (isUniqueViolation(error, 'user_tests_diagnostic_once')) {
      throw new AppError(409, 'engine.diagnosticTaken');
    }
    if (isUniqueViolation(error, 'user_tests_in_progress_unique')) {
      const open = await repo.openAttempt(db, user.id, subject.id);
      if (open) await settleOpenAttempt(db, user.id, open, false, now);
    }
    throw error;
  }
}

/**
 * The student's extra-time accommodation, granted by an admin: a timed test gets that percentage
 * more time, from the server, whatever the client asks; the base length is kept so a retake
 * starts from it rather than adding the extra time twice.
 */
function withExtraTime(configuration: AttemptConfiguration, percent: number): AttemptConfiguration {
  if (configuration.seconds === null || percent === 0) return configuration;
  return {
    ...configuration,
    seconds: secondsWithExtraTime(configuration.seconds, percent),
    base_seconds: configuration.seconds,
    extra_time_percent: percent,
  };
}

/** A timestamp read as JSON (`json_build_object`): an ISO-like text, or null. */
function timestampOrNull(value: string | null): Date | null {
  return value === null ? null : new Date(value);
}

/**
 * Before a new attempt: the open one, if its deadline or leave grace has passed or its submit is
 * acknowledged and waiting for the scorer, is submitted; one that is still running is submitted
 * when the student chose to replace it, and otherwise offered for resuming (409).
 */
async function settleOpenAttempt(
  db: Db,
  userId: number,
  open: { id: number; deadlineAt: Date | null; isSubmitRequested: boolean },
  replace: boolean,
  now: Date,
): Promise<void> {
  const expired = open.deadlineAt !== null && open.deadlineAt.getTime() <= now.getTime();
  if (replace || expired || open.isSubmitRequested) {
    await submitAttempt(db, userId, open.id, now, expired ? 'time' : 'student');
    return;
  }
  throw new AppError(409, 'engine.inProgress', { extra: { in_progress_user_test_id: open.id } });
}

/** Each chosen question's choice ids in a random order (an attempt's, or a scheduled form's). */
export async function shuffledChoiceOrders(
  db: DbOrTx,
  chosen: ReadonlyArray<BankStem>,
  random: Random,
): Promise<Map<number, number[]>> {
  const byStem = await repo.choiceIdsByStem(
    db,
    chosen.map((stem) => stem.id),
  );
  return new Map([...byStem].map(([stemId, ids]) => [stemId, shuffled(ids, random)]));
}
