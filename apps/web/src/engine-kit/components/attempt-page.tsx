import { useDeferredValue, useEffect, useMemo, useState } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { HttpStatus } from '@ensaya/core/api/http';
import type { TestMode } from '@ensaya/core/contracts/engine';
import type { WrongSource } from '@ensaya/core/engine/wrong-answers';
import { withContent } from '@ensaya/core/engine/attempt-content';
import { FullPageSpinner } from '../../components/full-page-spinner.tsx';
import { LoadError } from '../../components/load-error.tsx';
import { PageShell } from '../../components/page-shell.tsx';
import { isApiRequestError } from '../../lib/api-client.ts';
import { enableOfflineSupport } from '../../lib/offline.ts';
import { useMe } from '../../lib/session.ts';
import { useAttempt, useAttemptContent, type LoadedAttempt } from '../api/get-attempt.ts';
import { attemptPath, resultPath, TEST_ROUTE } from '../lib/attempt-routes.ts';
import { attemptIdFrom } from '../lib/control-context.ts';
import { TEST_TAKING_NAMESPACE } from '../lib/test-taking-i18n.ts';
import { TestPlayer } from './test-player.tsx';

/**
 * The page title of an attempt: its kind's name; a wrong-answers test is named by its source
 * (spaced review, questions you missed, most missed by everyone).
 */
export function attemptTitleKey(mode: TestMode, wrongSource: WrongSource | null | undefined) {
  return mode === 'wrong_answers' && wrongSource
    ? `pages.wrongAnswers.${wrongSource}`
    : TITLE_KEY[mode];
}

/** The page title of each kind of attempt (the shared catalogue's page names). */
export const TITLE_KEY: Record<TestMode, string> = {
  practice: 'pages.customTest.title',
  mock_exam: 'pages.mockExam.title',
  historical: 'pages.historicalTest.title',
  wrong_answers: 'pages.wrongAnswers.title',
  diagnostic: 'testTaking:diagnostic.pageTitle',
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
 * its own route. A running attempt's questions come as state: their texts are fetched from its
 * `content_url` (once: immutable) and merged before the player sees them. A timed attempt has no
 * `content_url` until its begin: the player shows its instructions without the texts, and the
 * begin's answer names the content, fetched then while the player waits on it.
 */
export function AttemptPage({ mode }: { mode: TestMode }) {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const attemptId = attemptIdFrom(search);
  const { data: user } = useMe();
  const attempt = useAttempt(attemptId);
  // A reload without a connection still shows the test (the service worker keeps the page).
  useEffect(() => enableOfflineSupport(), []);
  const contentUrl =
    attempt.data?.status === 'in_progress' ? (attempt.data.content_url ?? null) : null;
  const content = useAttemptContent(attemptId, contentUrl);
  const isContentLoading = contentUrl !== null && content.data === undefined;
  const merged = useMemo((): LoadedAttempt | undefined => {
    if (!attempt.data) return undefined;
    return {
      ...withContent(attempt.data, content.data ?? null),
      clockOffsetMs: attempt.data.clockOffsetMs,
    };
  }, [attempt.data, content.data]);
  // The first paint waits for the content; once the player is shown it stays while content comes
  // (a timed attempt's, named by its begin), showing that it loads.
  const [shownId, setShownId] = useState<number | null>(null);
  const isReady = merged !== undefined && (!isContentLoading || shownId === attemptId);
  const title = t(TITLE_KEY[mode]);
  // The player is drawn in a background render, which yields to the browser every few
  // milliseconds, rather than in one long task when the questions arrive (Lighthouse's blocking
  // time); the spinner stays until then.
  const isPlayerShown = useDeferredValue(isReady, false) && isReady;
  if (isPlayerShown && shownId !== attemptId) setShownId(attemptId);

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
  const state = attempt.data;
  if (state.status === 'submitted') return <Navigate to={resultPath(state.id)} replace />;
  if (TEST_ROUTE[state.mode] !== TEST_ROUTE[mode])
    return <Navigate to={attemptPath(state.mode, state.id)} replace />;
  if (content.isError) {
    // A stale address was already replaced once (see `attemptContentQueryOptions`): what failed
    // now is offered again, the attempt read again with it.
    return (
      <LoadError
        onRetry={() => {
          void attempt.refetch();
          void content.refetch();
        }}
      />
    );
  }
  const data = merged;
  if (!data || !isPlayerShown) return <FullPageSpinner />;
  return (
    <TestPlayer
      key={data.id}
      attempt={data}
      title={t(attemptTitleKey(data.mode, data.wrong_source))}
      isDebug={(user?.permissions.length ?? 0) > 0}
      isContentLoading={isContentLoading}
    />
  );
}
