import type { MessageKey } from '../i18n/messages.ts';

/** An IANA name's shape: `UTC`, `America/Santiago`, `Etc/GMT+3` (no bare offsets like `+01:00`). */
const IANA_NAME = /^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/;

/**
 * The problem with a time zone name, or undefined when it is an IANA name the runtime knows. The
 * runtime's own list is the authority (`Intl.supportedValuesOf` omits aliases such as `UTC`).
 */
export function timeZoneProblem(value: string): MessageKey | undefined {
  if (value.length > 64 || !IANA_NAME.test(value)) return 'validation.timezone';
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return undefined;
  } catch {
    return 'validation.timezone';
  }
}
