import { and, asc, eq, sql } from 'drizzle-orm';
import type { DiagnosticSubject } from '@ensaya/core/contracts/diagnostic';
import { DIAGNOSTIC_MINUTES, DIAGNOSTIC_QUESTION_COUNT } from '@ensaya/core/engine/diagnostic';
import type { DbOrTx } from '../../../db/client.ts';
import { diagnosticSkips, stems, subjects, userTests } from '../../../db/schema/index.ts';
import { AppError } from '../../../lib/app-error.ts';
import { hasSubjectAccessSql, subjectsWithAccess } from '../../sales/index.ts';

// The first diagnostic's offer: per subject the student has access to, whether
// it is offered, skipped, running or taken. The attempt itself is an engine attempt of mode
// `diagnostic` (`POST /api/user-tests`), unique per student and subject in the database.

async function diagnosticRows(db: DbOrTx, userId: number, subjectIds: ReadonlyArray<number>) {
  if (subjectIds.length === 0) return [];
  return db
    .select({
      subjectId: subjects.id,
      subjectName: subjects.name,
      standardTestId: subjects.standardTestId,
      // Qualified by hand: within a subquery an unqualified column would name the inner table.
      bankCount: sql<number>`(select count(*)::int from ${stems} b
        where b.subject_id = "subjects"."id" and b.is_active)`,
      attempt: sql<{ id: number; status: 'in_progress' | 'submitted' } | null>`(
        select json_build_object('id', d.id, 'status', d.status) from ${userTests} d
        where d.user_id = ${userId} and d.subject_id = "subjects"."id" and d.mode = 'diagnostic')`,
      hasHistory: sql<boolean>`exists (select 1 from ${userTests} h
        where h.user_id = ${userId} and h.subject_id = "subjects"."id" and h.status = 'submitted')`,
      skipped: sql<boolean>`exists (select 1 from ${diagnosticSkips} s
        where s.user_id = ${userId} and s.subject_id = "subjects"."id")`,
    })
    .from(subjects)
    .where(
      and(
        eq(subjects.isActive, true),
        sql`${subjects.id} in (${sql.join(
          subjectIds.map((id) => sql`${id}`),
          sql`, `,
        )})`,
      ),
    )
    .orderBy(asc(subjects.standardTestId), asc(subjects.position), asc(subjects.id));
}

function toSubject(row: Awaited<ReturnType<typeof diagnosticRows>>[number]): DiagnosticSubject {
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
  const [subject] = await db
    .select({ id: subjects.id, hasAccess: hasSubjectAccessSql(db, userId, subjectId, now) })
    .from(subjects)
    .where(and(eq(subjects.id, subjectId), eq(subjects.isActive, true)));
  if (!subject) throw new AppError(404, 'error.notFound');
  if (!subject.hasAccess) throw new AppError(403, 'engine.noAccess');
  await db
    .insert(diagnosticSkips)
    .values({ userId, subjectId, skippedAt: now })
    .onConflictDoNothing();
  const [row] = await diagnosticRows(db, userId, [subjectId]);
  return toSubject(row!);
}
