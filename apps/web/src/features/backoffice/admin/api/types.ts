import type { z } from 'zod';
import type {
  AdminContext,
  AdminGradeRow,
  AdminPackage,
  AdminPeriod,
  AdminPromoCode,
  AdminQuestion,
  AdminStandardTest,
  AdminSubject,
  AdminTheme,
  FeedbackQuestion as CoreFeedbackQuestion,
  ImportFormat as CoreImportFormat,
  ImportPreviewResponse,
  ImportResponse,
  PageMeta,
} from '@ensaya/core/contracts/admin';
import type { Difficulty } from '@ensaya/core/engine/difficulty';

/**
 * The back-office API's shapes, from core's admin contracts (types only: the schemas, and Zod,
 * stay out of the bundle). The API validates requests with the same contracts.
 */

export type ListMeta = PageMeta;

export interface ListResponse<T> {
  data: T[];
  meta: ListMeta;
}

export interface ListParams {
  search?: string;
  page: number;
  per_page: number;
  sort?: string;
  order?: 'asc' | 'desc';
  [filter: string]: string | number | boolean | undefined;
}

export type StandardTest = AdminStandardTest;
export type Subject = AdminSubject;
export type Period = AdminPeriod;
export type Theme = AdminTheme;
export type Context = AdminContext;
export type Question = AdminQuestion;
export type GradeRow = AdminGradeRow;
export type Package = AdminPackage;
export type PromoCode = AdminPromoCode;
export type FeedbackQuestion = CoreFeedbackQuestion;
export type ImportFormat = CoreImportFormat;
export type ImportPreview = z.infer<typeof ImportPreviewResponse>['data'];
export type ImportResult = z.infer<typeof ImportResponse>['data'];
export type ImportProblem = ImportResult['skipped'][number];

export interface PeriodThemeWeight {
  theme_id: number;
  theme_name: string;
  weight: number;
  /** An elective module: an exam holds the common themes and one elective. */
  is_elective: boolean;
}

/** The body of `POST /api/admin/questions` and `PATCH /api/admin/questions/{id}`. */
export interface QuestionInput {
  theme_id: number;
  context_id: number | null;
  statement: string;
  solution: string;
  is_multi_choice: boolean;
  url_source: string | null;
  /** Left out to let the server number the question. */
  stem_number?: number;
  is_active: boolean;
  /** 1 easy, 2 medium, 3 hard, as authored (the measured one replaces it for mock exams). */
  difficulty: Difficulty;
  choices: { body: string; is_correct: boolean }[];
}

export interface QuestionPreviewInput {
  statement: string;
  solution: string;
  choices: { body: string }[];
}

export interface QuestionPreview {
  statement_html: string;
  solution_html: string;
  choices_html: string[];
  render_errors: string[];
}
