import type { z } from 'zod';
import { themeWeightsProblem } from '@ensaya/core/content/theme-weights';
import type {
  AdminGradesRequest,
  AdminPeriodCreate,
  AdminPeriodPatch,
  AdminPeriodQuery,
  AdminPeriodThemesRequest,
  AdminStandardTestPatch,
  AdminStandardTestQuery,
  AdminSubjectCreate,
  AdminSubjectPatch,
  AdminSubjectQuery,
  AdminThemeCreate,
  AdminThemePatch,
  AdminThemeQuery,
} from '@ensaya/core/contracts/admin';
import type { Db } from '../../../db/client.ts';
import { fieldError, notFound } from '../../../lib/app-error.ts';
import { guardWrite } from '../../../lib/db-errors.ts';
import { optionalText, pageMeta, pageOf } from '../../../lib/admin-pages.ts';
import * as repo from './repo.ts';
import { findSubject } from '../../content/index.ts';

const nameTaken = { field: 'name', key: 'admin.nameTaken' } as const;

const found = <T>(row: T | undefined): T => {
  if (!row) throw notFound();
  return row;
};

// --- Standard tests ---

const presentStandardTest = (row: repo.StandardTestRow) => ({
  id: row.id,
  name: row.name,
  code: row.code,
  max_subjects: row.maxSubjects,
});

export async function listStandardTests(db: Db, query: z.infer<typeof AdminStandardTestQuery>) {
  const { rows, total } = await repo.listStandardTests(db, { ...query, page: pageOf(query) });
  return { data: rows.map(presentStandardTest), meta: pageMeta(query, total) };
}
export async function getStandardTest(db: Db, id: number) {
  return presentStandardTest(found(await repo.findStandardTest(db, id)));
}
export async function updateStandardTest(db: Db, id: number, body: AdminStandardTestPatch) {
  const row = await repo.updateStandardTest(db, id, {
    name: body.name,
    maxSubjects: body.max_subjects,
  });
  return presentStandardTest(found(row));
}

// --- Subjects ---

const presentSubject = (row: repo.SubjectRow) => ({
  id: row.id,
  standard_test_id: row.standardTestId,
  name: row.name,
  description: row.description,
  description_en: row.descriptionEn,
  approval_grade: row.approvalGrade,
  approval_rule: row.approvalRule,
  position: row.position,
});

export async function listSubjects(db: Db, query: z.infer<typeof AdminSubjectQuery>) {
  const { rows, total } = await repo.listSubjects(db, {
    ...query,
    standardTestId: query.standard_test_id,
    page: pageOf(query),
  });
  return { data: rows.map(presentSubject), meta: pageMeta(query, total) };
}
export async function getSubject(db: Db, id: number) {
  return presentSubject(found(await findSubject(db, id)));
}
export async function createSubject(db: Db, body: AdminSubjectCreate) {
  if (!(await repo.findStandardTest(db, body.standard_test_id)))
    throw fieldError('standard_test_id', 'content.standardTestUnknown');
  const row = await guardWrite(
    () =>
      repo.insertSubject(db, {
        standardTestId: body.standard_test_id,
        name: body.name,
        description: body.description ?? null,
        descriptionEn: optionalText(body.description_en) ?? null,
        approvalGrade: body.approval_grade,
        approvalRule: body.approval_rule ?? 'pass_mark',
        position: body.position ?? 0,
      }),
    nameTaken,
  );
  return presentSubject(row);
}
export async function updateSubject(db: Db, id: number, body: AdminSubjectPatch) {
  const row = await guardWrite(
    () =>
      repo.updateSubject(db, id, {
        name: body.name,
        description: body.description,
        descriptionEn: optionalText(body.description_en),
        approvalGrade: body.approval_grade,
        approvalRule: body.approval_rule,
        position: body.position,
      }),
    nameTaken,
  );
  return presentSubject(found(row));
}
export async function deleteSubject(db: Db, id: number) {
  found(await guardWrite(async () => ((await repo.deleteSubject(db, id)) ? true : undefined)));
}

// --- Periods ---

const presentPeriod = (row: repo.PeriodRow) => ({
  id: row.id,
  subject_id: row.subjectId,
  name: row.name,
  test_duration: row.testDuration,
  question_count: row.questionCount,
  is_current: row.isCurrent,
});

export async function listPeriods(db: Db, query: z.infer<typeof AdminPeriodQuery>) {
  const { rows, total } = await repo.listPeriods(db, {
    ...query,
    subjectId: query.subject_id,
    page: pageOf(query),
  });
  return { data: rows.map(presentPeriod), meta: pageMeta(query, total) };
}
export async function getPeriod(db: Db, id: number) {
  return presentPeriod(found(await repo.findPeriod(db, id)));
}
export async function createPeriod(db: Db, body: AdminPeriodCreate) {
  if (!(await findSubject(db, body.subject_id)))
    throw fieldError('subject_id', 'content.subjectUnknown');
  const row = await guardWrite(
    () =>
      db.transaction(async (tx) => {
        if (body.is_current) await repo.clearCurrentPeriod(tx, body.subject_id);
        return repo.insertPeriod(tx, {
          subjectId: body.subject_id,
          name: body.name,
          testDuration: body.test_duration,
          questionCount: body.question_count,
          isCurrent: body.is_current ?? false,
        });
      }),
    nameTaken,
  );
  return presentPeriod(row);
}
export async function updatePeriod(db: Db, id: number, body: AdminPeriodPatch) {
  const current = found(await repo.findPeriod(db, id));
  const row = await guardWrite(
    () =>
      db.transaction(async (tx) => {
        if (body.is_current) await repo.clearCurrentPeriod(tx, current.subjectId);
        return repo.updatePeriod(tx, id, {
          name: body.name,
          testDuration: body.test_duration,
          questionCount: body.question_count,
          isCurrent: body.is_current,
        });
      }),
    nameTaken,
  );
  return presentPeriod(found(row));
}
export async function deletePeriod(db: Db, id: number) {
  found(await guardWrite(async () => ((await repo.deletePeriod(db, id)) ? true : undefined)));
}

export async function getPeriodWeights(db: Db, id: number) {
  const period = found(await repo.findPeriod(db, id));
  const rows = await repo.listPeriodWeights(db, period);
  return rows.map((row) => ({
    theme_id: row.themeId,
    theme_name: row.themeName,
    weight: row.weight,
    is_elective: row.isElective,
  }));
}
/** Replaces the period's weights (the request schema checks they add up to 100). */
export async function putPeriodWeights(db: Db, id: number, body: AdminPeriodThemesRequest) {
  const period = found(await repo.findPeriod(db, id));
  const themeIds = body.weights.map((entry) => entry.theme_id);
  const ofSubject = await repo.findThemesOf(db, period.subjectId, themeIds);
  if (ofSubject.length !== new Set(themeIds).size)
    throw fieldError('weights', 'content.weightsTheme');
  const elective = new Set(ofSubject.filter((theme) => theme.isElective).map((theme) => theme.id));
  if (
    themeWeightsProblem(
      body.weights.map((entry) => ({
        themeId: entry.theme_id,
        weight: entry.weight,
        isElective: elective.has(entry.theme_id),
      })),
      period.questionCount,
    )
  ) {
    throw fieldError('weights', 'content.weightsSum');
  }
  await db.transaction((tx) =>
    repo.replacePeriodWeights(
      tx,
      id,
      body.weights.map((entry) => ({ themeId: entry.theme_id, weight: entry.weight })),
    ),
  );
  return getPeriodWeights(db, id);
}

// --- Themes ---

async function presentThemes(db: Db, rows: repo.ThemeRow[]) {
  const counts = await repo.questionCounts(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({
    id: row.id,
    subject_id: row.subjectId,
    name: row.name,
    position: row.position,
    is_elective: row.isElective,
    question_count: counts.get(row.id) ?? 0,
  }));
}

export async function listThemes(db: Db, query: z.infer<typeof AdminThemeQuery>) {
  const { rows, total } = await repo.listThemes(db, {
    ...query,
    subjectId: query.subject_id,
    page: pageOf(query),
  });
  return { data: await presentThemes(db, rows), meta: pageMeta(query, total) };
}
export async function getTheme(db: Db, id: number) {
  return (await presentThemes(db, [found(await repo.findTheme(db, id))]))[0];
}
export async function createTheme(db: Db, body: AdminThemeCreate) {
  if (!(await findSubject(db, body.subject_id)))
    throw fieldError('subject_id', 'content.subjectUnknown');
  const row = await guardWrite(
    () =>
      repo.insertTheme(db, {
        subjectId: body.subject_id,
        name: body.name,
        position: body.position ?? 0,
        isElective: body.is_elective ?? false,
      }),
    nameTaken,
  );
  return (await presentThemes(db, [row]))[0];
}
export async function updateTheme(db: Db, id: number, body: AdminThemePatch) {
  const row = await guardWrite(
    () =>
      repo.updateTheme(db, id, {
        name: body.name,
        position: body.position,
        isElective: body.is_elective,
      }),
    nameTaken,
  );
  return (await presentThemes(db, [found(row)]))[0];
}
/** A theme with questions or attempts cannot go (409); its weights go with it. */
export async function deleteTheme(db: Db, id: number) {
  found(await guardWrite(async () => ((await repo.deleteTheme(db, id)) ? true : undefined)));
}

// --- Grade tables ---

export async function getGrades(db: Db, subjectId: number) {
  found(await findSubject(db, subjectId));
  const rows = await repo.listGrades(db, subjectId);
  return rows.map((row) => ({ good_answers_quantity: row.goodAnswersQuantity, grade: row.grade }));
}
export async function putGrades(db: Db, subjectId: number, body: AdminGradesRequest) {
  found(await findSubject(db, subjectId));
  await db.transaction((tx) =>
    repo.replaceGrades(
      tx,
      subjectId,
      body.grades.map((row) => ({
        goodAnswersQuantity: row.good_answers_quantity,
        grade: row.grade,
      })),
    ),
  );
  return getGrades(db, subjectId);
}
