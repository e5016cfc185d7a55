// Back office: the admin screens' routes over the other areas: catalog (standard tests,
// subjects, themes, packages), contexts, questions, sales (coupons, subscriptions, invoices) and
// settings.
// Public face: other areas import from this file only (lint: .dependency-cruiser.cjs).
export { adminCatalogRoutes } from './catalog/routes.ts';
export { adminContextRoutes } from './contexts/routes.ts';
export { adminQuestionRoutes } from './questions/routes.ts';
export { adminSalesRoutes } from './sales/routes.ts';
export { adminSettingsRoutes } from './settings/routes.ts';
