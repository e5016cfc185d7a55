import { describe, expect, it } from 'vitest';
import { hasAccess, routeAfterLogin, trialDaysLeft } from './access.ts';

const now = new Date('2026-11-22T12:00:00Z');
const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000);

describe('routeAfterLogin', () => {
  it('sends a student without subscriptions to package selection', () => {
    expect(routeAfterLogin([])).toBe('/subscripcion/paquete');
  });

  it('sends a single Created subscription to its invoice details', () => {
    expect(routeAfterLogin([{ status: 'Created' }])).toBe('/factura/detalles');
  });

  it('sends every other case to the dashboard', () => {
    for (const status of [
      'Trial',
      'Active',
      'Pause',
      'Pending_payment',
      'Pending',
      'Canceled',
    ] as const) {
      expect(routeAfterLogin([{ status }]), status).toBe('/dashboard');
    }
    expect(routeAfterLogin([{ status: 'Created' }, { status: 'Active' }])).toBe('/dashboard');
    expect(routeAfterLogin([{ status: 'Created' }, { status: 'Created' }])).toBe('/dashboard');
  });
});

describe('trialDaysLeft', () => {
  it('counts down whole days and never goes below zero', () => {
    expect(trialDaysLeft(now, 7, now)).toBe(7);
    expect(trialDaysLeft(daysAgo(2.5), 7, now)).toBe(5);
    expect(trialDaysLeft(daysAgo(7), 7, now)).toBe(0);
    expect(trialDaysLeft(daysAgo(30), 7, now)).toBe(0);
  });
});

describe('hasAccess', () => {
  it('is active for Active, and for Pause until the end date', () => {
    expect(hasAccess({ status: 'Active', subscriptionEnd: null }, now)).toBe(true);
    expect(hasAccess({ status: 'Pause', subscriptionEnd: daysAgo(-1) }, now)).toBe(true);
    expect(hasAccess({ status: 'Pause', subscriptionEnd: daysAgo(1) }, now)).toBe(false);
  });

  it('gives a trial access until the trial ends, and nothing once it ended unpaid', () => {
    expect(hasAccess({ status: 'Trial', subscriptionEnd: daysAgo(-7) }, now)).toBe(true);
    expect(hasAccess({ status: 'Trial', subscriptionEnd: now }, now)).toBe(true);
    expect(hasAccess({ status: 'Trial', subscriptionEnd: daysAgo(0.001) }, now)).toBe(false);
    expect(hasAccess({ status: 'Trial', subscriptionEnd: null }, now)).toBe(false);
  });

  it('gives nothing before the card is stored, after a declined charge, or once canceled', () => {
    for (const status of ['Created', 'Pending', 'Pending_payment', 'Canceled'] as const) {
      expect(hasAccess({ status, subscriptionEnd: daysAgo(-10) }, now), status).toBe(false);
    }
  });
});
