import { bigint, index, integer, pgTable, primaryKey } from 'drizzle-orm/pg-core';
import { periods, subjects } from './catalog.ts';
import { stemChoices, stems } from './content.ts';
import { userTests } from './attempts.ts';
import { createdAt, timestamptz } from './columns.ts';

// Item analysis, kept by the job in areas/insights/item-analysis/item-stats-repo.ts from
// `item_stats_queue`; migration 0011 also defines the SQL function `item_stats_add` that folds
// attempts in or out, and the triggers on `user_tests` that queue and forget attempts.

/**
 * A question's counts in one period (the attempts' period), over submitted attempts that count
 * for the population and are not wrong-answers drills, and the sums of the point-biserial
 * correlation over mock exams: n, Σx, Σy, Σxy, Σy² (x the item's score, y the rest of the exam),
 * and the count and sum of the answers' approximate times.
 */
export const itemStats = pgTable(
  'item_stats',
  {
    periodId: integer('period_id')
      .notNull()
      .references(() => periods.id, { onDelete: 'cascade' }),
    stemId: integer('stem_id')
      .notNull()
      .references(() => stems.id, { onDelete: 'cascade' }),
    subjectId: integer('subject_id')
      .notNull()
      .references(() => subjects.id, { onDelete: 'cascade' }),
    attempts: integer('attempts').notNull().default(0),
    correct: integer('correct').notNull().default(0),
    unanswered: integer('unanswered').notNull().default(0),
    mockN: integer('mock_n').notNull().default(0),
    mockSumX: bigint('mock_sum_x', { mode: 'number' }).notNull().default(0),
    mockSumY: bigint('mock_sum_y', { mode: 'number' }).notNull().default(0),
    mockSumXY: bigint('mock_sum_xy', { mode: 'number' }).notNull().default(0),
    mockSumY2: bigint('mock_sum_y2', { mode: 'number' }).notNull().default(0),
    /** Answered questions with an approximate time (see `timeSumSeconds`). */
    timeN: integer('time_n').notNull().default(0),
    /**
     * Σ seconds over those answers: each from the attempt's previous save (or its begin) to this
     * answer's `answered_at`, rounded, capped at 30 minutes (the app stores no time per question).
     */
    timeSumSeconds: bigint('time_sum_seconds', { mode: 'number' }).notNull().default(0),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'item_stats_pkey', columns: [t.periodId, t.stemId] }),
    index('item_stats_stem_id_idx').on(t.stemId),
  ],
);

/** How many counted attempts of the period picked each choice of a question. */
export const itemChoiceStats = pgTable(
  'item_choice_stats',
  {
    periodId: integer('period_id')
      .notNull()
      .references(() => periods.id, { onDelete: 'cascade' }),
    stemId: integer('stem_id')
      .notNull()
      .references(() => stems.id, { onDelete: 'cascade' }),
    choiceId: integer('choice_id')
      .notNull()
      .references(() => stemChoices.id, { onDelete: 'cascade' }),
    chosen: integer('chosen').notNull().default(0),
  },
  (t) => [
    primaryKey({ name: 'item_choice_stats_pkey', columns: [t.periodId, t.stemId, t.choiceId] }),
    index('item_choice_stats_choice_id_idx').on(t.choiceId),
  ],
);

/** Submitted attempts the item analysis job has yet to fold in (queued by a trigger). */
export const itemStatsQueue = pgTable('item_stats_queue', {
  userTestId: bigint('user_test_id', { mode: 'number' })
    .primaryKey()
    .references(() => userTests.id, { onDelete: 'cascade' }),
  createdAt: createdAt(),
});

export type ItemStats = typeof itemStats.$inferSelect;
export type ItemChoiceStats = typeof itemChoiceStats.$inferSelect;
