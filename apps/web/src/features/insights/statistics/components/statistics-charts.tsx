import { useTranslation } from 'react-i18next';
import { distinctShortNames, shortThemeName } from '@ensaya/core/content/short-names';
import type {
  Gauss,
  GeneralThemeStats,
  ThemeColumns,
  ThemeStats,
  UserSubjectStats,
} from '@ensaya/core/contracts/statistics';
import { BarChart } from '../../../../components/charts/bar-chart.tsx';
import { BellCurveChart } from '../../../../components/charts/bell-curve-chart.tsx';
import { ChartCard } from '../../../../components/charts/chart-card.tsx';
import {
  chartColor,
  formatNumber,
  OUTCOME_COLORS,
} from '../../../../components/charts/chart-numbers.ts';
import { ColumnChart } from '../../../../components/charts/column-chart.tsx';
import { RadialChart } from '../../../../components/charts/radial-chart.tsx';
import { STATISTICS_NAMESPACE } from '../lib/statistics-i18n.ts';

function useNumber() {
  const { i18n } = useTranslation();
  return (value: number, digits = 2) => formatNumber(value, i18n.language, digits);
}

/** The average card: % correct, correct answers, questions and tests in the subject. */
export function AverageCard({ stats }: { stats: UserSubjectStats }) {
  const { t } = useTranslation(STATISTICS_NAMESPACE);
  const number = useNumber();
  const items = [
    { label: t('average.percentage'), value: `${number(stats.correct_percentage)} %` },
    { label: t('average.correct'), value: number(stats.correct, 0) },
    { label: t('average.total'), value: number(stats.questions, 0) },
    { label: t('average.attempts'), value: number(stats.attempts, 0) },
  ];
  return (
    <ChartCard
      className="chart-card--wide average-card"
      title={t('average.title')}
      description={t('average.description')}
    >
      <dl className="average-card__numbers">
        {items.map((item) => (
          <div key={item.label} className="average-card__number">
            <dt>{item.label}</dt>
            <dd>{item.value}</dd>
          </div>
        ))}
      </dl>
    </ChartCard>
  );
}

/** The bell curve of every student in the subject, the student's position marked. */
export function GaussCard({ gauss }: { gauss: Gauss }) {
  const { t } = useTranslation(STATISTICS_NAMESPACE);
  const number = useNumber();
  const mine = gauss.user ? `${number(gauss.user.percentage)} %` : '–';
  return (
    <ChartCard
      title={t('gauss.title')}
      description={t('gauss.description')}
      figuresLabel={t('gauss.title')}
      figures={[
        { label: t('gauss.you'), value: mine, color: '#c2410c' },
        { label: t('gauss.mean'), value: `${number(gauss.mean)} %`, color: '#1d4ed8' },
        { label: t('gauss.spread'), value: number(gauss.standard_deviation) },
        { label: t('gauss.students'), value: number(gauss.students, 0) },
      ]}
    >
      {gauss.points.length > 0 ? (
        <BellCurveChart
          points={gauss.points}
          user={gauss.user}
          curveName={t('gauss.curve')}
          userName={t('gauss.pin', { value: mine })}
          label={t('gauss.chartLabel', { mine, mean: `${number(gauss.mean)} %` })}
        />
      ) : (
        <p className="chart-card__description">{t('gauss.notEnough')}</p>
      )}
    </ChartCard>
  );
}

/** One ring per theme, filled to the student's % correct in it. */
export function ThemesRadialCard({ themes }: { themes: readonly ThemeStats[] }) {
  const { t } = useTranslation(STATISTICS_NAMESPACE);
  const number = useNumber();
  return (
    <ChartCard
      title={t('radial.title')}
      description={t('radial.description')}
      figuresLabel={t('radial.title')}
      figures={themes.map((theme, index) => ({
        label: theme.name,
        value: `${number(theme.correct_percentage)} %`,
        color: chartColor(index),
      }))}
    >
      <RadialChart
        items={themes.map((theme) => ({ name: theme.name, value: theme.correct_percentage }))}
        label={t('radial.chartLabel')}
      />
    </ChartCard>
  );
}

/** Per theme, the student's correct, incorrect and unanswered answers side by side. */
export function ThemeColumnsCard({ columns }: { columns: ThemeColumns }) {
  const { t } = useTranslation(STATISTICS_NAMESPACE);
  const number = useNumber();
  const themeNames = columns.themes.map((theme) => theme.name);
  const series = columns.series.map((item) => ({
    name: t(`outcome.${item.key}`),
    data: item.data,
    color: OUTCOME_COLORS[item.key],
  }));
  return (
    <ChartCard
      title={t('columns.title')}
      description={t('columns.description')}
      figuresLabel={t('columns.title')}
      figures={series.map((item) => ({
        label: item.name,
        value: number(
          item.data.reduce((sum, value) => sum + value, 0),
          0,
        ),
        color: item.color,
      }))}
    >
      <ColumnChart
        categories={themeNames}
        axisLabels={distinctShortNames(themeNames, shortThemeName)}
        series={series}
        formatValue={(value) => number(value, 0)}
        label={t('columns.chartLabel')}
      />
    </ChartCard>
  );
}

/** Per theme, the student's % correct against the mean student's. */
export function ThemesBarCard({
  themes,
  general,
}: {
  themes: readonly ThemeStats[];
  general: readonly GeneralThemeStats[];
}) {
  const { t } = useTranslation(STATISTICS_NAMESPACE);
  const number = useNumber();
  const everyone = new Map(general.map((theme) => [theme.theme_id, theme.average_percentage]));
  const themeNames = themes.map((theme) => theme.name);
  return (
    <ChartCard
      title={t('bars.title')}
      description={t('bars.description')}
      figuresLabel={t('bars.title')}
      figures={themes.map((theme) => ({
        label: theme.name,
        value: t('bars.figure', {
          mine: number(theme.correct_percentage),
          all: number(everyone.get(theme.theme_id) ?? 0),
        }),
      }))}
    >
      <BarChart
        categories={themeNames}
        axisLabels={distinctShortNames(themeNames, shortThemeName)}
        max={100}
        formatValue={(value) => `${number(value)} %`}
        series={[
          {
            name: t('bars.you'),
            data: themes.map((theme) => theme.correct_percentage),
            color: '#1d4ed8',
          },
          {
            name: t('bars.everyone'),
            data: themes.map((theme) => everyone.get(theme.theme_id) ?? 0),
            color: '#94a3b8',
          },
        ]}
        label={t('bars.chartLabel')}
      />
    </ChartCard>
  );
}
