import { BarChart, LineChart } from 'echarts/charts';
import {
  GridComponent,
  MarkLineComponent,
  MarkPointComponent,
  PolarComponent,
} from 'echarts/components';
import { use as registerCharts } from 'echarts/core';

// The series and components of the statistics charts (bar, column, radial and bell curve), added
// to the same ECharts core that `echarts-runtime.ts` sets up. Loaded with it, on the first of these
// charts shown (`<StatisticsChart>`), never with a page: the login page never carries ECharts.
registerCharts([
  BarChart,
  LineChart,
  GridComponent,
  PolarComponent,
  MarkLineComponent,
  MarkPointComponent,
]);
