import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ScheduledExam } from '@ensaya/core/contracts/scheduled-exam';
import { resultPath } from '../../../../engine-kit/lib/attempt-routes.ts';
import { useScheduledExamResults } from '../api/scheduled-exams.ts';
import { SCHEDULED_EXAMS_NAMESPACE } from '../lib/scheduled-exams-i18n.ts';

const whole = (value: number) => Math.round(value);

/**
 * A closed ensayo's results for one participant ("results the same day"): the score,
 * the place among everyone who sat this ensayo, the distribution of everyone's scores with the
 * student's band marked, and each eje against the cohort. Bars drawn with CSS, each with its
 * figure in text, and a table a screen reader reads.
 */
export function ScheduledExamResultsView({ exam }: { exam: ScheduledExam }) {
  const { t } = useTranslation(SCHEDULED_EXAMS_NAMESPACE);
  const results = useScheduledExamResults(exam.id, true);
  if (results.isPending || results.isError)
    return (
      <p className="scheduled-exam__notice" role="status">
        {t('page.closing')}
      </p>
    );
  const data = results.data;
  const tallest = Math.max(1, ...data.distribution.map((band) => band.count));
  const ownBand = data.distribution.findIndex(
    (band, index) =>
      data.score >= band.from && (data.score < band.to || index === data.distribution.length - 1),
  );
  return (
    <div className="scheduled-results">
      <section className="chart-card scheduled-results__summary" aria-labelledby="results-title">
        <h2 id="results-title" className="chart-card__title">
          {t('results.title')}
        </h2>
        <p className="scheduled-results__score">
          <span className="scheduled-results__score-label">{t('results.score')}</span>
          <span className="scheduled-results__score-value">{whole(data.score)}</span>
        </p>
        <p>{t('results.correct', { correct: data.correct, count: data.question_count })}</p>
        <p className="scheduled-results__percentile">
          {t('results.percentile', {
            percentile: whole(data.percentile),
            count: data.participant_count,
          })}
        </p>
        <p>{t('results.average', { score: whole(data.cohort_average) })}</p>
        <Link className="plain-button plain-button--default" to={resultPath(data.user_test_id)}>
          {t('results.review')}
        </Link>
      </section>

      <section className="chart-card" aria-labelledby="distribution-title">
        <h2 id="distribution-title" className="chart-card__title">
          {t('results.distributionTitle')}
        </h2>
        <div className="scheduled-results__bars" aria-hidden="true">
          {data.distribution.map((band, index) => (
            <div
              key={band.from}
              className={`scheduled-results__bar${index === ownBand ? ' scheduled-results__bar--own' : ''}`}
              style={{ height: `${Math.max(2, (band.count / tallest) * 100)}%` }}
              title={`${band.from}–${band.to}: ${band.count}`}
            >
              {index === ownBand && (
                <span className="scheduled-results__you">{t('results.you')}</span>
              )}
            </div>
          ))}
        </div>
        <div className="scheduled-results__axis" aria-hidden="true">
          <span>{data.distribution[0]?.from}</span>
          <span>{data.distribution.at(-1)?.to}</span>
        </div>
        <table className="visually-hidden">
          <caption>{t('results.distributionLabel')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('results.range')}</th>
              <th scope="col">{t('results.students')}</th>
            </tr>
          </thead>
          <tbody>
            {data.distribution.map((band, index) => (
              <tr key={band.from}>
                <td>
                  {band.from}–{band.to}
                  {index === ownBand ? ` (${t('results.you')})` : ''}
                </td>
                <td>{band.count}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>

      <section className="chart-card" aria-labelledby="themes-title">
        <h2 id="themes-title" className="chart-card__title">
          {t('results.themesTitle')}
        </h2>
        <table className="scheduled-results__themes">
          <thead>
            <tr>
              <th scope="col">{t('results.theme')}</th>
              <th scope="col">{t('results.own')}</th>
              <th scope="col">{t('results.cohort')}</th>
            </tr>
          </thead>
          <tbody>
            {data.themes.map((theme) => (
              <tr key={theme.theme_id}>
                <th scope="row">{theme.name}</th>
                <td>
                  <span className="scheduled-results__meter">
                    <span style={{ width: `${theme.own_percent}%` }} />
                  </span>
                  {whole(theme.own_percent)} %
                </td>
                <td>
                  <span className="scheduled-results__meter scheduled-results__meter--cohort">
                    <span style={{ width: `${theme.cohort_percent}%` }} />
                  </span>
                  {whole(theme.cohort_percent)} %
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </div>
  );
}
