import type { StartUserTestRequest } from '@ensaya/core/contracts/engine';
import { DIAGNOSTIC_MINUTES, selectDiagnostic } from '@ensaya/core/engine/diagnostic';
import { mockExamDifficultyProfile } from '@ensaya/core/engine/difficulty';
import type { Random } from '@ensaya/core/engine/random';
import {
  examWeights,
  orderStems,
  pilotPositions,
  selectMockExam,
  selectPractice,
  type BankStem,
} from '@ensaya/core/engine/selection';
import { timerSeconds } from '@ensaya/core/engine/setup';
import type { TestMode } from '@ensaya/core/engine/test-kinds';
import { WRONG_ANSWERS_SET } from '@ensaya/core/engine/wrong-answers';
import type { DbOrTx } from '../../../db/client.ts';
import { AppError } from '../../../lib/app-error.ts';
import { dueStems } from '../../learning/index.ts';
import { scheduledKeyWithheldUntil } from '../scheduled-exams/progress.ts';
import { mockExamBank } from './mock-exam-bank.ts';
import * as repo from './start-repo.ts';

// One draw per test mode: which questions an attempt holds, in which order, with which settings.
// The choosing itself is core's (engine/selection, engine/diagnostic); a draw reads what it
// chooses from and checks what only its mode asks for.

/** What an attempt was built with, kept in `user_tests.configuration`. */
export interface AttemptConfiguration {
  selection?: StartUserTestRequest['selection'];
  random_question: boolean;
  random_answer: boolean;
  study_mode: boolean;
  seconds: number | null;
  wrong_source?: 'own' | 'general' | 'review';
  /** Extra-time accommodation: `seconds` is `base_seconds` plus this percentage. */
  extra_time_percent?: number;
  base_seconds?: number;
}

/** The start request, as validated by the route's schema. */
export type StartBody = {
  subject_id: number;
  mode: TestMode;
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

export type DrawInput = {
  db: DbOrTx;
  userId: number;
  subject: { id: number; standardTestId: number };
  period: repo.PeriodRow;
  body: StartBody;
  now: Date;
  random: Random;
};

export type Drawn = {
  chosen: BankStem[];
  configuration: AttemptConfiguration;
  type: 'custom' | 'official';
  /** Positions (1-based) of the pilot questions: PAES mock exams, and their historical retakes. */
  pilots: number[];
  electiveThemeId: number | null;
  sourceUserTestId: number | null;
};

/** A 422 on one field of the request. */
export function fieldFailure(
  field: string,
  message: ConstructorParameters<typeof AppError>[1],
  params: Record<string, number> = {},
) {
  return new AppError(422, message, { params, fields: { [field]: [message] } });
}

/** A custom attempt (not official): no pilot questions, no elective, no source attempt. */
const CUSTOM: Pick<Drawn, 'type' | 'pilots' | 'electiveThemeId' | 'sourceUserTestId'> = {
  type: 'custom',
  pilots: [],
  electiveThemeId: null,
  sourceUserTestId: null,
};

/** The timer the student set, if any, and their switches. */
function customConfiguration(body: StartBody): AttemptConfiguration {
  return {
    random_question: body.random_question,
    random_answer: body.random_answer,
    study_mode: body.study_mode,
    seconds: body.timer ? timerSeconds(body.timer) : null,
  };
}

/** The elective the student chose, if the period has it among its electives. */
function chosenElective(
  body: StartBody,
  weights: ReadonlyArray<{ themeId: number; isElective: boolean }>,
): number | null {
  const electives = weights.filter((theme) => theme.isElective);
  if (
    body.elective_theme_id !== undefined &&
    !electives.some((theme) => theme.themeId === body.elective_theme_id)
  ) {
    throw fieldFailure('elective_theme_id', 'engine.electiveInvalid');
  }
  return body.elective_theme_id ?? null;
}

/** Practice: the student's selection (themes, counts, question ranges) from the subject's bank. */
async function drawPractice({ db, subject, body, random }: DrawInput): Promise<Drawn> {
  const result = selectPractice(
    await repo.subjectBank(db, subject.id),
    body.selection!,
    body.random_question,
    random,
  );
  if (!result.ok) {
    const { field, message, params } = result.problem;
    throw fieldFailure(`selection.${field}`, message, params);
  }
  return {
    ...CUSTOM,
    chosen: result.stems,
    configuration: { selection: body.selection, ...customConfiguration(body) },
  };
}

/** Mock exam: the period's count and theme weights, fresh questions first, pilots on PAES. */
async function drawMockExam(input: DrawInput): Promise<Drawn> {
  const { db, userId, subject, period, body, random } = input;
  const weights = await repo.periodWeights(db, period.id);
  if (weights.some((theme) => theme.isElective) && body.elective_theme_id === undefined) {
    throw fieldFailure('elective_theme_id', 'engine.electiveRequired');
  }
  const electiveThemeId = chosenElective(body, weights);
  const [bank, seen] = await Promise.all([
    mockExamBank(db, subject.id),
    repo.seenStems(db, userId, subject.id),
  ]);
  const chosen = selectMockExam(
    bank,
    examWeights(weights, electiveThemeId),
    period.questionCount,
    random,
    seen,
    mockExamDifficultyProfile(subject.standardTestId),
  );
  return {
    chosen,
    // PAES periods hold 5 unscored pilot questions, as the real form does.
    pilots: pilotPositions(chosen.length, period.pilotCount, random),
    type: 'official',
    electiveThemeId,
    sourceUserTestId: null,
    // The exam tab's fixed, disabled switches: timer on, random questions and answers.
    configuration: {
      random_question: true,
      random_answer: true,
      study_mode: false,
      seconds: period.testDuration * 60,
    },
  };
}

/**
 * The first diagnostic: the exam's themes (those with weight in the current period; with
 * electives, the common ones and the elective chosen, if any), evenly, over whole reading units.
 */
async function drawDiagnostic(input: DrawInput): Promise<Drawn> {
  const { db, userId, subject, period, body, random } = input;
  const weights = await repo.periodWeights(db, period.id);
  const electiveThemeId = chosenElective(body, weights);
  const [bank, seen] = await Promise.all([
    mockExamBank(db, subject.id),
    repo.seenStems(db, userId, subject.id),
  ]);
  const themeIds =
    weights.length > 0
      ? examWeights(weights, electiveThemeId).map((theme) => theme.themeId)
      : [...new Set(bank.map((stem) => stem.themeId))];
  return {
    ...CUSTOM,
    electiveThemeId,
    chosen: selectDiagnostic(bank, themeIds, random, seen),
    configuration: {
      random_question: true,
      random_answer: true,
      study_mode: false,
      seconds: DIAGNOSTIC_MINUTES * 60,
    },
  };
}

/** A retake of a sent attempt: its questions in its order, its pilots, its kind and timer. */
async function drawHistorical({
  db,
  userId,
  subject,
  period,
  body,
  now,
}: DrawInput): Promise<Drawn> {
  const source = await repo.sentAttemptOf(db, userId, subject.id, body.source_user_test_id!);
  if (!source) throw fieldFailure('source_user_test_id', 'engine.sourceUnknown');
  // A scheduled ensayo's form, retaken and sent, would show its key while others still sit it.
  if (
    source.scheduledExamId !== null &&
    (await scheduledKeyWithheldUntil(db, source.scheduledExamId, now)) !== null
  ) {
    throw new AppError(409, 'scheduledExam.retakeAfterEnd');
  }
  const rows = await repo.attemptQuestions(db, userId, source.id);
  const sourceConfiguration = source.configuration as Partial<AttemptConfiguration>;
  return {
    chosen: rows.map(({ isPilot: _isPilot, ...stem }) => stem),
    // The retake keeps the source's pilot questions unscored, so its grade is comparable.
    pilots: rows.flatMap((row, index) => (row.isPilot ? [index + 1] : [])),
    electiveThemeId: source.electiveThemeId,
    type: source.type,
    sourceUserTestId: source.id,
    configuration: {
      random_question: false,
      random_answer: body.random_answer,
      study_mode: source.type === 'custom' && Boolean(sourceConfiguration.study_mode),
      seconds:
        source.type === 'official'
          ? period.testDuration * 60
          : (sourceConfiguration.base_seconds ?? sourceConfiguration.seconds ?? null),
    },
  };
}

const NOTHING_TO_DRILL = {
  own: 'engine.noWrongAnswers',
  general: 'engine.noGeneralWrongAnswers',
  review: 'engine.noReviewDue',
} as const;

/**
 * Wrong answers: the student's own missed questions, those all students miss most, or the spaced
 * review's cards due today (most overdue first, at most 20). A set is 20 by default; the
 * student may ask for more.
 */
async function drawWrongAnswers(input: DrawInput): Promise<Drawn> {
  const { db, userId, subject, body, now, random } = input;
  const source = body.wrong_source ?? 'own';
  const limit = body.wrong_limit ?? WRONG_ANSWERS_SET;
  const missed =
    source === 'general'
      ? await repo.mostFailed(db, subject.id, limit)
      : source === 'review'
        ? await dueStems(db, userId, subject.id, now)
        : await repo.ownWrongAnswers(db, userId, subject.id, limit);
  if (missed.length === 0) throw new AppError(422, NOTHING_TO_DRILL[source]);
  return {
    ...CUSTOM,
    chosen: orderStems(missed, body.random_question, random),
    configuration: { ...customConfiguration(body), wrong_source: body.wrong_source },
  };
}

/** The draw of each test mode. */
export const DRAWS: Record<TestMode, (input: DrawInput) => Promise<Drawn>> = {
  practice: drawPractice,
  mock_exam: drawMockExam,
  diagnostic: drawDiagnostic,
  historical: drawHistorical,
  wrong_answers: drawWrongAnswers,
};
