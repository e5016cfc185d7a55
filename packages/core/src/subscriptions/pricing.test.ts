import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  couponDiscount,
  formatClp,
  priceBlock,
  renewalPriceBlock,
  type Coupon,
} from './pricing.ts';

describe('priceBlock', () => {
  // price (VAT included), VAT %, coupon -> discount, net, vat, total
  const cases: Array<[number, number, Coupon | null, number, number, number, number]> = [
    [9990, 19, null, 0, 8395, 1595, 9990],
    [19990, 19, null, 0, 16798, 3192, 19990],
    [9990, 19, { type: 'percent', value: 10 }, 999, 7555, 1436, 8991],
    [9990, 19, { type: 'percent', value: 15 }, 1499, 7135, 1356, 8491],
    [9990, 19, { type: 'percent', value: 100 }, 9990, 0, 0, 0],
    [9990, 19, { type: 'amount', value: 2000 }, 2000, 6714, 1276, 7990],
    [9990, 19, { type: 'amount', value: 20000 }, 9990, 0, 0, 0],
    [49990, 19, { type: 'percent', value: 33 }, 16497, 28145, 5348, 33493],
    [9990, 0, null, 0, 9990, 0, 9990],
    [9990, 10.5, { type: 'amount', value: 990 }, 990, 8145, 855, 9000],
    [1, 19, null, 0, 1, 0, 1],
    [0, 19, { type: 'percent', value: 50 }, 0, 0, 0, 0],
  ];
  it.each(cases)(
    'price %i, VAT %d%%, coupon %o',
    (priceClp, vatPercentage, coupon, discount, net, vat, total) => {
      expect(priceBlock({ priceClp, vatPercentage, coupon })).toEqual({
        price: priceClp,
        discount,
        net,
        vat,
        total,
      });
    },
  );

  const coupon = fc.oneof(
    fc.constant(null),
    fc.record({ type: fc.constant('percent' as const), value: fc.integer({ min: 1, max: 100 }) }),
    fc.record({
      type: fc.constant('amount' as const),
      value: fc.integer({ min: 1, max: 500_000 }),
    }),
  );
  const input = fc.record({
    priceClp: fc.integer({ min: 0, max: 2_000_000 }),
    vatPercentage: fc.integer({ min: 0, max: 3000 }).map((hundredths) => hundredths / 100),
    coupon,
  });

  it('keeps whole pesos that add up: price - discount = total = net + vat', () => {
    fc.assert(
      fc.property(input, (value) => {
        const block = priceBlock(value);
        for (const amount of Object.values(block)) expect(Number.isInteger(amount)).toBe(true);
        expect(block.price - block.discount).toBe(block.total);
        expect(block.net + block.vat).toBe(block.total);
        expect(block.discount).toBeGreaterThanOrEqual(0);
        expect(block.discount).toBeLessThanOrEqual(block.price);
        expect(block.vat).toBeGreaterThanOrEqual(0);
      }),
    );
  });

  it('puts the VAT within half a peso of net times the rate', () => {
    fc.assert(
      fc.property(input, (value) => {
        const block = priceBlock(value);
        const exactNet = block.total / (1 + value.vatPercentage / 100);
        expect(Math.abs(block.net - exactNet)).toBeLessThanOrEqual(0.5 + 1e-9);
      }),
    );
  });

  it('never charges more with a coupon than without', () => {
    fc.assert(
      fc.property(input, (value) => {
        expect(priceBlock(value).total).toBeLessThanOrEqual(
          priceBlock({ ...value, coupon: null }).total,
        );
      }),
    );
  });
});

describe('renewalPriceBlock', () => {
  it('charges renewals the package price: the coupon was for the first payment only', () => {
    const first = priceBlock({
      priceClp: 5990,
      vatPercentage: 19,
      coupon: { type: 'percent', value: 10 },
    });
    expect(first).toEqual({ price: 5990, discount: 599, net: 4530, vat: 861, total: 5391 });
    expect(renewalPriceBlock(first, 19)).toEqual({
      price: 5990,
      discount: 0,
      net: 5034,
      vat: 956,
      total: 5990,
    });
    expect(renewalPriceBlock(renewalPriceBlock(first, 19), 19)).toEqual(
      renewalPriceBlock(first, 19),
    );
  });
});

describe('couponDiscount', () => {
  it('rounds a percentage half up and caps an amount at the price', () => {
    expect(couponDiscount(9995, { type: 'percent', value: 10 })).toBe(1000);
    expect(couponDiscount(9994, { type: 'percent', value: 10 })).toBe(999);
    expect(couponDiscount(500, { type: 'amount', value: 800 })).toBe(500);
  });
});

describe('formatClp', () => {
  it('writes pesos with dots', () => {
    expect(formatClp(9990)).toBe('$9.990');
    expect(formatClp(1234567)).toBe('$1.234.567');
    expect(formatClp(0)).toBe('$0');
  });

  it('keeps centavos after a comma only when the amount has them', () => {
    expect(formatClp('1784.64')).toBe('$1.784,64');
    expect(formatClp(1784.6)).toBe('$1.784,60');
    expect(formatClp(0.05)).toBe('$0,05');
    expect(formatClp('9990.00')).toBe('$9.990');
    expect(formatClp(-999)).toBe('-$999');
    expect(formatClp(-0.001)).toBe('$0');
  });
});
