import type { PieSeriesOption } from 'echarts/charts';
import type {
  LegendComponentOption,
  TitleComponentOption,
  TooltipComponentOption,
} from 'echarts/components';
import type { ComposeOption } from 'echarts/core';

/**
 * The ECharts option the app's charts may pass to `<EChart>`: the series and components that
 * `echarts-runtime.ts` registers. Types only, so importing it loads no chart code. A new kind of
 * chart adds its series and components here and registers them in the runtime.
 */
export type ChartOption = ComposeOption<
  PieSeriesOption | LegendComponentOption | TitleComponentOption | TooltipComponentOption
>;
