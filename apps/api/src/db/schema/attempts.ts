import { sql } from 'drizzle-orm';
import { TEST_MODES, TEST_TYPES } from '@ensaya/core/engine/test-kinds';
import { ATTEMPT_END_REASONS } from '@ensaya/core/engine/timing';
import {
  bigint,
  boolean,
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { periods, standardTests, subjects, themes } from './catalog.ts';
import { stems } from './content.ts';
import { timestamptz } from './columns.ts';
import { scheduledExams } from './scheduled-exams.ts';

// The test engine's tables. Every one carries user_id, and the children reach their attempt through
// (user_test_id, user_id), so the three can be distributed by user id (e.g. Citus) and co-located.

/** One attempt at a test: its configuration, its timing and, once submitted, its result. */
export const userTests = pgTable(
  'user_tests',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    subjectId: integer('subject_id')
      .notNull()
      .references(() => subjects.id, { onDelete: 'restrict' }),
    standardTestId: integer('standard_test_id')
      .notNull()
      .references(() => standardTests.id, { onDelete: 'restrict' }),
    periodId: integer('period_id')
      .notNull()
      .references(() => periods.id, { onDelete: 'restrict' }),
    // Test types and modes: core's (docs/domain.md, "Glossary").
    type: text('type', { enum: TEST_TYPES }).notNull(),
    mode: text('mode', { enum: TEST_MODES }).notNull(),
    /** The setup the attempt was built from (selection mode, themes, limits, switches, seconds). */
    configuration: jsonb('configuration').notNull().default({}),
    status: text('status', { enum: ['in_progress', 'submitted'] })
      .notNull()
      .default('in_progress'),
    startedAt: timestamptz('started_at').notNull().defaultNow(),
    /**
     * When the student pressed "Continue" on the instructions: the clock runs from then. Null
     * until then (and for attempts made without instructions, such as the demo seed's).
     */
    begunAt: timestamptz('begun_at'),
    /**
     * Null when the timer is off. The server submits the attempt itself once this has passed.
     * Before the begin it holds the latest deadline possible (core `deadlineBeforeBegin`: the
     * instructions cannot stay open for ever); the API shows it only once begun.
     */
    deadlineAt: timestamptz('deadline_at'),
    submittedAt: timestamptz('submitted_at'),
    /** How it ended (core `attemptEnd`): by the student, by time or by leaving. Null while open. */
    endedBy: text('ended_by', { enum: ATTEMPT_END_REASONS }),
    /**
     * Set when the page was closed while the test ran (the spec's leave-submits rule); the server
     * submits after a grace period unless the attempt is opened again before, which clears it.
     */
    leaveRequestedAt: timestamptz('leave_requested_at'),
    /**
     * A submit acknowledged and not scored yet (`POST …/submit` with `Prefer: respond-async`):
     * when it was asked for, which is when the attempt ended, and why. The scorer (`scoring.ts`)
     * scores it in a batch; no answer is taken after it.
     */
    submitRequestedAt: timestamptz('submit_requested_at'),
    submitReason: text('submit_reason', { enum: ATTEMPT_END_REASONS }),
    /** Class B: the 3 question numbers (1..35) worth an extra point, drawn at start. */
    specialNumbers: integer('special_numbers')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    /** Scored questions (a PAES mock exam's pilot questions are not counted here). */
    totalTestStems: integer('total_test_stems').notNull().default(0),
    /** PAES mock exams: questions marked pilot at start, not scored (`user_test_stems.is_pilot`). */
    pilotCount: smallint('pilot_count').notNull().default(0),
    /** A mock exam of a subject with elective themes: the elective the student chose. */
    electiveThemeId: integer('elective_theme_id').references(() => themes.id, {
      onDelete: 'restrict',
    }),
    totalCorrect: integer('total_correct').notNull().default(0),
    totalIncorrect: integer('total_incorrect').notNull().default(0),
    totalUnanswered: integer('total_unanswered').notNull().default(0),
    /** Null until submitted; 0 for custom tests (spec 001, section 5). */
    score: integer('score'),
    passed: boolean('passed'),
    /** The attempt a historical retake repeats. */
    sourceUserTestId: bigint('source_user_test_id', { mode: 'number' }),
    /**
     * Whether the attempt enters the comparison with all students (the population aggregates and
     * stem_stats); false when the student had seen its keys before starting (core
     * `countsForPopulation`). Fixed at start, so a delete subtracts exactly what the submit added.
     */
    countsForPopulation: boolean('counts_for_population').notNull().default(true),
    /**
     * The scheduled ensayo this attempt sits: its form, order and choice order, and
     * everyone's clock (`begun_at` is the ensayo's start). Null for every other attempt.
     */
    scheduledExamId: integer('scheduled_exam_id').references(() => scheduledExams.id, {
      onDelete: 'restrict',
    }),
  },
  (t) => [
    unique('user_tests_id_user_id_unique').on(t.id, t.userId),
    foreignKey({
      name: 'user_tests_source_user_test_id_fk',
      columns: [t.sourceUserTestId],
      foreignColumns: [t.id],
    }).onDelete('set null'),
    // A student's open attempt of a subject (resume after a reload): at most one. A scheduled
    // ensayo's attempt is apart: prepared before its start, it blocks no other test.
    uniqueIndex('user_tests_in_progress_unique')
      .on(t.userId, t.subjectId)
      .where(sql`${t.status} = 'in_progress' and ${t.scheduledExamId} is null`),
    // One attempt per student and scheduled ensayo, whatever its state.
    uniqueIndex('user_tests_scheduled_exam_unique')
      .on(t.scheduledExamId, t.userId)
      .where(sql`${t.scheduledExamId} is not null`),
    // A scheduled ensayo's attempts still being sat: whether anyone is left (its early close).
    index('user_tests_scheduled_in_progress_idx')
      .on(t.scheduledExamId)
      .where(sql`${t.status} = 'in_progress' and ${t.scheduledExamId} is not null`),
    // The first diagnostic: once per student and subject, whatever its state.
    uniqueIndex('user_tests_diagnostic_once')
      .on(t.userId, t.subjectId)
      .where(sql`${t.mode} = 'diagnostic'`),
    // The sweeper that submits attempts whose deadline has passed.
    index('user_tests_deadline_idx')
      .on(t.deadlineAt)
      .where(sql`${t.status} = 'in_progress' and ${t.deadlineAt} is not null`),
    // The submits waiting for the scorer.
    index('user_tests_submit_requested_idx')
      .on(t.submitRequestedAt)
      .where(sql`${t.status} = 'in_progress' and ${t.submitRequestedAt} is not null`),
    // History of a subject by type, sorted by date or by score.
    index('user_tests_leave_idx')
      .on(t.leaveRequestedAt)
      .where(sql`${t.status} = 'in_progress' and ${t.leaveRequestedAt} is not null`),
    index('user_tests_history_date_idx')
      .on(t.userId, t.subjectId, t.type, t.submittedAt)
      .where(sql`${t.status} = 'submitted'`),
    index('user_tests_history_score_idx')
      .on(t.userId, t.subjectId, t.type, t.score)
      .where(sql`${t.status} = 'submitted'`),
    index('user_tests_source_user_test_id_idx')
      .on(t.sourceUserTestId)
      .where(sql`${t.sourceUserTestId} is not null`),
    check('user_tests_type_valid', sql`${t.type} in ('custom', 'official')`),
    check(
      'user_tests_mode_valid',
      sql`${t.mode} in ('practice', 'mock_exam', 'historical', 'wrong_answers', 'diagnostic')`,
    ),
    check(
      'user_tests_mode_matches_type',
      sql`(${t.mode} not in ('practice', 'diagnostic') or ${t.type} = 'custom') and (${t.mode} <> 'mock_exam' or ${t.type} = 'official')`,
    ),
    check('user_tests_ended_by_valid', sql`${t.endedBy} in ('student', 'time', 'leave')`),
    check('user_tests_submit_reason_valid', sql`${t.submitReason} in ('student', 'time', 'leave')`),
    check('user_tests_status_valid', sql`${t.status} in ('in_progress', 'submitted')`),
    check(
      'user_tests_submitted_has_date',
      sql`(${t.status} = 'submitted') = (${t.submittedAt} is not null)`,
    ),
    check(
      'user_tests_deadline_after_start',
      sql`${t.deadlineAt} is null or ${t.deadlineAt} > ${t.startedAt}`,
    ),
    check(
      'user_tests_totals_consistent',
      sql`${t.totalCorrect} >= 0 and ${t.totalIncorrect} >= 0 and ${t.totalUnanswered} >= 0 and (${t.status} <> 'submitted' or ${t.totalCorrect} + ${t.totalIncorrect} + ${t.totalUnanswered} = ${t.totalTestStems})`,
    ),
  ],
);

/**
 * The questions of an attempt in the order shown, and the student's answer to each. An answer save
 * updates one row by primary key, unless its client_seq is older than the stored one (last write wins).
 */
export const userTestStems = pgTable(
  'user_test_stems',
  {
    userId: integer('user_id').notNull(),
    userTestId: bigint('user_test_id', { mode: 'number' }).notNull(),
    /** 1-based question number in the attempt. */
    position: smallint('position').notNull(),
    stemId: integer('stem_id')
      .notNull()
      .references(() => stems.id, { onDelete: 'restrict' }),
    /** The stem's theme when the attempt started; per-theme results are counted by it. */
    themeId: integer('theme_id')
      .notNull()
      .references(() => themes.id, { onDelete: 'restrict' }),
    /** Picked stem_choices ids; empty means unanswered. More than one only for multi-choice stems. */
    chosenChoiceIds: integer('chosen_choice_ids')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    /** stem_choices ids in the order shown, when answers were shuffled; null: by position. */
    choiceOrder: integer('choice_order').array(),
    /** Null until the attempt is scored. */
    isCorrect: boolean('is_correct'),
    /**
     * A pilot question of a PAES mock exam: answered like the others, not scored. Never sent to
     * the student (admin views only).
     */
    isPilot: boolean('is_pilot').notNull().default(false),
    isMarked: boolean('is_marked').notNull().default(false),
    clientSeq: bigint('client_seq', { mode: 'number' }).notNull().default(0),
    answeredAt: timestamptz('answered_at'),
    /** Study mode: when the key and solution were sent; the chosen choices are final from then. */
    revealedAt: timestamptz('revealed_at'),
  },
  (t) => [
    primaryKey({ name: 'user_test_stems_pkey', columns: [t.userTestId, t.position] }),
    foreignKey({
      name: 'user_test_stems_user_test_fk',
      columns: [t.userTestId, t.userId],
      foreignColumns: [userTests.id, userTests.userId],
    }).onDelete('cascade'),
    uniqueIndex('user_test_stems_user_test_id_stem_id_unique').on(t.userTestId, t.stemId),
    // A student's wrongly answered questions (the wrong-answers test).
    index('user_test_stems_wrong_idx')
      .on(t.userId, t.stemId)
      .where(sql`${t.isCorrect} = false`),
    index('user_test_stems_stem_id_idx').on(t.stemId),
    check('user_test_stems_position_positive', sql`${t.position} >= 1`),
    check('user_test_stems_at_most_nine_choices', sql`cardinality(${t.chosenChoiceIds}) <= 9`),
  ],
);

/** Per-theme counts of a submitted attempt (the spec's pivot: correct, incorrect, unanswered). */
export const userTestThemes = pgTable(
  'user_test_themes',
  {
    userId: integer('user_id').notNull(),
    userTestId: bigint('user_test_id', { mode: 'number' }).notNull(),
    themeId: integer('theme_id')
      .notNull()
      .references(() => themes.id, { onDelete: 'restrict' }),
    correct: integer('correct').notNull().default(0),
    incorrect: integer('incorrect').notNull().default(0),
    unanswered: integer('unanswered').notNull().default(0),
  },
  (t) => [
    primaryKey({ name: 'user_test_themes_pkey', columns: [t.userTestId, t.themeId] }),
    foreignKey({
      name: 'user_test_themes_user_test_fk',
      columns: [t.userTestId, t.userId],
      foreignColumns: [userTests.id, userTests.userId],
    }).onDelete('cascade'),
    index('user_test_themes_theme_id_idx').on(t.themeId),
    check(
      'user_test_themes_counts_non_negative',
      sql`${t.correct} >= 0 and ${t.incorrect} >= 0 and ${t.unanswered} >= 0`,
    ),
  ],
);

export type UserTest = typeof userTests.$inferSelect;
export type UserTestStem = typeof userTestStems.$inferSelect;
export type UserTestTheme = typeof userTestThemes.$inferSelect;

/**
 * A student's "not now" to the first diagnostic of a subject: the dashboard stops
 * offering it; the student may still take it, once, from a small link.
 */
export const diagnosticSkips = pgTable(
  'diagnostic_skips',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    subjectId: integer('subject_id')
      .notNull()
      .references(() => subjects.id, { onDelete: 'cascade' }),
    skippedAt: timestamptz('skipped_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'diagnostic_skips_pkey', columns: [t.userId, t.subjectId] })],
);
