import '../history.css';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { FullPageSpinner } from '../../../../components/full-page-spinner.tsx';
import { LoadError } from '../../../../components/load-error.tsx';
import { PageShell } from '../../../../components/page-shell.tsx';
import { isApiRequestError } from '../../../../lib/api-client.ts';
import { formatDate, formatTime } from '../../../../lib/format.ts';
import { EnginePageHeader } from '../../../../engine-kit/components/engine-page-header.tsx';
import { StatusTable } from '../../../../engine-kit/components/status-table.tsx';
import { useAnnotations } from '../../../../engine-kit/api/annotations.ts';
import {
  annotationStateOf,
  highlightsOf,
  strikesOf,
} from '../../../../engine-kit/lib/annotations.ts';
import type { AnswerState } from '../../../../engine-kit/lib/answers.ts';
import {
  attemptIdFrom,
  readControl,
  updateControl,
} from '../../../../engine-kit/lib/control-context.ts';
import { useAttemptReview } from '../api/get-attempt-review.ts';
import { HISTORY_PATHS } from '../components/history-kind-switch.tsx';
import { ReviewQuestion } from '../components/review-question.tsx';
import { HISTORY_NAMESPACE } from '../lib/history-i18n.ts';
import { statsKindOf } from '@ensaya/core/statistics/kind';

/**
 * `/revisar?id=` (spec 001, section 2): a sent attempt question by question, with the student's
 * answers against the keys, the explanation on demand, and the status table with the marked
 * questions checked. Finish goes back to the history of the attempt's kind. A scheduled ensayo sent
 * while others still sit it comes without its keys (`result.key_withheld_until`): the student's
 * answers only, and when the correct ones will show.
 */
export function AttemptReviewPage() {
  const { t } = useTranslation(HISTORY_NAMESPACE);
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const [control] = useState(readControl);
  const attemptId = attemptIdFrom(search);
  const attempt = useAttemptReview(attemptId);
  // The crossed-out choices and highlights, as the student left them; the review shows
  // without them when they cannot be read.
  const annotationData = useAnnotations(attemptId).data;
  const annotations = useMemo(() => annotationStateOf(annotationData), [annotationData]);
  const [index, setIndex] = useState(0);
  const title = t('pages.attemptReview.title', { ns: 'translation' });
  const questions = attempt.data?.questions;
  const answers = useMemo(
    () =>
      new Map<number, AnswerState>(
        (questions ?? []).map((question) => [
          question.stem_id,
          { choiceIds: question.chosen_choice_ids, isMarked: question.is_marked },
        ]),
      ),
    [questions],
  );
  const select = useCallback(
    (next: number) => setIndex(Math.max(0, Math.min(next, (questions?.length ?? 1) - 1))),
    [questions],
  );

  if (attemptId === null) {
    return (
      <PageShell title={title} description={t('review.none')}>
        <Link to="/materias">{t('chooseSubject')}</Link>
      </PageShell>
    );
  }
  if (attempt.isPending) return <FullPageSpinner />;
  if (attempt.isError) {
    if (isApiRequestError(attempt.error) && attempt.error.handled) return <FullPageSpinner />;
    return <LoadError onRetry={() => void attempt.refetch()} />;
  }

  const data = attempt.data;
  // Back to the history of the attempt's kind: a drill has its own (core `statsKindOf`).
  const historyRoute = HISTORY_PATHS[statsKindOf(data)];
  const finish = () => {
    updateControl({ userTestId: null, type: data.type });
    void navigate(historyRoute);
  };

  if (data.status !== 'submitted') {
    return (
      <PageShell title={title} description={t('review.notSent')}>
        <Link to={historyRoute}>{t('review.backToHistory')}</Link>
      </PageShell>
    );
  }

  const total = data.questions.length;
  const question = data.questions[index];
  const keyWithheldUntil = data.result?.key_withheld_until ?? null;
  // Without the keys the questions carry no outcome: the result's counts say it.
  const correct =
    keyWithheldUntil && data.result
      ? data.result.correct
      : data.questions.filter((item) => item.is_correct === true).length;

  return (
    <section className="page review-page">
      <EnginePageHeader title={title} control={control} onBack={finish} />
      <p className="page__lead review-page__summary">
        {t('review.summary', {
          subject: data.subject_name,
          date: formatDate(data.submitted_at ?? data.started_at),
          correct,
          total: keyWithheldUntil && data.result ? data.result.total : total,
        })}
      </p>
      {keyWithheldUntil && (
        <Alert
          className="review-page__key-withheld"
          type="info"
          showIcon
          title={t('review.keyWithheld', { time: formatTime(keyWithheldUntil) })}
        />
      )}
      {question && (
        <div className="player">
          <div className="player__main">
            <ReviewQuestion
              key={question.stem_id}
              question={question}
              number={index + 1}
              total={total}
              struck={strikesOf(annotations, question.stem_id)}
              highlights={
                question.context ? highlightsOf(annotations, question.context.id) : undefined
              }
              keyWithheld={keyWithheldUntil !== null}
            />
            <div className="player__actions">
              <Button onClick={() => select(index - 1)} disabled={index === 0}>
                {t('review.previous')}
              </Button>
              <Button
                type="primary"
                onClick={() => select(index + 1)}
                disabled={index === total - 1}
              >
                {t('review.next')}
              </Button>
            </div>
          </div>
          <aside className="player__side" aria-label={t('review.statusTitle')}>
            <Button type="primary" block onClick={finish}>
              {t('review.finish')}
            </Button>
            <h2 className="player__side-title">{t('review.statusTitle')}</h2>
            <StatusTable
              questions={data.questions}
              answers={answers}
              current={index}
              onSelect={select}
            />
          </aside>
        </div>
      )}
    </section>
  );
}
