import type { SubjectCard, SubjectListResponse, SubjectSetup } from '@ensaya/core/contracts/engine';
import { examWeights, mockExamQuotas } from '@ensaya/core/engine/selection';
import type { DbOrTx } from '../../../db/client.ts';
import { AppError } from '../../../lib/app-error.ts';
import { subjectsWithAccess } from '../../sales/index.ts';
import {
  findLastElective,
  findPeriod,
  listAttemptCounts,
  listOpenAttempts,
  listSetupThemes,
  listStandardTests,
  listSubjectRows,
  type SubjectRow,
} from './catalog-repo.ts';

// What a student sees before starting: the subject list per standard test and a subject's setup
// (themes with their question counts and the mock exam's weights).

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
    listAttemptCounts(db, userId),
    listOpenAttempts(db, userId, now),
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
  const [tests, rows] = await Promise.all([listStandardTests(db), listSubjectRows(db)]);
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
  const rows = await listSubjectRows(db, subjectId);
  if (rows.length === 0) throw new AppError(404, 'error.notFound');
  const [card] = await cards(db, userId, rows, now);
  const periodId = rows[0]!.periodId;
  const themeRows = await listSetupThemes(db, subjectId, periodId);
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
  const last = electives.length > 0 ? await findLastElective(db, userId, subjectId) : undefined;
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
  const period = await findPeriod(db, id);
  if (!period) throw new AppError(404, 'error.notFound');
  return {
    id: period.id,
    name: period.name,
    subject_id: period.subjectId,
    test_duration: period.testDuration,
    question_count: period.questionCount,
  };
}
