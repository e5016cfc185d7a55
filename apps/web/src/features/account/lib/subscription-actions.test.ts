import { SUBSCRIPTION_STATUSES } from '@ensaya/core/subscriptions/access';
import { describe, expect, it } from 'vitest';
import { actionFor, hasRenewalToggle } from './subscription-actions.ts';

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

  it('shows the renewal toggle only for Active and Pause', () => {
    expect(SUBSCRIPTION_STATUSES.filter(hasRenewalToggle)).toEqual(['Active', 'Pause']);
  });
});
