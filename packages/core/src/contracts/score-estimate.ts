import { z } from 'zod';
import { IdParam } from './ids.ts';

// The PAES score estimate (docs/score-estimate.md): per test an indicative scale
// score with its 80 % interval, the Competencia Lectora + M1 average against the 458 needed to
// apply, and the themes whose improvement raises the score most. Shared by the API, which
// validates and documents with these schemas, and the web app.

/** `user_id` as the statistics calls take it (404 for anyone else's); `subject_id` narrows. */
export const ScoreEstimateQuery = z.object({
  user_id: IdParam.optional(),
  subject_id: IdParam.optional(),
});
export type ScoreEstimateQuery = z.infer<typeof ScoreEstimateQuery>;

/** The 10th, 50th and 90th percentiles: an 80 % interval and its middle. */
export const EstimateInterval = z.object({
  low: z.number(),
  mid: z.number(),
  high: z.number(),
});
export type EstimateInterval = z.infer<typeof EstimateInterval>;

/** A theme whose improvement raises the test's score (best first). */
export const ThemeGain = z.object({
  theme_id: z.number().int(),
  name: z.string(),
  /** Scored items of the theme in a mock exam (its weight times the scored items). */
  quota: z.number(),
  /** The student's estimated accuracy in the theme, and the raised one assumed, in percent. */
  accuracy: z.number().min(0).max(100),
  target_accuracy: z.number().min(0).max(100),
  /** Expected points gained in the test's score. */
  points: z.number().int(),
});
export type ThemeGain = z.infer<typeof ThemeGain>;

export const ESTIMATE_STATUSES = ['ready', 'insufficient'] as const;

/** One PAES test's estimate; `insufficient` (no score) until a mock exam is sent. */
export const SubjectEstimate = z.object({
  subject_id: z.number().int(),
  name: z.string(),
  status: z.enum(ESTIMATE_STATUSES),
  /** Mock exams still needed for an estimate (0 when ready). */
  mock_exams_needed: z.number().int(),
  mock_exams: z.number().int(),
  /**
   * Answers of the student's first diagnostic in the test: counted as exam answers
   * (weight 1, in `official_questions`), and enough for a first, wide estimate. 0 without one.
   */
  diagnostic_questions: z.number().int(),
  /** Scored answers counted: mock exams (weight 1) and practice (weight 0.5). */
  official_questions: z.number().int(),
  practice_questions: z.number().int(),
  /** Mock exam answers plus practice answers at their weight. */
  effective_answers: z.number(),
  /** Scored items of a mock exam, and the ends of the test's grade table. */
  scored_items: z.number().int(),
  min_score: z.number().int(),
  max_score: z.number().int(),
  /** Whether the test enters the application average (Competencia Lectora and M1). */
  in_application_average: z.boolean(),
  /** Probability of answering a scored item right, in percent; null when insufficient. */
  accuracy: EstimateInterval.nullable(),
  /** The scale score (whole points); null when insufficient. */
  score: EstimateInterval.nullable(),
  /** Up to 3 themes, the largest expected gain first. */
  theme_gains: z.array(ThemeGain),
});
export type SubjectEstimate = z.infer<typeof SubjectEstimate>;

/** The Competencia Lectora + M1 average against the minimum to apply. */
export const ApplicationEstimate = z.object({
  /** The minimum average to apply (458). */
  threshold: z.number().int(),
  status: z.enum(ESTIMATE_STATUSES),
  /** The tests that enter the average. */
  subject_ids: z.array(z.number().int()),
  /** Names of those without an estimate yet (a mock exam is needed). */
  missing: z.array(z.string()),
  /** The average's 80 % interval (whole points); null when insufficient. */
  average: EstimateInterval.nullable(),
  /** Probability (0..1) that the average reaches the threshold; null when insufficient. */
  probability: z.number().min(0).max(1).nullable(),
});
export type ApplicationEstimate = z.infer<typeof ApplicationEstimate>;

export const ScoreEstimate = z.object({
  /** The interval's coverage in percent (80). The estimate is indicative, never a result. */
  interval_percent: z.number().int(),
  subjects: z.array(SubjectEstimate),
  /** Null when no test enters the application average. */
  application: ApplicationEstimate.nullable(),
});
export type ScoreEstimate = z.infer<typeof ScoreEstimate>;
export const ScoreEstimateResponse = z.object({ data: ScoreEstimate });
