// The reading settings' text sizes, apart from their zod contract (contracts/accommodations.ts) so
// that the runner's reading controls do not load zod with them.

/** Text sizes the runner and the whole app offer, in percent of the normal size. */
export const TEXT_SIZES = [100, 125, 150] as const;
export type TextSize = (typeof TEXT_SIZES)[number];
