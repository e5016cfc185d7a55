import '../history.css';
import Button from 'antd/es/button';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { SubjectCard } from '@ensaya/core/contracts/engine';
import { FullPageSpinner } from '../../../../components/full-page-spinner.tsx';
import { LoadError } from '../../../../components/load-error.tsx';
import { isApiRequestError } from '../../../../lib/api-client.ts';
import { subjectsQueryOptions } from '../../../../engine-kit/api/get-subjects.ts';
import { controlFor } from '../../../../engine-kit/lib/control-for.ts';
import { EnginePageHeader } from '../../../../engine-kit/components/engine-page-header.tsx';
import { writeControl } from '../../../../engine-kit/lib/control-context.ts';
import { HISTORY_NAMESPACE } from '../lib/history-i18n.ts';

/**
 * `/ensayo`: the subjects the student can take a mock exam in (an active subscription and a
 * period with questions), and those with past mock exams, whose history stays readable.
 */
export function OfficialTestsPage() {
  const { t } = useTranslation(HISTORY_NAMESPACE);
  const navigate = useNavigate();
  const subjects = useQuery(subjectsQueryOptions());
  const title = t('pages.officialTests.title', { ns: 'translation' });

  if (subjects.isPending) return <FullPageSpinner />;
  if (subjects.isError) {
    if (isApiRequestError(subjects.error) && subjects.error.handled) return <FullPageSpinner />;
    return <LoadError onRetry={() => void subjects.refetch()} />;
  }

  const cards = subjects.data
    .flatMap((standardTest) => standardTest.subjects)
    .filter((card) => (card.has_access && card.question_count !== null) || card.official_tests > 0);

  function open(card: SubjectCard, to: string) {
    writeControl(controlFor(card, 'official'));
    void navigate(to);
  }

  return (
    <section className="page official-tests-page">
      <EnginePageHeader title={title} onBack={() => void navigate('/dashboard')} />
      <p className="page__lead">{t('officialTests.lead')}</p>
      {cards.length === 0 && (
        <p>
          {t('officialTests.none')} <Link to="/materias">{t('chooseSubject')}</Link>
        </p>
      )}
      <div className="official-tests">
        {cards.map((card) => {
          const canTake = card.has_access && card.question_count !== null;
          return (
            <article
              key={card.id}
              className="official-test-card"
              aria-labelledby={`official-${card.id}`}
            >
              <h2 id={`official-${card.id}`} className="official-test-card__name">
                {card.name}
              </h2>
              <ul className="official-test-card__facts">
                {card.question_count !== null && card.test_duration !== null && (
                  <li>
                    {t('officialTests.exam', {
                      questions: card.question_count,
                      minutes: card.test_duration,
                    })}
                  </li>
                )}
                <li>{t('officialTests.taken', { count: card.official_tests })}</li>
              </ul>
              <div className="official-test-card__actions">
                {canTake && (
                  <Button type="primary" onClick={() => open(card, '/temas?tab=exam')}>
                    {t('officialTests.take')}
                  </Button>
                )}
                <Button
                  disabled={card.official_tests === 0}
                  onClick={() => open(card, '/historico/ensayo')}
                >
                  {t('officialTests.history')}
                </Button>
              </div>
            </article>
          );
        })}
      </div>
    </section>
  );
}
