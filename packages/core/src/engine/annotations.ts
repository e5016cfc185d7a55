/**
 * A student's paper tools on an attempt: options crossed out per question and
 * passages highlighted in a reading context, as offsets in the context's text (its characters, in
 * document order, as the browser's `textContent` reads them). Pure: the web runner and the API
 * share these rules.
 */

/** At most this many highlights in one context (a whole text highlighted is one range). */
export const MAX_HIGHLIGHTS_PER_CONTEXT = 60;
/** The largest offset a highlight may reach (a long reading text is about 15 000 characters). */
export const MAX_HIGHLIGHT_OFFSET = 100_000;
/** At most this many questions (an attempt's cap) or contexts in one save. */
export const MAX_ANNOTATED_QUESTIONS = 200;
export const MAX_ANNOTATED_CONTEXTS = 200;

/** A highlighted passage: `start` included, `end` excluded, `start < end`. */
export interface TextRange {
  start: number;
  end: number;
}

/** Sorted, with overlapping or touching ranges merged and empty ones dropped. */
export function normalizeRanges(ranges: ReadonlyArray<TextRange>): TextRange[] {
  const sorted = ranges
    .filter((range) => range.end > range.start)
    .map((range) => ({ start: range.start, end: range.end }))
    .sort((a, b) => a.start - b.start || a.end - b.end);
  const merged: TextRange[] = [];
  for (const range of sorted) {
    const last = merged[merged.length - 1];
    if (last && range.start <= last.end) last.end = Math.max(last.end, range.end);
    else merged.push(range);
  }
  return merged;
}

/** Whether `range` lies wholly inside the highlighted ranges. */
export function isHighlighted(ranges: ReadonlyArray<TextRange>, range: TextRange): boolean {
  return normalizeRanges(ranges).some((r) => r.start <= range.start && range.end <= r.end);
}

/** The ranges without `range` (a highlight partly removed leaves its ends). */
export function removeRange(ranges: ReadonlyArray<TextRange>, range: TextRange): TextRange[] {
  const left: TextRange[] = [];
  for (const r of normalizeRanges(ranges)) {
    if (r.end <= range.start || r.start >= range.end) {
      left.push(r);
      continue;
    }
    if (r.start < range.start) left.push({ start: r.start, end: range.start });
    if (r.end > range.end) left.push({ start: range.end, end: r.end });
  }
  return left;
}

/**
 * The "Highlight" action on a selection: a selection already wholly highlighted is un-highlighted,
 * any other is added (merged with the highlights it touches).
 */
export function toggleRange(ranges: ReadonlyArray<TextRange>, range: TextRange): TextRange[] {
  if (range.end <= range.start) return normalizeRanges(ranges);
  if (isHighlighted(ranges, range)) return removeRange(ranges, range);
  return normalizeRanges([...ranges, range]);
}
