/** Whole days, hours, minutes and seconds left until a moment (never negative). */
export function timeLeft(milliseconds: number): {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
} {
  const total = Math.max(0, Math.ceil(milliseconds / 1000));
  return {
    days: Math.floor(total / 86_400),
    hours: Math.floor((total % 86_400) / 3600),
    minutes: Math.floor((total % 3600) / 60),
    seconds: total % 60,
  };
}

/** "2 d 03:04:05", "03:04:05", "04:05": a countdown's face (the day unit is localized by the caller). */
export function countdownFace(milliseconds: number, dayUnit: string): string {
  const { days, hours, minutes, seconds } = timeLeft(milliseconds);
  const two = (value: number) => String(value).padStart(2, '0');
  const clock =
    days > 0 || hours > 0
      ? `${two(hours)}:${two(minutes)}:${two(seconds)}`
      : `${two(minutes)}:${two(seconds)}`;
  return days > 0 ? `${days} ${dayUnit} ${clock}` : clock;
}

/** Jitter for the start: pages of a whole cohort do not ask for the key in the same millisecond. */
export function startJitterMs(random: () => number = Math.random): number {
  return Math.floor(random() * 400);
}

/** HH:mm of a moment in the student's own time zone. */
export function clockTime(value: string): string {
  const date = new Date(value);
  const two = (part: number) => String(part).padStart(2, '0');
  return `${two(date.getHours())}:${two(date.getMinutes())}`;
}
