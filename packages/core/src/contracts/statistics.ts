import { z } from 'zod';
import { STATS_KINDS } from '../statistics/kind.ts';
import { PageMeta } from './admin.ts';
import { TEST_TYPES } from '../engine/test-kinds.ts';
import { Id, IdParam, IdParams, queryInt } from './ids.ts';
import { HISTORY_PAGE_SIZE } from '../statistics/history.ts';

// History and statistics (spec 001 sections 2 and 7; docs/architecture.md "Statistics"): the history of a
// subject, deleting attempts, and the statistics calls, all scoped to the signed-in student and read
// from the aggregates. Shared by the API, which validates and documents with these schemas, and the
// web app. Field names follow the spec's calls table.

const UserTestType = z.enum(TEST_TYPES);
export type UserTestType = z.infer<typeof UserTestType>;
/** The kind in history and statistics: the two types, and wrong-answers drills apart. */
const StatsKind = z.enum(STATS_KINDS);
export type StatsKind = z.infer<typeof StatsKind>;
const Percentage = z.number().min(0).max(100);

// --- History ----------------------------------------------------------------------------------

/** Sortable history columns (every column but select and result, spec 001 section 2). */
export const HISTORY_SORTS = ['date', 'score', 'total', 'correct', 'time', 'type'] as const;
export type HistorySort = (typeof HISTORY_SORTS)[number];
export { HISTORY_PAGE_SIZE };

export const HistoryQuery = z.object({
  /** `custom` lists practice tests (not drills), `wrong_answers` the drills; none: all. */
  type: StatsKind.optional(),
  sort: z.enum(HISTORY_SORTS).default('date'),
  order: z.enum(['asc', 'desc']).default('desc'),
  page: queryInt(1, 100_000).default(1),
  per_page: queryInt(1, 100).default(HISTORY_PAGE_SIZE),
});
export type HistoryQuery = z.infer<typeof HistoryQuery>;

/** A submitted attempt as the history lists it. */
export const HistoryRow = z.object({
  id: z.number().int(),
  /** When it was sent (ISO); shown as DD/MM/YYYY HH:mm. */
  fecha: z.string(),
  type: UserTestType,
  kind: StatsKind,
  mode: z.enum(['practice', 'mock_exam', 'historical', 'wrong_answers', 'diagnostic']),
  /** A wrong-answers test: which kind (spaced review, own or everyone's missed questions). */
  wrong_source: z.enum(['own', 'general', 'review']).nullish(),
  total_test_stems: z.number().int(),
  total_correct_choices: z.number().int(),
  score: z.number().int(),
  /** Null when the test has no pass mark (PAES official tests: 458 is not a pass mark). */
  min_passed: z.boolean().nullable(),
  time_minutes: z.number().int(),
  /** The elective module of a Ciencias mock exam ("Electivo Física"), else null. */
  elective_name: z.string().nullable(),
  /** PAES mock exams: unscored pilot questions (not counted in `total_test_stems`). */
  pilot_count: z.number().int(),
});
export type HistoryRow = z.infer<typeof HistoryRow>;
export const HistoryResponse = z.object({ data: z.array(HistoryRow), meta: PageMeta });
export type HistoryResponse = z.infer<typeof HistoryResponse>;

export const SubjectIdParams = IdParams;

export const DeleteUserTestsRequest = z
  .object({ user_test_ids: z.array(Id).min(1).max(100) })
  .strict();
export type DeleteUserTestsRequest = z.infer<typeof DeleteUserTestsRequest>;
export const DeleteResponse = z.object({ message: z.string(), deleted: z.number().int() });

// --- Statistics queries -----------------------------------------------------------------------

/** `user_id` is accepted as the spec's clients send it; any id but the student's own is a 404. */
const UserIdQuery = IdParam.optional();

export const OwnStatsQuery = z.object({ user_id: UserIdQuery });
export const SubjectStatsQuery = z.object({
  user_id: UserIdQuery,
  subject_id: IdParam,
  user_test_type: StatsKind.optional(),
});
export type SubjectStatsQuery = z.infer<typeof SubjectStatsQuery>;
export const OptionalSubjectStatsQuery = z.object({
  user_id: UserIdQuery,
  subject_id: IdParam.optional(),
  user_test_type: StatsKind.optional(),
});
export type OptionalSubjectStatsQuery = z.infer<typeof OptionalSubjectStatsQuery>;

// --- Statistics responses ---------------------------------------------------------------------

/**
 * `api/user-subject-stats`: the student's sums and count in a subject (one kind, or practice and
 * mock exams together).
 */
export const UserSubjectStats = z.object({
  subject_id: z.number().int(),
  user_test_type: StatsKind.nullable(),
  /** The count: attempts sent. */
  attempts: z.number().int(),
  questions: z.number().int(),
  correct: z.number().int(),
  incorrect: z.number().int(),
  unanswered: z.number().int(),
  score_sum: z.number(),
  passed_count: z.number().int(),
  /** Correct answers over questions, in percent. */
  correct_percentage: Percentage,
  /** Mean of the attempts' percentages. */
  average_percentage: Percentage,
  average_score: z.number(),
  last_attempt_at: z.string().nullable(),
});
export type UserSubjectStats = z.infer<typeof UserSubjectStats>;
export const UserSubjectStatsResponse = z.object({ data: UserSubjectStats });

/** `api/my-percentages`: per subject the student's % correct (spec: name, sumCorrect, sumTotal). */
export const SubjectPercentage = z.object({
  subject_id: z.number().int(),
  name: z.string(),
  correct_percentage: Percentage,
  sumCorrect: z.number().int(),
  sumTotal: z.number().int(),
});
export type SubjectPercentage = z.infer<typeof SubjectPercentage>;
export const MyPercentagesResponse = z.object({ data: z.array(SubjectPercentage) });

export const BellPoint = z.object({ x: z.number(), y: z.number() });
/**
 * `api/my-percentages-gauss`: the normal curve of every student's % correct (mean, standard
 * deviation, 4 intervals of 5 points each side-to-side: 21 points from mean-2σ to mean+2σ) and where
 * the student stands. No points when fewer than two students differ.
 */
export const Gauss = z.object({
  subject_id: z.number().int().nullable(),
  students: z.number().int(),
  mean: z.number(),
  standard_deviation: z.number(),
  points: z.array(BellPoint),
  /** The student's own % correct and its density; null before a first attempt. */
  user: z.object({ percentage: Percentage, y: z.number() }).nullable(),
});
export type Gauss = z.infer<typeof Gauss>;
export const GaussResponse = z.object({ data: Gauss });

/** `api/average-list`: per subject and type, the student's average score and %. */
export const SubjectAverage = z.object({
  subject_id: z.number().int(),
  name: z.string(),
  user_test_type: StatsKind,
  attempts: z.number().int(),
  average_score: z.number(),
  average_percentage: Percentage,
  correct_percentage: Percentage,
  passed_count: z.number().int(),
});
export type SubjectAverage = z.infer<typeof SubjectAverage>;
export const AverageListResponse = z.object({ data: z.array(SubjectAverage) });

/** `api/themes-stats`: per theme of the subject, the student's counts. */
export const ThemeStats = z.object({
  theme_id: z.number().int(),
  name: z.string(),
  questions: z.number().int(),
  correct: z.number().int(),
  incorrect: z.number().int(),
  unanswered: z.number().int(),
  correct_percentage: Percentage,
});
export type ThemeStats = z.infer<typeof ThemeStats>;
export const ThemesStatsResponse = z.object({ data: z.array(ThemeStats) });

/** `api/themes-stats-general`: per theme, all students: totals and the mean student's %. */
export const GeneralThemeStats = ThemeStats.extend({
  students: z.number().int(),
  average_percentage: Percentage,
});
export type GeneralThemeStats = z.infer<typeof GeneralThemeStats>;
export const ThemesStatsGeneralResponse = z.object({ data: z.array(GeneralThemeStats) });

/** `api/correct-stems-by-type`: average correct answers per attempt, per test type. */
export const CorrectByType = z.object({
  user_test_type: StatsKind,
  attempts: z.number().int(),
  total_test_stems: z.number().int(),
  total_correct_quantity: z.number().int(),
  average_correct: z.number(),
  average_total: z.number(),
});
export type CorrectByType = z.infer<typeof CorrectByType>;
export const CorrectByTypeResponse = z.object({ data: z.array(CorrectByType) });

/** `api/correct-stems-by-theme`: per theme of the subject, questions and correct answers. */
export const CorrectByTheme = z.object({
  theme_id: z.number().int(),
  name: z.string(),
  total_test_stems: z.number().int(),
  total_correct_quantity: z.number().int(),
  correct_percentage: Percentage,
});
export type CorrectByTheme = z.infer<typeof CorrectByTheme>;
export const CorrectByThemeResponse = z.object({ data: z.array(CorrectByTheme) });

/** `api/user-theme-stats-column`: a grouped column chart, one category per theme. */
export const ThemeColumns = z.object({
  themes: z.array(z.object({ theme_id: z.number().int(), name: z.string() })),
  series: z.array(
    z.object({
      key: z.enum(['correct', 'incorrect', 'unanswered']),
      data: z.array(z.number().int()),
    }),
  ),
});
export type ThemeColumns = z.infer<typeof ThemeColumns>;
export const ThemeColumnsResponse = z.object({ data: ThemeColumns });

/** Per subject the average score of the student's mock exams, against the subject's scale. */
export const SubjectScore = z.object({
  subject_id: z.number().int(),
  name: z.string(),
  attempts: z.number().int(),
  average_score: z.number(),
  approval_grade: z.number().int(),
  /**
   * What `approval_grade` means (core `APPROVAL_RULES`): a pass mark (class B), the minimum CL + M1
   * average to apply (PAES CL and M1, 458), or nothing (`none`: draw no line).
   */
  approval_rule: z.enum(['pass_mark', 'application_average', 'none']),
  max_score: z.number().int(),
  /** Subjects with electives (Ciencias): the student's mock exams per elective module. */
  electives: z.array(
    z.object({
      theme_id: z.number().int(),
      name: z.string(),
      attempts: z.number().int(),
      average_score: z.number(),
    }),
  ),
});
export type SubjectScore = z.infer<typeof SubjectScore>;

/** `api/dashboard`: everything the dashboard draws, in one call. */
export const Dashboard = z.object({
  has_attempts: z.boolean(),
  average: z.object({
    percentage: Percentage,
    correct: z.number().int(),
    total: z.number().int(),
  }),
  subjects: z.array(SubjectPercentage),
  gauss: Gauss,
  scores: z.array(SubjectScore),
  correct_by_type: z.array(CorrectByType),
});
export type Dashboard = z.infer<typeof Dashboard>;
export const DashboardResponse = z.object({ data: Dashboard });

/** Fewer students than this in a population: no percentile is given (it would mean little). */
export const COMPARISON_MIN_STUDENTS = 5;

/**
 * `GET api/user-tests/{id}/comparison`: a sent attempt against every student of its kind (mock
 * exams with mock exams, practice with practice; drills have no population): where its % correct
 * stands, and each theme's average % among them.
 */
export const AttemptComparison = z.object({
  user_test_id: z.number().int(),
  /** Students in the population. */
  students: z.number().int(),
  /**
   * The share of students whose % correct is below this attempt's (0–100, whole), from the
   * population's mean and spread; null under `COMPARISON_MIN_STUDENTS` students.
   */
  percentile: z.number().int().nullable(),
  themes: z.array(
    z.object({
      theme_id: z.number().int(),
      /** The average student's % correct in the theme; null when nobody has answered it yet. */
      average_percentage: Percentage.nullable(),
    }),
  ),
});
export type AttemptComparison = z.infer<typeof AttemptComparison>;
export const AttemptComparisonResponse = z.object({ data: AttemptComparison });
