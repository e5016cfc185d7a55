import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SUBSCRIPTION_STATUSES } from './access.ts';
import {
  afterDecline,
  canApplyCoupon,
  canTransition,
  nextRetryAt,
  periodEnd,
  TRANSITIONS,
  trialEnd,
} from './lifecycle.ts';

const day = new Date('2026-03-01T10:00:00Z');

describe('transitions', () => {
  it('allows the lifecycle of the spec', () => {
    expect(canTransition('Created', 'Trial')).toBe(true);
    expect(canTransition('Created', 'Active')).toBe(true);
    expect(canTransition('Trial', 'Active')).toBe(true);
    expect(canTransition('Trial', 'Pending_payment')).toBe(true);
    expect(canTransition('Active', 'Pause')).toBe(true);
    expect(canTransition('Pause', 'Active')).toBe(true);
    expect(canTransition('Pending_payment', 'Active')).toBe(true);
    expect(canTransition('Pending_payment', 'Canceled')).toBe(true);
  });

  it('refuses the rest', () => {
    expect(canTransition('Created', 'Pause')).toBe(false);
    expect(canTransition('Trial', 'Pause')).toBe(false);
    expect(canTransition('Pending_payment', 'Pause')).toBe(false);
    expect(canTransition('Pause', 'Pending_payment')).toBe(false);
    for (const to of SUBSCRIPTION_STATUSES) expect(canTransition('Canceled', to)).toBe(false);
  });

  it('never goes back to Created and never stays put', () => {
    fc.assert(
      fc.property(fc.constantFrom(...SUBSCRIPTION_STATUSES), (from) => {
        expect(canTransition(from, 'Created')).toBe(false);
        expect(canTransition(from, from)).toBe(false);
      }),
    );
  });

  it('reaches Canceled from every status but Canceled', () => {
    for (const from of SUBSCRIPTION_STATUSES.filter((status) => status !== 'Canceled'))
      expect(TRANSITIONS[from]).toContain('Canceled');
  });

  it('takes coupons only before the first charge', () => {
    expect(SUBSCRIPTION_STATUSES.filter(canApplyCoupon)).toEqual(['Created', 'Pending']);
  });
});

describe('dates', () => {
  it('ends a trial and a period after their days', () => {
    expect(trialEnd(day, 7).toISOString()).toBe('2026-03-08T10:00:00.000Z');
    expect(periodEnd(day, 30).toISOString()).toBe('2026-03-31T10:00:00.000Z');
  });

  it('retries 1, 3 and 5 days after the due date, then gives up', () => {
    expect(nextRetryAt(day, 1)?.toISOString()).toBe('2026-03-02T10:00:00.000Z');
    expect(nextRetryAt(day, 2)?.toISOString()).toBe('2026-03-04T10:00:00.000Z');
    expect(nextRetryAt(day, 3)?.toISOString()).toBe('2026-03-06T10:00:00.000Z');
    expect(nextRetryAt(day, 4)).toBeNull();
    expect(afterDecline(day, 4)).toEqual({ invoice: 'uncollectible', retryAt: null });
    expect(afterDecline(day, 1).invoice).toBe('open');
  });

  it('retries later after every failure', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 }), (failed) => {
        expect(nextRetryAt(day, failed + 1)!.getTime()).toBeGreaterThan(
          nextRetryAt(day, failed)!.getTime(),
        );
      }),
    );
  });
});
