import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  pgTable,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, timestamps, timestamptz } from './columns.ts';
import { countries, towns } from './geography.ts';

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
    /** Digits only, with the country code: '56912345678'. */
    phone: text('phone'),
    /** A Rut is stored without dots, with a hyphen and an upper-case K: '12345678-5'. */
    taxId: text('tax_id'),
    /** 'rut' for Chile, 'dni' (digits only) for other countries (spec 000, section 5). */
    taxIdType: text('tax_id_type', { enum: ['rut', 'dni'] }),
    countryId: integer('country_id').references(() => countries.id, { onDelete: 'restrict' }),
    /** The current address; the address rows themselves belong to the user (addresses.user_id). */
    addressId: integer('address_id').references((): AnyPgColumn => addresses.id, {
      onDelete: 'set null',
    }),
    timezone: text('timezone').notNull().default('America/Santiago'),
    language: text('language').notNull().default('es'),
    termsAccepted: boolean('terms_accepted').notNull().default(false),
    avatarPath: text('avatar_path'),
    /** A non-empty list makes a debug user (spec 000, section 6). */
    permissions: text('permissions')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    role: text('role', { enum: ['student', 'admin'] })
      .notNull()
      .default('student'),
    emailVerifiedAt: timestamptz('email_verified_at'),
    /**
     * A new address the student asked for, not yet confirmed: the account keeps `email` (and logs
     * in with it) until the link mailed here is opened.
     */
    pendingEmail: text('pending_email'),
    /** Signed into verification and e-mail change links: raising it voids those already mailed. */
    emailLinkVersion: integer('email_link_version').notNull().default(0),
    /** Reading settings the student chose: text size in percent, high contrast. */
    textSize: smallint('text_size').notNull().default(100),
    highContrast: boolean('high_contrast').notNull().default(false),
    /** Extra time an admin granted as an accommodation: every timed test gets this much more. */
    extraTimePercent: smallint('extra_time_percent').notNull().default(0),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('users_email_unique').on(t.email),
    index('users_address_id_idx').on(t.addressId),
    check('users_role_valid', sql`${t.role} in ('student', 'admin')`),
    check('users_tax_id_type_valid', sql`${t.taxIdType} in ('rut', 'dni')`),
    check('users_text_size_valid', sql`${t.textSize} in (100, 125, 150)`),
    check('users_extra_time_percent_valid', sql`${t.extraTimePercent} in (0, 25, 50, 100)`),
  ],
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
    createdAt: createdAt(),
    lastSeenAt: timestamptz('last_seen_at').notNull().defaultNow(),
    expiresAt: timestamptz('expires_at').notNull(),
  },
  (t) => [
    index('sessions_user_id_idx').on(t.userId),
    index('sessions_expires_at_idx').on(t.expiresAt),
  ],
);

/** Password-reset links. Like sessions, only the SHA-256 of the token is stored; a token works once. */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    /** The address the link was mailed to: the token works for it alone, while the account has it. */
    email: text('email').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamptz('expires_at').notNull(),
    usedAt: timestamptz('used_at'),
  },
  (t) => [
    uniqueIndex('password_reset_tokens_token_hash_unique').on(t.tokenHash),
    index('password_reset_tokens_user_id_idx').on(t.userId),
  ],
);

/** A postal address of a user; users.address_id points at the current one. */
export const addresses = pgTable(
  'addresses',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    addressLine1: text('address_line_1').notNull(),
    addressLine2: text('address_line_2'),
    townId: integer('town_id')
      .notNull()
      .references(() => towns.id, { onDelete: 'restrict' }),
    /** Digits only (Chilean postal codes have 7). */
    zipCode: text('zip_code').notNull(),
    ...timestamps(),
  },
  (t) => [
    index('addresses_user_id_idx').on(t.userId),
    index('addresses_town_id_idx').on(t.townId),
    check('addresses_zip_code_digits', sql`${t.zipCode} ~ '^[0-9]+$'`),
  ],
);

export type User = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;
export type Session = typeof sessions.$inferSelect;
export type PasswordResetToken = typeof passwordResetTokens.$inferSelect;
export type Address = typeof addresses.$inferSelect;
