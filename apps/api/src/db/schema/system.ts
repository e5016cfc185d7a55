import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, timestamptz } from './columns.ts';

/** Application settings by key, e.g. `feedback_builder` (the cancel-flow questionnaire). */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamptz('updated_at').notNull().defaultNow(),
});

/**
 * E-mail waiting to be sent. Written in the transaction that causes it, then delivered by the mail
 * dispatcher (SMTP), or kept for the dev mailbox page when no SMTP server is configured.
 * `next_attempt_at` is when the dispatcher may (re)try: a claim pushes it ahead (a lease, so a crashed
 * sender's rows come back), a failure schedules the retry with backoff.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    html: text('html').notNull(),
    text: text('text').notNull(),
    locale: text('locale').notNull().default('es'),
    status: text('status', { enum: ['pending', 'sent', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamptz('next_attempt_at').notNull().defaultNow(),
    lastError: text('last_error'),
    createdAt: createdAt(),
    sentAt: timestamptz('sent_at'),
  },
  (t) => [
    index('mail_outbox_status_next_attempt_at_idx').on(t.status, t.nextAttemptAt),
    index('mail_outbox_to_address_idx').on(t.toAddress),
    check('mail_outbox_status_valid', sql`${t.status} in ('pending', 'sent', 'failed')`),
  ],
);

/**
 * Background jobs (renewals, dunning, trial ends, e-mail, deadline submits). Workers claim due rows
 * with `FOR UPDATE SKIP LOCKED`; `unique_key` makes enqueueing idempotent.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    payload: jsonb('payload').notNull().default({}),
    runAt: timestamptz('run_at').notNull().defaultNow(),
    status: text('status', { enum: ['queued', 'running', 'done', 'failed'] })
      .notNull()
      .default('queued'),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(5),
    lastError: text('last_error'),
    lockedAt: timestamptz('locked_at'),
    lockedBy: text('locked_by'),
    uniqueKey: text('unique_key'),
    createdAt: createdAt(),
    finishedAt: timestamptz('finished_at'),
  },
  (t) => [
    index('jobs_status_run_at_idx').on(t.status, t.runAt),
    uniqueIndex('jobs_unique_key_unique').on(t.uniqueKey),
    check('jobs_status_valid', sql`${t.status} in ('queued', 'running', 'done', 'failed')`),
    check('jobs_attempts_valid', sql`${t.attempts} >= 0 and ${t.maxAttempts} > 0`),
  ],
);

export type Setting = typeof settings.$inferSelect;
export type MailOutboxRow = typeof mailOutbox.$inferSelect;
export type Job = typeof jobs.$inferSelect;
