import type { DiagnosticSubject } from '@ensaya/core/contracts/diagnostic';
import { DIAGNOSTIC_MINUTES, DIAGNOSTIC_QUESTION_COUNT } from '@ensaya/core/engine/diagnostic';
import type { DbOrTx } from '../../../db/client.ts';
import { AppError } from '../../../lib/app-error.ts';
import { subjectsWithAccess } from '../../sales/index.ts';
import { diagnosticRows, findSubjectAccess, insertSkip, type DiagnosticRow } from './repo.ts';

// The first diagnostic's offer: per subject the student has access to, whether
// it is offered, skipped, running or taken. The attempt itself is an engine attempt of mode
// `diagnostic` (`POST /api/user-tests`), unique per student and subject in the database.

function toSubject(row: DiagnosticRow): DiagnosticSubject {
  const attempt = row.attempt;
  return {
    subject_id: row.subjectId,
    subject_name: row.subjectName,
    standard_test_id: row.standardTestId,
    status: attempt ? attempt.status : row.skipped ? 'skipped' : 'offered',
    user_test_id: attempt ? Number(attempt.id) : null,
    has_history: row.hasHistory,
    question_count: Math.min(DIAGNOSTIC_QUESTION_COUNT, row.bankCount),
    minutes: DIAGNOSTIC_MINUTES,
  };
}

/**
 * `GET api/diagnostics`: the subjects the student may take tests in now, each with its
 * diagnostic's state. A subject with an empty bank is left out (nothing to draw).
 */
export async function listDiagnostics(
  db: DbOrTx,
  userId: number,
  now: Date,
): Promise<DiagnosticSubject[]> {
  const access = await subjectsWithAccess(db, userId, now);
  const rows = await diagnosticRows(db, userId, [...access.keys()]);
  return rows.filter((row) => row.bankCount > 0).map(toSubject);
}

/**
 * `POST api/subjects/{id}/diagnostic/skip`: "not now", remembered per student and subject; a
 * second skip changes nothing. 404 for an unknown subject, 403 without access (as a start).
 */
export async function skipDiagnostic(
  db: DbOrTx,
  userId: number,
  subjectId: number,
  now: Date,
): Promise<DiagnosticSubject> {
  const subject = await findSubjectAccess(db, userId, subjectId, now);
  if (!subject) throw new AppError(404, 'error.notFound');
  if (!subject.hasAccess) throw new AppError(403, 'engine.noAccess');
  await insertSkip(db, userId, subjectId, now);
  const [row] = await diagnosticRows(db, userId, [subjectId]);
  return toSubject(row!);
}
