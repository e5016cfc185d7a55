/** A source of uniform numbers in [0, 1): `Math.random` in production, seeded in tests. */
export type Random = () => number;

/** A small seeded generator (mulberry32) for reproducible draws in tests and seeds. */
export function seededRandom(seed: number): Random {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** A shuffled copy (Fisher-Yates). */
export function shuffled<T>(items: ReadonlyArray<T>, random: Random): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}

/** `count` distinct whole numbers from 1 to `max`, ascending. */
export function distinctNumbers(count: number, max: number, random: Random): number[] {
  const pool = Array.from({ length: max }, (_, index) => index + 1);
  return shuffled(pool, random)
    .slice(0, Math.min(count, max))
    .sort((a, b) => a - b);
}
