import type { SubscriptionStatus } from '@ensaya/core/subscriptions/access';
import { afterDecline, canTransition, periodEnd } from '@ensaya/core/subscriptions/lifecycle';
import { formatClp, renewalPriceBlock } from '@ensaya/core/subscriptions/pricing';
import { isLanguage } from '@ensaya/core/i18n/language';
import type { DbOrTx } from '../../../db/client.ts';
import { AppError } from '../../../lib/app-error.ts';
import { queueMail, type MailTemplateName, type MailTemplates } from '../../platform/index.ts';
import type { ChargeResult } from '../payments/gateway.ts';
import type { Gateways } from '../payments/gateways.ts';
import * as payments from '../payments/repo.ts';
import * as repo from './repo.ts';

/** What moving money needs: the gateways and where mails link to. */
export type BillingDeps = { gateways: Gateways; appUrl: string };

/**
 * Changes a subscription's status if core's table allows it (422, nothing changed, otherwise).
 * The update also requires the status read, so a concurrent change cannot be overwritten.
 */
export async function moveTo(
  tx: DbOrTx,
  subscription: repo.SubscriptionRow,
  to: SubscriptionStatus,
  values: Parameters<typeof repo.updateSubscription>[3] = {},
): Promise<repo.SubscriptionRow> {
  if (subscription.status !== to && !canTransition(subscription.status, to)) {
    throw new AppError(422, 'subscriptions.transitionRefused', {
      params: {
        from: { key: `subscriptions.statusName.${subscription.status}` },
        to: { key: `subscriptions.statusName.${to}` },
      },
      fields: { status: ['subscriptions.transitionRefused'] },
    });
  }
  const updated = await repo.updateSubscription(tx, subscription.id, subscription.status, {
    ...values,
    status: to,
  });
  if (!updated) throw new AppError(409, 'subscriptions.transitionRefused');
  return updated;
}

export const dayMonthYear = (date: Date | null) =>
  date
    ? `${String(date.getUTCDate()).padStart(2, '0')}/${String(date.getUTCMonth() + 1).padStart(2, '0')}/${date.getUTCFullYear()}`
    : '-';

/** Queues a subscription mail to its student, in the student's language. */
export async function mailStudent<N extends MailTemplateName>(
  tx: DbOrTx,
  appUrl: string,
  subscription: repo.SubscriptionRow,
  template: N,
  data: Omit<MailTemplates[N], 'name' | 'packageName' | 'url'>,
) {
  const user = await repo.findUser(tx, subscription.userId);
  const pack = await repo.findPackage(tx, subscription.packageId);
  if (!user || !pack) return;
  await queueMail(tx, {
    to: user.email,
    language: isLanguage(user.language) ? user.language : 'es',
    template,
    data: {
      ...data,
      name: user.name,
      packageName: pack.name,
      url: `${appUrl}/cuenta/editar`,
    } as MailTemplates[N],
    appUrl,
  });
}

/**
 * Moves money once per idempotency key: a key already charged returns the stored outcome without
 * calling the gateway; a new one is recorded as pending, sent with the key, and settled.
 */
export async function chargeOnce(
  tx: DbOrTx,
  gateways: Gateways,
  input: {
    userId: number;
    paymentMethodId: number | null;
    amount: string;
    kind: 'validation' | 'invoice';
    invoiceId?: number;
    idempotencyKey: string;
  },
): Promise<ChargeResult & { id: number | null }> {
  const existing = await payments.findChargeByKey(tx, input.idempotencyKey);
  if (existing && existing.status !== 'pending') {
    return existing.status === 'paid'
      ? { status: 'paid', chargeId: existing.gatewayChargeId ?? '', id: existing.id }
      : {
          status: 'declined',
          chargeId: existing.gatewayChargeId,
          reason: existing.declineReason ?? 'declined',
          id: existing.id,
        };
  }
  const card = input.paymentMethodId ? await payments.findCard(tx, input.paymentMethodId) : null;
  if (!card) return { status: 'declined', chargeId: null, reason: 'no_card', id: null };
  const charge =
    existing ??
    (await payments.insertCharge(tx, {
      userId: input.userId,
      invoiceId: input.invoiceId ?? null,
      paymentMethodId: card.id,
      gateway: card.gateway,
      amount: input.amount,
      kind: input.kind,
      idempotencyKey: input.idempotencyKey,
    }));
  const result = await gateways.byName(card.gateway).charge(
    {
      reference: card.gatewayReference,
      brand: card.brand,
      last4: card.last4,
      fingerprint: card.fingerprint,
    },
    input.amount,
    input.idempotencyKey,
  );
  await payments.updateCharge(tx, charge.id, {
    status: result.status,
    gatewayChargeId: result.chargeId,
    declineReason: result.status === 'declined' ? result.reason : null,
  });
  return { ...result, id: charge.id };
}

/** The subscription's stored price block (the price of its next charge). */
export function currentPrice(subscription: repo.SubscriptionRow) {
  return {
    price: subscription.total + subscription.discount,
    discount: subscription.discount,
    net: subscription.priceNet,
    vat: subscription.vat,
    total: subscription.total,
  };
}

/** The invoice of the period starting at `periodStart`, priced as the subscription is. */
export async function invoiceFor(
  tx: DbOrTx,
  subscription: repo.SubscriptionRow,
  periodStart: Date,
): Promise<repo.InvoiceRow> {
  const pack = await repo.findPackage(tx, subscription.packageId);
  return repo.openInvoice(tx, {
    userId: subscription.userId,
    userSubscriptionId: subscription.id,
    periodStart,
    periodEnd: periodEnd(periodStart, pack!.durationDays),
    net: subscription.priceNet,
    discount: subscription.discount,
    vat: subscription.vat,
    total: subscription.total,
    nextAttemptAt: periodStart,
  });
}

/**
 * Charges an open invoice of a locked subscription and applies the outcome: paid makes the
 * subscription Active for the invoice's period (from now when paid late) and mails the receipt;
 * declined makes it Pending_payment, schedules the retry or, after the last one, makes the invoice
 * uncollectible and cancels the subscription.
 */
export async function collectInvoice(
  tx: DbOrTx,
  deps: BillingDeps,
  subscription: repo.SubscriptionRow,
  invoice: repo.InvoiceRow,
  now: Date,
): Promise<'paid' | 'declined' | 'skipped'> {
  if (invoice.status !== 'open') return 'skipped';
  const attempt = invoice.attemptCount + 1;
  const result =
    invoice.total === 0
      ? ({ status: 'paid', chargeId: '' } as const)
      : await chargeOnce(tx, deps.gateways, {
          userId: subscription.userId,
          paymentMethodId: subscription.paymentMethodId,
          amount: String(invoice.total),
          kind: 'invoice',
          invoiceId: invoice.id,
          idempotencyKey: `invoice:${invoice.id}:attempt:${attempt}`,
        });

  if (result.status === 'paid') {
    await repo.updateInvoice(tx, invoice.id, {
      status: 'paid',
      paidAt: now,
      attemptCount: attempt,
      nextAttemptAt: null,
    });
    const start = invoice.periodStart.getTime() < now.getTime() ? now : invoice.periodStart;
    const length = invoice.periodEnd.getTime() - invoice.periodStart.getTime();
    const end = new Date(start.getTime() + length);
    // A coupon discounts the first payment only (core's COUPON_SCOPE): once a payment is made,
    // the subscription is priced as its renewals are, without the coupon.
    const renewal = renewalPriceBlock(currentPrice(subscription), subscription.paymentTax);
    const active = await moveTo(tx, subscription, 'Active', {
      subscriptionStart: start,
      subscriptionEnd: end,
      autoRenew: true,
      priceNet: renewal.net,
      discount: renewal.discount,
      vat: renewal.vat,
      total: renewal.total,
    });
    await mailStudent(tx, deps.appUrl, active, 'subscription-receipt', {
      invoiceNumber: invoice.number,
      total: formatClp(invoice.total),
      periodEnd: dayMonthYear(end),
      renewalTotal: formatClp(renewal.total),
    });
    return 'paid';
  }

  const next = afterDecline(invoice.periodStart, attempt);
  await repo.updateInvoice(tx, invoice.id, {
    status: next.invoice,
    attemptCount: attempt,
    nextAttemptAt: next.retryAt,
  });
  if (next.invoice === 'uncollectible') {
    await moveTo(tx, subscription, 'Canceled', { canceledAt: now, autoRenew: false });
  } else {
    const pending = await moveTo(tx, subscription, 'Pending_payment');
    if (attempt === 1) {
      await mailStudent(tx, deps.appUrl, pending, 'payment-failed', {
        total: formatClp(invoice.total),
        retryDate: dayMonthYear(next.retryAt),
      });
    }
  }
  return 'declined';
}
