import { hasAccess } from '@ensaya/core/subscriptions/access';
import { CARD_VALIDATION_AMOUNT, trialEnd } from '@ensaya/core/subscriptions/lifecycle';
import type { Db, DbOrTx } from '../../../db/client.ts';
import { AppError } from '../../../lib/app-error.ts';
import {
  chargeOnce,
  collectInvoice,
  invoiceFor,
  moveTo,
  type BillingDeps,
} from '../subscriptions/billing.ts';
import * as subscriptions from '../subscriptions/repo.ts';
import { assertPayable, ownSubscription } from '../subscriptions/service.ts';
import { claimTrial } from '../subscriptions/trial-claims.ts';
import {
  GatewayError,
  hmac,
  sameHex,
  type Card,
  type GatewayName,
  type ReturnEvent,
} from './gateway.ts';
import * as repo from './repo.ts';

export type PaymentDeps = BillingDeps & { appKey: string };

/** The return URL names the subscription and is signed, so a return cannot be aimed at another. */
function returnSignature(appKey: string, gateway: string, subscriptionId: number) {
  return hmac(appKey, `payment-return:${gateway}:${subscriptionId}`);
}

const returnPath = (gateway: GatewayName, subscriptionId: number) =>
  `/api/payments/${gateway}/return/${subscriptionId}`;

export function returnUrl(deps: PaymentDeps, gateway: GatewayName, subscriptionId: number) {
  const signature = returnSignature(deps.appKey, gateway, subscriptionId);
  return `${deps.appUrl}${returnPath(gateway, subscriptionId)}?sig=${signature}`;
}

/** The enrollment was started for this return (when the gateway's answer names its return URL). */
function isEventFor(event: ReturnEvent, gateway: GatewayName, subscriptionId: number) {
  if (event.returnUrl === undefined) return true;
  try {
    return new URL(event.returnUrl).pathname === returnPath(gateway, subscriptionId);
  } catch {
    return false;
  }
}

/**
 * The payment link (spec 000 section 7): starts a card enrollment at the gateway for the student's
 * own subscription and answers the hosted card page's URL.
 */
export async function paymentLink(
  db: Db,
  deps: PaymentDeps,
  userId: number,
  subscriptionId: number,
): Promise<string> {
  const subscription = await ownSubscription(db, userId, subscriptionId);
  assertPayable(subscription);
  const user = await subscriptions.findUser(db, userId);
  const gateway = deps.gateways.current;
  const { redirectUrl } = await gateway.startCardEnrollment(
    { userId, email: user!.email },
    returnUrl(deps, gateway.name, subscription.id),
  );
  return redirectUrl;
}

export type ReturnOutcome = {
  subscriptionId: number;
  result:
    | 'trial'
    | 'active'
    | 'card_updated'
    | 'declined'
    | 'card_rejected'
    | 'aborted'
    | 'unpaid'
    | 'trial_used';
};

/**
 * The state of a subscription, for a return that handled nothing for it (another subscription's
 * enrollment): what the subscription really is, never what the other one's return did.
 */
async function currentOutcome(
  db: DbOrTx,
  subscriptionId: number,
  now: Date,
): Promise<ReturnOutcome> {
  const subscription = await subscriptions.findSubscription(db, subscriptionId);
  if (!subscription) throw new AppError(404, 'error.notFound');
  const result: ReturnOutcome['result'] =
    subscription.status === 'Trial'
      ? 'trial'
      : hasAccess(subscription, now)
        ? 'active'
        : subscription.status === 'Pending_payment'
          ? 'declined'
          : 'unpaid';
  return { subscriptionId, result };
}

/**
 * The gateway's return (its callback): verified, recorded in gateway_callbacks under the
 * enrollment's event id and handled once; a later or concurrent delivery of the same event
 * answers the outcome stored for this subscription. An event of another subscription's enrollment
 * (another return URL, or stored for another subscription) is not handled here: the answer is
 * this subscription's real state.
 *
 * The card is stored after the validation charge (CLP 1784.64, refunded) passes; then Created or
 * Pending starts the trial (or, without trial days, is charged at once), Trial is charged now,
 * Pending_payment pays its open invoice, and Active or Pause only change card. A trial is once per
 * person and card: one promised by the summary but refused here (this card, or this
 * person in a concurrent request, had one) starts nothing and charges nothing (`trial_used`).
 */
export async function handleReturn(
  db: Db,
  deps: PaymentDeps,
  gatewayName: string,
  subscriptionId: number,
  params: Record<string, string | undefined>,
  now: Date,
): Promise<ReturnOutcome> {
  const gateway = deps.gateways.byName(gatewayName);
  const expected = returnSignature(deps.appKey, gateway.name, subscriptionId);
  if (!params.sig || !sameHex(params.sig, expected))
    throw new AppError(403, 'payments.signatureInvalid');
  let event: ReturnEvent;
  try {
    event = gateway.parseReturn(params);
  } catch (error) {
    if (error instanceof GatewayError && error.reason === 'aborted')
      return { subscriptionId, result: 'aborted' };
    throw new AppError(403, 'payments.signatureInvalid');
  }
  if (!isEventFor(event, gateway.name, subscriptionId))
    return currentOutcome(db, subscriptionId, now);

  return db.transaction(async (tx) => {
    const callback = await repo.claimCallback(tx, {
      gateway: gateway.name,
      eventId: event.eventId,
      payload: { subscription_id: subscriptionId },
    });
    const stored = callback.payload as {
      subscription_id?: number;
      result?: ReturnOutcome['result'];
    };
    if (stored.subscription_id !== subscriptionId) return currentOutcome(tx, subscriptionId, now);
    if (callback.processedAt) {
      return stored.result
        ? { subscriptionId, result: stored.result }
        : currentOutcome(tx, subscriptionId, now);
    }
    const subscription = await subscriptions.findSubscription(tx, subscriptionId, { lock: true });
    if (!subscription) throw new AppError(404, 'error.notFound');
    assertPayable(subscription);
    const customer = { userId: subscription.userId, email: '' };
    let card;
    try {
      card = await gateway.finishCardEnrollment(event.token, customer);
    } catch (error) {
      if (error instanceof GatewayError && error.reason === 'signature')
        throw new AppError(403, 'payments.signatureInvalid');
      throw new AppError(422, 'payments.enrollmentFailed');
    }
    const result = await useNewCard(tx, deps, subscription, card, callback.id, now);
    await repo.markCallbackProcessed(tx, callback.id, now, {
      payload: { subscription_id: subscriptionId, result },
      error: result === 'card_rejected' || result === 'declined' ? result : null,
    });
    return { subscriptionId, result };
  });
}

async function useNewCard(
  tx: DbOrTx,
  deps: PaymentDeps,
  subscription: subscriptions.SubscriptionRow,
  card: Card,
  callbackId: number,
  now: Date,
): Promise<ReturnOutcome['result']> {
  const method = await repo.saveDefaultCard(tx, {
    userId: subscription.userId,
    gateway: deps.gateways.current.name,
    gatewayReference: card.reference,
    brand: card.brand,
    last4: card.last4,
    fingerprint: card.fingerprint,
  });
  // The card validation charge (spec 000 section 1): made, then refunded.
  const validation = await chargeOnce(tx, deps.gateways, {
    userId: subscription.userId,
    paymentMethodId: method.id,
    amount: CARD_VALIDATION_AMOUNT,
    kind: 'validation',
    idempotencyKey: `validation:${callbackId}`,
  });
  if (validation.status === 'declined') {
    await repo.revokeCard(tx, method.id, now);
    return 'card_rejected';
  }
  await deps.gateways.byName(method.gateway).refund(validation.chargeId, CARD_VALIDATION_AMOUNT);
  if (validation.id !== null) await repo.updateCharge(tx, validation.id, { refundedAt: now });

  let current = (await subscriptions.updateSubscription(tx, subscription.id, subscription.status, {
    paymentMethodId: method.id,
  }))!;
  const openInvoice = await subscriptions.findOpenInvoice(tx, current.id, true);
  if (openInvoice) {
    // A new card pays what is owed at once.
    return (await collectInvoice(tx, deps, current, openInvoice, now)) === 'paid'
      ? 'active'
      : 'declined';
  }
  if (current.status === 'Active' || current.status === 'Pause') return 'card_updated';
  if ((current.status === 'Created' || current.status === 'Pending') && current.trialDuration > 0) {
    const pack = await subscriptions.findPackage(tx, current.packageId);
    const isClaimed = await claimTrial(tx, current, pack!.standardTestId, method, now);
    if (!isClaimed) {
      // The summary promised a trial: nothing is charged unasked. From now on it says that no
      // trial applies and that the first charge is made at payment; paying is the student's call.
      await subscriptions.updateSubscription(tx, current.id, current.status, { trialDuration: 0 });
      return 'trial_used';
    }
    current = await moveTo(tx, current, 'Trial', {
      trialStartedAt: now,
      subscriptionStart: now,
      subscriptionEnd: trialEnd(now, current.trialDuration),
    });
    await stopOtherRenewals(tx, current);
    return 'trial';
  }
  const invoice = await invoiceFor(tx, current, now);
  const outcome = await collectInvoice(tx, deps, current, invoice, now);
  if (outcome === 'paid') await stopOtherRenewals(tx, current);
  return outcome === 'paid' ? 'active' : 'declined';
}

/**
 * A subscription that starts replaces the student's other Active ones to the same standard test
 * (the change-package path): they stop renewing and last until their end. A trial of the same
 * test is stopped the same way (its end then charges nothing): a paid subscription bought during
 * a trial starts without one of its own, and must not be paid twice.
 */
async function stopOtherRenewals(tx: DbOrTx, started: subscriptions.SubscriptionRow) {
  const others = await subscriptions.findOtherRenewingOfTest(tx, started);
  for (const row of others) {
    if (row.status === 'Trial') {
      await subscriptions.updateSubscription(tx, row.id, 'Trial', { autoRenew: false });
    } else {
      await moveTo(tx, row, 'Pause', { autoRenew: false });
    }
  }
}
