import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { periods, subjects, themes } from './catalog.ts';
import { createdAt, timestamptz } from './columns.ts';

// Scheduled ensayos (the "ensayo nacional"): one fixed mock-exam form, drawn when the
// back office schedules it, sat by every subscriber who joins at one start time. Each student's
// attempt is an ordinary `user_tests` row (mode mock_exam) that names its ensayo.

/** One question of the fixed form, in the form's order (`scheduled_exams.form`). */
export type FormQuestion = {
  stem_id: number;
  /** The question's theme when the form was drawn: every attempt counts it there. */
  theme_id: number;
  /** Its choices' ids in the order everyone sees them. */
  choice_order: number[];
  is_pilot: boolean;
};

/** What the cohort's figures are computed into once the ensayo closed (`scheduled_exams.results`). */
export type CohortResults = {
  participant_count: number;
  /** How many sent attempts got each score. */
  scores: Array<{ score: number; count: number }>;
  themes: Array<{ theme_id: number; name: string; correct: number; total: number }>;
};

export const scheduledExams = pgTable(
  'scheduled_exams',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    title: text('title').notNull(),
    titleEn: text('title_en'),
    subjectId: integer('subject_id')
      .notNull()
      .references(() => subjects.id, { onDelete: 'restrict' }),
    /** The period whose weights drew the form (its attempts' `period_id`). */
    periodId: integer('period_id')
      .notNull()
      .references(() => periods.id, { onDelete: 'restrict' }),
    electiveThemeId: integer('elective_theme_id').references(() => themes.id, {
      onDelete: 'restrict',
    }),
    /** The form's questions in order (what `form` holds, as ids for queries). */
    stemIds: integer('stem_ids').array().notNull(),
    /** The form, question by question: theme, fixed choice order, pilot flag (`FormQuestion`). */
    form: jsonb('form').$type<FormQuestion[]>().notNull(),
    /** Class B: the 3 question numbers worth an extra point, the same for everyone. */
    specialNumbers: integer('special_numbers')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    startsAt: timestamptz('starts_at').notNull(),
    durationMinutes: smallint('duration_minutes').notNull(),
    lateJoinMinutes: smallint('late_join_minutes').notNull(),
    audience: text('audience', { enum: ['subscribers'] })
      .notNull()
      .default('subscribers'),
    /** A school class as the audience, later (no table yet). */
    audienceClassId: integer('audience_class_id'),
    /** AES-256 key of the sealed form (32 random bytes, base64): never sent before the start. */
    contentKey: text('content_key').notNull(),
    /** 12 random bytes (base64) from which each content version's IV is derived. */
    contentIv: text('content_iv').notNull(),
    /** The largest extra time among the joined students: when the last clock ends. */
    longestExtraTimePercent: smallint('longest_extra_time_percent').notNull().default(0),
    cancelledAt: timestamptz('cancelled_at'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    /** The cohort's figures (`CohortResults`), computed once after the close; never changed. */
    results: jsonb('results').$type<CohortResults>(),
    resultsComputedAt: timestamptz('results_computed_at'),
  },
  (t) => [
    // The students' lists, the reminders and the preparation read upcoming and recent ones.
    index('scheduled_exams_starts_at_idx')
      .on(t.startsAt)
      .where(sql`${t.cancelledAt} is null`),
    index('scheduled_exams_subject_id_idx').on(t.subjectId),
    check('scheduled_exams_form_not_empty', sql`cardinality(${t.stemIds}) >= 1`),
    check(
      'scheduled_exams_times_valid',
      sql`${t.durationMinutes} > 0 and ${t.lateJoinMinutes} >= 0 and ${t.lateJoinMinutes} < ${t.durationMinutes}`,
    ),
    check('scheduled_exams_audience_valid', sql`${t.audience} in ('subscribers')`),
  ],
);

/** Who joined which ensayo (the waiting room); joining twice leaves one row. */
export const scheduledExamParticipants = pgTable(
  'scheduled_exam_participants',
  {
    scheduledExamId: integer('scheduled_exam_id')
      .notNull()
      .references(() => scheduledExams.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    joinedAt: timestamptz('joined_at').notNull().defaultNow(),
    /**
     * The attempt prepared for the student. Not a foreign key on purpose: it stays when the
     * student deletes the attempt from their history, so a deleted attempt is never prepared
     * again (a second, fresh attempt at a form whose keys the first one showed).
     */
    userTestId: bigint('user_test_id', { mode: 'number' }),
  },
  (t) => [
    primaryKey({
      name: 'scheduled_exam_participants_pkey',
      columns: [t.scheduledExamId, t.userId],
    }),
    index('scheduled_exam_participants_user_id_idx').on(t.userId),
    // The preparation's work list: joined students without an attempt yet.
    index('scheduled_exam_participants_unprepared_idx')
      .on(t.scheduledExamId)
      .where(sql`${t.userTestId} is null`),
  ],
);

/** The day-before reminder, once per ensayo and student (the reminder job's memory). */
export const scheduledExamReminders = pgTable(
  'scheduled_exam_reminders',
  {
    scheduledExamId: integer('scheduled_exam_id')
      .notNull()
      .references(() => scheduledExams.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sentAt: timestamptz('sent_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'scheduled_exam_reminders_pkey', columns: [t.scheduledExamId, t.userId] }),
    index('scheduled_exam_reminders_user_id_idx').on(t.userId),
  ],
);

export type ScheduledExamRow = typeof scheduledExams.$inferSelect;
