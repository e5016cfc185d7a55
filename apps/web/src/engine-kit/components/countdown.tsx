import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { timeWarning } from '@ensaya/core/engine/timing';
import { formatClock, remainingSeconds } from '../lib/countdown.ts';
import { TEST_TAKING_NAMESPACE } from '../lib/test-taking-i18n.ts';

const TICK_MS = 250;
/** What each warning says (core `TIME_WARNINGS_SECONDS`). */
const WARNING_TEXT: Record<number, string> = {
  600: 'countdown.warning10',
  300: 'countdown.warning5',
  60: 'countdown.warning1',
};
/** The last minutes are shown in warning colours. */
const WARNING_SECONDS = 5 * 60;

/**
 * Time left until the server's deadline, by the server's clock (`offsetMs`). At 10, 5 and 1
 * minutes left it says so, in words that stay next to the clock and in a live region screen
 * readers announce. At 0 it calls `onExpire` once. It re-renders itself only: the question on
 * screen does not tick.
 */
export function Countdown({
  deadlineAt,
  offsetMs,
  timerSeconds,
  onExpire,
}: {
  deadlineAt: string;
  offsetMs: number;
  /** The timer's length: a warning the whole timer is shorter than is not given. */
  timerSeconds: number | null;
  onExpire: () => void;
}) {
  const { t } = useTranslation(TEST_TAKING_NAMESPACE);
  const [secondsLeft, setSecondsLeft] = useState(() => remainingSeconds(deadlineAt, offsetMs));
  const onExpireRef = useRef(onExpire);

  useEffect(() => {
    onExpireRef.current = onExpire;
  }, [onExpire]);

  useEffect(() => {
    let hasExpired = false;
    const tick = () => {
      const left = remainingSeconds(deadlineAt, offsetMs);
      setSecondsLeft(left);
      if (left <= 0 && !hasExpired) {
        hasExpired = true;
        onExpireRef.current();
      }
    };
    const timer = window.setInterval(tick, TICK_MS);
    return () => window.clearInterval(timer);
  }, [deadlineAt, offsetMs]);

  const warning = timeWarning(secondsLeft, timerSeconds);
  const className = secondsLeft <= WARNING_SECONDS ? 'countdown countdown--warning' : 'countdown';
  return (
    <div className={className}>
      <span className="countdown__label">{t('countdown.label')}</span>
      <span role="timer" aria-label={t('countdown.label')} className="countdown__value">
        {formatClock(secondsLeft)}
      </span>
      {/* Always in the page, so the announcement is heard when its text changes. */}
      <span role="alert" aria-live="assertive" className="countdown__live">
        {warning !== null && (
          <span className="countdown__warning">
            {t(WARNING_TEXT[warning] ?? 'countdown.warning1')}
          </span>
        )}
      </span>
    </div>
  );
}
