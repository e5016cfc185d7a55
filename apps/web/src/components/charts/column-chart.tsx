import { useMemo } from 'react';
import { axisTooltip, NARROW_CHART } from './chart-labels.ts';
import { StatisticsChart } from './statistics-chart.tsx';
import type { StatisticsChartOption } from './statistics-chart-option.ts';

export interface ChartSeries {
  name: string;
  data: readonly number[];
  color: string;
}

/** A phone's chart width (360 px screen), and a label's width per character, roughly. */
const PHONE_CHART = 290;
const CHARACTER = 7;

/** Whether the labels side by side would overlap on a phone: then they turn. */
function needsTurn(labels: readonly string[]): boolean {
  const longestWord = Math.max(
    0,
    ...labels.flatMap((text) => text.split(/\s+/u)).map((word) => word.length),
  );
  return labels.length * (longestWord * CHARACTER + 12) > PHONE_CHART;
}

/** Room for a legend of one row, or of two when it wraps on a narrow chart. */
const LEGEND_ROW = 28;

/**
 * Vertical columns, grouped by category, one colour per series (with a legend when several).
 * `axisLabels` are the names under the columns (short ones); tooltips give the full names. Labels
 * wrap under their column; on a narrow chart they turn, so each keeps its words whole.
 */
export function ColumnChart({
  categories,
  axisLabels,
  series,
  label,
  formatValue,
  height = 320,
}: {
  categories: readonly string[];
  axisLabels?: readonly string[];
  series: readonly ChartSeries[];
  label: string;
  formatValue?: (value: number) => string;
  height?: number;
}) {
  const hasLegend = series.length > 1;
  const option = useMemo<StatisticsChartOption>(() => {
    const wide = {
      grid: { bottom: hasLegend ? LEGEND_ROW + 8 : 8 },
      xAxis: { axisLabel: { rotate: 0, width: 96 } },
    };
    return {
      tooltip: {
        trigger: 'axis',
        axisPointer: { type: 'shadow' },
        confine: true,
        formatter: axisTooltip(categories, formatValue),
      },
      legend: hasLegend ? { bottom: 0, left: 'center' } : undefined,
      grid: { left: 8, right: 16, top: 16, containLabel: true, ...wide.grid },
      xAxis: {
        type: 'category',
        data: [...(axisLabels ?? categories)],
        axisLabel: { interval: 0, overflow: 'break', lineHeight: 14, ...wide.xAxis.axisLabel },
      },
      yAxis: { type: 'value', minInterval: 1 },
      series: series.map((item) => ({
        type: 'bar',
        name: item.name,
        data: [...item.data],
        itemStyle: { color: item.color },
        barMaxWidth: 36,
      })),
      media: [
        {
          query: { maxWidth: NARROW_CHART },
          option: {
            grid: { bottom: hasLegend ? 2 * LEGEND_ROW + 8 : 8 },
            xAxis: {
              axisLabel: needsTurn(axisLabels ?? categories)
                ? { rotate: 40, width: 140 }
                : wide.xAxis.axisLabel,
            },
          },
        },
        { option: wide },
      ],
    };
  }, [categories, axisLabels, series, formatValue, hasLegend]);
  return <StatisticsChart option={option} label={label} height={height} />;
}
