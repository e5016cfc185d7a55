import Button from 'antd/es/button';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { FullPageSpinner } from '../../../../components/full-page-spinner.tsx';
import { LoadError } from '../../../../components/load-error.tsx';
import { PageShell } from '../../../../components/page-shell.tsx';
import { isApiRequestError } from '../../../../lib/api-client.ts';
import { useResult } from '../../../../engine-kit/api/get-result.ts';
import { EnginePageHeader } from '../../../../engine-kit/components/engine-page-header.tsx';
import { EndedNotice } from '../../../../engine-kit/components/ended-notice.tsx';
import { ResultView } from '../../../../engine-kit/components/result-view.tsx';
import {
  attemptIdFrom,
  readControl,
  updateControl,
} from '../../../../engine-kit/lib/control-context.ts';
import { markTestOver } from '../../../../engine-kit/lib/test-flags.ts';
import { TEST_TAKING_NAMESPACE } from '../../../../engine-kit/lib/test-taking-i18n.ts';

const DASHBOARD = '/dashboard';

/**
 * `/resultado`: the result of the attempt in `?id=` or in the control context (spec 001,
 * section 2). An attempt still running is sent first. Finish, the back button and the browser's
 * back all go to the dashboard, with the test state reset.
 */
export function ResultPage() {
  const { t } = useTranslation(TEST_TAKING_NAMESPACE);
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const attemptId = attemptIdFrom(search);
  const result = useResult(attemptId);
  const title = t('pages.result.title', { ns: 'translation' });

  useEffect(() => {
    markTestOver();
  }, []);

  useEffect(() => {
    const onPopState = () => void navigate(DASHBOARD, { replace: true });
    window.addEventListener('popstate', onPopState);
    return () => window.removeEventListener('popstate', onPopState);
  }, [navigate]);

  function finish() {
    updateControl({ userTestId: null });
    markTestOver();
    void navigate(DASHBOARD);
  }

  /** The review of this attempt (`/revisar`); its finish goes on to the attempt's history. */
  function review(id: number, type: 'custom' | 'official') {
    updateControl({ userTestId: null, type });
    markTestOver();
    void navigate(`/revisar?id=${id}`);
  }

  if (attemptId === null) {
    return (
      <PageShell title={title} description={t('result.none')}>
        <Button type="primary" onClick={finish}>
          {t('result.finish')}
        </Button>
      </PageShell>
    );
  }
  if (result.isPending) return <FullPageSpinner />;
  if (result.isError) {
    if (isApiRequestError(result.error) && result.error.handled) return <FullPageSpinner />;
    return <LoadError onRetry={() => void result.refetch()} />;
  }

  return (
    <section className="page result-page">
      <EnginePageHeader title={title} control={readControl()} onBack={finish} />
      <EndedNotice endedBy={result.data.ended_by} />
      <ResultView result={result.data} />
      <div className="form-actions">
        <Button size="large" onClick={() => review(result.data.user_test_id, result.data.type)}>
          {t('result.review')}
        </Button>
        <Button type="primary" size="large" onClick={finish}>
          {t('result.finish')}
        </Button>
      </div>
    </section>
  );
}
