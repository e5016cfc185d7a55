/**
 * The price block of a subscription (spec 000 sections 3, 5 and 9): package prices are whole CLP
 * with VAT included; a coupon takes a percentage or a fixed amount off that price; the VAT rate is
 * the student's region's. One function, used by the API when it prices a subscription and by the
 * web app when it shows the summary.
 */
export type Coupon = { type: 'percent' | 'amount'; value: number };

export type PriceBlock = {
  /** The package's price, VAT included. */
  price: number;
  /** Whole pesos taken off `price` by the coupon (VAT included); never more than the price. */
  discount: number;
  /** The total without VAT. */
  net: number;
  /** The VAT contained in the total. */
  vat: number;
  /** What the student pays: price - discount = net + vat. */
  total: number;
};

/**
 * Whole pesos throughout: the discount rounds half up, the net is the total divided by (1 + VAT)
 * rounded half up, and the VAT is what is left, so net + vat is exactly the total.
 */
export function priceBlock(input: {
  priceClp: number;
  vatPercentage: number;
  coupon?: Coupon | null;
}): PriceBlock {
  const price = Math.max(0, Math.round(input.priceClp));
  const vatPercentage = Math.min(100, Math.max(0, input.vatPercentage));
  const discount = couponDiscount(price, input.coupon ?? null);
  const total = price - discount;
  // Integer arithmetic in hundredths of a percent avoids 1.19 being 1.1899999...
  const rate = Math.round(vatPercentage * 100);
  const net = Math.floor((total * 10_000 * 2 + (10_000 + rate)) / (2 * (10_000 + rate)));
  return { price, discount, net, vat: total - net, total };
}

/**
 * What a coupon discounts: the first payment only (the one at the end of the trial, or at once
 * without a trial). Every renewal is charged the package's price as it was when subscribed. The
 * confirmation, the summary, the receipts and the server's renewal invoices all follow this.
 */
export const COUPON_SCOPE = 'first_payment' as const;

/**
 * The price of a subscription's charges after its first payment: the same package price and VAT,
 * without the coupon (`COUPON_SCOPE`).
 */
export function renewalPriceBlock(block: PriceBlock, vatPercentage: number): PriceBlock {
  return priceBlock({ priceClp: block.price, vatPercentage, coupon: null });
}

export function couponDiscount(price: number, coupon: Coupon | null): number {
  if (!coupon || coupon.value <= 0) return 0;
  if (coupon.type === 'percent') {
    const percent = Math.min(100, coupon.value);
    return Math.min(price, Math.floor((price * percent + 50) / 100));
  }
  return Math.min(price, Math.round(coupon.value));
}

/**
 * The one way the app writes an amount of pesos, in both languages and on every screen, page and
 * mail: `$9.990`, whole pesos with Chilean thousands separators (spec 000, price table); an amount
 * with centavos (the card validation charge, `'1784.64'`) keeps them after a decimal comma,
 * `$1.784,64`. Strings are read exactly, as the database keeps such amounts.
 */
export function formatClp(amount: number | string): string {
  const value = typeof amount === 'string' ? Number(amount) : amount;
  const cents = Math.round(Math.abs(value) * 100);
  const sign = value < 0 && cents > 0 ? '-' : '';
  const hasCents = cents % 100 !== 0;
  const pesos = String(hasCents ? Math.floor(cents / 100) : Math.round(Math.abs(value)));
  const whole = pesos.replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${sign}$${whole}${hasCents ? `,${String(cents % 100).padStart(2, '0')}` : ''}`;
}
