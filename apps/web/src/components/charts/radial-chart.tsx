import { useMemo } from 'react';
import { chartColor } from './chart-numbers.ts';
import { StatisticsChart } from './statistics-chart.tsx';
import type { StatisticsChartOption } from './statistics-chart-option.ts';

export interface RadialItem {
  name: string;
  /** 0..`max`. */
  value: number;
}

/**
 * Concentric rings, one per item, each filled to its share of `max` (a percentage per theme, a
 * score per subject). Colours follow `chartColor(index)`, as the figures beside it do.
 */
export function RadialChart({
  items,
  label,
  max = 100,
  height = 300,
}: {
  items: readonly RadialItem[];
  label: string;
  max?: number;
  height?: number;
}) {
  const option = useMemo<StatisticsChartOption>(
    () => ({
      tooltip: { trigger: 'item' },
      polar: { radius: ['18%', '88%'] },
      angleAxis: { max, startAngle: 90, show: false },
      radiusAxis: {
        type: 'category',
        data: items.map((item) => item.name),
        show: false,
      },
      series: [
        {
          type: 'bar',
          coordinateSystem: 'polar',
          roundCap: true,
          showBackground: true,
          backgroundStyle: { color: '#e2e8f0' },
          barWidth: '60%',
          data: items.map((item, index) => ({
            name: item.name,
            value: Math.min(max, Math.max(0, item.value)),
            itemStyle: { color: chartColor(index) },
          })),
        },
      ],
    }),
    [items, max],
  );
  return <StatisticsChart option={option} label={label} height={height} />;
}
