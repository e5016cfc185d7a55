import { and, asc, desc, eq, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import type { SubjectCard, SubjectListResponse, SubjectSetup } from '@ensaya/core/contracts/engine';
import type { ApprovalRule } from '@ensaya/core/engine/scoring';
import { examWeights, mockExamQuotas } from '@ensaya/core/engine/selection';
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
import { AppError } from '../../../lib/app-error.ts';
import { subjectsWithAccess } from '../../sales/index.ts';

// What a student sees before starting: the subject list per standard test and a subject's setup
// (themes with their question counts and the mock exam's weights).

type SubjectRow = {
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

async function subjectRows(db: DbOrTx, subjectId?: number): Promise<SubjectRow[]> {
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

async function cards(
  db: DbOrTx,
  userId: number,
  rows: SubjectRow[],
  now: Date,
): Promise<SubjectCard[]> {
  const ids = rows.map((row) => row.id);
  if (ids.length === 0) return [];
  const [access, counts, open] = await Promise.all([
    subjectsWithAccess(db, userId, now, ids),
    db
      .select({
        subjectId: userSubjectStats.subjectId,
        type: userSubjectStats.type,
        attempts: userSubjectStats.attempts,
      })
      .from(userSubjectStats)
      .where(eq(userSubjectStats.userId, userId)),
    db
      .select({ id: userTests.id, subjectId: userTests.subjectId })
      .from(userTests)
      .where(
        and(
          eq(userTests.userId, userId),
          eq(userTests.status, 'in_progress'),
          // A submit acknowledged and being scored has ended.
          isNull(userTests.submitRequestedAt),
          // A scheduled ensayo's attempt shows once its start has come, after the subject's own.
          or(isNull(userTests.scheduledExamId), lte(userTests.begunAt, now)),
        ),
      )
      .orderBy(sql`${userTests.scheduledExamId} nulls first`),
  ]);
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    description: row.description,
    description_en: row.descriptionEn,
    standard_test_id: row.standardTestId,
    approval_grade: row.approvalGrade,
    approval_rule: row.approvalRule,
    period_id: row.periodId,
    period_name: row.periodName,
    test_duration: row.testDuration,
    question_count: row.questionCount,
    bank_count: row.bankCount,
    has_access: access.has(row.id),
    subscription_id: access.get(row.id) ?? null,
    custom_tests:
      counts.find((count) => count.subjectId === row.id && count.type === 'custom')?.attempts ?? 0,
    official_tests:
      counts.find((count) => count.subjectId === row.id && count.type === 'official')?.attempts ??
      0,
    in_progress_user_test_id: open.find((attempt) => attempt.subjectId === row.id)?.id ?? null,
  }));
}

/** `GET api/subjects`: every standard test with its subjects as cards for the student. */
export async function listSubjects(
  db: DbOrTx,
  userId: number,
  now: Date,
): Promise<SubjectListResponse['data']> {
  const [tests, rows] = await Promise.all([
    db.select().from(standardTests).orderBy(asc(standardTests.position), asc(standardTests.id)),
    subjectRows(db),
  ]);
  const all = await cards(db, userId, rows, now);
  return tests
    .map((test) => ({
      id: test.id,
      name: test.name,
      subjects: all.filter((card) => card.standard_test_id === test.id),
    }))
    .filter((test) => test.subjects.length > 0);
}

/** `GET api/subjects/{id}/setup`: the card, the themes with counts and weights, the range end. */
export async function subjectSetup(
  db: DbOrTx,
  userId: number,
  subjectId: number,
  now: Date,
): Promise<SubjectSetup> {
  const rows = await subjectRows(db, subjectId);
  if (rows.length === 0) throw new AppError(404, 'error.notFound');
  const [card] = await cards(db, userId, rows, now);
  const periodId = rows[0]!.periodId;
  const themeRows = await db
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
  const weighted = themeRows.filter((theme) => theme.weight > 0);
  const electives = weighted.filter((theme) => theme.isElective);
  /** A theme's quota in a mock exam with `electiveThemeId` as the chosen elective. */
  const quotaOf = (themeId: number, electiveThemeId: number | null): number => {
    const exam = examWeights(weighted, electiveThemeId);
    const quotas = mockExamQuotas(
      rows[0]!.questionCount ?? 0,
      exam.map((theme) => ({
        themeId: theme.themeId,
        weight: theme.weight,
        available: theme.count,
      })),
    );
    return quotas[exam.findIndex((theme) => theme.themeId === themeId)] ?? 0;
  };
  const commonElective = electives[0]?.themeId ?? null;
  const [last] =
    electives.length > 0
      ? await db
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
          .limit(1)
      : [];
  return {
    ...card!,
    themes: themeRows.map((theme) => ({
      theme_id: theme.themeId,
      name: theme.name,
      count: theme.count,
      with_context: theme.withContext,
      weight: theme.weight,
      exam_quota: quotaOf(theme.themeId, theme.isElective ? theme.themeId : commonElective),
      is_elective: theme.isElective,
    })),
    max_stem_number: Math.max(0, ...themeRows.map((theme) => theme.maxNumber)),
    last_elective_theme_id: last?.themeId ?? null,
  };
}

export async function getPeriod(db: DbOrTx, id: number) {
  const [period] = await db.select().from(periods).where(eq(periods.id, id));
  if (!period) throw new AppError(404, 'error.notFound');
  return {
    id: period.id,
    name: period.name,
    subject_id: period.subjectId,
    test_duration: period.testDuration,
    question_count: period.questionCount,
  };
}
