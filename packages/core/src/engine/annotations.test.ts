import { describe, expect, it } from 'vitest';
import { isHighlighted, normalizeRanges, removeRange, toggleRange } from './annotations.ts';

describe('highlight ranges', () => {
  it('sorts, merges overlapping and touching ranges and drops empty ones', () => {
    expect(
      normalizeRanges([
        { start: 10, end: 20 },
        { start: 0, end: 5 },
        { start: 5, end: 7 },
        { start: 15, end: 30 },
        { start: 40, end: 40 },
      ]),
    ).toEqual([
      { start: 0, end: 7 },
      { start: 10, end: 30 },
    ]);
  });

  it('adds a selection, and removes it when it is already highlighted', () => {
    const once = toggleRange([], { start: 3, end: 9 });
    expect(once).toEqual([{ start: 3, end: 9 }]);
    expect(isHighlighted(once, { start: 4, end: 6 })).toBe(true);
    expect(toggleRange(once, { start: 3, end: 9 })).toEqual([]);
    // Removing the middle leaves both ends.
    expect(toggleRange(once, { start: 5, end: 7 })).toEqual([
      { start: 3, end: 5 },
      { start: 7, end: 9 },
    ]);
    // A selection partly outside is added, merged.
    expect(toggleRange(once, { start: 8, end: 12 })).toEqual([{ start: 3, end: 12 }]);
  });

  it('ignores an empty selection', () => {
    expect(toggleRange([{ start: 1, end: 2 }], { start: 4, end: 4 })).toEqual([
      { start: 1, end: 2 },
    ]);
    expect(removeRange([{ start: 1, end: 2 }], { start: 5, end: 9 })).toEqual([
      { start: 1, end: 2 },
    ]);
  });
});
