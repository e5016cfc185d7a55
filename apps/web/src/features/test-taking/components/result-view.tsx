import '../test-taking.css';
import Alert from 'antd/es/alert';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { AttemptResult } from '@ensaya/core/contracts/engine';
import { DonutChart, type DonutSlice } from '../../../components/charts/donut-chart.tsx';
import { formatDate } from '../../../lib/format.ts';
import { formatClock } from '../lib/countdown.ts';
import { resultOutcome } from '../lib/result-outcome.ts';
import { TEST_TAKING_NAMESPACE } from '../lib/test-taking-i18n.ts';

const COLORS = { correct: '#16a34a', incorrect: '#dc2626', unanswered: '#94a3b8' } as const;

/**
 * A sent attempt's result (spec 001, section 2): date, grade, time, totals, the donut and whether
 * it passed. The server scored it; this only shows it.
 */
export function ResultView({ result }: { result: AttemptResult }) {
  const { t, i18n } = useTranslation(TEST_TAKING_NAMESPACE);
  const slices = useMemo<DonutSlice[]>(
    () => [
      { name: t('result.correct'), value: result.correct, color: COLORS.correct },
      { name: t('result.incorrect'), value: result.incorrect, color: COLORS.incorrect },
      { name: t('result.unanswered'), value: result.unanswered, color: COLORS.unanswered },
    ],
    [result.correct, result.incorrect, result.unanswered, t],
  );
  const percentage = t('result.percentageValue', {
    value: new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1 }).format(
      result.percentage,
    ),
  });
  const outcome = resultOutcome(result, percentage);

  const facts: Array<[string, string | number]> = [
    [t('result.date'), formatDate(result.start)],
    [t('result.grade'), result.score],
    [t('result.time'), formatClock(result.elapsed_seconds)],
    [t('result.total'), result.total + result.pilot_count],
    result.pilot_count > 0
      ? [
          t('result.correct'),
          t('result.scoredCorrect', { correct: result.correct, total: result.total }),
        ]
      : [t('result.correct'), result.correct],
    [t('result.incorrect'), result.incorrect],
    [t('result.unanswered'), result.unanswered],
  ];

  return (
    <div className="result">
      <p className="result__subject">
        {result.subject_name}
        {result.elective && ` · ${result.elective.name}`} · {t(`result.mode.${result.mode}`)}
      </p>
      <Alert
        className="result__outcome"
        type={outcome.tone}
        showIcon
        title={t(outcome.titleKey, outcome.values)}
        description={t(outcome.descriptionKey, outcome.values)}
      />
      {result.pilot_count > 0 && (
        <p className="result__pilots">{t('result.pilotNotice', { count: result.pilot_count })}</p>
      )}
      <div className="result__body">
        <dl className="result__facts">
          {facts.map(([label, value]) => (
            <div key={label} className="result__fact">
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
        <div className="result__chart">
          <DonutChart
            slices={slices}
            centerText={percentage}
            label={t('result.chartLabel', {
              correct: result.correct,
              incorrect: result.incorrect,
              unanswered: result.unanswered,
            })}
          />
        </div>
      </div>
      {/* Special questions count only in an official class B exam (spec 001 section 5); the
          server draws them for any class B attempt, so a practice must not list them. */}
      {result.type === 'official' && result.special_numbers.length > 0 && (
        <p className="result__specials">
          {t('result.specialNumbers', { numbers: result.special_numbers.join(', ') })}
        </p>
      )}
    </div>
  );
}
