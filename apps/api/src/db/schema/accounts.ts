import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

/** A student (or a staff member: `role` admin opens the back office). */
export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    lastName: text('last_name').notNull(),
    /** Stored lower-cased and trimmed; unique. */
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    phone: text('phone'),
    taxId: text('tax_id'),
    timezone: text('timezone').notNull().default('America/Santiago'),
    language: text('language').notNull().default('es'),
    termsAccepted: boolean('terms_accepted').notNull().default(false),
    avatarPath: text('avatar_path'),
    /** A non-empty list makes a debug user (spec 000, section 6). */
    permissions: text('permissions').array().notNull().default(sql`'{}'::text[]`),
    role: text('role', { enum: ['student', 'admin'] }).notNull().default('student'),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [uniqueIndex('users_email_unique').on(t.email)],
);

/**
 * Server-side sessions. The cookie holds a random token; the row is keyed by its SHA-256 so a leaked
 * table does not leak live sessions. Guest sessions (no user) carry the CSRF token before login.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    csrfToken: text('csrf_token').notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId), index('sessions_expires_at_idx').on(t.expiresAt)],
);
