import { and, asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { diagnosticSkips, stems, subjects, userTests } from '../../../db/schema/index.ts';
import { hasSubjectAccessSql } from '../../sales/index.ts';

// The first diagnostic's queries (service.ts).

/** Per active subject of the list: its bank's size, the student's diagnostic, history and skip. */
export async function diagnosticRows(
  db: DbOrTx,
  userId: number,
  subjectIds: ReadonlyArray<number>,
) {
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

export type DiagnosticRow = Awaited<ReturnType<typeof diagnosticRows>>[number];

/** The active subject with whether the student has access to it now. */
export async function findSubjectAccess(
  db: DbOrTx,
  userId: number,
  subjectId: number,
  now: Date,
): Promise<{ id: number; hasAccess: boolean } | undefined> {
  const [subject] = await db
    .select({ id: subjects.id, hasAccess: hasSubjectAccessSql(db, userId, subjectId, now) })
    .from(subjects)
    .where(and(eq(subjects.id, subjectId), eq(subjects.isActive, true)));
  return subject;
}

/** "Not now", once per student and subject: a second skip changes nothing. */
export async function insertSkip(
  db: DbOrTx,
  userId: number,
  subjectId: number,
  now: Date,
): Promise<void> {
  await db
    .insert(diagnosticSkips)
    .values({ userId, subjectId, skippedAt: now })
    .onConflictDoNothing();
}
