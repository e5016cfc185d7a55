/**
 * The countdown shows the server's deadline, corrected for the clock offset (docs/architecture.md,
 * "Test engine"). The offset is how far the server's clock is
 * ahead of this one, measured when the attempt was read.
 */
export function clockOffsetMs(serverNow: string, receivedAt: number): number {
  const server = Date.parse(serverNow);
  return Number.isNaN(server) ? 0 : server - receivedAt;
}

/** Whole seconds left until the deadline, by the server's clock; never below 0. */
export function remainingSeconds(deadlineAt: string, offsetMs: number, now = Date.now()): number {
  const deadline = Date.parse(deadlineAt);
  if (Number.isNaN(deadline)) return 0;
  return Math.max(0, Math.ceil((deadline - (now + offsetMs)) / 1000));
}

/** 3725 -> "01:02:05". */
export function formatClock(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  const parts = [Math.floor(seconds / 3600), Math.floor((seconds % 3600) / 60), seconds % 60];
  return parts.map((part) => String(part).padStart(2, '0')).join(':');
}
