import { useTranslation } from 'react-i18next';
import { Stepper } from '../../../../components/stepper.tsx';

/** The wizard's steps (spec 000, screen 4). The steps after E-mail are the subscribe wizard's. */
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

export function RegistrationSteps({ current }: { current: RegistrationStep }) {
  const { t } = useTranslation();
  return (
    <Stepper
      label={t('registration.steps.label')}
      steps={REGISTRATION_STEPS.map((step) => ({
        key: step,
        label: t(`registration.steps.${step}`),
      }))}
      currentIndex={REGISTRATION_STEPS.indexOf(current)}
      doneText={t('registration.steps.done')}
    />
  );
}
