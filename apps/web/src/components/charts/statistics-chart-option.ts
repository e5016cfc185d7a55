import type { BarSeriesOption, LineSeriesOption } from 'echarts/charts';
import type {
  GridComponentOption,
  LegendComponentOption,
  MarkLineComponentOption,
  MarkPointComponentOption,
  PolarComponentOption,
  TitleComponentOption,
  TooltipComponentOption,
} from 'echarts/components';
import type { ComposeOption } from 'echarts/core';

/**
 * The option of the statistics charts: what `echarts-extra-runtime.ts` registers on top of
 * `chart-option.ts`. Types only, so importing it loads no chart code.
 */
export type StatisticsChartOption = ComposeOption<
  | BarSeriesOption
  | LineSeriesOption
  | GridComponentOption
  | PolarComponentOption
  | MarkLineComponentOption
  | MarkPointComponentOption
  | LegendComponentOption
  | TitleComponentOption
  | TooltipComponentOption
>;
