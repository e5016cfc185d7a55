const formats = new Map<string, Intl.NumberFormat>();

/** Numbers as the charts' text shows them: the page's language, at most `digits` decimals. */
export function formatNumber(value: number, language: string, digits = 2): string {
  const locale = language.startsWith('en') ? 'en-US' : 'es-CL';
  // A page writes dozens of numbers; building a formatter is far slower than using one.
  const key = `${locale}:${digits}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, { maximumFractionDigits: digits });
    formats.set(key, format);
  }
  return format.format(value);
}

/** The charts' colours, in order (the app's blue first), with enough contrast on white. */
export const CHART_COLORS = [
  '#1d4ed8',
  '#0f766e',
  '#c2410c',
  '#7c3aed',
  '#be123c',
  '#4d7c0f',
  '#0369a1',
  '#a16207',
] as const;

export function chartColor(index: number): string {
  return CHART_COLORS[index % CHART_COLORS.length]!;
}

/** The outcome colours of the result's donut: correct, incorrect, unanswered. */
export const OUTCOME_COLORS = {
  correct: '#16a34a',
  incorrect: '#dc2626',
  unanswered: '#94a3b8',
} as const;
