import type { AttemptQuestionState, AttemptState } from '@ensaya/core/contracts/engine';
import { questionOutcome } from '@ensaya/core/engine/scoring';
import { scheduledExamContentPath, sendsAt } from '@ensaya/core/engine/scheduled-exam';
import type { Db, DbOrTx } from '../../../db/client.ts';
import { AppError } from '../../../lib/app-error.ts';
import {
  CONTENT_PATH,
  attemptContentKey,
  contentGrant,
  type BankState,
} from '../../content/index.ts';
import {
  cancelLeave,
  findAttemptRow,
  listChoices,
  listContentVersions,
  listQuestionThemes,
  listRunningQuestions,
  listSentQuestions,
  listThemeCounts,
} from './attempt-view-repo.ts';
import type { AttemptConfiguration } from './draws.ts';
import { attemptResult, submitAttempt } from './submit.ts';

const LABELS = 'ABCDEFGHI';

export type Viewer = { id: number; permissions: ReadonlyArray<string> };

/** A debug user (a non-empty permissions list) sees question ids and which choices are correct. */
export function isDebugUser(viewer: Viewer): boolean {
  return viewer.permissions.length > 0;
}

/**
 * `GET api/user-tests/{id}`: the attempt with its questions in order and the answers saved. While
 * it runs the keys stay on the server (except for debug users, and study mode's revealed questions),
 * and the questions carry state only: their statements, choices and contexts are at `content_url`
 * (`appKey` signs it), read no HTML here. A timed attempt has no `content_url` until it has begun:
 * its questions are not readable during the instructions (the begin's answer names it). Once sent
 * every question carries its content, solution and outcome (review pages are rare; they keep one
 * request), except a scheduled ensayo's attempt while others still sit it: its content and the
 * student's answers only, the key withheld until `result.key_withheld_until`. Opening an attempt cancels a pending leave (a reload resumes), and one whose deadline
 * has passed is submitted first.
 */
export async function readAttempt(
  db: Db,
  viewer: Viewer,
  id: number,
  now: Date,
  appKey: string,
): Promise<AttemptState> {
  const attempt = await findAttempt(db, viewer.id, id);
  if (attempt.status === 'in_progress') {
    // Past its deadline, or its submit acknowledged and not scored yet: scored now (the
    // acknowledged one as of when it was asked for).
    if (hasClosed(attempt, now) || attempt.submitRequestedAt !== null) {
      await submitAttempt(db, viewer.id, id, now, 'time');
      return readAttempt(db, viewer, id, now, appKey);
    }
    if (attempt.leaveRequestedAt) await cancelLeave(db, viewer.id, id);
  }
  const configuration = attempt.configuration as AttemptConfiguration;
  const submitted = attempt.status === 'submitted';
  const result = submitted ? await attemptResult(db, viewer.id, id, now) : null;
  const { questions, contentUrl } = submitted
    ? {
        questions: await sentQuestions(db, viewer, id, {
          withKey: !result?.key_withheld_until,
        }),
        contentUrl: null,
      }
    : await runningQuestions(db, viewer, attempt, configuration.study_mode, appKey, now);
  return {
    id: attempt.id,
    subject_id: attempt.subjectId,
    subject_name: attempt.subjectName,
    standard_test_id: attempt.standardTestId,
    period_id: attempt.periodId,
    type: attempt.type,
    mode: attempt.mode,
    wrong_source: configuration.wrong_source ?? null,
    status: attempt.status,
    random_question: configuration.random_question,
    random_answer: configuration.random_answer,
    study_mode: configuration.study_mode,
    seconds: configuration.seconds,
    started_at: attempt.startedAt.toISOString(),
    begun_at: attempt.begunAt?.toISOString() ?? null,
    // Before the begin the stored deadline is only the latest possible one: no clock runs yet.
    deadline_at: attempt.begunAt ? (attempt.deadlineAt?.toISOString() ?? null) : null,
    submitted_at: attempt.submittedAt?.toISOString() ?? null,
    server_now: now.toISOString(),
    questions,
    content_url: contentUrl,
    result,
  };
}

/**
 * Whether a running attempt is past the moment the server sends it itself: its deadline, or for a
 * scheduled ensayo's attempt the grace after it (docs/architecture.md, "Grace policy").
 */
export function hasClosed(
  attempt: { deadlineAt: Date | null; scheduledExamId: number | null },
  now: Date,
): boolean {
  return (
    attempt.deadlineAt !== null &&
    sendsAt(attempt.deadlineAt, attempt.scheduledExamId !== null).getTime() <= now.getTime()
  );
}

export async function findAttempt(db: DbOrTx, userId: number, id: number) {
  const row = await findAttemptRow(db, userId, id);
  if (!row) throw new AppError(404, 'error.notFound');
  return { ...row.attempt, subjectName: row.subjectName };
}

/** The choices of the stems (ids, keys; the text only when asked), in the bank's order. */
async function choicesByStem(db: DbOrTx, stemIds: number[], withText: boolean) {
  const choices = await listChoices(db, stemIds, withText);
  const byStem = new Map<number, typeof choices>();
  for (const choice of choices) {
    const list = byStem.get(choice.stemId) ?? [];
    list.push(choice);
    byStem.set(choice.stemId, list);
  }
  return byStem;
}

/** A question's choices in the attempt's order (its shuffle, or the bank's order). */
function inAttemptOrder<T extends { id: number }>(own: T[], choiceOrder: number[] | null): T[] {
  if (!choiceOrder) return own;
  return choiceOrder
    .map((choiceId) => own.find((choice) => choice.id === choiceId))
    .filter((choice) => choice !== undefined);
}

const label = (index: number) => LABELS[index] ?? String(index + 1);

/**
 * A running attempt's questions: order, choice ids and labels, answers and marks, study mode's
 * revealed solutions, the keys for debug users; no statement or choice text. The content key is
 * made of the stems' ids and versions.
 */
async function runningQuestions(
  db: DbOrTx,
  viewer: Viewer,
  attempt: RunningAttempt,
  studyMode: boolean,
  appKey: string,
  now: Date,
): Promise<{ questions: AttemptQuestionState[]; contentUrl: string | null }> {
  const { id, subjectId } = attempt;
  const rows = await listRunningQuestions(db, viewer.id, id, subjectId);
  if (rows.length === 0) return { questions: [], contentUrl: null };
  const debug = isDebugUser(viewer);
  const questions = rows.map((row) => {
    const own = (row.choiceIds ?? []).map((choiceId, index) => ({
      id: Number(choiceId),
      isCorrect: row.choiceKeys?.[index] === true,
    }));
    const question: AttemptQuestionState = {
      position: row.position,
      stem_id: row.stemId,
      stem_number: row.stemNumber,
      theme_id: row.themeId,
      theme_name: row.themeName,
      is_multi_choice: row.isMultiChoice,
      choices: inAttemptOrder(own, row.choiceOrder).map((choice, index) => ({
        id: choice.id,
        label: label(index),
        ...(debug ? { is_correct: choice.isCorrect } : {}),
      })),
      chosen_choice_ids: row.chosen,
      is_marked: row.isMarked,
      seq: row.seq,
    };
    if (studyMode && row.revealedAt !== null) {
      const keyIds = own.filter((choice) => choice.isCorrect).map((c) => c.id);
      question.solution_html = row.solutionHtml ?? '';
      question.correct_choice_ids = keyIds;
      // A study-mode reveal is judged now, its answer being final.
      question.is_correct =
        row.isCorrect ??
        questionOutcome({ isMultiChoice: row.isMultiChoice, keyIds, chosenIds: row.chosen }) ===
          'correct';
    }
    return question;
  });
  return {
    questions,
    contentUrl: contentUrlOf(appKey, viewer.id, attempt, rows, now),
  };
}

/** What naming an attempt's content needs of it. */
type RunningAttempt = {
  id: number;
  subjectId: number;
  begunAt: Date | null;
  configuration: unknown;
  scheduledExamId: number | null;
};

/** Its stems' versions and its subject's bank (all stems, active stems, largest version). */
type ContentRows = ReadonlyArray<{
  stemId: number;
  contentVersion: number;
  isActive: boolean;
  bank: string[];
}>;

/**
 * The attempt's `content_url`, for its student, expiring (`contentGrant`); null for a timed attempt
 * that has not begun (nothing of its questions is readable before the clock starts). A scheduled
 * ensayo's attempt reads its ensayo's form, from the ensayo's start.
 */
function contentUrlOf(
  appKey: string,
  userId: number,
  attempt: RunningAttempt,
  rows: ContentRows,
  now: Date,
): string | null {
  // A scheduled ensayo's form is one body for all its participants, readable from its start.
  if (attempt.scheduledExamId !== null) {
    const hasStarted = attempt.begunAt !== null && attempt.begunAt.getTime() <= now.getTime();
    return hasStarted ? scheduledExamContentPath(attempt.scheduledExamId) : null;
  }
  const { seconds } = attempt.configuration as AttemptConfiguration;
  if (rows.length === 0 || (attempt.begunAt === null && seconds != null)) return null;
  const [count, activeCount, version] = rows[0]!.bank.map(Number);
  const bank: BankState = {
    subjectId: attempt.subjectId,
    count: count!,
    activeCount: activeCount!,
    version: version!,
  };
  const key = attemptContentKey(
    appKey,
    contentGrant(attempt.id, userId, now),
    rows.map((row) => ({ id: row.stemId, version: row.contentVersion, isActive: row.isActive })),
    bank,
  );
  return `${CONTENT_PATH}${key}`;
}

/**
 * A running attempt's `content_url` alone (the begin's answer): one query of its stems' versions
 * and its subject's bank, no question state.
 */
export async function attemptContentUrl(
  db: DbOrTx,
  userId: number,
  attempt: RunningAttempt,
  appKey: string,
  now: Date,
): Promise<string | null> {
  if (attempt.scheduledExamId !== null) return contentUrlOf(appKey, userId, attempt, [], now);
  const rows = await listContentVersions(db, userId, attempt.id, attempt.subjectId);
  return contentUrlOf(appKey, userId, attempt, rows, now);
}

/**
 * A sent attempt's questions with everything: content, keys, solutions and outcomes; without
 * `withKey` (a scheduled ensayo others still sit) the content and the student's answers only.
 */
async function sentQuestions(
  db: DbOrTx,
  viewer: Viewer,
  id: number,
  { withKey }: { withKey: boolean },
): Promise<AttemptQuestionState[]> {
  const rows = await listSentQuestions(db, viewer.id, id, withKey);
  if (rows.length === 0) return [];
  const byStem = await choicesByStem(
    db,
    rows.map((row) => row.stemId),
    true,
  );
  return rows.map((row) => {
    const own = byStem.get(row.stemId) ?? [];
    const keyIds = own.filter((choice) => choice.isCorrect).map((c) => c.id);
    const question: AttemptQuestionState = {
      position: row.position,
      stem_id: row.stemId,
      stem_number: row.stemNumber,
      theme_id: row.themeId,
      theme_name: row.themeName,
      statement_html: row.statementHtml,
      is_multi_choice: row.isMultiChoice,
      url_source: row.urlSource,
      context:
        row.contextId !== null
          ? { id: row.contextId, title: row.contextTitle ?? '', body_html: row.contextBody ?? '' }
          : null,
      choices: inAttemptOrder(own, row.choiceOrder).map((choice, index) => ({
        id: choice.id,
        label: label(index),
        body_html: choice.bodyHtml ?? '',
        ...(withKey ? { is_correct: choice.isCorrect } : {}),
      })),
      chosen_choice_ids: row.chosen,
      is_marked: row.isMarked,
      seq: row.seq,
    };
    if (!withKey) return question;
    question.solution_html = row.solutionHtml;
    question.correct_choice_ids = keyIds;
    // Scored once sent.
    question.is_correct =
      row.isCorrect ??
      questionOutcome({ isMultiChoice: row.isMultiChoice, keyIds, chosenIds: row.chosen }) ===
        'correct';
    return question;
  });
}

/** `GET api/user-tests/{id}/themes`: the attempt's themes with question counts and outcomes. */
export async function attemptThemes(db: DbOrTx, userId: number, id: number) {
  const attempt = await findAttempt(db, userId, id);
  if (attempt.status === 'submitted') {
    const rows = await listThemeCounts(db, userId, id);
    return rows.map((row) => ({
      ...row,
      total: row.correct + row.incorrect + row.unanswered,
    }));
  }
  const rows = await listQuestionThemes(db, userId, id);
  const counts = new Map<number, { theme_id: number; name: string; total: number }>();
  for (const row of rows) {
    const entry = counts.get(row.themeId) ?? { theme_id: row.themeId, name: row.name, total: 0 };
    entry.total += 1;
    counts.set(row.themeId, entry);
  }
  return [...counts.values()].map((entry) => ({
    ...entry,
    correct: 0,
    incorrect: 0,
    unanswered: entry.total,
  }));
}
