import { z } from 'zod';
import { ITEM_FLAGS } from '../statistics/item-analysis.ts';
import { Id, IdParam, queryInt } from './ids.ts';

// Item analysis in the back office (`/api/admin/item-analysis`, admin role only): per question and
// period, how students answered it. Field names are snake_case.

export const ITEM_ANALYSIS_SORTS = [
  'stem_number',
  'attempts',
  'facility',
  'discrimination',
  'average_seconds',
  'flags',
  'comments',
] as const;

const QueryBoolean = z
  .enum(['true', 'false', '1', '0'])
  .transform((value) => value === 'true' || value === '1');

/** `?period_id=&flagged=true&sort=&order=&page=&per_page=`: the questions of the period's subject. */
export const ItemAnalysisQuery = z.object({
  period_id: IdParam,
  /** Only questions with at least one flag. */
  flagged: QueryBoolean.optional(),
  page: queryInt(1, 100_000).default(1),
  per_page: queryInt(1, 100).default(20),
  sort: z.enum(ITEM_ANALYSIS_SORTS).default('stem_number'),
  order: z.enum(['asc', 'desc']).default('asc'),
});
export type ItemAnalysisQuery = z.infer<typeof ItemAnalysisQuery>;

export const ItemAnalysisDetailQuery = z.object({ period_id: IdParam });

export const ItemFlag = z.enum(ITEM_FLAGS);

export const ItemChoiceFigures = z.object({
  choice_id: Id,
  /** 1-based position in the bank (A = 1); students saw the options shuffled or not. */
  position: z.number().int(),
  is_correct: z.boolean(),
  /** Attempts that picked it. */
  chosen: z.number().int(),
  /** chosen / attempts, 0..1; null without attempts. */
  share: z.number().nullable(),
});

export const ItemAnalysisRow = z.object({
  stem_id: Id,
  stem_number: z.number().int(),
  theme_name: z.string(),
  /** The statement as plain text, shortened. */
  excerpt: z.string(),
  is_active: z.boolean(),
  /** Times the question was in a submitted attempt of the period that counts (see docs/api.md). */
  attempts: z.number().int(),
  correct: z.number().int(),
  unanswered: z.number().int(),
  /** correct / attempts, 0..1; null without attempts. */
  facility: z.number().nullable(),
  /** Point-biserial r with the rest of the exam over the period's mock exams; null if undefined. */
  discrimination: z.number().nullable(),
  /** Mock exams behind `discrimination`. */
  discrimination_n: z.number().int(),
  /**
   * Mean seconds per answer, approximate: the app stores only when each answer was last saved, so
   * an answer's time runs from the attempt's previous save (or its begin) and is capped at 30
   * minutes. Answered questions only; null without any.
   */
  average_seconds: z.number().nullable(),
  choices: z.array(ItemChoiceFigures),
  /** Students' comments (reports) on the question, all periods. */
  comments: z.number().int(),
  flags: z.array(ItemFlag),
});
export type ItemAnalysisRow = z.infer<typeof ItemAnalysisRow>;

export const ItemAnalysisList = z.object({
  data: z.array(ItemAnalysisRow),
  meta: z.object({
    page: z.number().int(),
    per_page: z.number().int(),
    total: z.number().int(),
    subject_id: Id,
    /** Below this many answers (or mock exams, for discrimination) no flag is raised. */
    min_n: z.number().int(),
    /** Submitted attempts the job has yet to add (any period). */
    pending_attempts: z.number().int(),
    /** When the period's figures last changed; null before any. */
    updated_at: z.string().nullable(),
  }),
});
export type ItemAnalysisList = z.infer<typeof ItemAnalysisList>;

export const ItemComment = z.object({
  id: Id,
  comment: z.string(),
  created_at: z.string(),
  resolved_at: z.string().nullable(),
});

export const ItemAnalysisDetail = ItemAnalysisRow.extend({
  period_id: Id,
  subject_id: Id,
  statement_html: z.string(),
  choices: z.array(ItemChoiceFigures.extend({ body_html: z.string() })),
  /** The latest 100 comments, newest first. */
  comment_list: z.array(ItemComment),
});
export type ItemAnalysisDetail = z.infer<typeof ItemAnalysisDetail>;
export const ItemAnalysisDetailResponse = z.object({ data: ItemAnalysisDetail });

export const ItemAnalysisRebuildRequest = z.object({ period_id: Id }).strict();
export const ItemAnalysisRebuildResponse = z.object({
  data: z.object({ attempts: z.number().int() }),
});
