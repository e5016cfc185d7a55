// The start-up reads of every signed-in page that has them (app/lazy-page.ts, `pageData`). They
// load with the protected layout's chunk, which every signed-in page asks for at start-up.
export { prefetchPageData as prefetchAccountData } from './routes/account-page.data.ts';
export { prefetchPageData as prefetchAttemptData } from './routes/attempt-page.data.ts';
export { prefetchPageData as prefetchDashboardData } from './routes/dashboard-page.data.ts';
export { prefetchPageData as prefetchSubjectsData } from './routes/subjects-page.data.ts';
export { prefetchPageData as prefetchAdminData } from '../features/backoffice/admin/routes/admin-page.data.ts';
export { prefetchPageData as prefetchStatisticsData } from './routes/statistics-page.data.ts';
export { prefetchPageData as prefetchChoosePackageData } from '../features/sales/subscriptions/routes/choose-package-page.data.ts';
export { prefetchPageData as prefetchLayoutData } from './layouts/protected-layout.data.ts';
