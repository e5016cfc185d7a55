// The demo catalogue's PAES grade tables (docs/content.md, "Grade tables"): DEMRE's published
// reference points, joined by a monotone curve so every raw count has a grade.

/**
 * DEMRE, Admisión 2023, "Tabla de referencia de puntajes PAES" (points by correct answers of the
 * scored items). Competencia Lectora, M1 and Historia out of 60 scored items, Ciencias out of 75.
 * M2 has no published table at hand: see `M2_ANCHORS`.
 */
export const DEMRE_2023_REFERENCE = {
  cl: [
    [10, 299],
    [20, 433],
    [30, 548],
    [40, 660],
    [50, 788],
  ],
  m1: [
    [10, 334],
    [20, 467],
    [30, 571],
    [40, 675],
    [50, 802],
  ],
  historia: [
    [10, 321],
    [20, 461],
    [30, 576],
    [40, 684],
    [50, 804],
  ],
  ciencias: [
    [10, 305],
    [20, 417],
    [30, 504],
    [40, 587],
    [50, 671],
    [60, 763],
  ],
} as const satisfies Record<string, ReadonlyArray<readonly [number, number]>>;

type Anchor = readonly [raw: number, grade: number];

/**
 * M2, derived by the same method as the others: M1's published points taken as a function of the
 * fraction of scored items right (10/60, 20/60, …) and placed on M2's 50 scored items. Both
 * mathematics tests sit on the same scale, so the same share right maps to the same grade; the
 * docs say that this table is ours, not DEMRE's.
 */
export const M2_ANCHORS: ReadonlyArray<Anchor> = DEMRE_2023_REFERENCE.m1.map(
  ([raw, grade]) => [(raw / 60) * 50, grade] as const,
);

/**
 * A table on `scored` items through the given anchors, plus 100 at 0 and 1000 at all right, joined
 * by a monotone cubic (Fritsch–Carlson), so it never steps back and has no kinks at the anchors.
 * Returns [correct, grade] rows for 0..scored.
 */
export function gradeTableThrough(
  scored: number,
  anchors: ReadonlyArray<Anchor>,
): Array<[number, number]> {
  const points: Anchor[] = [[0, 100], ...anchors.filter(([raw]) => raw < scored), [scored, 1000]];
  const n = points.length;
  const secants = points.slice(1).map(([x, y], i) => (y - points[i]![1]) / (x - points[i]![0]));
  // Tangents: the mean of the neighbouring secants inside, the one secant at each end, then
  // limited so each piece stays monotone (Fritsch and Carlson, 1980).
  const tangents = points.map((_, i) =>
    i === 0 ? secants[0]! : i === n - 1 ? secants[n - 2]! : (secants[i - 1]! + secants[i]!) / 2,
  );
  for (let i = 0; i < n - 1; i++) {
    const a = tangents[i]! / secants[i]!;
    const b = tangents[i + 1]! / secants[i]!;
    const norm = Math.hypot(a, b);
    if (norm > 3) {
      tangents[i] = (3 * a * secants[i]!) / norm;
      tangents[i + 1] = (3 * b * secants[i]!) / norm;
    }
  }
  const at = (x: number): number => {
    let i = 0;
    while (i < n - 2 && x > points[i + 1]![0]) i++;
    const [x0, y0] = points[i]!;
    const [x1, y1] = points[i + 1]!;
    const h = x1 - x0;
    const t = (x - x0) / h;
    const h00 = 2 * t ** 3 - 3 * t ** 2 + 1;
    const h10 = t ** 3 - 2 * t ** 2 + t;
    const h01 = -2 * t ** 3 + 3 * t ** 2;
    const h11 = t ** 3 - t ** 2;
    return h00 * y0 + h10 * h * tangents[i]! + h01 * y1 + h11 * h * tangents[i + 1]!;
  };
  return Array.from({ length: scored + 1 }, (_, correct) => [correct, Math.round(at(correct))]);
}
