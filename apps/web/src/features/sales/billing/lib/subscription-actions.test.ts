import { SUBSCRIPTION_STATUSES } from '@ensaya/core/subscriptions/access';
import { describe, expect, it } from 'vitest';
import { actionFor, hasRenewalToggle, needsPackage } from './subscription-actions.ts';

describe('the account table action per status (spec 000, section 4)', () => {
  it('cancels Active, activates Pause, subscribes the unpaid ones, offers nothing when Canceled', () => {
    expect(Object.fromEntries(SUBSCRIPTION_STATUSES.map((s) => [s, actionFor(s)]))).toEqual({
      Created: 'subscribe',
      Trial: 'subscribe',
      Active: 'cancel',
      Pause: 'activate',
      Pending_payment: 'subscribe',
      Pending: 'subscribe',
      Canceled: null,
    });
  });

  it('shows the renewal toggle for Active and Pause, and for a trial (its cancel)', () => {
    expect(SUBSCRIPTION_STATUSES.filter(hasRenewalToggle)).toEqual(['Trial', 'Active', 'Pause']);
  });

  it('offers packages when nothing gives access or waits for a payment', () => {
    expect(needsPackage([])).toBe(true);
    expect(needsPackage([{ status: 'Canceled', has_access: false }])).toBe(true);
    expect(needsPackage([{ status: 'Pause', has_access: false }])).toBe(true);
    expect(needsPackage([{ status: 'Trial', has_access: false }])).toBe(true);
    expect(needsPackage([{ status: 'Trial', has_access: true }])).toBe(false);
    expect(
      needsPackage([
        { status: 'Canceled', has_access: false },
        { status: 'Active', has_access: true },
      ]),
    ).toBe(false);
    for (const status of ['Created', 'Pending', 'Pending_payment'] as const)
      expect(needsPackage([{ status, has_access: false }]), status).toBe(false);
  });
});
