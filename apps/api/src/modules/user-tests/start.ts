import { and, asc, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import { secondsWithExtraTime } from '@ensaya/core/contracts/accommodations';
import type { StartUserTestRequest } from '@ensaya/core/contracts/engine';
import { WRONG_ANSWERS_SET } from '@ensaya/core/engine/wrong-answers';
import { mockExamDifficultyProfile } from '@ensaya/core/engine/difficulty';
import { DIAGNOSTIC_MINUTES, selectDiagnostic } from '@ensaya/core/engine/diagnostic';
import { distinctNumbers, shuffled, type Random } from '@ensaya/core/engine/random';
import {
  examWeights,
  orderStems,
  pilotPositions,
  selectMockExam,
  selectPractice,
  type BankStem,
} from '@ensaya/core/engine/selection';
import {
  CLASS_B_STANDARD_TEST_ID,
  SPECIAL_QUESTION_COUNT,
  SPECIAL_QUESTION_MAX,
} from '@ensaya/core/engine/scoring';
import { timerSeconds } from '@ensaya/core/engine/setup';
import { deadlineBeforeBegin } from '@ensaya/core/engine/timing';
import { countsForPopulation } from '@ensaya/core/statistics/population';
import { anyOf, executePrepared, type Db, type DbOrTx } from '../../db/client.ts';
import {
  periods,
  periodThemes,
  scheduledExams,
  stemChoices,
  stems,
  stemStats,
  subjects,
  themes,
  users,
  userTests,
  userTestStems,
} from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { hasSubjectAccessSql } from './access.ts';
import { isDebugUser } from './attempt-view.ts';
import { submitAttempt } from './submit.ts';
import { dueStems } from '../review/repo.ts';
import { scheduledKeyWithheldUntil } from '../scheduled-exams/progress.ts';
import { mockExamBank } from './mock-exam-bank.ts';

/** What an attempt was built with, kept in `user_tests.configuration`. */
export interface AttemptConfiguration {
  selection?: StartUserTestRequest['selection'];
  random_question: boolean;
  random_answer: boolean;
  study_mode: boolean;
  seconds: number | null;
  wrong_source?: 'own' | 'general' | 'review';
  /** Extra-time accommodation (issue 16): `seconds` is `base_seconds` plus this percentage. */
  extra_time_percent?: number;
  base_seconds?: number;
}

type Body = {
  subject_id: number;
  mode: 'practice' | 'mock_exam' | 'historical' | 'wrong_answers' | 'diagnostic';
  selection?: StartUserTestRequest['selection'];
  random_question: boolean;
  random_answer: boolean;
  study_mode: boolean;
  timer?: { hours: number; minutes: number } | null | undefined;
  source_user_test_id?: number | undefined;
  wrong_source?: 'own' | 'general' | 'review' | undefined;
  wrong_limit?: number | undefined;
  elective_theme_id?: number | undefined;
  replace_in_progress: boolean;
};

function selectionError(field: string, message: Parameters<typeof fieldFailure>[1], params = {}) {
  return fieldFailure(field, message, params);
}

function fieldFailure(
  field: string,
  message: ConstructorParameters<typeof AppError>[1],
  params: Record<string, number> = {},
) {
  return new AppError(422, message, { params, fields: { [field]: [message] } });
}

async function subjectBank(db: DbOrTx, subjectId: number): Promise<BankStem[]> {
  return db
    .select({
      id: stems.id,
      themeId: stems.themeId,
      contextId: stems.contextId,
      stemNumber: stems.stemNumber,
    })
    .from(stems)
    .where(and(eq(stems.subjectId, subjectId), eq(stems.isActive, true)))
    .orderBy(asc(stems.stemNumber))
    .prepare('subject-bank')
    .execute();
}

/**
 * When the student last saw each question of the subject: the latest of their sent attempts that
 * held it (attempt ids grow with time). One query, on the history index and the attempt's rows.
 */
async function seenStems(
  db: DbOrTx,
  userId: number,
  subjectId: number,
): Promise<Map<number, number>> {
  const rows = await db
    .select({
      stemId: userTestStems.stemId,
      lastSeen: sql<number>`max(${userTestStems.userTestId})`.mapWith(Number),
    })
    .from(userTests)
    .innerJoin(
      userTestStems,
      and(eq(userTestStems.userTestId, userTests.id), eq(userTestStems.userId, userTests.userId)),
    )
    .where(
      and(
        eq(userTests.userId, userId),
        eq(userTests.subjectId, subjectId),
        eq(userTests.status, 'submitted'),
      ),
    )
    .groupBy(userTestStems.stemId)
    .prepare('seen-stems')
    .execute();
  return new Map(rows.map((row) => [row.stemId, row.lastSeen]));
}

/**
 * `POST api/user-tests`: checks access, chooses and orders the questions, fixes the choice order,
 * the class B special numbers and the timer (the clock starts at the begin), and whether the attempt will enter the comparison
 * with all students, and stores the attempt. Returns its id.
 */
export async function startAttempt(
  db: Db,
  user: { id: number; permissions?: ReadonlyArray<string> },
  body: Body,
  now: Date,
  random: Random = Math.random,
): Promise<number> {
  // What the start needs to know before choosing, in one query: the subject, its current period,
  // the student's access, their attempt in progress in it and their extra-time accommodation.
  const [head] = await db
    .select({
      subject: {
        id: subjects.id,
        standardTestId: subjects.standardTestId,
        isActive: subjects.isActive,
      },
      period: periods,
      hasAccess: hasSubjectAccessSql(db, user.id, body.subject_id, now),
      open: sql<{ id: number; deadline_at: string | null; submit_requested: boolean } | null>`(
        select json_build_object('id', o.id, 'deadline_at', o.deadline_at,
                                 'submit_requested', o.submit_requested_at is not null)
        from ${userTests} o
        where o.user_id = ${user.id} and o.subject_id = ${subjects.id}
          and o.status = 'in_progress' and o.scheduled_exam_id is null)`,
      extraTimePercent: sql<number | null>`(
        select u.extra_time_percent from ${users} u where u.id = ${user.id})`,
      hasDiagnostic: sql<boolean>`exists (
        select 1 from ${userTests} d
        where d.user_id = ${user.id} and d.subject_id = "subjects"."id" and d.mode = 'diagnostic')`,
    })
    .from(subjects)
    .leftJoin(periods, and(eq(periods.subjectId, subjects.id), eq(periods.isCurrent, true)))
    .where(eq(subjects.id, body.subject_id))
    .prepare('start-head')
    .execute();
  const subject = head?.subject;
  if (!head || !subject || !subject.isActive) {
    throw fieldFailure('subject_id', 'content.subjectUnknown');
  }
  if (!head.hasAccess) throw new AppError(403, 'engine.noAccess');
  const period = head.period;
  if (!period) throw new AppError(422, 'engine.noQuestions');
  // The first diagnostic is taken once (issue 27); the unique index says so under a race.
  if (body.mode === 'diagnostic' && head.hasDiagnostic) {
    throw new AppError(409, 'engine.diagnosticTaken');
  }

  if (head.open) {
    await settleOpenAttempt(
      db,
      user.id,
      {
        id: Number(head.open.id),
        deadlineAt: timestampOrNull(head.open.deadline_at),
        isSubmitRequested: head.open.submit_requested,
      },
      body.replace_in_progress,
      now,
    );
  }

  let type: 'custom' | 'official' = 'custom';
  let chosen: BankStem[];
  let configuration: AttemptConfiguration;
  let sourceUserTestId: number | null = null;
  let electiveThemeId: number | null = null;
  /** Positions (1-based) of the pilot questions: PAES mock exams, and their historical retakes. */
  let pilots: number[] = [];
  switch (body.mode) {
    case 'practice': {
      const result = selectPractice(
        await subjectBank(db, subject.id),
        body.selection!,
        body.random_question,
        random,
      );
      if (!result.ok) {
        throw selectionError(
          `selection.${result.problem.field}`,
          result.problem.message,
          result.problem.params,
        );
      }
      chosen = result.stems;
      configuration = {
        selection: body.selection,
        random_question: body.random_question,
        random_answer: body.random_answer,
        study_mode: body.study_mode,
        seconds: body.timer ? timerSeconds(body.timer) : null,
      };
      break;
    }
    case 'mock_exam': {
      const weights = await db
        .select({
          themeId: periodThemes.themeId,
          weight: periodThemes.weight,
          isElective: themes.isElective,
        })
        .from(periodThemes)
        .innerJoin(themes, eq(themes.id, periodThemes.themeId))
        .where(and(eq(periodThemes.periodId, period.id), gt(periodThemes.weight, 0)))
        .orderBy(asc(periodThemes.id))
        .prepare('period-weights')
        .execute();
      const electives = weights.filter((theme) => theme.isElective);
      if (electives.length > 0 && body.elective_theme_id === undefined) {
        throw fieldFailure('elective_theme_id', 'engine.electiveRequired');
      }
      if (
        body.elective_theme_id !== undefined &&
        !electives.some((theme) => theme.themeId === body.elective_theme_id)
      ) {
        throw fieldFailure('elective_theme_id', 'engine.electiveInvalid');
      }
      electiveThemeId = body.elective_theme_id ?? null;
      const [bank, seen] = await Promise.all([
        mockExamBank(db, subject.id),
        seenStems(db, user.id, subject.id),
      ]);
      chosen = selectMockExam(
        bank,
        examWeights(weights, electiveThemeId),
        period.questionCount,
        random,
        seen,
        mockExamDifficultyProfile(subject.standardTestId),
      );
      // PAES periods hold 5 unscored pilot questions, as the real form does.
      pilots = pilotPositions(chosen.length, period.pilotCount, random);
      type = 'official';
      // The exam tab's fixed, disabled switches: timer on, random questions and answers.
      configuration = {
        random_question: true,
        random_answer: true,
        study_mode: false,
        seconds: period.testDuration * 60,
      };
      break;
    }
    case 'diagnostic': {
      // The exam's themes (those with weight in the current period; with electives, the common
      // ones and the elective chosen, if any), evenly, over whole reading units (issue 27).
      const weights = await db
        .select({ themeId: periodThemes.themeId, isElective: themes.isElective })
        .from(periodThemes)
        .innerJoin(themes, eq(themes.id, periodThemes.themeId))
        .where(and(eq(periodThemes.periodId, period.id), gt(periodThemes.weight, 0)))
        .orderBy(asc(periodThemes.id));
      const electives = weights.filter((theme) => theme.isElective);
      if (
        body.elective_theme_id !== undefined &&
        !electives.some((theme) => theme.themeId === body.elective_theme_id)
      ) {
        throw fieldFailure('elective_theme_id', 'engine.electiveInvalid');
      }
      electiveThemeId = body.elective_theme_id ?? null;
      const [bank, seen] = await Promise.all([
        mockExamBank(db, subject.id),
        seenStems(db, user.id, subject.id),
      ]);
      const themeIds =
        weights.length > 0
          ? examWeights(weights, electiveThemeId).map((theme) => theme.themeId)
          : [...new Set(bank.map((stem) => stem.themeId))];
      chosen = selectDiagnostic(bank, themeIds, random, seen);
      configuration = {
        random_question: true,
        random_answer: true,
        study_mode: false,
        seconds: DIAGNOSTIC_MINUTES * 60,
      };
      break;
    }
    case 'historical': {
      const [source] = await db
        .select()
        .from(userTests)
        .where(
          and(
            eq(userTests.id, body.source_user_test_id!),
            eq(userTests.userId, user.id),
            eq(userTests.subjectId, subject.id),
            eq(userTests.status, 'submitted'),
          ),
        );
      if (!source) throw fieldFailure('source_user_test_id', 'engine.sourceUnknown');
      // A scheduled ensayo's form, retaken and sent, would show its key while others still sit it.
      if (
        source.scheduledExamId !== null &&
        (await scheduledKeyWithheldUntil(db, source.scheduledExamId, now)) !== null
      ) {
        throw new AppError(409, 'scheduledExam.retakeAfterEnd');
      }
      const sourceRows = await db
        .select({
          id: stems.id,
          themeId: stems.themeId,
          contextId: stems.contextId,
          stemNumber: stems.stemNumber,
          isPilot: userTestStems.isPilot,
        })
        .from(userTestStems)
        .innerJoin(stems, eq(stems.id, userTestStems.stemId))
        .where(and(eq(userTestStems.userTestId, source.id), eq(userTestStems.userId, user.id)))
        .orderBy(asc(userTestStems.position));
      chosen = sourceRows.map(({ isPilot: _isPilot, ...stem }) => stem);
      // The retake keeps the source's pilot questions unscored, so its grade is comparable.
      pilots = sourceRows.flatMap((row, index) => (row.isPilot ? [index + 1] : []));
      electiveThemeId = source.electiveThemeId;
      type = source.type;
      sourceUserTestId = source.id;
      const sourceConfiguration = source.configuration as Partial<AttemptConfiguration>;
      configuration = {
        random_question: false,
        random_answer: body.random_answer,
        study_mode: type === 'custom' && Boolean(sourceConfiguration.study_mode),
        seconds:
          type === 'official'
            ? period.testDuration * 60
            : (sourceConfiguration.base_seconds ?? sourceConfiguration.seconds ?? null),
      };
      break;
    }
    case 'wrong_answers': {
      // A set of 20 by default (issue 27: a 65-question drill of missed questions was too much);
      // the student may ask for more. A review session is sized by the queue (at most 20).
      const limit = body.wrong_limit ?? WRONG_ANSWERS_SET;
      chosen =
        body.wrong_source === 'general'
          ? await mostFailed(db, subject.id, limit)
          : body.wrong_source === 'review'
            ? // Spaced review (issue 16): the cards due today, most overdue first.
              await dueStems(db, user.id, subject.id, now)
            : await ownWrongAnswers(db, user.id, subject.id, limit);
      if (chosen.length === 0) {
        throw new AppError(
          422,
          body.wrong_source === 'general'
            ? 'engine.noGeneralWrongAnswers'
            : body.wrong_source === 'review'
              ? 'engine.noReviewDue'
              : 'engine.noWrongAnswers',
        );
      }
      chosen = orderStems(chosen, body.random_question, random);
      configuration = {
        random_question: body.random_question,
        random_answer: body.random_answer,
        study_mode: body.study_mode,
        seconds: body.timer ? timerSeconds(body.timer) : null,
        wrong_source: body.wrong_source,
      };
      break;
    }
  }
  if (chosen.length === 0) throw new AppError(422, 'engine.noQuestions');
  configuration = withExtraTime(configuration, Number(head.extraTimePercent ?? 0));

  const choiceOrders = configuration.random_answer
    ? await shuffledChoiceOrders(db, chosen, random)
    : new Map<number, number[]>();
  const specialNumbers =
    subject.standardTestId === CLASS_B_STANDARD_TEST_ID
      ? distinctNumbers(SPECIAL_QUESTION_COUNT, SPECIAL_QUESTION_MAX, random)
      : [];
  // The clock starts at the begin (`POST .../begin`); until then the latest deadline possible.
  const deadlineAt = deadlineBeforeBegin(now, configuration.seconds);

  try {
    const pilotSet = new Set(pilots);
    const attemptInsert = db
      .insert(userTests)
      .values({
        userId: user.id,
        subjectId: subject.id,
        standardTestId: subject.standardTestId,
        periodId: period.id,
        type,
        mode: body.mode,
        configuration,
        startedAt: now,
        deadlineAt,
        specialNumbers,
        totalTestStems: chosen.length - pilots.length,
        pilotCount: pilots.length,
        electiveThemeId,
        sourceUserTestId,
        countsForPopulation: countsForPopulation({
          mode: body.mode,
          wrongSource: body.wrong_source,
          isDebugUser: isDebugUser({ id: user.id, permissions: user.permissions ?? [] }),
        }),
      })
      .returning({ id: userTests.id });
    // The attempt and its questions in one statement (one round trip, atomic without a
    // transaction): the questions travel as one JSON parameter instead of 65 rows of parameters.
    const questions = JSON.stringify(
      chosen.map((stem, index) => ({
        position: index + 1,
        stem_id: stem.id,
        theme_id: stem.themeId,
        choice_order: choiceOrders.get(stem.id) ?? null,
        is_pilot: pilotSet.has(index + 1),
      })),
    );
    // Drizzle writes the embedded insert in parentheses, as a CTE wants it.
    const [inserted] = await executePrepared<{ id: number | string }>(
      db,
      'start-insert',
      sql`
      with attempt as ${attemptInsert},
      questions as (
        insert into ${userTestStems}
          (user_id, user_test_id, position, stem_id, theme_id, choice_order, is_pilot)
        select ${user.id}, attempt.id, q.position, q.stem_id, q.theme_id, q.choice_order, q.is_pilot
        from attempt, jsonb_to_recordset(${questions}::jsonb)
          as q(position smallint, stem_id integer, theme_id integer, choice_order integer[],
               is_pilot boolean)
      )
      select id from attempt`,
    );
    return Number(inserted!.id);
  } catch (error) {
    // Two starts at once: the other one won; offer to resume it.
    if (isUniqueViolation(error, 'user_tests_diagnostic_once')) {
      throw new AppError(409, 'engine.diagnosticTaken');
    }
    if (isUniqueViolation(error, 'user_tests_in_progress_unique')) {
      const open = await openAttempt(db, user.id, subject.id);
      if (open) await settleOpenAttempt(db, user.id, open, false, now);
    }
    throw error;
  }
}

/**
 * The student's extra-time accommodation (issue 16), granted by an admin: a timed test gets that
 * percentage more time, from the server, whatever the client asks; the base length is kept so a
 * retake starts from it rather than adding the extra time twice.
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

/** The student's attempt still running in the subject, if any (scheduled ensayos apart). */
async function openAttempt(db: DbOrTx, userId: number, subjectId: number) {
  const [open] = await db
    .select({
      id: userTests.id,
      deadlineAt: userTests.deadlineAt,
      isSubmitRequested: sql<boolean>`${userTests.submitRequestedAt} is not null`,
    })
    .from(userTests)
    .where(
      and(
        eq(userTests.userId, userId),
        eq(userTests.subjectId, subjectId),
        eq(userTests.status, 'in_progress'),
        // A scheduled ensayo's attempt is apart (see the index `user_tests_in_progress_unique`).
        isNull(userTests.scheduledExamId),
      ),
    );
  return open;
}

/** Each chosen question's choice ids in a random order (an attempt's, or a scheduled form's). */
export async function shuffledChoiceOrders(
  db: DbOrTx,
  chosen: ReadonlyArray<BankStem>,
  random: Random,
): Promise<Map<number, number[]>> {
  const rows = await db
    .select({ id: stemChoices.id, stemId: stemChoices.stemId })
    .from(stemChoices)
    .where(
      anyOf(
        stemChoices.stemId,
        chosen.map((stem) => stem.id),
      ),
    )
    .orderBy(asc(stemChoices.stemId), asc(stemChoices.position))
    .prepare('choice-ids')
    .execute();
  const byStem = new Map<number, number[]>();
  for (const row of rows) byStem.set(row.stemId, [...(byStem.get(row.stemId) ?? []), row.id]);
  return new Map([...byStem].map(([stemId, ids]) => [stemId, shuffled(ids, random)]));
}

/**
 * The student's wrongly answered questions of the subject that are still in the bank. Those of a
 * scheduled ensayo count once it has closed (its figures stored): before, which ones were wrong
 * is part of the key others still sitting it must not get.
 */
async function ownWrongAnswers(
  db: DbOrTx,
  userId: number,
  subjectId: number,
  limit: number,
): Promise<BankStem[]> {
  return db
    .selectDistinct({
      id: stems.id,
      themeId: stems.themeId,
      contextId: stems.contextId,
      stemNumber: stems.stemNumber,
    })
    .from(userTestStems)
    .innerJoin(stems, eq(stems.id, userTestStems.stemId))
    .where(
      and(
        eq(userTestStems.userId, userId),
        eq(userTestStems.isCorrect, false),
        sql`cardinality(${userTestStems.chosenChoiceIds}) > 0`,
        eq(stems.subjectId, subjectId),
        eq(stems.isActive, true),
        sql`${userTestStems.userTestId} not in (select t.id from ${userTests} t
          join ${scheduledExams} e on e.id = t.scheduled_exam_id
          where t.user_id = ${userId} and e.results_computed_at is null)`,
      ),
    )
    .orderBy(asc(stems.stemNumber))
    .limit(limit);
}

/** The subject's questions most often failed by all students. */
async function mostFailed(db: DbOrTx, subjectId: number, limit: number): Promise<BankStem[]> {
  return db
    .select({
      id: stems.id,
      themeId: stems.themeId,
      contextId: stems.contextId,
      stemNumber: stems.stemNumber,
    })
    .from(stemStats)
    .innerJoin(stems, eq(stems.id, stemStats.stemId))
    .where(
      and(eq(stemStats.subjectId, subjectId), gt(stemStats.wrong, 0), eq(stems.isActive, true)),
    )
    .orderBy(desc(stemStats.wrong), asc(stems.stemNumber))
    .limit(limit);
}
