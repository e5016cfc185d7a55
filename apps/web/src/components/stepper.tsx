/** One step of a `Stepper`: a stable key and its label in the interface language. */
export interface StepperStep {
  key: string;
  label: string;
}

/**
 * The wizards' steps (registration, subscribe, change package, confirmations; spec 000 screens 4
 * to 7). A plain ordered list rather than Ant Design's Steps, so screen readers hear "step 2 of 7,
 * current". The row always fits its box, never scrolls: numbered circles with their labels under
 * them where there is room, and on a phone only the current step's label, under the row (the
 * others stay readable to screen readers). `currentIndex` past the last step marks every step done.
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
  return (
    <nav className="stepper" aria-label={label}>
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
