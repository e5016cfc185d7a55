import { useMemo } from 'react';
import type { ChartOption } from './chart-option.ts';
import { EChart } from './echart.tsx';

export interface DonutSlice {
  name: string;
  value: number;
  color: string;
}

/** A ring of parts of a whole (a result's correct, incorrect and unanswered questions). */
export function DonutChart({
  slices,
  label,
  centerText,
  height = 280,
}: {
  slices: readonly DonutSlice[];
  label: string;
  /** Short text in the hole, e.g. "60 %". */
  centerText?: string;
  height?: number;
}) {
  const option = useMemo<ChartOption>(
    () => ({
      tooltip: { trigger: 'item', formatter: '{b}: {c} ({d} %)' },
      legend: { bottom: 0, left: 'center' },
      title: centerText
        ? {
            text: centerText,
            left: 'center',
            top: '38%',
            textStyle: { fontSize: 22, fontWeight: 'bold', color: '#0f172a' },
          }
        : undefined,
      series: [
        {
          type: 'pie',
          radius: ['48%', '72%'],
          center: ['50%', '45%'],
          avoidLabelOverlap: true,
          label: { show: false },
          labelLine: { show: false },
          data: slices.map((slice) => ({
            name: slice.name,
            value: slice.value,
            itemStyle: { color: slice.color },
          })),
        },
      ],
    }),
    [slices, centerText],
  );
  return <EChart option={option} label={label} height={height} />;
}
