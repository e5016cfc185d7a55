import { sql } from 'drizzle-orm';
import {
  check,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { stems } from './content.ts';
import { createdAt, timestamptz } from './columns.ts';

/**
 * A student's spaced-review card for one question: the FSRS memory state ts-fsrs keeps
 * for it (areas/learning/review/schedule.ts). A wrong or marked answer creates it; a review session rates
 * and reschedules it. A question deleted from the bank takes its cards with it (cascade); one
 * deactivated keeps them but is neither counted nor drawn.
 */
export const reviewCards = pgTable(
  'review_cards',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    stemId: integer('stem_id')
      .notNull()
      .references(() => stems.id, { onDelete: 'cascade' }),
    /** ts-fsrs `State`: 0 new, 1 learning, 2 review, 3 relearning. */
    state: smallint('state').notNull().default(0),
    stability: doublePrecision('stability').notNull().default(0),
    difficulty: doublePrecision('difficulty').notNull().default(0),
    scheduledDays: integer('scheduled_days').notNull().default(0),
    learningSteps: smallint('learning_steps').notNull().default(0),
    reps: integer('reps').notNull().default(0),
    lapses: integer('lapses').notNull().default(0),
    /** When the question is due for review; a new card is due at once. */
    dueAt: timestamptz('due_at').notNull(),
    /** The last rating's time (null while new). */
    lastReviewAt: timestamptz('last_review_at'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'review_cards_pkey', columns: [t.userId, t.stemId] }),
    // What is due for a student (the counts and the review session), most overdue first.
    index('review_cards_user_due_idx').on(t.userId, t.dueAt),
    index('review_cards_stem_id_idx').on(t.stemId),
    check('review_cards_state_valid', sql`${t.state} between 0 and 3`),
    check('review_cards_counts_non_negative', sql`${t.reps} >= 0 and ${t.lapses} >= 0`),
  ],
);

export type ReviewCard = typeof reviewCards.$inferSelect;
