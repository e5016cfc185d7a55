import { and, asc, desc, eq, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import type { ApprovalRule } from '@ensaya/core/engine/scoring';
import type { DbOrTx } from '../../../db/client.ts';
import {
  periods,
  periodThemes,
  standardTests,
  stems,
  subjects,
  themes,
  userSubjectStats,
  userTests,
} from '../../../db/schema/index.ts';

// The reads of what a student sees before starting (catalog.ts): the standard tests, the subjects
// with their current period and bank size, a subject's themes, and the student's own attempts.

export type SubjectRow = {
  id: number;
  name: string;
  description: string | null;
  descriptionEn: string | null;
  standardTestId: number;
  approvalGrade: number;
  approvalRule: ApprovalRule;
  periodId: number | null;
  periodName: string | null;
  testDuration: number | null;
  questionCount: number | null;
  bankCount: number;
};

/** Every standard test, in order. */
export function listStandardTests(db: DbOrTx) {
  return db
    .select()
    .from(standardTests)
    .orderBy(asc(standardTests.position), asc(standardTests.id));
}

/**
 * The active subjects (or the one asked for, when active) with their current period and their
 * active questions' count, by standard test and position.
 */
export async function listSubjectRows(db: DbOrTx, subjectId?: number): Promise<SubjectRow[]> {
  return db
    .select({
      id: subjects.id,
      name: subjects.name,
      description: subjects.description,
      descriptionEn: subjects.descriptionEn,
      standardTestId: subjects.standardTestId,
      approvalGrade: subjects.approvalGrade,
      approvalRule: subjects.approvalRule,
      periodId: periods.id,
      periodName: periods.name,
      testDuration: periods.testDuration,
      questionCount: periods.questionCount,
      bankCount: sql<number>`(select count(*)::int from ${stems} where ${stems.subjectId} = ${subjects.id} and ${stems.isActive})`,
    })
    .from(subjects)
    .leftJoin(periods, and(eq(periods.subjectId, subjects.id), eq(periods.isCurrent, true)))
    .where(and(eq(subjects.isActive, true), subjectId ? eq(subjects.id, subjectId) : undefined))
    .orderBy(asc(subjects.standardTestId), asc(subjects.position), asc(subjects.id));
}

/** The student's attempt counts per subject and kind (their statistics aggregates). */
export function listAttemptCounts(db: DbOrTx, userId: number) {
  return db
    .select({
      subjectId: userSubjectStats.subjectId,
      type: userSubjectStats.type,
      attempts: userSubjectStats.attempts,
    })
    .from(userSubjectStats)
    .where(eq(userSubjectStats.userId, userId));
}

/**
 * The student's running attempts, a subject's own before a scheduled ensayo's: not those whose
 * submit is acknowledged and being scored (they have ended), and a scheduled ensayo's from its
 * start on.
 */
export function listOpenAttempts(db: DbOrTx, userId: number, now: Date) {
  return db
    .select({ id: userTests.id, subjectId: userTests.subjectId })
    .from(userTests)
    .where(
      and(
        eq(userTests.userId, userId),
        eq(userTests.status, 'in_progress'),
        isNull(userTests.submitRequestedAt),
        or(isNull(userTests.scheduledExamId), lte(userTests.begunAt, now)),
      ),
    )
    .orderBy(sql`${userTests.scheduledExamId} nulls first`);
}

/**
 * The subject's themes in order, each with its active questions (count, with a context, largest
 * number) and its weight in the period's mock exam (0 when it has none).
 */
export function listSetupThemes(db: DbOrTx, subjectId: number, periodId: number | null) {
  return db
    .select({
      themeId: themes.id,
      name: themes.name,
      isElective: themes.isElective,
      count: sql<number>`count(${stems.id})::int`,
      withContext: sql<number>`count(${stems.contextId})::int`,
      maxNumber: sql<number>`coalesce(max(${stems.stemNumber}), 0)::int`,
      weight: sql<number>`coalesce(max(${periodThemes.weight}), 0)::int`,
    })
    .from(themes)
    .leftJoin(stems, and(eq(stems.themeId, themes.id), eq(stems.isActive, true)))
    .leftJoin(
      periodThemes,
      and(eq(periodThemes.themeId, themes.id), eq(periodThemes.periodId, periodId ?? -1)),
    )
    .where(eq(themes.subjectId, subjectId))
    .groupBy(themes.id, themes.name, themes.position, themes.isElective)
    .orderBy(asc(themes.position), asc(themes.id));
}

/** The elective theme of the student's latest attempt at the subject that had one. */
export async function findLastElective(db: DbOrTx, userId: number, subjectId: number) {
  const [last] = await db
    .select({ themeId: userTests.electiveThemeId })
    .from(userTests)
    .where(
      and(
        eq(userTests.userId, userId),
        eq(userTests.subjectId, subjectId),
        isNotNull(userTests.electiveThemeId),
      ),
    )
    .orderBy(desc(userTests.id))
    .limit(1);
  return last;
}

export async function findPeriod(db: DbOrTx, id: number) {
  const [period] = await db.select().from(periods).where(eq(periods.id, id));
  return period;
}
