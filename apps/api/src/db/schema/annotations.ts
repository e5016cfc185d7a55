import { sql } from 'drizzle-orm';
import { bigint, check, foreignKey, integer, jsonb, pgTable } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns.ts';
import { userTests } from './attempts.ts';

/**
 * A student's paper tools on an attempt: the choices crossed out per question
 * and the passages highlighted per reading context, saved whole with the client's sequence number
 * (last write wins, as answers do). One row per attempt, written while it runs, read in review.
 */
export const userTestAnnotations = pgTable(
  'user_test_annotations',
  {
    userTestId: bigint('user_test_id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id').notNull(),
    /** `[{ stem_id, choice_ids }]`, checked against the attempt's questions and their choices. */
    strikes: jsonb('strikes').notNull().default([]),
    /** `[{ context_id, ranges: [{ start, end }] }]`, the ranges merged and sorted. */
    highlights: jsonb('highlights').notNull().default([]),
    clientSeq: bigint('client_seq', { mode: 'number' }).notNull().default(0),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    foreignKey({
      name: 'user_test_annotations_user_test_fk',
      columns: [t.userTestId, t.userId],
      foreignColumns: [userTests.id, userTests.userId],
    }).onDelete('cascade'),
    check(
      'user_test_annotations_shapes',
      sql`jsonb_typeof(${t.strikes}) = 'array' and jsonb_typeof(${t.highlights}) = 'array'`,
    ),
  ],
);
