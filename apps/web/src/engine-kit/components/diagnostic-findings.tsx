import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { AttemptResult } from '@ensaya/core/contracts/engine';
import { useScoreEstimate } from '../api/get-score-estimate.ts';
import { practiceNext, themeShare } from '../lib/practice-next.ts';
import { TEST_TAKING_NAMESPACE } from '../lib/test-taking-i18n.ts';

/**
 * What a first diagnostic found, on its result: the first score estimate of a
 * PAES test with a range honest about its few questions, the weakest themes to start with, and
 * that the questions missed are in the review queue.
 */
export function DiagnosticFindings({ result }: { result: AttemptResult }) {
  const { t } = useTranslation(TEST_TAKING_NAMESPACE);
  const estimate = useScoreEstimate(result.subject_id);
  const subject = estimate.data?.subjects.find((entry) => entry.subject_id === result.subject_id);
  const weakest = practiceNext(result.themes);
  const byId = new Map(result.themes.map((theme) => [theme.theme_id, theme]));
  return (
    <section className="diagnostic-findings" aria-labelledby="diagnostic-findings-title">
      <h2 id="diagnostic-findings-title" className="diagnostic-findings__title">
        {t('diagnostic.resultTitle')}
      </h2>
      <p>{t('diagnostic.resultIntro', { count: result.total })}</p>
      {subject?.status === 'ready' && subject.score && (
        <div className="diagnostic-findings__block" data-testid="diagnostic-estimate">
          <h3>{t('diagnostic.estimateTitle')}</h3>
          <p className="diagnostic-findings__estimate">
            {t('diagnostic.estimateRange', {
              low: subject.score.low,
              mid: subject.score.mid,
              high: subject.score.high,
            })}
          </p>
          <p className="diagnostic-findings__note">
            {t('diagnostic.estimateHonest', { count: result.total })}
          </p>
        </div>
      )}
      <div className="diagnostic-findings__block" data-testid="diagnostic-themes">
        <h3>{t('diagnostic.themesTitle')}</h3>
        {weakest.length === 0 ? (
          <p>{t('diagnostic.themesNone')}</p>
        ) : (
          <ol className="diagnostic-findings__themes">
            {weakest.map((theme) => {
              const row = byId.get(theme.theme_id)!;
              return (
                <li key={theme.theme_id}>
                  {t('diagnostic.themeLine', {
                    name: theme.name,
                    correct: row.correct,
                    total: themeShare(row).total,
                  })}
                </li>
              );
            })}
          </ol>
        )}
      </div>
      <div className="diagnostic-findings__block" data-testid="diagnostic-review">
        <h3>{t('diagnostic.reviewTitle')}</h3>
        <p>
          {result.incorrect > 0
            ? t('diagnostic.reviewText', { count: result.incorrect })
            : t('diagnostic.reviewNone')}
        </p>
        <Link to="/dashboard">{t('diagnostic.toDashboard')}</Link>
      </div>
    </section>
  );
}
