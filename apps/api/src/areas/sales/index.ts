// Sales: packages, subscriptions and their lifecycle (trial, activation, pause, cancellation),
// coupons, invoices, the payment gateways (sandbox and Transbank Oneclick), and which subjects a
// student may take tests in today (access).
// Public face: other areas import from this file only (lint: .dependency-cruiser.cjs).
export { createGateways } from './payments/gateways.ts';
export type { Gateways } from './payments/gateways.ts';
export { paymentRoutes } from './payments/routes.ts';
export { attemptContentAccess } from './subscriptions/access.ts';
export {
  givesAccessNow,
  hasAccessToSubjectOfSql,
  hasBegunSql,
  hasSubjectAccessSql,
  subjectsWithAccess,
} from './subscriptions/access-repo.ts';
export {
  collectInvoice,
  dayMonthYear,
  invoiceFor,
  mailStudent,
  moveTo,
} from './subscriptions/billing.ts';
export type { BillingDeps } from './subscriptions/billing.ts';
export { subscriptionRoutes } from './subscriptions/routes.ts';
export * as subscriptionsRepo from './subscriptions/repo.ts';
