import { and, eq, isNull, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { charges, gatewayCallbacks, paymentMethods } from '../../../db/schema/index.ts';

export type PaymentMethodRow = typeof paymentMethods.$inferSelect;
export type ChargeRow = typeof charges.$inferSelect;

/** Stores a card as the student's default (the same reference again is the same row). */
export async function saveDefaultCard(
  db: DbOrTx,
  values: {
    userId: number;
    gateway: string;
    gatewayReference: string;
    brand: string | null;
    last4: string | null;
    fingerprint: string | null;
  },
): Promise<PaymentMethodRow> {
  const [row] = await db
    .insert(paymentMethods)
    .values({ ...values, isDefault: true })
    .onConflictDoUpdate({
      target: [paymentMethods.gateway, paymentMethods.gatewayReference],
      set: { isDefault: true, revokedAt: null, fingerprint: values.fingerprint },
    })
    .returning();
  await db
    .update(paymentMethods)
    .set({ isDefault: false })
    .where(and(eq(paymentMethods.userId, values.userId), ne(paymentMethods.id, row!.id)));
  return row!;
}

export async function revokeCard(db: DbOrTx, id: number, at: Date) {
  await db
    .update(paymentMethods)
    .set({ revokedAt: at, isDefault: false })
    .where(eq(paymentMethods.id, id));
}

export async function findCard(db: DbOrTx, id: number) {
  const [row] = await db
    .select()
    .from(paymentMethods)
    .where(and(eq(paymentMethods.id, id), isNull(paymentMethods.revokedAt)))
    .limit(1);
  return row;
}

export async function findChargeByKey(db: DbOrTx, idempotencyKey: string) {
  const [row] = await db
    .select()
    .from(charges)
    .where(eq(charges.idempotencyKey, idempotencyKey))
    .limit(1);
  return row;
}

export async function insertCharge(db: DbOrTx, values: typeof charges.$inferInsert) {
  const [row] = await db.insert(charges).values(values).returning();
  return row!;
}

export async function updateCharge(
  db: DbOrTx,
  id: number,
  values: Partial<typeof charges.$inferInsert>,
) {
  await db
    .update(charges)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(charges.id, id));
}

export async function listChargesOfUser(db: DbOrTx, userId: number) {
  return db.select().from(charges).where(eq(charges.userId, userId)).orderBy(charges.id);
}

/**
 * Records a gateway callback and locks it: the first delivery inserts the row, a second one (even
 * concurrent) waits for the first to commit and then finds it processed.
 */
export async function claimCallback(
  db: DbOrTx,
  values: { gateway: string; eventId: string; payload: unknown },
) {
  await db.insert(gatewayCallbacks).values(values).onConflictDoNothing();
  const [row] = await db
    .select()
    .from(gatewayCallbacks)
    .where(
      and(
        eq(gatewayCallbacks.gateway, values.gateway),
        eq(gatewayCallbacks.eventId, values.eventId),
      ),
    )
    .for('update')
    .limit(1);
  return row!;
}

export async function markCallbackProcessed(
  db: DbOrTx,
  id: number,
  at: Date,
  outcome: { payload: unknown; error: string | null },
) {
  await db
    .update(gatewayCallbacks)
    .set({ processedAt: at, payload: outcome.payload, error: outcome.error })
    .where(eq(gatewayCallbacks.id, id));
}
