import { useMemo } from 'react';
import { StatisticsChart } from './statistics-chart.tsx';
import type { StatisticsChartOption } from './statistics-chart-option.ts';

export interface BellCurvePoint {
  x: number;
  y: number;
}

/**
 * The bell curve of every student's % correct (the API's 21 points: 4 intervals of 5 points) with
 * the student's own position marked by a pin and a vertical line.
 */
export function BellCurveChart({
  points,
  user,
  label,
  curveName,
  userName,
  height = 280,
}: {
  points: readonly BellCurvePoint[];
  user: { percentage: number; y: number } | null;
  label: string;
  curveName: string;
  /** The pin's text, e.g. "You: 62 %". */
  userName: string;
  height?: number;
}) {
  const option = useMemo<StatisticsChartOption>(
    () => ({
      tooltip: { trigger: 'axis', valueFormatter: (value) => String(value) },
      grid: { left: 8, right: 16, top: 40, bottom: 8, containLabel: true },
      xAxis: {
        type: 'value',
        min: 0,
        max: 100,
        axisLabel: { formatter: '{value} %' },
      },
      yAxis: { type: 'value', show: false },
      series: [
        {
          type: 'line',
          name: curveName,
          smooth: true,
          showSymbol: false,
          data: points.map((point) => [point.x, point.y]),
          lineStyle: { color: '#1d4ed8', width: 2 },
          areaStyle: { color: 'rgba(29, 78, 216, 0.12)' },
          markLine: user
            ? {
                symbol: 'none',
                label: { show: false },
                lineStyle: { color: '#c2410c', type: 'dashed' },
                data: [{ xAxis: user.percentage }],
              }
            : undefined,
          markPoint: user
            ? {
                symbolSize: 44,
                itemStyle: { color: '#c2410c' },
                label: { show: true, formatter: userName, position: 'top', color: '#0f172a' },
                data: [
                  { name: userName, coord: [user.percentage, user.y], value: user.percentage },
                ],
              }
            : undefined,
        },
      ],
    }),
    [points, user, curveName, userName],
  );
  return <StatisticsChart option={option} label={label} height={height} />;
}
