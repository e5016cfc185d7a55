import { createHash } from 'node:crypto';
import { compactRut } from '@ensaya/core/validation/rut';
import type { DbOrTx } from '../../../db/client.ts';
import * as repo from './repo.ts';

/**
 * A free trial is a one-time offer per person and standard test (docs/security.md "Trials:
 * one per person"). Who had one is told by keys, each claimed for the standard test when a trial
 * starts: the account, its e-mail without a "+tag" (the same mailbox), its tax id (the same RUT on
 * another account is the same person) and the card's fingerprint (the same card on another
 * account). trial_claims is unique on (key, standard test), so the database refuses a second claim
 * of any of them, also when requests race. Migration 0014 builds the same key texts in SQL for its
 * backfill: change both or neither.
 */
export type TrialKey = { kind: repo.TrialClaimKind; hash: string };

const keyOf = (kind: repo.TrialClaimKind, text: string): TrialKey => ({
  kind,
  hash: createHash('sha256').update(text, 'utf8').digest('hex'),
});

/** 'ana+trial2@gmail.com' and 'ana@gmail.com' are one mailbox. */
export function mailboxOf(email: string): string {
  return email
    .trim()
    .toLowerCase()
    .replace(/\+[^@]*@/, '@');
}

/** The keys of a person: account, mailbox and, when registered, tax id. */
export function personKeys(person: repo.TrialPerson): TrialKey[] {
  const keys = [
    keyOf('user', `user:${person.id}`),
    keyOf('email', `email:${mailboxOf(person.email)}`),
  ];
  const taxId = compactRut(person.taxId ?? '');
  if (taxId !== '') {
    keys.push(
      keyOf(
        'tax_id',
        person.taxIdType === 'rut' ? `rut:${taxId}` : `dni:${person.countryId ?? 0}:${taxId}`,
      ),
    );
  }
  return keys;
}

/** The key of a stored card, when its gateway gave a fingerprint. */
export function cardKey(card: { gateway: string; fingerprint: string | null }): TrialKey | null {
  return card.fingerprint ? keyOf('card', `card:${card.gateway}:${card.fingerprint}`) : null;
}

/**
 * The standard tests this student already had a trial of: claimed by any of their keys (the same
 * RUT or mailbox on another account counts), or started by one of their own subscriptions.
 */
export async function usedTrialTests(db: DbOrTx, userId: number): Promise<Set<number>> {
  const person = await repo.findTrialPerson(db, userId);
  if (!person) return new Set();
  const claimed = await repo.findClaimedTests(
    db,
    personKeys(person).map((key) => key.hash),
  );
  const started = await repo.findTrialStartedTests(db, userId);
  return new Set([...claimed.map((claim) => claim.standardTestId), ...started]);
}

/** Whether this student may still have a trial of the standard test (their card is checked later). */
export async function isTrialAvailable(db: DbOrTx, userId: number, standardTestId: number) {
  const asked = { id: 0, userId, standardTestId, card: null };
  return !(await subscriptionsWithTrialUsed(db, [asked])).has(asked.id);
}

/**
 * Claims the trial of `subscription` (its standard test) for its student and card, inside the
 * transaction that starts it. All keys or none: when any is taken (now, or by a concurrent
 * transaction that commits first) the ones inserted here are removed and the answer is false.
 * Keys are inserted in one order (by hash) so that racing claims wait on each other, never deadlock.
 */
export async function claimTrial(
  tx: DbOrTx,
  subscription: { id: number; userId: number },
  standardTestId: number,
  card: { gateway: string; fingerprint: string | null } | null,
  now: Date,
): Promise<boolean> {
  const person = await repo.findTrialPerson(tx, subscription.userId);
  if (!person) return false;
  const own = card ? cardKey(card) : null;
  const keys = [...personKeys(person), ...(own ? [own] : [])].sort((a, b) =>
    a.hash < b.hash ? -1 : a.hash > b.hash ? 1 : 0,
  );
  const started = await repo.findTrialStartedTests(tx, subscription.userId, subscription.id);
  if (started.includes(standardTestId)) return false;
  const inserted = await repo.insertTrialClaims(
    tx,
    keys.map((key) => ({
      standardTestId,
      kind: key.kind,
      keyHash: key.hash,
      userId: subscription.userId,
      userSubscriptionId: subscription.id,
      claimedAt: now,
    })),
  );
  if (inserted.length === keys.length) return true;
  await repo.deleteTrialClaims(tx, inserted);
  return false;
}

/**
 * The subscriptions, among those waiting for their card (Created, Pending), whose student (or whose
 * card, when one is stored already) had a trial of the package's standard test: no trial applies
 * to them. A student has had one when any of their keys (or the card's) claimed it, or when one of
 * their own subscriptions of the test ever started a trial (a row written without a claim, such as
 * the demo seed's, still counts). Three queries per student, whatever the number of rows.
 */
export async function subscriptionsWithTrialUsed(
  db: DbOrTx,
  rows: Array<{
    id: number;
    userId: number;
    standardTestId: number;
    card: { gateway: string; fingerprint: string | null } | null;
  }>,
): Promise<Set<number>> {
  const used = new Set<number>();
  for (const userId of new Set(rows.map((row) => row.userId))) {
    const own = rows.filter((row) => row.userId === userId);
    const person = await repo.findTrialPerson(db, userId);
    if (!person) continue;
    const personHashes = new Set(personKeys(person).map((key) => key.hash));
    const cardHashes = new Map(
      own.map((row) => [row.id, row.card ? cardKey(row.card)?.hash : undefined]),
    );
    const hashes = [
      ...personHashes,
      ...[...cardHashes.values()].filter((hash) => hash !== undefined),
    ];
    const claimed = await repo.findClaimedTests(db, hashes);
    const started = await repo.findTrialStartedTests(db, userId);
    for (const row of own) {
      const isUsed =
        started.includes(row.standardTestId) ||
        claimed.some(
          (claim) =>
            claim.standardTestId === row.standardTestId &&
            (personHashes.has(claim.keyHash) || claim.keyHash === cardHashes.get(row.id)),
        );
      if (isUsed) used.add(row.id);
    }
  }
  return used;
}
