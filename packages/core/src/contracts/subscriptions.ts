import { z } from 'zod';
import { SUBSCRIPTION_STATUSES } from '../subscriptions/access.ts';
import { PageMeta } from './admin.ts';
import { Id, queryInt } from './ids.ts';

// Packages, subscriptions, coupons and payments (spec 000 sections 3, 4, 5 and 7; docs/architecture.md
// "Payments"). Shared by the API, which validates and documents with these schemas, and the web
// app. Field names follow the spec's calls table.

const Timestamp = z.string().nullable();

export { IdParams } from './ids.ts';
export const SubscriptionStatus = z.enum(SUBSCRIPTION_STATUSES);

// --- Packages (public) --------------------------------------------------------------------------

export const PublicPackage = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  /** English name and description; null: the Spanish ones (docs/api.md, "Language"). */
  name_en: z.string().nullable(),
  description_en: z.string().nullable(),
  /** Days of one paid period. */
  duration: z.number().int(),
  /** Whole CLP, VAT included. */
  price: z.number().int(),
  subjects_quantity: z.number().int(),
  standard_test_id: z.number().int(),
  trial_period_days: z.number().int(),
  /** The standard test's maximum subjects per subscription. */
  max_subjects: z.number().int(),
  /**
   * For a signed-in student: false when they already had a free trial of the package's standard
   * test (once per person, docs/security.md "Trials"), so none is offered. Absent for visitors.
   */
  trial_available: z.boolean().optional(),
});
export type PublicPackage = z.infer<typeof PublicPackage>;
export const PackageListResponse = z.object({ data: z.array(PublicPackage) });
export const PackageResponse = z.object({ data: PublicPackage });
/** The spec reads `maxSubjects` from the list's first item. */
export const MaxSubjectsResponse = z.object({
  data: z.array(z.object({ standard_test_id: z.number().int(), maxSubjects: z.number().int() })),
});
export const PackageSubject = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  /** English description; null: the Spanish one (docs/api.md, "Language"). */
  description_en: z.string().nullable(),
  standard_test_id: z.number().int(),
});
export const PackageSubjectsResponse = z.object({ data: z.array(PackageSubject) });

// --- Subscriptions -------------------------------------------------------------------------------

export const CreateSubscriptionRequest = z.object({
  package_id: Id,
  /** Sent by the spec's client; it must be the signed-in student's id. */
  user_id: Id.optional(),
  subject_ids: z.array(Id).min(1).max(50),
});
export type CreateSubscriptionRequest = z.infer<typeof CreateSubscriptionRequest>;

export const ChangePackageRequest = z.object({
  package_id: Id,
  subject_ids: z.array(Id).min(1).max(50),
});
export type ChangePackageRequest = z.infer<typeof ChangePackageRequest>;

export const PriceBlockSchema = z.object({
  price: z.number().int(),
  discount: z.number().int(),
  net: z.number().int(),
  vat: z.number().int(),
  total: z.number().int(),
  vat_percentage: z.number(),
});

export const PaymentNotice = z.enum(['open', 'uncollectible', 'pause', 'renewal']).nullable();

export const Subscription = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  package_id: z.number().int(),
  status: SubscriptionStatus,
  auto_renew: z.boolean(),
  trial_started_at: Timestamp,
  trial_duration: z.number().int(),
  trial_ends_at: Timestamp,
  trial_days_left: z.number().int(),
  /**
   * Before the card (Created, Pending): registering a card starts a free trial of trial_duration
   * days. False otherwise: no trial applies and the first charge is made at payment.
   */
  trial_available: z.boolean(),
  /**
   * Before the card: this person (account, RUT, e-mail) or the subscription's card already had a
   * free trial of the package's standard test, so none applies ("Ya usaste tu prueba gratis").
   */
  trial_used: z.boolean(),
  subscription_start: Timestamp,
  subscription_end: Timestamp,
  payment_tax: z.number(),
  has_access: z.boolean(),
  subject_ids: z.array(z.number().int()),
  subjects: z.array(z.object({ id: z.number().int(), name: z.string() })),
  /** True when the package's quantity is not below the test's maximum (the table shows 'all'). */
  all_subjects: z.boolean(),
  package: z.object({
    id: z.number().int(),
    name: z.string(),
    /** English name; null: the Spanish one (docs/api.md, "Language"). */
    name_en: z.string().nullable(),
    duration: z.number().int(),
    price: z.number().int(),
    subjects_quantity: z.number().int(),
    standard_test_id: z.number().int(),
    trial_period_days: z.number().int(),
  }),
  price: PriceBlockSchema,
  coupon: z
    .object({ code: z.string(), type: z.enum(['percent', 'amount']), value: z.number() })
    .nullable(),
  card: z.object({ brand: z.string().nullable(), last4: z.string().nullable() }).nullable(),
  payment_notice: PaymentNotice,
  /** The invoice waiting for payment (declined charge), with when it is retried; else null. */
  open_invoice: z
    .object({
      id: z.number().int(),
      number: z.string(),
      total: z.number().int(),
      attempt_count: z.number().int(),
      next_attempt_at: Timestamp,
    })
    .nullable(),
  created_at: z.string(),
});
export type Subscription = z.infer<typeof Subscription>;
export const SubscriptionResponse = z.object({ data: Subscription });

export const SubscriptionListQuery = z.object({
  status: SubscriptionStatus.optional(),
  page: queryInt(1, 100_000).default(1),
  per_page: queryInt(1, 100).default(10),
});
export type SubscriptionListQuery = z.infer<typeof SubscriptionListQuery>;
export const SubscriptionListResponse = z.object({ data: z.array(Subscription), meta: PageMeta });

export const AfterLoginResponse = z.object({
  data: z.object({
    route: z.enum(['/subscripcion/paquete', '/factura/detalles', '/dashboard']),
    subscription_id: z.number().int().nullable(),
    status: SubscriptionStatus.nullable(),
    trial_days_left: z.number().int(),
  }),
});

/** GET api/user-subscriptions/standard-test: per standard test, the subscription that matters. */
export const StandardTestSubscriptionsResponse = z.object({
  data: z.array(
    z.object({
      standard_test_id: z.number().int(),
      standard_test_name: z.string(),
      subscription_id: z.number().int(),
      status: SubscriptionStatus,
      has_access: z.boolean(),
      subscription_end: Timestamp,
      trial_days_left: z.number().int(),
    }),
  ),
});

// --- Coupons -------------------------------------------------------------------------------------

/** An empty code is 'You must enter a code', checked by the service so the message is the spec's. */
export const PromoCodeRequest = z.object({ code: z.string().max(64).default('') });
export type PromoCodeRequest = z.infer<typeof PromoCodeRequest>;

/** The spec's promo result; a response without promocode_type or promocode_value is invalid. */
export const PromoResult = z.object({
  promocode_type: z.enum(['percent', 'amount']),
  promocode_value: z.number(),
  price_net: z.number().int(),
  discount_value: z.number().int(),
  vat_value: z.number().int(),
  price_with_discount: z.number().int(),
});
export const PromoResultResponse = z.object({ data: PromoResult, message: z.string() });

// --- Payment and status ----------------------------------------------------------------------------

export const PaymentLinkRequest = z.object({
  id: Id,
  /** Sent by the spec's client; the coupon is applied by `subscribe`, so it changes nothing. */
  isDiscount: z.boolean().optional(),
});
/** `data[1]` is the URL of the payment platform's card page (the spec reads index 1). */
export const PaymentLinkResponse = z.object({
  data: z.tuple([z.number().int(), z.string()]),
});

export const SetStatusPendingRequest = z.object({ id: Id });
export const SetStatusRequest = z.object({
  id: Id,
  status: z
    .enum(['ACTIVE', 'PAUSE', 'Active', 'Pause'])
    .transform((value) =>
      value.toUpperCase() === 'ACTIVE' ? ('Active' as const) : ('Pause' as const),
    ),
});
export type SetStatusRequest = z.infer<typeof SetStatusRequest>;
export const MessageSubscriptionResponse = z.object({ data: Subscription, message: z.string() });

// --- Cancel feedback -------------------------------------------------------------------------------

export const FeedbackRequest = z.object({
  id: Id,
  /** Answers by question key: `{ reason: 'price', improvement: '...' }`. */
  feedback: z.record(z.string().max(64), z.string().max(2000)),
});
export type FeedbackRequest = z.infer<typeof FeedbackRequest>;

// --- Invoices ---------------------------------------------------------------------------------------

export const InvoiceStatus = z.enum(['open', 'paid', 'uncollectible', 'void']);
export const Invoice = z.object({
  id: z.number().int(),
  number: z.string(),
  subscription_id: z.number().int(),
  package_name: z.string(),
  /** English package name; null: the Spanish one (docs/api.md, "Language"). */
  package_name_en: z.string().nullable(),
  period_start: z.string(),
  period_end: z.string(),
  net: z.number().int(),
  discount: z.number().int(),
  vat: z.number().int(),
  total: z.number().int(),
  status: InvoiceStatus,
  attempt_count: z.number().int(),
  next_attempt_at: Timestamp,
  paid_at: Timestamp,
  created_at: z.string(),
});
export const InvoiceListQuery = z.object({
  page: queryInt(1, 100_000).default(1),
  per_page: queryInt(1, 100).default(10),
});
export const InvoiceListResponse = z.object({ data: z.array(Invoice), meta: PageMeta });

// --- Sandbox gateway and the dev clock --------------------------------------------------------------

export const SandboxCardRequest = z.object({
  token: z.string().min(1).max(4000),
  card_number: z.string().max(40),
});

export const DevClockRequest = z.object({
  /** Moves the clock forward (or back) by this many days and seconds; `reset` puts it back. */
  advance_days: z.number().min(-3650).max(3650).optional(),
  advance_seconds: z.number().int().min(-315_360_000).max(315_360_000).optional(),
  reset: z.boolean().optional(),
});
export const DevClockResponse = z.object({
  data: z.object({ now: z.string(), offset_ms: z.number() }),
});
export const DevJobsResponse = z.object({
  data: z.object({ scheduled: z.number().int(), ran: z.number().int(), failed: z.number().int() }),
});
