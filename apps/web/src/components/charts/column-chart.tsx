import { useMemo } from 'react';
import { StatisticsChart } from './statistics-chart.tsx';
import type { StatisticsChartOption } from './statistics-chart-option.ts';

export interface ChartSeries {
  name: string;
  data: readonly number[];
  color: string;
}

/** Vertical columns, grouped by category, one colour per series (with a legend when several). */
export function ColumnChart({
  categories,
  series,
  label,
  height = 300,
}: {
  categories: readonly string[];
  series: readonly ChartSeries[];
  label: string;
  height?: number;
}) {
  const option = useMemo<StatisticsChartOption>(
    () => ({
      tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
      legend: series.length > 1 ? { bottom: 0, left: 'center' } : undefined,
      grid: { left: 8, right: 8, top: 16, bottom: series.length > 1 ? 40 : 8, containLabel: true },
      xAxis: {
        type: 'category',
        data: [...categories],
        axisLabel: { interval: 0, width: 90, overflow: 'truncate' },
      },
      yAxis: { type: 'value', minInterval: 1 },
      series: series.map((item) => ({
        type: 'bar',
        name: item.name,
        data: [...item.data],
        itemStyle: { color: item.color },
        barMaxWidth: 36,
      })),
    }),
    [categories, series],
  );
  return <StatisticsChart option={option} label={label} height={height} />;
}
