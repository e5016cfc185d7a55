import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { APPROVAL_RULES } from '@ensaya/core/engine/scoring';
import { createdAt, timestamps, timestamptz } from './columns.ts';

/**
 * A standard test: 1 = PAES, 2 = class B driving-licence theory exam. The ids are fixed (the spec's
 * rules name them) and `code` names them for code that should not rely on numbers.
 */
export const standardTests = pgTable(
  'standard_tests',
  {
    id: integer('id').primaryKey(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    description: text('description'),
    /** The most subjects one subscription to this test can hold (the spec's maxSubjects). */
    maxSubjects: smallint('max_subjects').notNull(),
    position: smallint('position').notNull().default(0),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('standard_tests_code_unique').on(t.code),
    check('standard_tests_max_subjects_positive', sql`${t.maxSubjects} > 0`),
  ],
);

/** A subject of a standard test (PAES Competencia Matemática M1, the class B theory exam...). */
export const subjects = pgTable(
  'subjects',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    standardTestId: integer('standard_test_id')
      .notNull()
      .references(() => standardTests.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    description: text('description'),
    /**
     * English description (docs/api.md, "Language"); empty: the Spanish one shows. The name is the
     * official test's and shows as it is in both languages.
     */
    descriptionEn: text('description_en'),
    /**
     * The subject's reference grade; what it means is `approval_rule`'s: class B's pass mark (33),
     * or the PAES minimum Competencia Lectora + M1 average to apply (458); unused with `none`.
     */
    approvalGrade: integer('approval_grade').notNull(),
    /** Core `APPROVAL_RULES`: `pass_mark`, `application_average` (PAES CL and M1) or `none`. */
    approvalRule: text('approval_rule', { enum: APPROVAL_RULES }).notNull().default('pass_mark'),
    position: smallint('position').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('subjects_standard_test_id_name_unique').on(t.standardTestId, t.name),
    check('subjects_approval_grade_non_negative', sql`${t.approvalGrade} >= 0`),
    check(
      'subjects_approval_rule_valid',
      sql`${t.approvalRule} in ('pass_mark', 'application_average', 'none')`,
    ),
  ],
);

/**
 * An exam edition of one subject ("PAES Admisión 2027" of M1): its length, question count and, through
 * period_themes, the theme weights a mock exam is drawn with. A subject has at most one current
 * period; attempts keep the period they were built from.
 */
export const periods = pgTable(
  'periods',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    subjectId: integer('subject_id')
      .notNull()
      .references(() => subjects.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    /** Minutes a mock exam lasts (the spec's test_duration). */
    testDuration: integer('test_duration').notNull(),
    /** Questions in a mock exam. */
    questionCount: integer('question_count').notNull(),
    /**
     * Of those, unscored pilot questions drawn at random (PAES: 5, as the real form); the grade
     * table covers the scored ones.
     */
    pilotCount: smallint('pilot_count').notNull().default(0),
    isCurrent: boolean('is_current').notNull().default(false),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('periods_subject_id_name_unique').on(t.subjectId, t.name),
    uniqueIndex('periods_one_current_per_subject')
      .on(t.subjectId)
      .where(sql`${t.isCurrent}`),
    check('periods_test_duration_positive', sql`${t.testDuration} > 0`),
    check('periods_question_count_positive', sql`${t.questionCount} > 0`),
    check(
      'periods_pilot_count_valid',
      sql`${t.pilotCount} >= 0 and ${t.pilotCount} < ${t.questionCount}`,
    ),
  ],
);

/** A theme (eje, topic) of a subject; questions belong to themes. */
export const themes = pgTable(
  'themes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    subjectId: integer('subject_id')
      .notNull()
      .references(() => subjects.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    description: text('description'),
    position: smallint('position').notNull().default(0),
    /**
     * An elective module (Ciencias: Electivo Biología, Química, Física): a mock exam holds the
     * common themes and the one elective the student chose.
     */
    isElective: boolean('is_elective').notNull().default(false),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('themes_subject_id_name_unique').on(t.subjectId, t.name),
    // Target of the composite foreign key that keeps a stem's theme in the stem's subject.
    unique('themes_id_subject_id_unique').on(t.id, t.subjectId),
  ],
);

/**
 * The weight of a theme in a period's mock exam (the spec's "theme assignment": id, theme_id,
 * period_id, weight). Weights are percentages; the back office keeps each period's sum at 100.
 */
export const periodThemes = pgTable(
  'period_themes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    periodId: integer('period_id')
      .notNull()
      .references(() => periods.id, { onDelete: 'cascade' }),
    themeId: integer('theme_id')
      .notNull()
      .references(() => themes.id, { onDelete: 'cascade' }),
    weight: integer('weight').notNull(),
  },
  (t) => [
    uniqueIndex('period_themes_period_id_theme_id_unique').on(t.periodId, t.themeId),
    index('period_themes_theme_id_idx').on(t.themeId),
    check('period_themes_weight_range', sql`${t.weight} >= 0 and ${t.weight} <= 100`),
  ],
);

/** Raw correct answers to score for official tests of a subject (PAES: 100..1000). */
export const gradeTables = pgTable(
  'grade_tables',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    subjectId: integer('subject_id')
      .notNull()
      .references(() => subjects.id, { onDelete: 'cascade' }),
    goodAnswersQuantity: integer('good_answers_quantity').notNull(),
    grade: integer('grade').notNull(),
  },
  (t) => [
    uniqueIndex('grade_tables_subject_id_good_answers_unique').on(
      t.subjectId,
      t.goodAnswersQuantity,
    ),
    check('grade_tables_good_answers_non_negative', sql`${t.goodAnswersQuantity} >= 0`),
    check('grade_tables_grade_non_negative', sql`${t.grade} >= 0`),
  ],
);

/** What a student subscribes to: a plan of one standard test. */
export const packages = pgTable(
  'packages',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    standardTestId: integer('standard_test_id')
      .notNull()
      .references(() => standardTests.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    description: text('description'),
    /** English name and description (docs/api.md, "Language"); empty: the Spanish ones show. */
    nameEn: text('name_en'),
    descriptionEn: text('description_en'),
    /** Validity of one paid period, in days (30, 90, 180, 365). */
    durationDays: integer('duration_days').notNull(),
    /** Whole pesos, VAT included. */
    priceClp: integer('price_clp').notNull(),
    /** Subjects a subscriber picks; when not below the test's max_subjects, all are included. */
    subjectsQuantity: smallint('subjects_quantity').notNull(),
    trialPeriodDays: integer('trial_period_days').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
    position: smallint('position').notNull().default(0),
    ...timestamps(),
  },
  (t) => [
    index('packages_standard_test_id_idx').on(t.standardTestId, t.position),
    check('packages_duration_days_positive', sql`${t.durationDays} > 0`),
    check('packages_price_clp_non_negative', sql`${t.priceClp} >= 0`),
    check('packages_subjects_quantity_positive', sql`${t.subjectsQuantity} > 0`),
    check('packages_trial_period_days_non_negative', sql`${t.trialPeriodDays} >= 0`),
  ],
);

/** The subjects a package offers (all of them, or those to choose subjects_quantity from). */
export const packageSubjects = pgTable(
  'package_subjects',
  {
    packageId: integer('package_id')
      .notNull()
      .references(() => packages.id, { onDelete: 'cascade' }),
    subjectId: integer('subject_id')
      .notNull()
      .references(() => subjects.id, { onDelete: 'restrict' }),
  },
  (t) => [
    primaryKey({ name: 'package_subjects_pkey', columns: [t.packageId, t.subjectId] }),
    index('package_subjects_subject_id_idx').on(t.subjectId),
  ],
);

/**
 * A coupon. `type` percent takes `value` percent off the price; amount takes `value` whole pesos.
 * redeemed_count is bumped in the transaction that redeems; the CHECK refuses going past max_uses.
 */
export const promoCodes = pgTable(
  'promo_codes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** Stored upper-case and trimmed. */
    code: text('code').notNull(),
    description: text('description'),
    type: text('type', { enum: ['percent', 'amount'] }).notNull(),
    value: integer('value').notNull(),
    /** Limits the coupon to one package; null means any. */
    packageId: integer('package_id').references(() => packages.id, { onDelete: 'cascade' }),
    validFrom: timestamptz('valid_from').notNull().defaultNow(),
    /** Null: no end. */
    validUntil: timestamptz('valid_until'),
    /** Null: unlimited. */
    maxUses: integer('max_uses'),
    maxUsesPerUser: integer('max_uses_per_user').notNull().default(1),
    redeemedCount: integer('redeemed_count').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('promo_codes_code_unique').on(t.code),
    check('promo_codes_type_valid', sql`${t.type} in ('percent', 'amount')`),
    check(
      'promo_codes_value_valid',
      sql`${t.value} > 0 and (${t.type} <> 'percent' or ${t.value} <= 100)`,
    ),
    check(
      'promo_codes_validity_window',
      sql`${t.validUntil} is null or ${t.validUntil} > ${t.validFrom}`,
    ),
    check(
      'promo_codes_redeemed_within_max',
      sql`${t.redeemedCount} >= 0 and (${t.maxUses} is null or ${t.redeemedCount} <= ${t.maxUses})`,
    ),
    check('promo_codes_max_uses_per_user_positive', sql`${t.maxUsesPerUser} > 0`),
  ],
);

export type StandardTest = typeof standardTests.$inferSelect;
export type Subject = typeof subjects.$inferSelect;
export type Period = typeof periods.$inferSelect;
export type Theme = typeof themes.$inferSelect;
export type PeriodTheme = typeof periodThemes.$inferSelect;
export type GradeTableRow = typeof gradeTables.$inferSelect;
export type Package = typeof packages.$inferSelect;
export type PromoCode = typeof promoCodes.$inferSelect;
