/**
 * Numbers as the charts' text shows them: the page's language, at most `digits` decimals, grouped
 * by thousands (`12.345,68` in Spanish, `12,345.68` in English), as `Intl.NumberFormat` writes them.
 * Written by hand because the page's first `Intl` formatter loads the language's ICU data: 30 ms on
 * a desktop, four times that on a phone, inside the first render of the dashboard and the statistics
 * (docs/benchmarks.md, "Reads named in the HTML, charts' numbers without Intl").
 */
export function formatNumber(value: number, language: string, digits = 2): string {
  if (!Number.isFinite(value)) return String(value);
  const [thousands, decimal] = language.startsWith('en') ? [',', '.'] : ['.', ','];
  // Rounded half away from zero on the number as written (1.005 -> 1.01), as Intl rounds; the
  // exponent form keeps the shortest decimal spelling rather than the binary value's.
  const magnitude = Math.abs(value);
  const written = String(magnitude);
  const scaled = Math.round(
    written.includes('e') ? magnitude * 10 ** digits : Number(`${written}e${digits}`),
  );
  // Digits only, never an exponent (String(1e21) is "1e+21").
  const text = BigInt(scaled)
    .toString()
    .padStart(digits + 1, '0');
  const whole = digits > 0 ? text.slice(0, -digits) : text;
  const fraction = (digits > 0 ? text.slice(-digits) : '').replace(/0+$/, '');
  const sign = value < 0 && scaled > 0 ? '-' : '';
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, thousands);
  return `${sign}${grouped}${fraction ? `${decimal}${fraction}` : ''}`;
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
