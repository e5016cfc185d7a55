import { sql } from 'drizzle-orm';
import { SUBSCRIPTION_STATUSES } from '@ensaya/core/subscriptions/access';
import {
  bigint,
  boolean,
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { packages, promoCodes, standardTests, subjects } from './catalog.ts';
import { createdAt, timestamps, timestamptz } from './columns.ts';

// Money: whole CLP (integer) VAT included, except charges.amount (the card validation charge is
// CLP 1784.64). Financial rows (invoices, charges, redemptions) are never removed by a cascade:
// a user or subscription that has them cannot be deleted, only anonymized.

/**
 * A card stored at a payment gateway; we keep only its reference, brand, last four digits and the
 * fingerprint that tells the same card on another account (trials are once per card).
 */
export const paymentMethods = pgTable(
  'payment_methods',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 'sandbox', 'transbank_oneclick', later 'stripe'. */
    gateway: text('gateway').notNull(),
    gatewayReference: text('gateway_reference').notNull(),
    brand: text('brand'),
    last4: text('last4'),
    /**
     * The same card gives the same value on any account, as its gateway allows: the sandbox's
     * fingerprint of the whole number; Transbank's card type and last four ('visa:6623'). Null when
     * the gateway gave nothing (and for sandbox cards stored before migration 0014).
     */
    fingerprint: text('fingerprint'),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: createdAt(),
    /** Removed by the student or invalidated by the gateway; kept for the charges that used it. */
    revokedAt: timestamptz('revoked_at'),
  },
  (t) => [
    uniqueIndex('payment_methods_gateway_reference_unique').on(t.gateway, t.gatewayReference),
    index('payment_methods_user_id_idx').on(t.userId),
    check('payment_methods_last4_digits', sql`${t.last4} ~ '^[0-9]{4}$'`),
  ],
);

/**
 * A student's subscription to a package. Prices are copied from the package, the region's VAT and
 * the coupon when the subscription is priced, so later catalog changes do not alter it.
 */
export const userSubscriptions = pgTable(
  'user_subscriptions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    packageId: integer('package_id')
      .notNull()
      .references(() => packages.id, { onDelete: 'restrict' }),
    status: text('status', { enum: SUBSCRIPTION_STATUSES }).notNull().default('Created'),
    trialStartedAt: timestamptz('trial_started_at'),
    /** Days; copied from the package's trial_period_days. */
    trialDuration: integer('trial_duration').notNull().default(0),
    subscriptionStart: timestamptz('subscription_start'),
    /** Access ends here; with status Pause (renewal off) access lasts until then. */
    subscriptionEnd: timestamptz('subscription_end'),
    autoRenew: boolean('auto_renew').notNull().default(true),
    /** VAT percentage of the student's region when priced (the spec's payment_tax). */
    paymentTax: numeric('payment_tax', { precision: 5, scale: 2, mode: 'number' })
      .notNull()
      .default(19),
    priceNet: integer('price_net').notNull().default(0),
    discount: integer('discount').notNull().default(0),
    vat: integer('vat').notNull().default(0),
    total: integer('total').notNull().default(0),
    promoCodeId: integer('promo_code_id').references(() => promoCodes.id, {
      onDelete: 'restrict',
    }),
    paymentMethodId: integer('payment_method_id').references(() => paymentMethods.id, {
      onDelete: 'set null',
    }),
    canceledAt: timestamptz('canceled_at'),
    ...timestamps(),
  },
  (t) => [
    index('user_subscriptions_user_id_status_idx').on(t.userId, t.status),
    // Renewal and expiry jobs look for subscriptions whose period ends soon.
    index('user_subscriptions_status_end_idx').on(t.status, t.subscriptionEnd),
    index('user_subscriptions_package_id_idx').on(t.packageId),
    check(
      'user_subscriptions_status_valid',
      sql`${t.status} in ('Created', 'Trial', 'Active', 'Pause', 'Pending_payment', 'Pending', 'Canceled')`,
    ),
    check('user_subscriptions_trial_duration_non_negative', sql`${t.trialDuration} >= 0`),
    check(
      'user_subscriptions_payment_tax_range',
      sql`${t.paymentTax} >= 0 and ${t.paymentTax} <= 100`,
    ),
    check(
      'user_subscriptions_amounts_non_negative',
      sql`${t.priceNet} >= 0 and ${t.discount} >= 0 and ${t.vat} >= 0 and ${t.total} >= 0`,
    ),
    check(
      'user_subscriptions_period_order',
      sql`${t.subscriptionEnd} is null or ${t.subscriptionStart} is null or ${t.subscriptionEnd} >= ${t.subscriptionStart}`,
    ),
  ],
);

/** The subjects a subscription gives access to. */
export const userSubscriptionSubjects = pgTable(
  'user_subscription_subjects',
  {
    userSubscriptionId: integer('user_subscription_id').notNull(),
    subjectId: integer('subject_id')
      .notNull()
      .references(() => subjects.id, { onDelete: 'restrict' }),
  },
  (t) => [
    primaryKey({
      name: 'user_subscription_subjects_pkey',
      columns: [t.userSubscriptionId, t.subjectId],
    }),
    foreignKey({
      name: 'user_subscription_subjects_subscription_fk',
      columns: [t.userSubscriptionId],
      foreignColumns: [userSubscriptions.id],
    }).onDelete('cascade'),
    index('user_subscription_subjects_subject_id_idx').on(t.subjectId),
  ],
);

/** Answers to the cancel-flow questionnaire (settings key feedback_builder). */
export const subscriptionFeedback = pgTable(
  'subscription_feedback',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userSubscriptionId: integer('user_subscription_id').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** [{ field_type, question, answer }], the questions as they were asked. */
    answers: jsonb('answers').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    foreignKey({
      name: 'subscription_feedback_subscription_fk',
      columns: [t.userSubscriptionId],
      foreignColumns: [userSubscriptions.id],
    }).onDelete('cascade'),
    index('subscription_feedback_subscription_id_idx').on(t.userSubscriptionId),
    index('subscription_feedback_user_id_idx').on(t.userId),
  ],
);

/**
 * A coupon applied to a subscription; once per subscription (spec 000, section 4). A student's uses
 * of one coupon are numbered 1..max_uses_per_user and unique, so racing requests store one.
 */
export const promoRedemptions = pgTable(
  'promo_redemptions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    promoCodeId: integer('promo_code_id')
      .notNull()
      .references(() => promoCodes.id, { onDelete: 'restrict' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    userSubscriptionId: integer('user_subscription_id')
      .notNull()
      .references(() => userSubscriptions.id, { onDelete: 'restrict' }),
    /** Whole CLP taken off. */
    discount: integer('discount').notNull(),
    /** This student's n-th use of the coupon (1 for the first). */
    useNumber: integer('use_number').notNull(),
    redeemedAt: timestamptz('redeemed_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('promo_redemptions_subscription_unique').on(t.userSubscriptionId),
    uniqueIndex('promo_redemptions_promo_user_use_unique').on(t.promoCodeId, t.userId, t.useNumber),
    index('promo_redemptions_user_id_idx').on(t.userId),
    check('promo_redemptions_discount_non_negative', sql`${t.discount} >= 0`),
    check('promo_redemptions_use_number_positive', sql`${t.useNumber} >= 1`),
  ],
);

/**
 * A free trial is once per person and standard test: each trial claims the keys of who
 * started it (account, e-mail without its "+tag", tax id) and of its card, stored as the SHA-256 of
 * the key text (see `areas/sales/subscriptions/trial-claims.ts`). (key_hash, standard_test_id) is
 * unique, so a second trial of the same person, RUT, e-mail or card cannot be recorded. Claims
 * outlive the account and the subscription.
 */
export const trialClaims = pgTable(
  'trial_claims',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    standardTestId: integer('standard_test_id')
      .notNull()
      .references(() => standardTests.id, { onDelete: 'restrict' }),
    kind: text('kind', { enum: ['user', 'email', 'tax_id', 'card'] }).notNull(),
    keyHash: text('key_hash').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    userSubscriptionId: integer('user_subscription_id').references(() => userSubscriptions.id, {
      onDelete: 'set null',
    }),
    claimedAt: timestamptz('claimed_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('trial_claims_key_test_unique').on(t.keyHash, t.standardTestId),
    index('trial_claims_user_id_idx').on(t.userId),
    index('trial_claims_user_subscription_id_idx').on(t.userSubscriptionId),
    check('trial_claims_kind_valid', sql`${t.kind} in ('user', 'email', 'tax_id', 'card')`),
  ],
);

/**
 * What a subscription owes for one period. Open invoices are charged by jobs (attempt_count,
 * next_attempt_at: dunning); open, paid and uncollectible drive the spec's payment notices.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** Human-readable and unique, e.g. 'ENS-2026-000123'. */
    number: text('number').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    userSubscriptionId: integer('user_subscription_id')
      .notNull()
      .references(() => userSubscriptions.id, { onDelete: 'restrict' }),
    periodStart: timestamptz('period_start').notNull(),
    periodEnd: timestamptz('period_end').notNull(),
    net: integer('net').notNull(),
    discount: integer('discount').notNull().default(0),
    vat: integer('vat').notNull(),
    total: integer('total').notNull(),
    status: text('status', { enum: ['open', 'paid', 'uncollectible', 'void'] })
      .notNull()
      .default('open'),
    attemptCount: integer('attempt_count').notNull().default(0),
    nextAttemptAt: timestamptz('next_attempt_at'),
    paidAt: timestamptz('paid_at'),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('invoices_number_unique').on(t.number),
    // One invoice per subscription period: a renewal job that runs twice creates nothing twice.
    uniqueIndex('invoices_subscription_period_unique').on(t.userSubscriptionId, t.periodStart),
    index('invoices_user_id_idx').on(t.userId),
    index('invoices_open_next_attempt_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'open'`),
    check('invoices_status_valid', sql`${t.status} in ('open', 'paid', 'uncollectible', 'void')`),
    check(
      'invoices_amounts_non_negative',
      sql`${t.net} >= 0 and ${t.discount} >= 0 and ${t.vat} >= 0 and ${t.total} >= 0`,
    ),
    check('invoices_period_order', sql`${t.periodEnd} > ${t.periodStart}`),
    check('invoices_paid_has_date', sql`${t.status} <> 'paid' or ${t.paidAt} is not null`),
  ],
);

/**
 * One attempt to move money at a gateway: the card validation charge (refunded) or an invoice
 * payment. The idempotency key is sent to the gateway, so a retried job cannot charge twice.
 */
export const charges = pgTable(
  'charges',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    invoiceId: integer('invoice_id').references(() => invoices.id, { onDelete: 'restrict' }),
    paymentMethodId: integer('payment_method_id').references(() => paymentMethods.id, {
      onDelete: 'set null',
    }),
    gateway: text('gateway').notNull(),
    gatewayChargeId: text('gateway_charge_id'),
    /** CLP with cents: the validation charge is 1784.64. A string, to stay exact. */
    amount: numeric('amount', { precision: 12, scale: 2 }).notNull(),
    kind: text('kind', { enum: ['validation', 'invoice'] }).notNull(),
    status: text('status', { enum: ['pending', 'paid', 'declined', 'failed'] })
      .notNull()
      .default('pending'),
    idempotencyKey: text('idempotency_key').notNull(),
    declineReason: text('decline_reason'),
    refundedAt: timestamptz('refunded_at'),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('charges_idempotency_key_unique').on(t.idempotencyKey),
    uniqueIndex('charges_gateway_charge_id_unique')
      .on(t.gateway, t.gatewayChargeId)
      .where(sql`${t.gatewayChargeId} is not null`),
    index('charges_invoice_id_idx')
      .on(t.invoiceId)
      .where(sql`${t.invoiceId} is not null`),
    index('charges_user_id_idx').on(t.userId),
    check('charges_kind_valid', sql`${t.kind} in ('validation', 'invoice')`),
    check('charges_status_valid', sql`${t.status} in ('pending', 'paid', 'declined', 'failed')`),
    check('charges_amount_positive', sql`${t.amount} > 0`),
    check(
      'charges_invoice_kind_has_invoice',
      sql`${t.kind} <> 'invoice' or ${t.invoiceId} is not null`,
    ),
  ],
);

/**
 * Every callback a gateway sends, stored before it is handled. (gateway, event_id) is unique, so a
 * callback delivered twice is handled once.
 */
export const gatewayCallbacks = pgTable(
  'gateway_callbacks',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    gateway: text('gateway').notNull(),
    eventId: text('event_id').notNull(),
    payload: jsonb('payload').notNull(),
    receivedAt: timestamptz('received_at').notNull().defaultNow(),
    processedAt: timestamptz('processed_at'),
    error: text('error'),
  },
  (t) => [
    uniqueIndex('gateway_callbacks_gateway_event_unique').on(t.gateway, t.eventId),
    index('gateway_callbacks_unprocessed_idx')
      .on(t.receivedAt)
      .where(sql`${t.processedAt} is null`),
  ],
);

export type PaymentMethod = typeof paymentMethods.$inferSelect;
export type UserSubscription = typeof userSubscriptions.$inferSelect;
export type SubscriptionFeedback = typeof subscriptionFeedback.$inferSelect;
export type PromoRedemption = typeof promoRedemptions.$inferSelect;
export type TrialClaim = typeof trialClaims.$inferSelect;
export type Invoice = typeof invoices.$inferSelect;
export type Charge = typeof charges.$inferSelect;
export type GatewayCallback = typeof gatewayCallbacks.$inferSelect;
