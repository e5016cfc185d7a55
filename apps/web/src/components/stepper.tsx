import { useEffect, useRef } from 'react';

/** One step of a `Stepper`: a stable key and its label in the interface language. */
export interface StepperStep {
  key: string;
  label: string;
}

/**
 * The wizards' steps (registration, subscribe, change package, confirmations; spec 000 screens 4
 * to 7). A plain ordered list rather than Ant Design's Steps: seven steps fit a phone as a
 * scrollable row, and screen readers hear "step 2 of 7, current". `currentIndex` past the last
 * step marks every step done.
 */
export function Stepper({
  label,
  steps,
  currentIndex,
  doneText,
}: {
  label: string;
  steps: readonly StepperStep[];
  currentIndex: number;
  /** Read after a done step's label, for those who cannot see the check mark. */
  doneText: string;
}) {
  const navRef = useRef<HTMLElement>(null);

  // On a phone the row scrolls: bring the current step into view (the nav is its offset parent).
  useEffect(() => {
    const nav = navRef.current;
    const current = nav?.querySelector<HTMLElement>('[aria-current="step"]');
    if (!nav || !current) return;
    nav.scrollLeft = current.offsetLeft - (nav.clientWidth - current.offsetWidth) / 2;
  }, [currentIndex]);

  return (
    <nav ref={navRef} className="stepper" aria-label={label}>
      <ol className="stepper__list">
        {steps.map((step, index) => {
          const state = index < currentIndex ? 'done' : index === currentIndex ? 'current' : 'next';
          return (
            <li
              key={step.key}
              className={`stepper__step stepper__step--${state}`}
              aria-current={state === 'current' ? 'step' : undefined}
            >
              <span className="stepper__number" aria-hidden="true">
                {state === 'done' ? '✓' : index + 1}
              </span>
              <span className="stepper__label">{step.label}</span>
              {state === 'done' && <span className="visually-hidden">{doneText}</span>}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
