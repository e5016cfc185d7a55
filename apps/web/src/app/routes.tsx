import { useRoutes, type RouteObject } from 'react-router';
import { LoginPage } from './routes/login-page.tsx';
import { RedirectIfAuthenticated } from './guards/redirect-if-authenticated.tsx';
import { RequireAuth } from './guards/require-auth.tsx';
import { lazyPage, pageData } from './lazy-page.ts';
import { PublicLayout } from './layouts/public-layout.tsx';
import { RootLayout } from './layouts/root-layout.tsx';
import { paths } from './paths.ts';

// The login page is the entry and loads with the app; every other page is its own chunk, so the
// login page stays within its JavaScript budget (docs/architecture.md, "Performance budgets").
const ProtectedLayout = lazyPage(
  () => import('./layouts/protected-layout.tsx'),
  'ProtectedLayout',
  { usesAntd: false, data: pageData('prefetchLayoutData') },
);
const NotFoundPage = lazyPage(() => import('./routes/not-found-page.tsx'), 'NotFoundPage');

const RegistrationPage = lazyPage(
  () => import('./routes/registration-page.tsx'),
  'RegistrationPage',
);
const TrialConfirmationPage = lazyPage(
  () => import('../features/sales/subscriptions/routes/trial-confirmation-page.tsx'),
  'TrialConfirmationPage',
);
const PackagesPage = lazyPage(
  () => import('../features/sales/packages/routes/packages-page.tsx'),
  'PackagesPage',
);
const VerifyEmailPage = lazyPage(() => import('./routes/verify-email-page.tsx'), 'VerifyEmailPage');
const ResetPasswordPage = lazyPage(
  () => import('../features/accounts/auth/routes/reset-password-page.tsx'),
  'ResetPasswordPage',
);
const ForgotPasswordPage = lazyPage(
  () => import('../features/accounts/auth/routes/forgot-password-page.tsx'),
  'ForgotPasswordPage',
);
const SubscriptionSuccessPage = lazyPage(
  () => import('../features/sales/subscriptions/routes/subscription-success-page.tsx'),
  'SubscriptionSuccessPage',
);
const FaqPage = lazyPage(() => import('../features/site/support/routes/faq-page.tsx'), 'FaqPage');
const SupportPage = lazyPage(
  () => import('../features/site/support/routes/support-page.tsx'),
  'SupportPage',
);

const DashboardPage = lazyPage(() => import('./routes/dashboard-page.tsx'), 'DashboardPage', {
  usesAntd: false,
  data: pageData('prefetchDashboardData'),
});
const ChoosePackagePage = lazyPage(
  () => import('../features/sales/subscriptions/routes/choose-package-page.tsx'),
  'ChoosePackagePage',
  { data: pageData('prefetchChoosePackageData') },
);
const AccountPage = lazyPage(() => import('./routes/account-page.tsx'), 'AccountPage', {
  usesAntd: false,
  data: pageData('prefetchAccountData'),
});
const AddSubscriptionPage = lazyPage(
  () => import('../features/sales/subscriptions/routes/add-subscription-page.tsx'),
  'AddSubscriptionPage',
);
const SubjectsPage = lazyPage(() => import('./routes/subjects-page.tsx'), 'SubjectsPage', {
  usesAntd: false,
  data: pageData('prefetchSubjectsData'),
});
const CustomTestPage = lazyPage(
  () => import('../features/engine/test-taking/routes/custom-test-page.tsx'),
  'CustomTestPage',
  { usesAntd: false, data: pageData('prefetchAttemptData') },
);
const MockExamPage = lazyPage(
  () => import('../features/engine/test-taking/routes/mock-exam-page.tsx'),
  'MockExamPage',
  { usesAntd: false, data: pageData('prefetchAttemptData') },
);
const HistoricalTestPage = lazyPage(
  () => import('../features/engine/test-taking/routes/historical-test-page.tsx'),
  'HistoricalTestPage',
  { usesAntd: false, data: pageData('prefetchAttemptData') },
);
const WrongAnswersPage = lazyPage(
  () => import('../features/engine/test-taking/routes/wrong-answers-page.tsx'),
  'WrongAnswersPage',
  { data: pageData('prefetchAttemptData') },
);
const ResultPage = lazyPage(
  () => import('../features/engine/test-taking/routes/result-page.tsx'),
  'ResultPage',
);
const AttemptReviewPage = lazyPage(
  () => import('../features/insights/history/routes/attempt-review-page.tsx'),
  'AttemptReviewPage',
);
const ThemesPage = lazyPage(
  () => import('../features/engine/test-setup/routes/themes-page.tsx'),
  'ThemesPage',
);
const HistoricalThemesPage = lazyPage(
  () => import('../features/engine/test-setup/routes/historical-themes-page.tsx'),
  'HistoricalThemesPage',
);
const CustomHistoryPage = lazyPage(
  () => import('../features/insights/history/routes/custom-history-page.tsx'),
  'CustomHistoryPage',
);
const OfficialHistoryPage = lazyPage(
  () => import('../features/insights/history/routes/official-history-page.tsx'),
  'OfficialHistoryPage',
);
const DrillHistoryPage = lazyPage(
  () => import('../features/insights/history/routes/drill-history-page.tsx'),
  'DrillHistoryPage',
);
const OfficialTestsPage = lazyPage(
  () => import('../features/insights/history/routes/official-tests-page.tsx'),
  'OfficialTestsPage',
);
const StatisticsPage = lazyPage(() => import('./routes/statistics-page.tsx'), 'StatisticsPage', {
  usesAntd: false,
  data: pageData('prefetchStatisticsData'),
});
const CancelSubscriptionPage = lazyPage(
  () => import('../features/sales/subscription-cancel/routes/cancel-subscription-page.tsx'),
  'CancelSubscriptionPage',
);
const InvoiceDetailsPage = lazyPage(
  () => import('../features/sales/subscriptions/routes/invoice-details-page.tsx'),
  'InvoiceDetailsPage',
);
const ScheduledExamPage = lazyPage(
  () => import('../features/engine/scheduled-exams/routes/scheduled-exam-page.tsx'),
  'ScheduledExamPage',
  { usesAntd: false },
);
const AdminPage = lazyPage(
  () => import('../features/backoffice/admin/routes/admin-page.tsx'),
  'AdminPage',
  {
    data: pageData('prefetchAdminData'),
  },
);

/**
 * The route tree. It is rendered with `useRoutes` inside a `<BrowserRouter>` (tests: a
 * `<MemoryRouter>`), not with `createBrowserRouter`: the data router adds about 17 KB of gzipped
 * JavaScript to the login page, whose budget is 200 KB, for loaders and blockers nothing uses yet.
 */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      {
        element: <PublicLayout />,
        children: [
          {
            element: <RedirectIfAuthenticated />,
            children: [
              { path: paths.home, element: <LoginPage /> },
              { path: paths.login, element: <LoginPage /> },
              { path: paths.loginWithPreferences, element: <LoginPage /> },
              { path: paths.registration, element: <RegistrationPage /> },
            ],
          },
          { path: paths.packages, element: <PackagesPage /> },
          { path: paths.verifyEmail, element: <VerifyEmailPage /> },
          { path: paths.resetPassword, element: <ResetPasswordPage /> },
          { path: paths.forgotPassword, element: <ForgotPasswordPage /> },
          { path: paths.trialConfirmation, element: <TrialConfirmationPage /> },
          { path: paths.subscriptionSuccess, element: <SubscriptionSuccessPage /> },
          { path: paths.faq, element: <FaqPage /> },
          { path: paths.support, element: <SupportPage /> },
          // Unknown addresses say so to everyone, logged in or not, rather than bouncing a
          // visitor with a mistyped link to the login page.
          { path: '*', element: <NotFoundPage /> },
        ],
      },
      {
        element: <RequireAuth />,
        children: [
          {
            element: <ProtectedLayout />,
            children: [
              { path: paths.dashboard, element: <DashboardPage /> },
              { path: paths.choosePackage, element: <ChoosePackagePage /> },
              { path: paths.account, element: <AccountPage /> },
              { path: paths.addSubscription, element: <AddSubscriptionPage /> },
              { path: paths.subjects, element: <SubjectsPage /> },
              { path: paths.customTest, element: <CustomTestPage /> },
              { path: paths.mockExam, element: <MockExamPage /> },
              { path: paths.historicalTest, element: <HistoricalTestPage /> },
              { path: paths.attemptReview, element: <AttemptReviewPage /> },
              { path: paths.wrongAnswers, element: <WrongAnswersPage /> },
              { path: paths.themes, element: <ThemesPage /> },
              { path: paths.historicalThemes, element: <HistoricalThemesPage /> },
              { path: paths.customHistory, element: <CustomHistoryPage /> },
              { path: paths.officialHistory, element: <OfficialHistoryPage /> },
              { path: paths.drillHistory, element: <DrillHistoryPage /> },
              { path: paths.officialTests, element: <OfficialTestsPage /> },
              { path: paths.statistics, element: <StatisticsPage /> },
              { path: paths.result, element: <ResultPage /> },
              { path: paths.cancelSubscription, element: <CancelSubscriptionPage /> },
              { path: paths.invoiceDetails, element: <InvoiceDetailsPage /> },
              { path: paths.scheduledExam, element: <ScheduledExamPage /> },
              { path: paths.admin, element: <AdminPage /> },
            ],
          },
        ],
      },
    ],
  },
];

export function AppRoutes() {
  return useRoutes(routes);
}
