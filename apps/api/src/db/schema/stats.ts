import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { STATS_KINDS } from '@ensaya/core/statistics/kind';
import { subjects, themes } from './catalog.ts';
import { stems } from './content.ts';
import { createdAt, timestamptz } from './columns.ts';

// Aggregates kept up to date in the transaction that submits (adds) or deletes (subtracts) an
// attempt, so statistics and dashboard reads never scan attempts (docs/architecture.md, "Statistics").

/**
 * A student's totals in a subject per kind of test (core `statsKindOf`: custom, official, or a
 * wrong-answers drill); averages are sums over `attempts`.
 */
export const userSubjectStats = pgTable(
  'user_subject_stats',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    subjectId: integer('subject_id')
      .notNull()
      .references(() => subjects.id, { onDelete: 'cascade' }),
    type: text('type', { enum: STATS_KINDS }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    questions: integer('questions').notNull().default(0),
    correct: integer('correct').notNull().default(0),
    incorrect: integer('incorrect').notNull().default(0),
    unanswered: integer('unanswered').notNull().default(0),
    scoreSum: bigint('score_sum', { mode: 'number' }).notNull().default(0),
    /** Sum of each attempt's percentage of correct answers (0..100). */
    percentageSum: doublePrecision('percentage_sum').notNull().default(0),
    passedCount: integer('passed_count').notNull().default(0),
    lastAttemptAt: timestamptz('last_attempt_at'),
    /**
     * Of `questions` and `correct`, those of attempts left out of the comparison with all students
     * (`user_tests.counts_for_population` false): the population sees the difference.
     */
    excludedQuestions: integer('excluded_questions').notNull().default(0),
    excludedCorrect: integer('excluded_correct').notNull().default(0),
  },
  (t) => [
    primaryKey({ name: 'user_subject_stats_pkey', columns: [t.userId, t.subjectId, t.type] }),
    // The comparison with other students: one row per student of the subject, not per attempt.
    index('user_subject_stats_subject_type_idx').on(t.subjectId, t.type),
    check(
      'user_subject_stats_type_valid',
      sql`${t.type} in ('custom', 'official', 'wrong_answers')`,
    ),
    check(
      'user_subject_stats_counts_non_negative',
      sql`${t.attempts} >= 0 and ${t.questions} >= 0 and ${t.correct} >= 0 and ${t.incorrect} >= 0 and ${t.unanswered} >= 0 and ${t.passedCount} >= 0`,
    ),
  ],
);

/** A student's totals in a theme per kind of test. */
export const userThemeStats = pgTable(
  'user_theme_stats',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    themeId: integer('theme_id')
      .notNull()
      .references(() => themes.id, { onDelete: 'cascade' }),
    type: text('type', { enum: STATS_KINDS }).notNull(),
    subjectId: integer('subject_id')
      .notNull()
      .references(() => subjects.id, { onDelete: 'cascade' }),
    questions: integer('questions').notNull().default(0),
    correct: integer('correct').notNull().default(0),
    incorrect: integer('incorrect').notNull().default(0),
    unanswered: integer('unanswered').notNull().default(0),
    /** Of the counts, those of attempts left out of the comparison with all students. */
    excludedQuestions: integer('excluded_questions').notNull().default(0),
    excludedCorrect: integer('excluded_correct').notNull().default(0),
    excludedIncorrect: integer('excluded_incorrect').notNull().default(0),
    excludedUnanswered: integer('excluded_unanswered').notNull().default(0),
  },
  (t) => [
    primaryKey({ name: 'user_theme_stats_pkey', columns: [t.userId, t.themeId, t.type] }),
    index('user_theme_stats_user_subject_idx').on(t.userId, t.subjectId, t.type),
    index('user_theme_stats_theme_id_idx').on(t.themeId),
    check('user_theme_stats_type_valid', sql`${t.type} in ('custom', 'official', 'wrong_answers')`),
    check(
      'user_theme_stats_counts_non_negative',
      sql`${t.questions} >= 0 and ${t.correct} >= 0 and ${t.incorrect} >= 0 and ${t.unanswered} >= 0`,
    ),
  ],
);

/** How often each question was answered and failed, by all students. */
export const stemStats = pgTable(
  'stem_stats',
  {
    stemId: integer('stem_id')
      .primaryKey()
      .references(() => stems.id, { onDelete: 'cascade' }),
    subjectId: integer('subject_id')
      .notNull()
      .references(() => subjects.id, { onDelete: 'cascade' }),
    answered: integer('answered').notNull().default(0),
    wrong: integer('wrong').notNull().default(0),
  },
  (t) => [
    // "Most often failed in a subject" (the general wrong-answers review).
    index('stem_stats_subject_wrong_idx').on(t.subjectId, t.wrong.desc()),
    check(
      'stem_stats_counts_valid',
      sql`${t.answered} >= 0 and ${t.wrong} >= 0 and ${t.wrong} <= ${t.answered}`,
    ),
  ],
);

export type UserSubjectStats = typeof userSubjectStats.$inferSelect;
export type UserThemeStats = typeof userThemeStats.$inferSelect;
export type StemStats = typeof stemStats.$inferSelect;

/** `'custom'`, `'official'`, or both together. */
export const POPULATION_TYPES = ['custom', 'official', 'all'] as const;
/** Rows per population, so that concurrent submits rarely wait for the same row. */
export const POPULATION_SHARDS = 8;

/**
 * How all students compare (the bell curve): over the students with questions in a subject (or in
 * every subject, `subject_id` 0) and a test type (or both), the count and the sums of each
 * student's % correct and of its square, kept in `POPULATION_SHARDS` rows by user id. Mean and spread
 * are read from these few rows, however many students there are.
 */
export const subjectPopulationStats = pgTable(
  'subject_population_stats',
  {
    subjectId: integer('subject_id').notNull(),
    type: text('type', { enum: POPULATION_TYPES }).notNull(),
    shard: smallint('shard').notNull(),
    students: integer('students').notNull().default(0),
    percentageSum: doublePrecision('percentage_sum').notNull().default(0),
    percentageSquareSum: doublePrecision('percentage_square_sum').notNull().default(0),
  },
  (t) => [
    primaryKey({ name: 'subject_population_stats_pkey', columns: [t.subjectId, t.type, t.shard] }),
    check('subject_population_stats_type_valid', sql`${t.type} in ('custom', 'official', 'all')`),
  ],
);

/** The same per theme: how many students, their summed counts and summed % correct. */
export const themePopulationStats = pgTable(
  'theme_population_stats',
  {
    themeId: integer('theme_id')
      .notNull()
      .references(() => themes.id, { onDelete: 'cascade' }),
    type: text('type', { enum: POPULATION_TYPES }).notNull(),
    shard: smallint('shard').notNull(),
    students: integer('students').notNull().default(0),
    questions: bigint('questions', { mode: 'number' }).notNull().default(0),
    correct: bigint('correct', { mode: 'number' }).notNull().default(0),
    incorrect: bigint('incorrect', { mode: 'number' }).notNull().default(0),
    unanswered: bigint('unanswered', { mode: 'number' }).notNull().default(0),
    percentageSum: doublePrecision('percentage_sum').notNull().default(0),
  },
  (t) => [
    primaryKey({ name: 'theme_population_stats_pkey', columns: [t.themeId, t.type, t.shard] }),
    check('theme_population_stats_type_valid', sql`${t.type} in ('custom', 'official', 'all')`),
  ],
);

/**
 * What submits and deletes have yet to add to the rows every student shares (the two populations
 * above and `stem_stats`): one row per attempt sent or deleted, written in its transaction, folded
 * in and removed by the drain (statistics/population-queue-repo.ts), so that a classroom sending
 * the same exam at once does not queue on those rows' locks. `subjects` and `themes` hold the
 * changes per population row (key, shard and signed deltas); the stem ids are those the attempt
 * answered and answered wrong, each counted `sign` times.
 */
export const populationQueue = pgTable(
  'population_queue',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    sign: smallint('sign').notNull(),
    subjects: jsonb('subjects').notNull().default([]),
    themes: jsonb('themes').notNull().default([]),
    answeredStemIds: integer('answered_stem_ids')
      .array()
      .notNull()
      .default(sql`'{}'`),
    wrongStemIds: integer('wrong_stem_ids')
      .array()
      .notNull()
      .default(sql`'{}'`),
    createdAt: createdAt(),
  },
  (t) => [check('population_queue_sign_valid', sql`${t.sign} in (1, -1)`)],
);
