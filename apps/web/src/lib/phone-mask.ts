/**
 * The Chilean mobile mask of the registration form (spec 000, section 5): `+56 9 XXXX XXXX`.
 * The prefix is fixed once the student types; they type the eight digits after it (typing the
 * leading 9 or pasting a whole `+56 9 …` number works too). The API receives the digits only.
 */
export const CHILEAN_MOBILE_PREFIX = '+56 9 ';
const SUBSCRIBER_DIGITS = 8;

export function maskChileanMobile(raw: string): string {
  const digits = raw.replace(/\D/g, '');
  const hasPrefix = raw.trimStart().startsWith('+56 9');
  let subscriber: string;
  if (hasPrefix) {
    subscriber = digits.slice(3);
  } else if (digits.length > SUBSCRIBER_DIGITS && digits.startsWith('569')) {
    subscriber = digits.slice(3); // a pasted 56 9 1234 5678
  } else if (digits.startsWith('9')) {
    subscriber = digits.slice(1); // the student typed the mobile 9 themselves
  } else {
    subscriber = digits;
  }
  subscriber = subscriber.slice(0, SUBSCRIBER_DIGITS);

  if (subscriber === '') {
    // Keep the prefix while it is being typed; let it go when the student deletes into it.
    const isTypingPrefix = !hasPrefix && digits === '9';
    const isDeletingPrefix = hasPrefix && raw.length < CHILEAN_MOBILE_PREFIX.length;
    return isTypingPrefix || (hasPrefix && !isDeletingPrefix) ? CHILEAN_MOBILE_PREFIX : '';
  }
  const grouped =
    subscriber.length > 4 ? `${subscriber.slice(0, 4)} ${subscriber.slice(4)}` : subscriber;
  return `${CHILEAN_MOBILE_PREFIX}${grouped}`;
}

/** '+56 9 1234 5678' -> '56912345678'; empty when nothing but the prefix was typed. */
export function chileanMobileDigits(masked: string): string {
  const digits = masked.replace(/\D/g, '');
  return digits === '569' ? '' : digits;
}
