import { createHash } from 'node:crypto';
import transbank from 'transbank-sdk';
import type { Config } from '../../../config.ts';
import {
  GatewayError,
  type Card,
  type ChargeResult,
  type Customer,
  type PaymentGateway,
} from './gateway.ts';

const { Oneclick, Options, TransactionDetail } = transbank;

/** Oneclick usernames are ours; one per student. */
const username = (userId: number) => `ensaya-${userId}`;
/** Buy orders are at most 26 characters; derived from the idempotency key, so a retry reuses them. */
const buyOrder = (prefix: string, key: string) =>
  `${prefix}${createHash('sha256').update(key).digest('hex').slice(0, 25)}`;

/**
 * Transbank Oneclick Mall through transbank-sdk (Webpay cards). The SDK takes the API's base URL as
 * its "environment", so tests point it at a local fake. Amounts are whole pesos at Transbank: the
 * card validation charge of CLP 1784.64 goes as 1785 and is refunded.
 */
export class TransbankOneclickGateway implements PaymentGateway {
  readonly name = 'transbank_oneclick' as const;
  private readonly settings: Config['transbank'];
  private readonly appUrl: string;

  constructor(settings: Config['transbank'], appUrl: string) {
    this.settings = settings;
    this.appUrl = appUrl;
  }

  private options() {
    return new Options(this.settings.commerceCode, this.settings.apiKey, this.settings.baseUrl);
  }

  async startCardEnrollment(customer: Customer, returnUrl: string) {
    const inscription = new Oneclick.MallInscription(this.options());
    const response = (await inscription.start(
      username(customer.userId),
      customer.email,
      returnUrl,
    )) as { token: string; url_webpay: string };
    // Webpay wants TBK_TOKEN posted to url_webpay: our page does that from the student's browser.
    const target = new URL(`${this.appUrl}/payments/transbank/redirect`);
    target.searchParams.set('url', response.url_webpay);
    target.searchParams.set('token', response.token);
    return { redirectUrl: target.toString() };
  }

  /** Only Transbank's own pages may be posted to (no open redirect through our page). */
  isWebpayUrl(url: string): boolean {
    try {
      return new URL(url).origin === new URL(this.settings.baseUrl).origin;
    } catch {
      return false;
    }
  }

  parseReturn(params: Record<string, string | undefined>) {
    // Leaving the card page comes back with TBK_ORDEN_COMPRA and without TBK_TOKEN.
    const token = params.TBK_TOKEN;
    if (!token) throw new GatewayError('aborted');
    if (!/^[\w-]{1,100}$/.test(token)) throw new GatewayError('signature');
    return { eventId: token, token };
  }

  async finishCardEnrollment(token: string, customer: Customer): Promise<Card> {
    const inscription = new Oneclick.MallInscription(this.options());
    // Finishing at Transbank with our credentials is what proves the return genuine.
    const response = (await inscription.finish(token).catch(() => {
      throw new GatewayError('signature');
    })) as { response_code: number; tbk_user?: string; card_type?: string; card_number?: string };
    if (response.response_code !== 0 || !response.tbk_user)
      throw new GatewayError('rejected', `response_code ${response.response_code}`);
    const tail = response.card_number?.slice(-4) ?? null;
    const last4 = tail && /^\d{4}$/.test(tail) ? tail : null;
    const brand = response.card_type ?? null;
    return {
      reference: transbankReference(customer.userId, response.tbk_user),
      brand,
      last4,
      fingerprint: transbankFingerprint(brand, last4),
    };
  }

  async charge(card: Card, amountClp: string, idempotencyKey: string): Promise<ChargeResult> {
    const [userPart, tbkUser] = splitReference(card.reference);
    const parent = buyOrder('E', idempotencyKey);
    const child = buyOrder('C', idempotencyKey);
    const transaction = new Oneclick.MallTransaction(this.options());
    const response = (await transaction.authorize(userPart, tbkUser, parent, [
      new TransactionDetail(
        Math.round(Number(amountClp)),
        this.settings.childCommerceCode,
        child,
        1,
      ),
    ])) as { details?: Array<{ response_code: number; status?: string }> };
    const detail = response.details?.[0];
    const chargeId = `${parent}:${child}`;
    if (detail?.response_code === 0) return { status: 'paid', chargeId };
    return {
      status: 'declined',
      chargeId,
      reason: `response_code ${detail?.response_code ?? 'missing'}`,
    };
  }

  async refund(chargeId: string, amountClp: string): Promise<void> {
    const [parent, child] = chargeId.split(':');
    const transaction = new Oneclick.MallTransaction(this.options());
    await transaction.refund(
      parent!,
      this.settings.childCommerceCode,
      child!,
      Math.round(Number(amountClp)),
    );
  }
}

/**
 * What tells the same card on another account at Transbank: its type and last four digits. Oneclick
 * answers nothing more stable: tbk_user is new at every inscription (and ours are per student), and
 * the card number comes masked (docs/security.md, "Trials: one per person"). Coarse: another card
 * of the same type and last four looks the same. Migration 0014 backfills it the same way.
 */
export function transbankFingerprint(brand: string | null, last4: string | null): string | null {
  return brand && last4 ? `${brand.toLowerCase()}:${last4}` : null;
}

/**
 * A Oneclick card is the pair (username, tbk_user): the stored reference is `username:tbk_user`.
 */
export function transbankReference(userId: number, tbkUser: string) {
  return `${username(userId)}:${tbkUser}`;
}

function splitReference(reference: string): [string, string] {
  const index = reference.indexOf(':');
  return [reference.slice(0, index), reference.slice(index + 1)];
}
