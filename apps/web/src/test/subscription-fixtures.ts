import type { Subscription } from '@ensaya/core/contracts/subscriptions';

/** Fixtures of the subscriptions screens: a subscription as `GET api/user-subscriptions` shows it. */
export function subscription(id: number, change: Partial<Subscription> = {}): Subscription {
  return {
    id,
    user_id: 1,
    package_id: 3,
    status: 'Active',
    auto_renew: true,
    trial_started_at: '2026-01-01T12:00:00.000Z',
    trial_duration: 7,
    trial_ends_at: '2026-01-08T12:00:00.000Z',
    trial_days_left: 0,
    trial_available: false,
    trial_used: false,
    subscription_start: '2026-03-01T12:00:00.000Z',
    // 23:30 UTC: the local date could be the next day; the UTC one is shown.
    subscription_end: '2026-03-31T23:30:00.000Z',
    payment_tax: 19,
    has_access: true,
    subject_ids: [11, 12],
    subjects: [
      { id: 11, name: 'Competencia Lectora' },
      { id: 12, name: 'Matemática M1' },
    ],
    all_subjects: false,
    package: {
      id: 3,
      name: 'PAES Mensual',
      name_en: 'PAES Monthly',
      duration: 30,
      price: 9990,
      subjects_quantity: 2,
      standard_test_id: 1,
      trial_period_days: 7,
    },
    price: { price: 9990, discount: 0, net: 8395, vat: 1595, total: 9990, vat_percentage: 19 },
    coupon: null,
    card: { brand: 'Visa', last4: '1111' },
    payment_notice: null,
    open_invoice: null,
    created_at: '2026-01-01T12:00:00.000Z',
    ...change,
  };
}

/** A page of subscriptions with its pagination meta. */
export function subscriptionPage(rows: Subscription[], page = 1, total = rows.length) {
  return { data: rows, meta: { page, per_page: 10, total } };
}
