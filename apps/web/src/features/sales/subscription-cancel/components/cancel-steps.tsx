import { useTranslation } from 'react-i18next';
import { CANCEL_NAMESPACE } from '../lib/subscription-cancel-i18n.ts';

export const CANCEL_STEPS = ['notice', 'feedback', 'done'] as const;
export type CancelStep = (typeof CANCEL_STEPS)[number];

/** The wizard's three steps (spec 000, screen 8), as an ordered list screen readers can follow. */
export function CancelSteps({ current }: { current: CancelStep }) {
  const { t } = useTranslation(CANCEL_NAMESPACE);
  const currentIndex = CANCEL_STEPS.indexOf(current);
  return (
    <nav className="stepper" aria-label={t('steps.label')}>
      <ol className="stepper__list">
        {CANCEL_STEPS.map((step, index) => {
          const state = index < currentIndex ? 'done' : index === currentIndex ? 'current' : 'next';
          return (
            <li
              key={step}
              className={`stepper__step stepper__step--${state}`}
              aria-current={state === 'current' ? 'step' : undefined}
            >
              <span className="stepper__number" aria-hidden="true">
                {state === 'done' ? '✓' : index + 1}
              </span>
              <span className="stepper__label">{t(`steps.${step}`)}</span>
              {state === 'done' && <span className="visually-hidden">{t('steps.doneMark')}</span>}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
