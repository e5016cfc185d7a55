import { useEffect, useState } from 'react';

/** The server's clock against this device's, measured now from an answer's `server_now`. */
function measure(serverNow: string | undefined) {
  const deviceNow = Date.now();
  const offset = serverNow ? new Date(serverNow).getTime() - deviceNow : 0;
  return { serverNow, offset, now: deviceNow + offset };
}

/**
 * The server's "now", ticking every second on this page: the offset between the server's clock
 * (`server_now` of the last answer) and this device's is measured once per answer, so a device
 * whose clock is wrong still counts down to the same second as everyone else.
 */
export function useServerClock(serverNow: string | undefined): number {
  const [clock, setClock] = useState(() => measure(serverNow));
  // A new answer: measured again while rendering, so no render counts by the old offset.
  if (clock.serverNow !== serverNow) setClock(measure(serverNow));
  useEffect(() => {
    const timer = window.setInterval(
      () => setClock((current) => ({ ...current, now: Date.now() + current.offset })),
      1000,
    );
    return () => window.clearInterval(timer);
  }, []);
  return clock.now;
}
