import { randomBytes } from 'node:crypto';
import type {
  AdminScheduledExam,
  CreateScheduledExamRequest,
  ScheduledExam,
  ScheduledExamKey,
} from '@ensaya/core/contracts/scheduled-exam';
import { mockExamDifficultyProfile } from '@ensaya/core/engine/difficulty';
import { distinctNumbers, type Random } from '@ensaya/core/engine/random';
import {
  PREPARE_AHEAD_SECONDS,
  SCHEDULED_EXAM_RECENT_DAYS,
  joinRefusal,
  scheduledExamContentPath,
  scheduledExamState,
  scheduledExamTimes,
  type ScheduledExamTiming,
} from '@ensaya/core/engine/scheduled-exam';
import {
  CLASS_B_STANDARD_TEST_ID,
  SPECIAL_QUESTION_COUNT,
  SPECIAL_QUESTION_MAX,
} from '@ensaya/core/engine/scoring';
import { examWeights, pilotPositions, selectMockExam } from '@ensaya/core/engine/selection';
import type { Db, DbOrTx } from '../../../db/client.ts';
import type { FormQuestion } from '../../../db/schema/index.ts';
import { AppError, fieldError } from '../../../lib/app-error.ts';
import { mockExamBank } from '../attempts/mock-exam-bank.ts';
import { shuffledChoiceOrders } from '../attempts/start.ts';
import { prepareOneAttempt } from './prepare.ts';
import { unsentOf } from './progress-repo.ts';
import * as repo from './repo.ts';
import { versionName } from './sealed-content.ts';

const DAY_MS = 86_400_000;

const iso = (date: Date) => date.toISOString();

// --- Back office ----------------------------------------------------------------------------------

function presentAdmin(row: repo.AdminExamRow, now: Date): AdminScheduledExam {
  const { exam } = row;
  return {
    id: exam.id,
    title: exam.title,
    title_en: exam.titleEn,
    subject_id: exam.subjectId,
    subject_name: row.subjectName,
    elective_theme_id: exam.electiveThemeId,
    question_count: exam.stemIds.length,
    starts_at: iso(exam.startsAt),
    duration_minutes: exam.durationMinutes,
    late_join_minutes: exam.lateJoinMinutes,
    audience: exam.audience,
    state: scheduledExamState({
      now,
      timing: exam,
      cancelledAt: exam.cancelledAt,
      hasResults: exam.resultsComputedAt !== null,
      unsent: unsentOf(row.unsent),
    }),
    participant_count: row.participantCount,
    prepared_count: row.preparedCount,
    submitted_count: row.submittedCount,
    created_at: iso(exam.createdAt),
  };
}

export async function listAdminScheduledExams(db: DbOrTx, now: Date) {
  return (await repo.listAdminExams(db, now)).map((row) => presentAdmin(row, now));
}

async function adminExam(db: DbOrTx, id: number, now: Date) {
  const row = await repo.findAdminExam(db, id, now);
  if (!row) throw new AppError(404, 'error.notFound');
  return presentAdmin(row, now);
}

/**
 * `POST api/admin/scheduled-exams`: draws the ensayo's one form now, by the rules of a mock exam
 * start (the current period's weights and question count, the elective for Ciencias, the bank's
 * reading units and difficulty profile, the period's pilot questions), with the choices in one
 * shuffled order for everyone, and a fresh key and IV for its sealed copy. Nobody has seen a
 * question of it yet, so no student's history shapes the draw.
 */
export async function createScheduledExam(
  db: Db,
  adminId: number,
  body: CreateScheduledExamRequest,
  now: Date,
  random: Random = Math.random,
): Promise<AdminScheduledExam> {
  const startsAt = new Date(body.starts_at);
  const lateJoinMinutes = body.late_join_minutes ?? 30;
  const electiveThemeId = body.elective_theme_id ?? null;
  const source = await repo.formSource(db, body.subject_id);
  if (!source || !source.isActive) throw fieldError('subject_id', 'content.subjectUnknown');
  if (startsAt.getTime() <= now.getTime())
    throw fieldError('starts_at', 'scheduledExam.startInPast');
  if (lateJoinMinutes >= body.duration_minutes) {
    throw fieldError('late_join_minutes', 'scheduledExam.lateJoinTooLong');
  }
  const { period } = source;
  if (!period) throw fieldError('subject_id', 'scheduledExam.noForm');
  const electives = source.weights.filter((theme) => theme.isElective);
  if (electives.length > 0 && electiveThemeId === null) {
    throw fieldError('elective_theme_id', 'scheduledExam.electiveRequired');
  }
  if (electives.length === 0 && electiveThemeId !== null) {
    throw fieldError('elective_theme_id', 'scheduledExam.electiveNotAllowed');
  }
  if (electiveThemeId !== null && !electives.some((theme) => theme.themeId === electiveThemeId)) {
    throw fieldError('elective_theme_id', 'scheduledExam.electiveInvalid');
  }
  const chosen = selectMockExam(
    await mockExamBank(db, source.id),
    examWeights(source.weights, electiveThemeId),
    period.questionCount,
    random,
    new Map(),
    mockExamDifficultyProfile(source.standardTestId),
  );
  if (chosen.length === 0) throw fieldError('subject_id', 'scheduledExam.noForm');
  const pilots = new Set(pilotPositions(chosen.length, period.pilotCount, random));
  const choiceOrders = await shuffledChoiceOrders(db, chosen, random);
  const form: FormQuestion[] = chosen.map((stem, index) => ({
    position: index + 1,
    stem_id: stem.id,
    theme_id: stem.themeId,
    choice_order: choiceOrders.get(stem.id) ?? [],
    is_pilot: pilots.has(index + 1),
  }));
  const id = await repo.insertExam(db, {
    title: body.title,
    titleEn: body.title_en ?? null,
    subjectId: source.id,
    periodId: period.id,
    electiveThemeId,
    stemIds: chosen.map((stem) => stem.id),
    form,
    specialNumbers:
      source.standardTestId === CLASS_B_STANDARD_TEST_ID
        ? distinctNumbers(SPECIAL_QUESTION_COUNT, SPECIAL_QUESTION_MAX, random)
        : [],
    startsAt,
    durationMinutes: body.duration_minutes,
    lateJoinMinutes,
    audience: body.audience ?? 'subscribers',
    contentKey: randomBytes(32).toString('base64'),
    contentIv: randomBytes(12).toString('base64'),
    createdBy: adminId,
    createdAt: now,
  });
  return adminExam(db, id, now);
}

/**
 * `DELETE api/admin/scheduled-exams/{id}`: cancels before the start (409 after); the attempts
 * already prepared go with it. Cancelling again answers the cancelled ensayo.
 */
export async function cancelScheduledExam(db: Db, id: number, now: Date) {
  const outcome = await repo.cancelExam(db, id, now);
  if (outcome === 'notFound') throw new AppError(404, 'error.notFound');
  if (outcome === 'started') throw new AppError(409, 'scheduledExam.alreadyStarted');
  return adminExam(db, id, now);
}

// --- Students -------------------------------------------------------------------------------------

function presentStudent(row: repo.StudentExamRow, now: Date): ScheduledExam {
  const timing: ScheduledExamTiming = row;
  const times = scheduledExamTimes(timing);
  return {
    id: row.id,
    title: row.title,
    title_en: row.titleEn,
    subject_id: row.subjectId,
    subject_name: row.subjectName,
    elective_theme_id: row.electiveThemeId,
    elective_name: row.electiveName,
    question_count: row.questionCount,
    duration_minutes: row.durationMinutes,
    starts_at: iso(row.startsAt),
    join_opens_at: iso(times.joinOpensAt),
    join_closes_at: iso(times.joinClosesAt),
    ends_at: iso(times.endsAt),
    state: scheduledExamState({
      now,
      timing,
      cancelledAt: row.cancelledAt,
      hasResults: row.hasResults,
      unsent: unsentOf(row.unsent),
    }),
    joined: row.joined,
    user_test_id: row.userTestId,
    submitted: row.submitted,
    participant_count: row.participantCount,
    server_now: iso(now),
  };
}

/**
 * `GET api/scheduled-exams`: the ensayos of the subjects the student has access to, not cancelled,
 * ended at most 7 days ago, soonest first (one query).
 */
export async function listScheduledExams(db: DbOrTx, userId: number, now: Date) {
  const shownFrom = now.getTime() - SCHEDULED_EXAM_RECENT_DAYS * DAY_MS;
  return (await repo.studentExams(db, userId, now))
    .map((row) => presentStudent(row, now))
    .filter((exam) => new Date(exam.ends_at).getTime() >= shownFrom);
}

/** One ensayo as the student sees it; 404 unless its subject is open to them. */
export async function getScheduledExam(db: DbOrTx, userId: number, id: number, now: Date) {
  const row = await repo.studentExam(db, userId, id, now);
  if (!row || !row.hasAccess) throw new AppError(404, 'error.notFound');
  return presentStudent(row, now);
}

/**
 * `POST api/scheduled-exams/{id}/join`: from the waiting room's opening to the end of the late
 * minutes (409 `scheduledExam.notOpen` before, `scheduledExam.joinClosed` after); joining again
 * changes nothing, whenever. From two minutes before the start the attempt is prepared at once
 * (a late joiner keeps everyone's clock).
 */
export async function joinScheduledExam(db: Db, userId: number, id: number, now: Date) {
  const row = await repo.studentExam(db, userId, id, now);
  if (!row || !row.hasAccess) throw new AppError(404, 'error.notFound');
  if (row.cancelledAt) throw new AppError(409, 'scheduledExam.cancelled');
  if (!row.joined) {
    const refusal = joinRefusal(now, row);
    if (refusal === 'notOpen') throw new AppError(409, 'scheduledExam.notOpen');
    if (refusal === 'joinClosed') throw new AppError(409, 'scheduledExam.joinClosed');
    await repo.join(db, id, userId, now);
  }
  const prepareFrom = row.startsAt.getTime() - PREPARE_AHEAD_SECONDS * 1000;
  if (row.userTestId === null && now.getTime() >= prepareFrom) {
    await prepareOneAttempt(db, row, userId, now);
  }
  return getScheduledExam(db, userId, id, now);
}

/** The participant's head, or the refusal: not visible (404), cancelled (409), not joined (403). */
export async function participantOf(db: DbOrTx, userId: number, id: number, now: Date) {
  const head = await repo.participantHead(db, userId, id, now);
  if (!head || !head.hasAccess) throw new AppError(404, 'error.notFound');
  if (head.cancelledAt) throw new AppError(409, 'scheduledExam.cancelled');
  if (!head.joined) throw new AppError(403, 'scheduledExam.notParticipant');
  return head;
}

export function requireStarted(head: { startsAt: Date }, now: Date) {
  if (now.getTime() < head.startsAt.getTime()) throw new AppError(409, 'scheduledExam.notStarted');
}

/**
 * `POST api/scheduled-exams/{id}/key`: the hot request at the start. One indexed query (the
 * ensayo, the join, the attempt, access, content version) when the attempt was prepared; a
 * participant without one yet gets it now (one statement, idempotent under the unique index).
 * Before the start: 409 with nothing readable.
 */
export async function scheduledExamKey(
  db: Db,
  userId: number,
  id: number,
  now: Date,
): Promise<ScheduledExamKey> {
  let head = await participantOf(db, userId, id, now);
  requireStarted(head, now);
  if (head.attemptId === null) {
    // Prepared once and deleted from the history since: not prepared again.
    if (head.preparedUserTestId !== null) throw new AppError(409, 'engine.submitted');
    await prepareOneAttempt(db, head, userId, now);
    head = await participantOf(db, userId, id, now);
    if (head.attemptId === null) throw new AppError(409, 'scheduledExam.joinClosed');
  }
  return {
    key: head.contentKey,
    version: versionName(head.contentVersion),
    user_test_id: head.attemptId,
    content_url: scheduledExamContentPath(id),
    begun_at: iso(head.startsAt),
    deadline_at: iso(head.deadlineAt ?? head.startsAt),
    server_now: iso(now),
  };
}
