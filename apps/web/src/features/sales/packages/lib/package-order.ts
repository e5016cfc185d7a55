import type { Package } from '../api/get-packages.ts';

/** The packages of one standard test together, shortest and cheapest first. */
export function inReadingOrder(packages: readonly Package[]): Package[] {
  return [...packages].sort(
    (a, b) =>
      a.standard_test_id - b.standard_test_id || a.duration - b.duration || a.price - b.price,
  );
}
