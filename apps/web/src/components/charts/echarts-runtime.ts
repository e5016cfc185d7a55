import { PieChart } from 'echarts/charts';
import { LegendComponent, TitleComponent, TooltipComponent } from 'echarts/components';
import { init, use as registerCharts } from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';

// The chart library as the app uses it: only the series and components registered here are
// bundled (tree-shaken), in one chunk that `<EChart>` imports on first use, never with a page.
// Register a chart's series and components here when a new chart kind is added. SVG rather than
// canvas: crisp on every screen, light for a few small charts, and its texts are in the page.
registerCharts([PieChart, LegendComponent, TitleComponent, TooltipComponent, SVGRenderer]);

export { init };
