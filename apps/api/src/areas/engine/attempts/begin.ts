import type { BeginAttemptResponse, InProgressAttempt } from '@ensaya/core/contracts/engine';
import { deadlineOnBegin } from '@ensaya/core/engine/timing';
import type { Db } from '../../../db/client.ts';
import { AppError } from '../../../lib/app-error.ts';
import { attemptContentUrl, findAttempt, hasClosed } from './attempt-view.ts';
import { listRunning, setBegun } from './begin-repo.ts';
import type { AttemptConfiguration } from './draws.ts';
import { submitAttempt } from './submit.ts';

/**
 * `POST api/user-tests/{id}/begin`: the student pressed "Continue" on the instructions, so the
 * clock starts now (core `deadlineOnBegin`). Idempotent: once begun, the begin and the deadline
 * never move (a second tab, a retry, a reload that begins again). Past its deadline the attempt is
 * sent (409). Answers `content_url`: a timed attempt's questions are readable from now on.
 */
export async function beginAttempt(
  db: Db,
  userId: number,
  id: number,
  now: Date,
  appKey: string,
): Promise<BeginAttemptResponse['data']> {
  const attempt = await findAttempt(db, userId, id);
  if (attempt.status === 'submitted') throw new AppError(409, 'engine.submitted');
  // A scheduled ensayo's attempt is begun at the ensayo's start, for everyone: not before.
  if (attempt.scheduledExamId !== null && (attempt.begunAt?.getTime() ?? 0) > now.getTime()) {
    throw new AppError(409, 'scheduledExam.notStarted');
  }
  if (hasClosed(attempt, now)) {
    await submitAttempt(db, userId, id, now, 'time');
    throw new AppError(409, 'engine.deadlinePassed');
  }
  if (attempt.begunAt === null) {
    const { seconds } = attempt.configuration as AttemptConfiguration;
    await setBegun(db, userId, id, {
      begunAt: now,
      deadlineAt: deadlineOnBegin(attempt.startedAt, now, seconds),
    });
  }
  const current = await findAttempt(db, userId, id);
  // Sent between the read and the update (by the sweeper, or another tab): nothing to read now.
  if (current.status === 'submitted') throw new AppError(409, 'engine.submitted');
  return {
    begun_at: (current.begunAt ?? now).toISOString(),
    deadline_at: current.deadlineAt?.toISOString() ?? null,
    server_now: now.toISOString(),
    content_url: await attemptContentUrl(db, userId, current, appKey, now),
  };
}

/**
 * `GET api/user-tests/in-progress`: the student's attempts still running, the latest first. One
 * whose deadline passed, or whose page was closed longer than the grace period ago, is sent first
 * (as the sweeper would), so what is listed can really be resumed.
 */
export async function inProgressAttempts(
  db: Db,
  userId: number,
  now: Date,
  graceSeconds: number,
): Promise<InProgressAttempt[]> {
  const rows = await listRunning(db, userId, now);
  const leftBefore = now.getTime() - graceSeconds * 1000;
  const running: InProgressAttempt[] = [];
  for (const row of rows) {
    const isLate = hasClosed(row, now);
    const hasLeft = row.leaveRequestedAt !== null && row.leaveRequestedAt.getTime() < leftBefore;
    if (isLate || hasLeft) {
      await submitAttempt(db, userId, row.id, now, hasLeft ? 'leave' : 'time');
      continue;
    }
    running.push({
      id: row.id,
      subject_id: row.subjectId,
      subject_name: row.subjectName,
      type: row.type,
      mode: row.mode,
      started_at: row.startedAt.toISOString(),
      begun_at: row.begunAt?.toISOString() ?? null,
      deadline_at: row.begunAt ? (row.deadlineAt?.toISOString() ?? null) : null,
    });
  }
  return running;
}
