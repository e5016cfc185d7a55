import '../score-estimate.css';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type {
  ApplicationEstimate,
  EstimateInterval,
  ScoreEstimate,
  SubjectEstimate,
} from '@ensaya/core/contracts/score-estimate';
import { THEME_RAISE } from '@ensaya/core/statistics/score-estimate';
import { formatNumber } from '../../../../components/charts/chart-numbers.ts';
import { formatList } from '../../../../lib/format.ts';
import { SCORE_ESTIMATE_NAMESPACE } from '../lib/score-estimate-i18n.ts';

/** Where a value sits on a scale, in percent of its width. */
const position = (value: number, min: number, max: number) =>
  max > min ? Math.min(100, Math.max(0, ((value - min) * 100) / (max - min))) : 0;

/** The 80 % range on the test's scale: a band from low to high and a tick at the middle. */
function RangeBar({
  interval,
  min,
  max,
  label,
  mark,
}: {
  interval: EstimateInterval;
  min: number;
  max: number;
  label: string;
  /** A reference line (the 458 needed to apply). */
  mark?: number;
}) {
  const low = position(interval.low, min, max);
  const high = position(interval.high, min, max);
  return (
    <div className="score-estimate__bar" role="img" aria-label={label}>
      <span
        className="score-estimate__band"
        style={{ left: `${low}%`, width: `${Math.max(1, high - low)}%` }}
      />
      <span
        className="score-estimate__tick"
        style={{ left: `${position(interval.mid, min, max)}%` }}
      />
      {mark !== undefined && (
        <span className="score-estimate__mark" style={{ left: `${position(mark, min, max)}%` }} />
      )}
    </div>
  );
}

function SubjectRow({ subject, percent }: { subject: SubjectEstimate; percent: number }) {
  const { t, i18n } = useTranslation(SCORE_ESTIMATE_NAMESPACE);
  const number = (value: number) => formatNumber(value, i18n.language, 0);
  if (subject.status !== 'ready' || !subject.score) {
    return (
      <li className="score-estimate__subject">
        <h3 className="score-estimate__name">{subject.name}</h3>
        <p className="score-estimate__need">
          {t('needMockExam')} <Link to="/materias">{t('needMockExamLink')}</Link>
        </p>
      </li>
    );
  }
  const { low, mid, high } = subject.score;
  return (
    <li className="score-estimate__subject">
      <h3 className="score-estimate__name">{subject.name}</h3>
      <p className="score-estimate__figure">
        <span className="score-estimate__mid">{number(mid)}</span>
        <span className="score-estimate__range">
          {t('range', { percent, low: number(low), high: number(high) })}
        </span>
      </p>
      <RangeBar
        interval={subject.score}
        min={subject.min_score}
        max={subject.max_score}
        label={t('rangeLabel', {
          mid: number(mid),
          low: number(low),
          high: number(high),
          min: number(subject.min_score),
          max: number(subject.max_score),
        })}
      />
      <p className="score-estimate__evidence">
        {t(subject.diagnostic_questions > 0 ? 'evidenceDiagnostic' : 'evidence', {
          count: subject.mock_exams,
          practice: number(subject.practice_questions),
          diagnostic: number(subject.diagnostic_questions),
        })}
      </p>
      {subject.theme_gains.length > 0 && (
        <div className="score-estimate__gains">
          <p className="score-estimate__gains-title">{t('gains')}</p>
          <ul>
            {subject.theme_gains.map((gain) => (
              <li key={gain.theme_id}>
                {t('gain', { name: gain.name, points: number(gain.points) })}
              </li>
            ))}
          </ul>
        </div>
      )}
    </li>
  );
}

/** A probability in whole percent; never "0 %" or "100 %", which the model cannot promise. */
export function probabilityText(probability: number, language: string): string {
  if (probability >= 0.995) return `> ${formatNumber(99, language, 0)} %`;
  if (probability <= 0.005) return `< ${formatNumber(1, language, 0)} %`;
  return `${formatNumber(probability * 100, language, 0)} %`;
}

function ApplicationRow({ application }: { application: ApplicationEstimate }) {
  const { t, i18n } = useTranslation(SCORE_ESTIMATE_NAMESPACE);
  const number = (value: number) => formatNumber(value, i18n.language, 0);
  const threshold = number(application.threshold);
  if (application.status !== 'ready' || !application.average) {
    const names = formatList(application.missing, i18n.language);
    return (
      <div className="score-estimate__application">
        <h3 className="score-estimate__name">{t('application.title')}</h3>
        <p className="score-estimate__need">{t('application.missing', { names })}</p>
      </div>
    );
  }
  const { low, mid, high } = application.average;
  // The bar's scale: the average's range and the threshold, with a margin.
  const min = Math.max(0, Math.min(low, application.threshold) - 50);
  const max = Math.max(high, application.threshold) + 50;
  return (
    <div className="score-estimate__application">
      <h3 className="score-estimate__name">{t('application.title')}</h3>
      <dl className="score-estimate__numbers">
        <div>
          <dt>{t('application.average')}</dt>
          <dd>
            {number(mid)}{' '}
            <span className="score-estimate__range">
              ({number(low)} – {number(high)})
            </span>
          </dd>
        </div>
        <div>
          <dt>{t('application.probability', { threshold })}</dt>
          <dd>{probabilityText(application.probability ?? 0, i18n.language)}</dd>
        </div>
      </dl>
      <RangeBar
        interval={application.average}
        min={min}
        max={max}
        mark={application.threshold}
        label={t('application.rangeLabel', {
          mid: number(mid),
          low: number(low),
          high: number(high),
          threshold,
        })}
      />
      <p className="score-estimate__evidence">{t('application.note', { threshold })}</p>
    </div>
  );
}

/**
 * The indicative PAES score estimate (docs/score-estimate.md): per test the middle score and its
 * 80 % range, the CL + M1 average against the minimum to apply, and the themes that raise the score
 * most. Always labelled as indicative. With `subjectId` (the statistics page) only that test, and
 * the average when the test enters it. Nothing is drawn for a student without PAES attempts.
 */
export function ScoreEstimateCard({
  estimate: data,
  subjectId = null,
}: {
  /** `useScoreEstimate(subjectId)`'s data, read by the page with its own. */
  estimate: ScoreEstimate | undefined;
  subjectId?: number | null;
}) {
  const { t } = useTranslation(SCORE_ESTIMATE_NAMESPACE);
  const headingId = useId();
  if (!data || data.subjects.length === 0) return null;
  const percent = data.interval_percent;
  const showApplication =
    data.application !== null &&
    (subjectId === null || data.subjects.some((subject) => subject.in_application_average));
  return (
    <section className="chart-card score-estimate" aria-labelledby={headingId}>
      <div className="score-estimate__head">
        <h2 id={headingId} className="chart-card__title">
          {t('title')}
        </h2>
        <span className="score-estimate__badge">{t('badge')}</span>
      </div>
      <p className="chart-card__description">{t('explain', { percent })}</p>
      {showApplication && <ApplicationRow application={data.application!} />}
      <ul className="score-estimate__subjects">
        {data.subjects.map((subject) => (
          <SubjectRow key={subject.subject_id} subject={subject} percent={percent} />
        ))}
      </ul>
      {data.subjects.some((subject) => subject.theme_gains.length > 0) && (
        <p className="score-estimate__help">
          {t('gainsHelp', { points: Math.round(THEME_RAISE * 100) })}
        </p>
      )}
    </section>
  );
}
