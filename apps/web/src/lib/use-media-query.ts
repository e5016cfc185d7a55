import { useSyncExternalStore } from 'react';

/** The spec's mobile breakpoint (spec 000, section 9): below it the tables stack their rows. */
export const NARROW_SCREEN = '(max-width: 840px)';

/** Whether the CSS media query matches now, following changes. */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}
