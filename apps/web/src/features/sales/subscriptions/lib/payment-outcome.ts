/**
 * What the gateway's return tells the web app in `?payment=` (apps/api payments routes, LANDING):
 * `/factura/detalles` gets the four outcomes that leave something to do.
 */
export const UNFINISHED_PAYMENT_OUTCOMES = [
  'declined',
  'card_rejected',
  'aborted',
  'trial_used',
] as const;
export type UnfinishedPaymentOutcome = (typeof UNFINISHED_PAYMENT_OUTCOMES)[number];

export function unfinishedPaymentOutcome(value: string | null): UnfinishedPaymentOutcome | null {
  return UNFINISHED_PAYMENT_OUTCOMES.find((outcome) => outcome === value) ?? null;
}

/** `/subscripcion/exitosa` gets `active` (paid) or `card_updated` (a new card, nothing charged). */
export function isCardUpdate(value: string | null): boolean {
  return value === 'card_updated';
}
