import { useMemo } from 'react';
import { axisTooltip, NARROW_CHART } from './chart-labels.ts';
import type { ChartSeries } from './column-chart.tsx';
import { StatisticsChart } from './statistics-chart.tsx';
import type { StatisticsChartOption } from './statistics-chart-option.ts';

/** Room for a legend of one row, or of two when it wraps on a narrow chart. */
const LEGEND_ROW = 28;

/**
 * Horizontal bars, one row per category (a subject, a theme), one bar per series; `max` fixes the
 * scale (100 for percentages). `axisLabels` are the names on the axis (short ones, see
 * `@ensaya/core/content/short-names`); tooltips give the categories' full names. Labels wrap,
 * never cut.
 */
export function BarChart({
  categories,
  axisLabels,
  series,
  label,
  max,
  formatValue,
  height,
}: {
  categories: readonly string[];
  axisLabels?: readonly string[];
  series: readonly ChartSeries[];
  label: string;
  max?: number;
  formatValue?: (value: number) => string;
  height?: number;
}) {
  const hasLegend = series.length > 1;
  const option = useMemo<StatisticsChartOption>(
    () => ({
      tooltip: {
        trigger: 'axis',
        axisPointer: { type: 'shadow' },
        confine: true,
        formatter: axisTooltip(categories, formatValue),
      },
      legend: hasLegend ? { bottom: 0, left: 'center' } : undefined,
      grid: {
        left: 8,
        right: 24,
        top: 8,
        bottom: hasLegend ? LEGEND_ROW + 8 : 8,
        containLabel: true,
      },
      xAxis: { type: 'value', min: 0, max },
      yAxis: {
        type: 'category',
        inverse: true,
        data: [...(axisLabels ?? categories)],
        axisLabel: { interval: 0, width: 120, overflow: 'break', lineHeight: 14 },
      },
      series: series.map((item) => ({
        type: 'bar',
        name: item.name,
        data: [...item.data],
        itemStyle: { color: item.color },
        barMaxWidth: 22,
      })),
      media: [
        {
          query: { maxWidth: NARROW_CHART },
          option: {
            grid: { bottom: hasLegend ? 2 * LEGEND_ROW + 8 : 8 },
            yAxis: { axisLabel: { width: 88 } },
          },
        },
        {
          option: {
            grid: { bottom: hasLegend ? LEGEND_ROW + 8 : 8 },
            yAxis: { axisLabel: { width: 120 } },
          },
        },
      ],
    }),
    [categories, axisLabels, series, max, formatValue, hasLegend],
  );
  // Tall enough for every row, two lines of label each, and the legend on two rows.
  const rowHeight = Math.max(34, series.length * 20 + 10);
  return (
    <StatisticsChart
      option={option}
      label={label}
      height={height ?? Math.max(220, 24 + categories.length * rowHeight + (hasLegend ? 64 : 0))}
    />
  );
}
