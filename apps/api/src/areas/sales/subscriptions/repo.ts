import { randomUUID } from 'node:crypto';
import { and, asc, count, desc, eq, inArray, isNotNull, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import {
  addresses,
  cities,
  invoices,
  packages,
  packageSubjects,
  paymentMethods,
  promoCodes,
  promoRedemptions,
  standardTests,
  states,
  subjects,
  subscriptionFeedback,
  towns,
  trialClaims,
  users,
  userSubscriptions,
  userSubscriptionSubjects,
} from '../../../db/schema/index.ts';

export type SubscriptionRow = typeof userSubscriptions.$inferSelect;
export type InvoiceRow = typeof invoices.$inferSelect;
export type PromoCodeRow = typeof promoCodes.$inferSelect;

const packageColumns = {
  id: packages.id,
  name: packages.name,
  description: packages.description,
  nameEn: packages.nameEn,
  descriptionEn: packages.descriptionEn,
  durationDays: packages.durationDays,
  priceClp: packages.priceClp,
  subjectsQuantity: packages.subjectsQuantity,
  standardTestId: packages.standardTestId,
  trialPeriodDays: packages.trialPeriodDays,
  isActive: packages.isActive,
  maxSubjects: standardTests.maxSubjects,
};
export type PackageView = {
  id: number;
  name: string;
  description: string | null;
  nameEn: string | null;
  descriptionEn: string | null;
  durationDays: number;
  priceClp: number;
  subjectsQuantity: number;
  standardTestId: number;
  trialPeriodDays: number;
  isActive: boolean;
  maxSubjects: number;
};

// --- Catalog ---------------------------------------------------------------------------------------

export async function listPackages(db: DbOrTx, standardTestId?: number): Promise<PackageView[]> {
  return db
    .select(packageColumns)
    .from(packages)
    .innerJoin(standardTests, eq(standardTests.id, packages.standardTestId))
    .where(
      and(
        eq(packages.isActive, true),
        standardTestId ? eq(packages.standardTestId, standardTestId) : undefined,
      ),
    )
    .orderBy(asc(standardTests.position), asc(packages.position), asc(packages.id));
}

export async function findPackage(db: DbOrTx, id: number): Promise<PackageView | undefined> {
  const [row] = await db
    .select(packageColumns)
    .from(packages)
    .innerJoin(standardTests, eq(standardTests.id, packages.standardTestId))
    .where(eq(packages.id, id))
    .limit(1);
  return row;
}

export async function findStandardTest(db: DbOrTx, id: number) {
  const [row] = await db.select().from(standardTests).where(eq(standardTests.id, id)).limit(1);
  return row;
}

export async function listPackageSubjects(db: DbOrTx, packageId: number) {
  return db
    .select({
      id: subjects.id,
      name: subjects.name,
      description: subjects.description,
      descriptionEn: subjects.descriptionEn,
      standardTestId: subjects.standardTestId,
    })
    .from(packageSubjects)
    .innerJoin(subjects, eq(subjects.id, packageSubjects.subjectId))
    .where(and(eq(packageSubjects.packageId, packageId), eq(subjects.isActive, true)))
    .orderBy(asc(subjects.position), asc(subjects.id));
}

/** The VAT % of the region of the student's current address; undefined without an address. */
export async function findUserRegionVat(db: DbOrTx, userId: number) {
  const [row] = await db
    .select({ vat: states.vatPercentage })
    .from(users)
    .innerJoin(addresses, eq(addresses.id, users.addressId))
    .innerJoin(towns, eq(towns.id, addresses.townId))
    .innerJoin(cities, eq(cities.id, towns.cityId))
    .innerJoin(states, eq(states.id, cities.stateId))
    .where(eq(users.id, userId))
    .limit(1);
  return row?.vat;
}

export async function findUser(db: DbOrTx, userId: number) {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      name: users.name,
      language: users.language,
      permissions: users.permissions,
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row;
}

// --- Subscriptions -----------------------------------------------------------------------------------

export async function insertSubscription(
  db: DbOrTx,
  values: typeof userSubscriptions.$inferInsert,
): Promise<SubscriptionRow> {
  const [row] = await db.insert(userSubscriptions).values(values).returning();
  return row!;
}

export async function replaceSubscriptionSubjects(
  db: DbOrTx,
  subscriptionId: number,
  subjectIds: number[],
) {
  await db
    .delete(userSubscriptionSubjects)
    .where(eq(userSubscriptionSubjects.userSubscriptionId, subscriptionId));
  await db
    .insert(userSubscriptionSubjects)
    .values(subjectIds.map((subjectId) => ({ userSubscriptionId: subscriptionId, subjectId })));
}

export async function findSubscription(
  db: DbOrTx,
  id: number,
  options: { lock?: boolean } = {},
): Promise<SubscriptionRow | undefined> {
  const query = db.select().from(userSubscriptions).where(eq(userSubscriptions.id, id)).limit(1);
  const [row] = options.lock ? await query.for('update') : await query;
  return row;
}

/** Changes a subscription only while it still has `fromStatus`; undefined when it did not. */
export async function updateSubscription(
  db: DbOrTx,
  id: number,
  fromStatus: SubscriptionRow['status'],
  values: Partial<typeof userSubscriptions.$inferInsert>,
): Promise<SubscriptionRow | undefined> {
  const [row] = await db
    .update(userSubscriptions)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(userSubscriptions.id, id), eq(userSubscriptions.status, fromStatus)))
    .returning();
  return row;
}

export async function listUserSubscriptions(
  db: DbOrTx,
  userId: number,
  options: { status?: SubscriptionRow['status']; limit: number; offset: number },
) {
  const where = and(
    eq(userSubscriptions.userId, userId),
    options.status ? eq(userSubscriptions.status, options.status) : undefined,
  );
  const rows = await db
    .select()
    .from(userSubscriptions)
    .where(where)
    .orderBy(desc(userSubscriptions.id))
    .limit(options.limit)
    .offset(options.offset);
  const [total] = await db.select({ value: count() }).from(userSubscriptions).where(where);
  return { rows, total: total?.value ?? 0 };
}

export async function listAllUserSubscriptionStatuses(db: DbOrTx, userId: number) {
  return db
    .select({
      id: userSubscriptions.id,
      status: userSubscriptions.status,
      trialStartedAt: userSubscriptions.trialStartedAt,
      trialDuration: userSubscriptions.trialDuration,
    })
    .from(userSubscriptions)
    .where(eq(userSubscriptions.userId, userId))
    .orderBy(desc(userSubscriptions.id));
}

/** Every subscription of the student with its package's standard test, newest first. */
export async function listUserSubscriptionsWithTest(db: DbOrTx, userId: number) {
  return db
    .select({
      id: userSubscriptions.id,
      status: userSubscriptions.status,
      trialStartedAt: userSubscriptions.trialStartedAt,
      trialDuration: userSubscriptions.trialDuration,
      subscriptionEnd: userSubscriptions.subscriptionEnd,
      standardTestId: standardTests.id,
      standardTestName: standardTests.name,
    })
    .from(userSubscriptions)
    .innerJoin(packages, eq(packages.id, userSubscriptions.packageId))
    .innerJoin(standardTests, eq(standardTests.id, packages.standardTestId))
    .where(eq(userSubscriptions.userId, userId))
    .orderBy(desc(userSubscriptions.id));
}

/** What presenting subscriptions needs besides their rows, in one query per kind. */
export async function subscriptionDetails(db: DbOrTx, rows: SubscriptionRow[]) {
  const ids = rows.map((row) => row.id);
  const packageIds = [...new Set(rows.map((row) => row.packageId))];
  const promoIds = rows.flatMap((row) => (row.promoCodeId ? [row.promoCodeId] : []));
  const methodIds = rows.flatMap((row) => (row.paymentMethodId ? [row.paymentMethodId] : []));
  if (ids.length === 0) return undefined;
  // One after another: inside a transaction the queries share one connection.
  const packageRows = await db
    .select(packageColumns)
    .from(packages)
    .innerJoin(standardTests, eq(standardTests.id, packages.standardTestId))
    .where(inArray(packages.id, packageIds));
  const subjectRows = await db
    .select({
      subscriptionId: userSubscriptionSubjects.userSubscriptionId,
      id: subjects.id,
      name: subjects.name,
    })
    .from(userSubscriptionSubjects)
    .innerJoin(subjects, eq(subjects.id, userSubscriptionSubjects.subjectId))
    .where(inArray(userSubscriptionSubjects.userSubscriptionId, ids))
    .orderBy(asc(subjects.position), asc(subjects.id));
  const promoRows = promoIds.length
    ? await db.select().from(promoCodes).where(inArray(promoCodes.id, promoIds))
    : [];
  const methodRows = methodIds.length
    ? await db.select().from(paymentMethods).where(inArray(paymentMethods.id, methodIds))
    : [];
  const invoiceRows = await db
    .select({
      subscriptionId: invoices.userSubscriptionId,
      status: invoices.status,
      id: invoices.id,
      number: invoices.number,
      total: invoices.total,
      attemptCount: invoices.attemptCount,
      nextAttemptAt: invoices.nextAttemptAt,
    })
    .from(invoices)
    .where(inArray(invoices.userSubscriptionId, ids))
    .orderBy(desc(invoices.id));
  return {
    packages: new Map(packageRows.map((row) => [row.id, row])),
    subjects: subjectRows,
    promoCodes: new Map(promoRows.map((row) => [row.id, row])),
    methods: new Map(methodRows.map((row) => [row.id, row])),
    invoices: invoiceRows,
  };
}

// --- Coupons -------------------------------------------------------------------------------------------

export async function findPromoCode(db: DbOrTx, code: string): Promise<PromoCodeRow | undefined> {
  const [row] = await db
    .select()
    .from(promoCodes)
    .where(eq(promoCodes.code, code.trim().toUpperCase()))
    .limit(1);
  return row;
}

export async function findPromoCodeById(db: DbOrTx, id: number) {
  const [row] = await db.select().from(promoCodes).where(eq(promoCodes.id, id)).limit(1);
  return row;
}

export async function countUserRedemptions(db: DbOrTx, promoCodeId: number, userId: number) {
  const [row] = await db
    .select({ value: count() })
    .from(promoRedemptions)
    .where(and(eq(promoRedemptions.promoCodeId, promoCodeId), eq(promoRedemptions.userId, userId)));
  return row?.value ?? 0;
}

/** Takes one use of the coupon unless it is used up (then false); atomic under concurrency. */
export async function takePromoUse(db: DbOrTx, promoCodeId: number): Promise<boolean> {
  const rows = await db
    .update(promoCodes)
    .set({ redeemedCount: sql`${promoCodes.redeemedCount} + 1` })
    .where(
      and(
        eq(promoCodes.id, promoCodeId),
        sql`(${promoCodes.maxUses} is null or ${promoCodes.redeemedCount} < ${promoCodes.maxUses})`,
      ),
    )
    .returning({ id: promoCodes.id });
  return rows.length === 1;
}

export async function insertRedemption(db: DbOrTx, values: typeof promoRedemptions.$inferInsert) {
  const rows = await db
    .insert(promoRedemptions)
    .values(values)
    .onConflictDoNothing()
    .returning({ id: promoRedemptions.id });
  return rows.length === 1;
}

// --- Trial claims --------------------------------------------------------------------------------------

export type TrialClaimKind = (typeof trialClaims.$inferSelect)['kind'];
export type TrialPerson = {
  id: number;
  email: string;
  taxId: string | null;
  taxIdType: 'rut' | 'dni' | null;
  countryId: number | null;
};

/** What tells a person apart for trials: account, e-mail, tax id and its kind and country. */
export async function findTrialPerson(
  db: DbOrTx,
  userId: number,
): Promise<TrialPerson | undefined> {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      taxId: users.taxId,
      taxIdType: users.taxIdType,
      countryId: users.countryId,
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row;
}

/** The claims held by any of these keys, with their standard test. */
export async function findClaimedTests(db: DbOrTx, keyHashes: string[]) {
  if (keyHashes.length === 0) return [];
  return db
    .select({ standardTestId: trialClaims.standardTestId, keyHash: trialClaims.keyHash })
    .from(trialClaims)
    .where(inArray(trialClaims.keyHash, keyHashes));
}

/** The standard tests of the student's subscriptions that ever started a trial. */
export async function findTrialStartedTests(
  db: DbOrTx,
  userId: number,
  exceptSubscriptionId?: number,
): Promise<number[]> {
  const rows = await db
    .selectDistinct({ standardTestId: packages.standardTestId })
    .from(userSubscriptions)
    .innerJoin(packages, eq(packages.id, userSubscriptions.packageId))
    .where(
      and(
        eq(userSubscriptions.userId, userId),
        isNotNull(userSubscriptions.trialStartedAt),
        exceptSubscriptionId === undefined
          ? undefined
          : ne(userSubscriptions.id, exceptSubscriptionId),
      ),
    );
  return rows.map((row) => row.standardTestId);
}

/** Inserts the claims whose key is free for their test; answers the ids of those inserted. */
export async function insertTrialClaims(
  db: DbOrTx,
  values: (typeof trialClaims.$inferInsert)[],
): Promise<number[]> {
  const rows = await db
    .insert(trialClaims)
    .values(values)
    .onConflictDoNothing({ target: [trialClaims.keyHash, trialClaims.standardTestId] })
    .returning({ id: trialClaims.id });
  return rows.map((row) => row.id);
}

export async function deleteTrialClaims(db: DbOrTx, ids: number[]) {
  if (ids.length > 0) await db.delete(trialClaims).where(inArray(trialClaims.id, ids));
}

// --- Feedback ------------------------------------------------------------------------------------------

export async function insertFeedback(db: DbOrTx, values: typeof subscriptionFeedback.$inferInsert) {
  await db.insert(subscriptionFeedback).values(values);
}

// --- Invoices ------------------------------------------------------------------------------------------

/** The period's invoice, made once: a second call for the same period returns the first one. */
export async function openInvoice(
  db: DbOrTx,
  values: Omit<typeof invoices.$inferInsert, 'number'>,
): Promise<InvoiceRow> {
  const [inserted] = await db
    .insert(invoices)
    .values({ ...values, number: `tmp-${randomUUID()}` })
    .onConflictDoNothing()
    .returning();
  if (inserted) {
    const year = values.periodStart.getUTCFullYear();
    const [numbered] = await db
      .update(invoices)
      .set({ number: `ENS-${year}-${String(inserted.id).padStart(6, '0')}` })
      .where(eq(invoices.id, inserted.id))
      .returning();
    return numbered!;
  }
  const [existing] = await db
    .select()
    .from(invoices)
    .where(
      and(
        eq(invoices.userSubscriptionId, values.userSubscriptionId),
        eq(invoices.periodStart, values.periodStart),
      ),
    )
    .limit(1);
  return existing!;
}

export async function findOpenInvoice(db: DbOrTx, subscriptionId: number, lock = false) {
  const query = db
    .select()
    .from(invoices)
    .where(and(eq(invoices.userSubscriptionId, subscriptionId), eq(invoices.status, 'open')))
    .orderBy(desc(invoices.id))
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function findInvoice(db: DbOrTx, id: number, lock = false) {
  const query = db.select().from(invoices).where(eq(invoices.id, id)).limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function updateInvoice(
  db: DbOrTx,
  id: number,
  values: Partial<typeof invoices.$inferInsert>,
) {
  await db
    .update(invoices)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(invoices.id, id));
}

export async function listUserInvoices(
  db: DbOrTx,
  userId: number,
  options: { limit: number; offset: number },
) {
  const rows = await db
    .select({ invoice: invoices, packageName: packages.name, packageNameEn: packages.nameEn })
    .from(invoices)
    .innerJoin(userSubscriptions, eq(userSubscriptions.id, invoices.userSubscriptionId))
    .innerJoin(packages, eq(packages.id, userSubscriptions.packageId))
    .where(eq(invoices.userId, userId))
    .orderBy(desc(invoices.id))
    .limit(options.limit)
    .offset(options.offset);
  const [total] = await db
    .select({ value: count() })
    .from(invoices)
    .where(eq(invoices.userId, userId));
  return { rows, total: total?.value ?? 0 };
}

/** The student's other Active (or Trial) subscriptions to the same standard test. */
export async function findOtherRenewingOfTest(db: DbOrTx, subscription: SubscriptionRow) {
  const [pack] = await db
    .select({ standardTestId: packages.standardTestId })
    .from(packages)
    .where(eq(packages.id, subscription.packageId));
  const rows = await db
    .select({ row: userSubscriptions })
    .from(userSubscriptions)
    .innerJoin(packages, eq(packages.id, userSubscriptions.packageId))
    .where(
      and(
        eq(userSubscriptions.userId, subscription.userId),
        inArray(userSubscriptions.status, ['Active', 'Trial']),
        eq(packages.standardTestId, pack!.standardTestId),
        ne(userSubscriptions.id, subscription.id),
      ),
    )
    .for('update', { of: userSubscriptions });
  return rows.map(({ row }) => row);
}
