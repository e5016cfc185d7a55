import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  foreignKey,
  index,
  integer,
  pgTable,
  smallint,
  text,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { subjects, themes } from './catalog.ts';
import { createdAt, timestamps, timestamptz } from './columns.ts';

// Rich text is kept twice: `*_source` as the author wrote it (HTML with TeX between `\( \)` inline
// and `\[ \]` display) and `*_html` as served, sanitized and with KaTeX already rendered when the
// row was saved (areas/content/bank/render-rich-text.ts).

/** A reading text, figure or case shared by several questions of a subject. */
export const contexts = pgTable(
  'contexts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    subjectId: integer('subject_id')
      .notNull()
      .references(() => subjects.id, { onDelete: 'restrict' }),
    title: text('title').notNull(),
    bodySource: text('body_source').notNull(),
    bodyHtml: text('body_html').notNull(),
    ...timestamps(),
  },
  (t) => [
    index('contexts_subject_id_idx').on(t.subjectId),
    // Target of the composite foreign key that keeps a stem's context in the stem's subject.
    unique('contexts_id_subject_id_unique').on(t.id, t.subjectId),
  ],
);

/** A question. Its theme and context belong to its subject (composite foreign keys). */
export const stems = pgTable(
  'stems',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    subjectId: integer('subject_id').notNull(),
    themeId: integer('theme_id').notNull(),
    contextId: integer('context_id'),
    /** The question's number in its subject's bank, used by the from-to range mode. */
    stemNumber: integer('stem_number').notNull(),
    statementSource: text('statement_source').notNull(),
    statementHtml: text('statement_html').notNull(),
    solutionSource: text('solution_source').notNull().default(''),
    solutionHtml: text('solution_html').notNull().default(''),
    /** Correct only when every correct choice is picked (spec 001, section 5). */
    isMultiChoice: boolean('is_multi_choice').notNull().default(false),
    urlSource: text('url_source'),
    /** Inactive questions are never drawn again; attempts that used them keep them. */
    isActive: boolean('is_active').notNull().default(true),
    /**
     * 1 easy, 2 medium, 3 hard, as authored (migration 0016). Mock exams follow a difficulty
     * profile by it, or by the measured facility once the question has 30 answers (item_stats).
     */
    difficulty: smallint('difficulty').notNull().default(2),
    /**
     * From the sequence `content_version_seq`; raised by triggers (migrations 0008 and 0013) whenever
     * the statement, source link, context, a choice, the context's text, the active flag or the
     * subject changes. A set of stems is named by its ids and the largest version among them, a
     * subject's bank by its stem count and largest version (areas/content/bank/attempt-content.ts).
     */
    contentVersion: bigint('content_version', { mode: 'number' })
      .notNull()
      .default(sql`nextval('content_version_seq')`),
    ...timestamps(),
  },
  (t) => [
    foreignKey({
      name: 'stems_subject_id_fk',
      columns: [t.subjectId],
      foreignColumns: [subjects.id],
    }).onDelete('restrict'),
    foreignKey({
      name: 'stems_theme_in_subject_fk',
      columns: [t.themeId, t.subjectId],
      foreignColumns: [themes.id, themes.subjectId],
    }).onDelete('restrict'),
    foreignKey({
      name: 'stems_context_in_subject_fk',
      columns: [t.contextId, t.subjectId],
      foreignColumns: [contexts.id, contexts.subjectId],
    }).onDelete('restrict'),
    uniqueIndex('stems_subject_id_stem_number_unique').on(t.subjectId, t.stemNumber),
    index('stems_theme_id_stem_number_idx').on(t.themeId, t.stemNumber),
    index('stems_subject_id_content_version_idx').on(t.subjectId, t.contentVersion),
    index('stems_context_id_idx')
      .on(t.contextId)
      .where(sql`${t.contextId} is not null`),
    check('stems_stem_number_positive', sql`${t.stemNumber} > 0`),
    check('stems_difficulty_range', sql`${t.difficulty} between 1 and 3`),
  ],
);

/**
 * An answer option of a question. `is_correct` is the spec's key_indicator. At most 9 per question
 * (labels A to I) and at least one correct: both checked in code when a question is saved.
 */
export const stemChoices = pgTable(
  'stem_choices',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    stemId: integer('stem_id')
      .notNull()
      .references(() => stems.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    bodySource: text('body_source').notNull(),
    bodyHtml: text('body_html').notNull(),
    isCorrect: boolean('is_correct').notNull().default(false),
  },
  (t) => [
    uniqueIndex('stem_choices_stem_id_position_unique').on(t.stemId, t.position),
    check('stem_choices_position_range', sql`${t.position} between 1 and 9`),
  ],
);

/** A student's report of a mistake in a question (the spec's question comment). */
export const stemCorrectionRequests = pgTable(
  'stem_correction_requests',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    stemId: integer('stem_id')
      .notNull()
      .references(() => stems.id, { onDelete: 'cascade' }),
    subjectId: integer('subject_id')
      .notNull()
      .references(() => subjects.id, { onDelete: 'cascade' }),
    comment: text('comment').notNull(),
    createdAt: createdAt(),
    resolvedAt: timestamptz('resolved_at'),
  },
  (t) => [
    index('stem_correction_requests_stem_id_idx').on(t.stemId),
    index('stem_correction_requests_open_idx')
      .on(t.createdAt)
      .where(sql`${t.resolvedAt} is null`),
    index('stem_correction_requests_user_id_idx').on(t.userId),
    check(
      'stem_correction_requests_comment_length',
      sql`char_length(${t.comment}) between 1 and 500`,
    ),
  ],
);

export type Context = typeof contexts.$inferSelect;
export type Stem = typeof stems.$inferSelect;
export type StemChoice = typeof stemChoices.$inferSelect;
export type StemCorrectionRequest = typeof stemCorrectionRequests.$inferSelect;
