import { useTranslation } from 'react-i18next';

/** The wizard's steps (spec 000, screen 4). The steps after E-mail come with the subscriptions. */
export const REGISTRATION_STEPS = [
  'register',
  'email',
  'package',
  'subjects',
  'address',
  'summary',
  'card',
] as const;
export type RegistrationStep = (typeof REGISTRATION_STEPS)[number];

/**
 * A plain ordered list rather than Ant Design's Steps: seven steps fit a phone as a scrollable row,
 * and screen readers hear "step 2 of 7, current".
 */
export function RegistrationSteps({ current }: { current: RegistrationStep }) {
  const { t } = useTranslation();
  const currentIndex = REGISTRATION_STEPS.indexOf(current);
  return (
    <nav className="stepper" aria-label={t('registration.steps.label')}>
      <ol className="stepper__list">
        {REGISTRATION_STEPS.map((step, index) => {
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
              <span className="stepper__label">{t(`registration.steps.${step}`)}</span>
              {state === 'done' && (
                <span className="visually-hidden">{t('registration.steps.done')}</span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
