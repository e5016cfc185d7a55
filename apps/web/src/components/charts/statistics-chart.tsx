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
  // `ChartOption` lists only what `echarts-runtime.ts` registers; these series are registered by
  // `echarts-extra-runtime.ts` above, on the same ECharts core, before the chart draws.
  return (
    <EChart
      option={option as unknown as ChartOption}
      label={label}
      height={height}
      prepare={loadExtraRuntime}
    />
  );
}
