import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { WRONG_ANSWERS_MAX } from '@ensaya/core/engine/wrong-answers';
import { FullPageSpinner } from '../../../../components/full-page-spinner.tsx';
import {
  AttemptPage,
  attemptTitleKey,
  NoAttempt,
} from '../../../../engine-kit/components/attempt-page.tsx';
import { useStartTest } from '../../../../engine-kit/hooks/use-start-test.tsx';
import { readControl } from '../../../../engine-kit/lib/control-context.ts';

type WrongSource = 'own' | 'general' | 'review';

function parseSource(value: string | null | undefined): WrongSource | null {
  return value === 'own' || value === 'general' || value === 'review' ? value : null;
}

/** `?limit=`: how many missed questions the student asked for (the server's default when absent). */
function parseLimit(value: string | null): number | undefined {
  const limit = Number(value);
  return value !== null && Number.isInteger(limit) && limit >= 1 && limit <= WRONG_ANSWERS_MAX
    ? limit
    : undefined;
}

/**
 * Starts a wrong-answers test for the subject in the control context: the student's own wrong
 * answers, everyone's most failed questions, or the spaced-review queue due today (`?source=` or
 * the context's `wrongSource`). With none, the server's message ("No tienes preguntas
 * incorrectas") and then the dashboard.
 */
function WrongAnswersStarter({
  source,
  limit,
}: {
  source: WrongSource | null;
  limit: number | undefined;
}) {
  const { t } = useTranslation();
  const [control] = useState(readControl);
  const { start, dialogs } = useStartTest({ replace: true });
  const hasAsked = useRef(false);
  const canStart = control !== null && source !== null;

  useEffect(() => {
    if (hasAsked.current || !control || !source) return;
    hasAsked.current = true;
    void start({
      subject_id: control.subjectId,
      mode: 'wrong_answers',
      wrong_source: source,
      ...(limit === undefined || source === 'review' ? {} : { wrong_limit: limit }),
      random_question: false,
      random_answer: false,
      // A review: each question's explanation shows once it is answered.
      study_mode: true,
    });
  }, [control, source, limit, start]);

  if (!canStart) return <NoAttempt title={t(attemptTitleKey('wrong_answers', source))} />;
  return (
    <>
      <FullPageSpinner />
      {dialogs}
    </>
  );
}

/** `/revision`: the wrong-answers test (spec 001, section 2). `?id=` plays a started one. */
export function WrongAnswersPage() {
  const [search] = useSearchParams();
  if (search.get('id')) return <AttemptPage mode="wrong_answers" />;
  return (
    <WrongAnswersStarter
      source={parseSource(search.get('source')) ?? parseSource(readControl()?.wrongSource)}
      limit={parseLimit(search.get('limit'))}
    />
  );
}
