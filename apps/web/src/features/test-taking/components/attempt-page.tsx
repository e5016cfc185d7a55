import { Link, Navigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { HttpStatus } from '@ensaya/core/api/http';
import type { TestMode } from '@ensaya/core/contracts/engine';
import { FullPageSpinner } from '../../../components/full-page-spinner.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { PageShell } from '../../../components/page-shell.tsx';
import { isApiRequestError } from '../../../lib/api-client.ts';
import { useMe } from '../../../lib/session.ts';
import { useAttempt } from '../api/get-attempt.ts';
import { attemptPath, resultPath } from '../lib/attempt-routes.ts';
import { attemptIdFrom } from '../lib/control-context.ts';
import { TEST_TAKING_NAMESPACE } from '../lib/test-taking-i18n.ts';
import { TestPlayer } from './test-player.tsx';

/** The page title of each kind of attempt (the shared catalogue's page names). */
export const TITLE_KEY: Record<TestMode, string> = {
  practice: 'pages.customTest.title',
  mock_exam: 'pages.mockExam.title',
  historical: 'pages.historicalTest.title',
  wrong_answers: 'pages.wrongAnswers.title',
};

/** No attempt to show: say so and offer the subject list. */
export function NoAttempt({ title }: { title: string }) {
  const { t } = useTranslation(TEST_TAKING_NAMESPACE);
  return (
    <PageShell title={title} description={t('player.noAttempt')}>
      <Link to="/materias">{t('player.chooseSubject')}</Link>
    </PageShell>
  );
}

/**
 * A test route: the attempt named by `?id=` or by the control context, played here when it runs
 * and is of this route's kind; a sent attempt shows its result, and one of another kind moves to
 * its own route.
 */
export function AttemptPage({ mode }: { mode: TestMode }) {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const attemptId = attemptIdFrom(search);
  const { data: user } = useMe();
  const attempt = useAttempt(attemptId);
  const title = t(TITLE_KEY[mode]);

  if (attemptId === null) return <NoAttempt title={title} />;
  if (attempt.isPending) return <FullPageSpinner />;
  if (attempt.isError) {
    const error = attempt.error;
    if (isApiRequestError(error) && error.status === HttpStatus.notFound) {
      return <NoAttempt title={title} />;
    }
    if (isApiRequestError(error) && error.handled) return <NoAttempt title={title} />;
    return <LoadError onRetry={() => void attempt.refetch()} />;
  }
  const data = attempt.data;
  if (data.status === 'submitted') return <Navigate to={resultPath(data.id)} replace />;
  if (data.mode !== mode) return <Navigate to={attemptPath(data.mode, data.id)} replace />;
  return (
    <TestPlayer
      key={data.id}
      attempt={data}
      title={t(TITLE_KEY[data.mode])}
      isDebug={(user?.permissions.length ?? 0) > 0}
    />
  );
}
