import { useEffect, useState } from 'react';
import type { ChartOption } from './chart-option.ts';
import { EChart } from './echart.tsx';
import type { StatisticsChartOption } from './statistics-chart-option.ts';

let extraRuntime: Promise<unknown> | undefined;

/** Registers the statistics series once, in the chunk ECharts loads in (never on the login page). */
function loadExtraRuntime(): Promise<unknown> {
  // A failed load is retried next time; the chart then draws nothing, the numbers beside it stay.
  extraRuntime ??= import('./echarts-extra-runtime.ts').catch(() => {
    extraRuntime = undefined;
  });
  return extraRuntime;
}

/**
 * `<EChart>` for the bar, column, radial and bell-curve charts: it registers their series first,
 * then draws. Until then the same empty box holds the place, so nothing moves.
 */
export function StatisticsChart({
  option,
  label,
  height = 280,
}: {
  option: StatisticsChartOption;
  label: string;
  height?: number;
}) {
  const [isReady, setIsReady] = useState(false);
  useEffect(() => {
    let isCurrent = true;
    void loadExtraRuntime().then(() => {
      if (isCurrent) setIsReady(true);
    });
    return () => {
      isCurrent = false;
    };
  }, []);

  if (!isReady) return <div role="img" aria-label={label} style={{ width: '100%', height }} />;
  // `ChartOption` lists only what `echarts-runtime.ts` registers; these series are registered by
  // `echarts-extra-runtime.ts` above, on the same ECharts core.
  return <EChart option={option as unknown as ChartOption} label={label} height={height} />;
}
