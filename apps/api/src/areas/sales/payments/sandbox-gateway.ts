import { createHash, randomUUID } from 'node:crypto';
import { CARD_VALIDATION_AMOUNT } from '@ensaya/core/subscriptions/lifecycle';
import {
  GatewayError,
  hmac,
  readSigned,
  signValue,
  type Card,
  type ChargeResult,
  type Customer,
  type PaymentGateway,
} from './gateway.ts';

/** How a sandbox card behaves. */
export type SandboxCardKind = 'approve' | 'decline' | 'decline_later';

/**
 * The sandbox's test cards (shown on its card page). The last four digits decide how any number
 * behaves, so that every tester can use a card number of their own: a free trial is once per card,
 * and the sandbox tells cards apart by their whole number.
 */
export const SANDBOX_CARDS: Record<string, { kind: SandboxCardKind; brand: string }> = {
  '4111111111111111': { kind: 'approve', brand: 'Visa' },
  '4000000000000002': { kind: 'decline', brand: 'Visa' },
  // Passes the card validation charge at enrollment, then declines every charge after it.
  '4000000000000341': { kind: 'decline_later', brand: 'Visa' },
};

/** How a card number behaves: by its last four digits, as the test card ending the same way. */
export function sandboxCardKind(cardNumber: string): SandboxCardKind {
  const known = Object.entries(SANDBOX_CARDS).find(
    ([number, card]) => card.kind !== 'approve' && number.slice(-4) === cardNumber.slice(-4),
  );
  return known?.[1].kind ?? 'approve';
}

/** One enrollment: `id` names it, `r` is the return URL it was started with. */
type EnrollmentToken = { k: 'enroll'; id: string; u: number; r: string; exp: number };
/** The card page's answer for enrollment `id`, for its return URL `r` only. */
type ResultToken = {
  k: 'result';
  id: string;
  u: number;
  r: string;
  kind: SandboxCardKind;
  last4: string;
  /** The card's fingerprint: the same for the same number on any account. */
  fp: string;
};
type CardReference = { k: 'card'; id: string; kind: SandboxCardKind; last4: string };

const ENROLLMENT_MINUTES = 30;

/**
 * A real gateway for development and tests (docs/architecture.md "Payments"): its card page is served by the
 * app under /sandbox-gateway/, and everything it hands out (enrollment tokens, the signed result
 * the browser carries back, card references) is signed with its secret, so it keeps no state and
 * any instance can answer. A card number behaves as the test card with its last four digits, and
 * any other number is approved, like the first test card.
 */
export class SandboxGateway implements PaymentGateway {
  readonly name = 'sandbox' as const;
  readonly secret: string;
  private readonly appUrl: string;

  constructor(secret: string, appUrl: string) {
    this.secret = secret;
    this.appUrl = appUrl;
  }

  async startCardEnrollment(customer: Customer, returnUrl: string) {
    const token = signValue(this.secret, {
      k: 'enroll',
      id: randomUUID(),
      u: customer.userId,
      r: returnUrl,
      exp: Date.now() + ENROLLMENT_MINUTES * 60_000,
    } satisfies EnrollmentToken);
    return { redirectUrl: `${this.appUrl}/sandbox-gateway/enroll?token=${token}` };
  }

  /** The hosted page's enrollment: what it was started with, or undefined when forged or stale. */
  readEnrollment(token: string | undefined): EnrollmentToken | undefined {
    const value = readSigned<EnrollmentToken>(this.secret, token);
    return value?.k === 'enroll' && value.id && value.exp > Date.now() ? value : undefined;
  }

  /**
   * The card page was submitted: the URL the browser goes back to, with the signed result. The
   * result carries the enrollment's id as its event id, so submitting the page twice (a double
   * click, a resubmitted form) is one event: the app handles the first return and finds it done
   * on the second. The enrollment is single-use that way without the gateway keeping state.
   */
  completeEnrollment(enrollment: EnrollmentToken, cardNumber: string): string {
    const result = signValue(this.secret, {
      k: 'result',
      id: enrollment.id,
      u: enrollment.u,
      r: enrollment.r,
      kind: sandboxCardKind(cardNumber),
      last4: cardNumber.slice(-4),
      // Keyed, so the stored value does not give the number away (as a real gateway's would not).
      fp: hmac(this.secret, `card-fingerprint:${cardNumber}`),
    } satisfies ResultToken);
    const url = new URL(enrollment.r);
    url.searchParams.set('token', result);
    return url.toString();
  }

  parseReturn(params: Record<string, string | undefined>) {
    if (params.aborted) throw new GatewayError('aborted');
    const result = readSigned<ResultToken>(this.secret, params.token);
    if (result?.k !== 'result' || !result.id || !result.r) throw new GatewayError('signature');
    return { eventId: result.id, token: params.token!, returnUrl: result.r };
  }

  async finishCardEnrollment(token: string, customer: Customer): Promise<Card> {
    const result = readSigned<ResultToken>(this.secret, token);
    if (result?.k !== 'result' || result.u !== customer.userId) throw new GatewayError('signature');
    const reference = signValue(this.secret, {
      k: 'card',
      id: result.id,
      kind: result.kind,
      last4: result.last4,
    } satisfies CardReference);
    return { reference, brand: 'Visa', last4: result.last4, fingerprint: result.fp ?? null };
  }

  async charge(card: Card, amountClp: string, idempotencyKey: string): Promise<ChargeResult> {
    const reference = readSigned<CardReference>(this.secret, card.reference);
    // The same key always names the same charge, as at a real gateway.
    const chargeId = `sbx_${createHash('sha256').update(idempotencyKey).digest('hex').slice(0, 24)}`;
    if (!reference) return { status: 'declined', chargeId, reason: 'unknown_card' };
    const isDeclined =
      reference.kind === 'decline' ||
      (reference.kind === 'decline_later' && amountClp !== CARD_VALIDATION_AMOUNT);
    return isDeclined
      ? { status: 'declined', chargeId, reason: 'card_declined' }
      : { status: 'paid', chargeId };
  }

  async refund(): Promise<void> {}
}
