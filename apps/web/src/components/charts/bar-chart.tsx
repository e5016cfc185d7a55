import { useMemo } from 'react';
import type { ChartSeries } from './column-chart.tsx';
import { StatisticsChart } from './statistics-chart.tsx';
import type { StatisticsChartOption } from './statistics-chart-option.ts';

/**
 * Horizontal bars, one row per category (a subject, a theme), one bar per series; `max` fixes the
 * scale (100 for percentages).
 */
export function BarChart({
  categories,
  series,
  label,
  max,
  height,
}: {
  categories: readonly string[];
  series: readonly ChartSeries[];
  label: string;
  max?: number;
  height?: number;
}) {
  const option = useMemo<StatisticsChartOption>(
    () => ({
      tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
      legend: series.length > 1 ? { bottom: 0, left: 'center' } : undefined,
      grid: { left: 8, right: 24, top: 8, bottom: series.length > 1 ? 40 : 8, containLabel: true },
      xAxis: { type: 'value', min: 0, max },
      yAxis: {
        type: 'category',
        inverse: true,
        data: [...categories],
        axisLabel: { width: 120, overflow: 'truncate' },
      },
      series: series.map((item) => ({
        type: 'bar',
        name: item.name,
        data: [...item.data],
        itemStyle: { color: item.color },
        barMaxWidth: 22,
      })),
    }),
    [categories, series, max],
  );
  // Tall enough for every row: a subject list or a subject's themes.
  const rows = categories.length * Math.max(1, series.length);
  return (
    <StatisticsChart
      option={option}
      label={label}
      height={height ?? Math.max(220, 48 + rows * 26 + (series.length > 1 ? 32 : 0))}
    />
  );
}
