import '../test-taking.css';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { AttemptResult } from '@ensaya/core/contracts/engine';
import type { AttemptComparison } from '@ensaya/core/contracts/statistics';
import { SELECTION_MODES } from '@ensaya/core/engine/setup';
import { DonutChart, type DonutSlice } from '../../components/charts/donut-chart.tsx';
import { formatDate, formatTime } from '../../lib/format.ts';
import { useComparison } from '../api/get-comparison.ts';
import { useStartTest } from '../hooks/use-start-test.tsx';
import { DiagnosticFindings } from './diagnostic-findings.tsx';
import { formatClock } from '../lib/countdown.ts';
import { practiceNext, themeShare } from '../lib/practice-next.ts';
import { resultOutcome } from '../lib/result-outcome.ts';
import { TEST_TAKING_NAMESPACE } from '../lib/test-taking-i18n.ts';
import { testKindKey } from '../lib/test-kind.ts';

const COLORS = { correct: '#16a34a', incorrect: '#dc2626', unanswered: '#94a3b8' } as const;

/**
 * A sent attempt's result (spec 001, section 2): the grade large and what it means in
 * words, the totals that add up (pilot questions said apart), the donut, where the student stands
 * among every student, each theme against the average student, and the weakest themes with a
 * one-tap practice of them. The server scored it; this only shows it. A scheduled ensayo sent while
 * others still sit it says when its correct answers will show (the server withholds them).
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
  // Drills of wrong answers have no population to stand in.
  // Nor has a first diagnostic: 15 questions drawn for the student are no practice to rank against.
  const comparison = useComparison(
    result.user_test_id,
    result.mode !== 'wrong_answers' && result.mode !== 'diagnostic',
  );

  const facts: Array<[string, string | number]> = [
    [t('result.date'), formatDate(result.start)],
    [t('result.timeUsed'), formatClock(result.elapsed_seconds)],
    [
      t('result.total'),
      result.pilot_count > 0
        ? t('result.totalWithPilots', { total: result.total, pilots: result.pilot_count })
        : result.total,
    ],
    [t('result.correct'), result.correct],
    [t('result.incorrect'), result.incorrect],
    [t('result.unanswered'), result.unanswered],
  ];

  return (
    <div className="result">
      <p className="result__subject">
        {result.mode === 'diagnostic' ? (
          t('diagnostic.name', { subject: result.subject_name })
        ) : (
          <>
            {result.subject_name}
            {result.elective && ` · ${result.elective.name}`} ·{' '}
            {t(`result.mode.${testKindKey(result.mode, result.wrong_source)}`)}
          </>
        )}
      </p>
      <div className={`result__headline result__headline--${outcome.tone}`}>
        <p className="result__score">
          <span className="result__score-value">{outcome.headline.value}</span>{' '}
          <span className="result__score-unit">
            {t(outcome.headline.unitKey, outcome.headline.unitValues)}
          </span>
        </p>
        <Alert
          className="result__outcome"
          type={outcome.tone}
          showIcon
          title={t(outcome.titleKey, outcome.values)}
          description={t(outcome.descriptionKey, outcome.values)}
        />
        {comparison.data && <Standing comparison={comparison.data} />}
      </div>
      {result.key_withheld_until && (
        <Alert
          className="result__key-withheld"
          type="info"
          showIcon
          title={t('result.keyWithheld', { time: formatTime(result.key_withheld_until) })}
        />
      )}
      {result.pilot_count > 0 && (
        <p className="result__pilots">
          {t('result.pilotNotice', {
            total: result.total + result.pilot_count,
            scored: result.total,
            pilots: result.pilot_count,
          })}
        </p>
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
      {result.mode === 'diagnostic' && <DiagnosticFindings result={result} />}
      {result.themes.length > 0 && <ThemeTable result={result} comparison={comparison.data} />}
      {result.themes.length > 0 && <PracticeNext result={result} />}
    </div>
  );
}

/** Where the attempt stands among every student of its kind, or that there are too few yet. */
function Standing({ comparison }: { comparison: AttemptComparison }) {
  const { t } = useTranslation(TEST_TAKING_NAMESPACE);
  return (
    <p className="result__standing">
      {comparison.percentile === null
        ? t('result.standingFew')
        : t('result.standing', { percentile: comparison.percentile })}
    </p>
  );
}

/** Each theme: the student's correct of its scored questions, a bar, the average student's %. */
function ThemeTable({
  result,
  comparison,
}: {
  result: AttemptResult;
  comparison: AttemptComparison | undefined;
}) {
  const { t, i18n } = useTranslation(TEST_TAKING_NAMESPACE);
  const averages = new Map(
    comparison?.themes.map((theme) => [theme.theme_id, theme.average_percentage]),
  );
  const format = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 0 });
  return (
    <section className="result__themes" aria-labelledby="result-themes-title">
      <h2 id="result-themes-title" className="result__section-title">
        {t('result.themesTitle')}
      </h2>
      <table className="result-themes">
        <caption className="visually-hidden">{t('result.themesCaption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('result.themeColumn')}</th>
            <th scope="col">{t('result.yoursColumn')}</th>
            <th scope="col">{t('result.averageColumn')}</th>
          </tr>
        </thead>
        <tbody>
          {result.themes.map((theme) => {
            const share = themeShare(theme);
            const average = averages.get(theme.theme_id);
            return (
              <tr key={theme.theme_id}>
                <th scope="row">{theme.name}</th>
                <td>
                  <span className="result-themes__share">
                    {t('result.themeShare', { correct: theme.correct, total: share.total })}
                  </span>
                  <span className="result-themes__bar" aria-hidden="true">
                    <span style={{ width: `${share.percentage}%` }} />
                  </span>
                </td>
                <td className="result-themes__average">
                  {average === undefined || average === null
                    ? t('result.noAverage')
                    : t('result.averageShare', { value: format.format(average) })}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </section>
  );
}

/** The two or three weakest themes of the attempt and a one-tap practice of them. */
function PracticeNext({ result }: { result: AttemptResult }) {
  const { t } = useTranslation(TEST_TAKING_NAMESPACE);
  const { start, isStarting, dialogs } = useStartTest();
  const next = practiceNext(result.themes);
  const count = next.reduce((sum, theme) => sum + theme.quantity, 0);
  return (
    <section className="result__next" aria-labelledby="result-next-title">
      <h2 id="result-next-title" className="result__section-title">
        {t('result.nextTitle')}
      </h2>
      {next.length === 0 ? (
        <p>{t('result.nextNone')}</p>
      ) : (
        <>
          <p className="result__next-help">{t('result.nextHelp')}</p>
          <ul className="result__next-list">
            {next.map((theme) => (
              <li key={theme.theme_id}>{theme.name}</li>
            ))}
          </ul>
          <Button
            type="primary"
            size="large"
            loading={isStarting}
            onClick={() =>
              void start({
                subject_id: result.subject_id,
                mode: 'practice',
                selection: {
                  value: SELECTION_MODES.byTheme,
                  themes: next.map(({ theme_id, quantity }) => ({ theme_id, quantity })),
                },
                random_question: true,
              })
            }
          >
            {t('result.nextStart', { count })}
          </Button>
        </>
      )}
      {dialogs}
    </section>
  );
}
