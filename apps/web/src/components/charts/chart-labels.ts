/** Text for ECharts' HTML tooltips: names come from the catalogue, so they are escaped. */
export function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

interface AxisTooltipItem {
  dataIndex: number;
  marker?: unknown;
  seriesName?: string;
  value?: unknown;
}

/**
 * An axis tooltip headed by the category's full name (the axis may show a short one), then one
 * line per series.
 */
export function axisTooltip(
  categories: readonly string[],
  formatValue: (value: number) => string = String,
) {
  return (params: unknown): string => {
    const items = (Array.isArray(params) ? params : [params]) as AxisTooltipItem[];
    const title = escapeHtml(categories[items[0]?.dataIndex ?? 0] ?? '');
    const lines = items.map(
      (item) =>
        `${typeof item.marker === 'string' ? item.marker : ''}${escapeHtml(item.seriesName ?? '')}: ` +
        `<strong>${escapeHtml(formatValue(Number(item.value)))}</strong>`,
    );
    return [`<strong>${title}</strong>`, ...lines].join('<br/>');
  };
}

/** Chart widths (px) below which the charts lay their labels out for a phone. */
export const NARROW_CHART = 480;
