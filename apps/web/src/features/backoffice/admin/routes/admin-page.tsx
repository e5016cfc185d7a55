import '../lib/admin-i18n.ts';
import '../admin.css';
import { Navigate, useRoutes } from 'react-router';
import { useMe } from '../../../../lib/session.ts';
import { AdminLayout } from '../components/admin-layout.tsx';
import { NotAllowedPage } from '../components/not-allowed-page.tsx';
import {
  ContextsPage,
  PackagesPage,
  PeriodsPage,
  PromoCodesPage,
  StandardTestsPage,
  SubjectsPage,
  ThemesPage,
} from './catalog-pages.tsx';
import { FeedbackFormPage } from './feedback-form-page.tsx';
import { GradeTablesPage } from './grade-tables-page.tsx';
import { ImportExportPage } from './import-export-page.tsx';
import { ItemAnalysisDetailPage } from './item-analysis-detail-page.tsx';
import { ItemAnalysisPage } from './item-analysis-page.tsx';
import { QuestionEditorPage } from './question-editor-page.tsx';
import { QuestionsPage } from './questions-page.tsx';
import { ScheduledExamsPage } from './scheduled-exams-page.tsx';
import { UsersPage } from './users-page.tsx';

/** The back office's screens, relative to `/admin`. */
function AdminRoutes() {
  return useRoutes([
    { index: true, element: <Navigate to="questions" replace /> },
    { path: 'questions', element: <QuestionsPage /> },
    { path: 'questions/new', element: <QuestionEditorPage /> },
    { path: 'questions/:id', element: <QuestionEditorPage /> },
    { path: 'contexts', element: <ContextsPage /> },
    { path: 'subjects', element: <SubjectsPage /> },
    { path: 'themes', element: <ThemesPage /> },
    { path: 'periods', element: <PeriodsPage /> },
    { path: 'grades', element: <GradeTablesPage /> },
    { path: 'packages', element: <PackagesPage /> },
    { path: 'promo-codes', element: <PromoCodesPage /> },
    { path: 'standard-tests', element: <StandardTestsPage /> },
    { path: 'feedback-form', element: <FeedbackFormPage /> },
    { path: 'import-export', element: <ImportExportPage /> },
    { path: 'users', element: <UsersPage /> },
    { path: 'scheduled-exams', element: <ScheduledExamsPage /> },
    { path: 'item-analysis', element: <ItemAnalysisPage /> },
    { path: 'item-analysis/:id', element: <ItemAnalysisDetailPage /> },
    { path: '*', element: <Navigate to="questions" replace /> },
  ]);
}

/**
 * `/admin/*`: the back office, a chunk of its own. The server refuses every
 * `/api/admin` call to anyone but an admin; here a student gets a plain "not allowed" page and
 * none of the back office's screens mount, so none of its requests is made.
 */
export function AdminPage() {
  const { data: user } = useMe();
  if (user?.role !== 'admin') return <NotAllowedPage />;
  return (
    <AdminLayout>
      <AdminRoutes />
    </AdminLayout>
  );
}
