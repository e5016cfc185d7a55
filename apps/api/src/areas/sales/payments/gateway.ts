import { createHmac, timingSafeEqual } from 'node:crypto';

export type GatewayName = 'sandbox' | 'transbank_oneclick';
export type Customer = { userId: number; email: string };
/**
 * A stored card. `fingerprint` is the same for the same card on any account (what tells a card
 * that already had a free trial), as far as the gateway tells: null when it gives nothing stable.
 */
export type Card = {
  reference: string;
  brand: string | null;
  last4: string | null;
  fingerprint: string | null;
};
export type ChargeResult =
  | { status: 'paid'; chargeId: string }
  | { status: 'declined'; chargeId: string | null; reason: string };

/**
 * What a payment gateway does for us (docs/architecture.md "Payments"): it stores cards and moves money; the
 * app owns statuses, periods, renewals, retries and invoices. Amounts are CLP as decimal strings
 * ('1784.64' for the card validation charge).
 */
export interface PaymentGateway {
  readonly name: GatewayName;
  /** Starts a card enrollment; the student's browser goes to the returned URL (hosted card page). */
  startCardEnrollment(customer: Customer, returnUrl: string): Promise<{ redirectUrl: string }>;
  /**
   * Reads the parameters the gateway sends back to the return URL: the event's id (one per
   * enrollment, however often the card page is submitted, so a replay is recognised), the token
   * to finish with and, when the gateway's answer says it, the return URL the enrollment was
   * started with (a return arriving at another URL is not this enrollment's). Throws
   * `GatewayError('signature')` when they cannot be trusted, `GatewayError('aborted')` when the
   * student left the card page.
   */
  parseReturn(params: Record<string, string | undefined>): ReturnEvent;
  finishCardEnrollment(token: string, customer: Customer): Promise<Card>;
  charge(card: Card, amountClp: string, idempotencyKey: string): Promise<ChargeResult>;
  refund(chargeId: string, amountClp: string): Promise<void>;
}

export type ReturnEvent = { eventId: string; token: string; returnUrl?: string };

export class GatewayError extends Error {
  readonly reason: 'signature' | 'aborted' | 'rejected';
  constructor(reason: 'signature' | 'aborted' | 'rejected', message: string = reason) {
    super(message);
    this.name = 'GatewayError';
    this.reason = reason;
  }
}

export function hmac(key: string, value: string): string {
  return createHmac('sha256', key).update(value).digest('hex');
}

export function sameHex(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && left.length > 0 && timingSafeEqual(left, right);
}

/** `base64url(JSON).hmac`: a value only the holder of the key can make. */
export function signValue(key: string, value: object): string {
  const body = Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${body}.${hmac(key, body)}`;
}

export function readSigned<T>(key: string, token: string | undefined): T | undefined {
  if (!token) return undefined;
  const [body, signature] = token.split('.');
  if (!body || !signature || !sameHex(signature, hmac(key, body))) return undefined;
  try {
    return JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as T;
  } catch {
    return undefined;
  }
}
