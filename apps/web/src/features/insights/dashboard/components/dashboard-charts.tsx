import { useTranslation } from 'react-i18next';
import { distinctShortNames, shortSubjectName } from '@ensaya/core/content/short-names';
import type { Dashboard } from '@ensaya/core/contracts/statistics';
import { BarChart } from '../../../../components/charts/bar-chart.tsx';
import { BellCurveChart } from '../../../../components/charts/bell-curve-chart.tsx';
import { ChartCard, ChartGrid } from '../../../../components/charts/chart-card.tsx';
import { chartColor, formatNumber } from '../../../../components/charts/chart-numbers.ts';
import { ColumnChart } from '../../../../components/charts/column-chart.tsx';
import { RadialChart } from '../../../../components/charts/radial-chart.tsx';
import { DASHBOARD_NAMESPACE } from '../lib/dashboard-i18n.ts';

/**
 * The dashboard's cards (spec 001, section 2): the average, the average per subject, the bell
 * curve, the mock exam score per subject and the average correct answers by test type. Each
 * chart's numbers are also written under it.
 */
export function DashboardCharts({ data }: { data: Dashboard }) {
  const { t, i18n } = useTranslation(DASHBOARD_NAMESPACE);
  const number = (value: number, digits = 2) => formatNumber(value, i18n.language, digits);
  const mine = data.gauss.user ? `${number(data.gauss.user.percentage)} %` : '–';
  const percent = (value: number) => `${number(value)} %`;
  const typeName = (type: string) => t(`types.${type}`);
  const subjectNames = data.subjects.map((subject) => subject.name);

  return (
    <ChartGrid>
      <ChartCard
        className="chart-card--wide average-card"
        title={t('average.title')}
        description={t('average.description')}
      >
        <dl className="average-card__numbers">
          <div className="average-card__number">
            <dt>{t('average.percentage')}</dt>
            <dd>{`${number(data.average.percentage)} %`}</dd>
          </div>
          <div className="average-card__number">
            <dt>{t('average.correct')}</dt>
            <dd>{number(data.average.correct, 0)}</dd>
          </div>
          <div className="average-card__number">
            <dt>{t('average.total')}</dt>
            <dd>{number(data.average.total, 0)}</dd>
          </div>
        </dl>
      </ChartCard>

      <ChartCard
        title={t('subjects.title')}
        description={t('subjects.description')}
        figuresLabel={t('subjects.title')}
        figures={data.subjects.map((subject) => ({
          label: subject.name,
          value: `${number(subject.correct_percentage)} %`,
        }))}
      >
        <BarChart
          categories={subjectNames}
          axisLabels={distinctShortNames(subjectNames, shortSubjectName)}
          max={100}
          formatValue={percent}
          series={[
            {
              name: t('subjects.series'),
              data: data.subjects.map((subject) => subject.correct_percentage),
              color: '#1d4ed8',
            },
          ]}
          label={t('subjects.chartLabel')}
        />
      </ChartCard>

      <ChartCard
        title={t('gauss.title')}
        description={t('gauss.description')}
        figuresLabel={t('gauss.title')}
        figures={[
          { label: t('gauss.you'), value: mine, color: '#c2410c' },
          { label: t('gauss.mean'), value: `${number(data.gauss.mean)} %`, color: '#1d4ed8' },
          { label: t('gauss.students'), value: number(data.gauss.students, 0) },
        ]}
      >
        {data.gauss.points.length > 0 ? (
          <BellCurveChart
            points={data.gauss.points}
            user={data.gauss.user}
            curveName={t('gauss.curve')}
            userName={t('gauss.pin', { value: mine })}
            label={t('gauss.chartLabel', { mine, mean: `${number(data.gauss.mean)} %` })}
          />
        ) : (
          <p className="chart-card__description">{t('gauss.notEnough')}</p>
        )}
      </ChartCard>

      <ChartCard
        title={t('scores.title')}
        description={
          data.scores.some((score) => score.approval_rule === 'application_average')
            ? `${t('scores.description')} ${t('scores.applicationNote')}`
            : t('scores.description')
        }
        figuresLabel={t('scores.title')}
        figures={data.scores.flatMap((score, index) => [
          {
            label: score.name,
            value: t('scores.figure', {
              score: number(score.average_score),
              max: number(score.max_score, 0),
            }),
            color: chartColor(index),
          },
          // Ciencias: each elective module on its own line, under the subject.
          ...score.electives.map((elective) => ({
            label: `${score.name} · ${elective.name}`,
            value: t('scores.elective', {
              score: number(elective.average_score),
              count: elective.attempts,
            }),
          })),
        ])}
      >
        {data.scores.length > 0 ? (
          <RadialChart
            items={data.scores.map((score) => ({
              name: score.name,
              // Each subject on its own scale: the share of its grade table's top score.
              value: score.max_score > 0 ? (score.average_score * 100) / score.max_score : 0,
            }))}
            label={t('scores.chartLabel')}
          />
        ) : (
          <p className="chart-card__description">{t('scores.none')}</p>
        )}
      </ChartCard>

      <ChartCard
        title={t('byType.title')}
        description={t('byType.description')}
        figuresLabel={t('byType.title')}
        figures={data.correct_by_type.map((row) => ({
          label: typeName(row.user_test_type),
          value: t('byType.figure', {
            correct: number(row.average_correct),
            total: number(row.average_total),
          }),
        }))}
      >
        <ColumnChart
          categories={data.correct_by_type.map((row) => typeName(row.user_test_type))}
          series={[
            {
              name: t('byType.correct'),
              data: data.correct_by_type.map((row) => row.average_correct),
              color: '#16a34a',
            },
            {
              name: t('byType.total'),
              data: data.correct_by_type.map((row) => row.average_total),
              color: '#94a3b8',
            },
          ]}
          formatValue={(value) => number(value)}
          label={t('byType.chartLabel')}
        />
      </ChartCard>
    </ChartGrid>
  );
}
