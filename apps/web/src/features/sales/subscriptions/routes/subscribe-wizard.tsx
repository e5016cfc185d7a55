import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HttpStatus } from '@ensaya/core/api/http';
import { StorageKey } from '@ensaya/core/storage-keys';
import { Stepper } from '../../../../components/stepper.tsx';
import { isApiRequestError, showApiError } from '../../../../lib/api-client.ts';
import type { SessionUser } from '../../../../lib/session.ts';
import { removeStored } from '../../../../lib/storage.ts';
import type { Package } from '../../packages/api/get-packages.ts';
import { PackageStep } from '../../packages/components/package-step.tsx';
import { SubjectStep } from '../../packages/components/subject-step.tsx';
import { useChangePackage } from '../api/change-package.ts';
import { useCreateSubscription } from '../api/create-subscription.ts';
import type { Subscription } from '../api/get-my-subscriptions.ts';
import { useSubscription } from '../api/get-subscription.ts';
import { SubscriptionSummary } from '../components/subscription-summary.tsx';
import { SUBSCRIPTIONS_NAMESPACE } from '../lib/subscriptions-i18n.ts';
import { WizardAddressStep } from './wizard-address-step.tsx';

/**
 * - `registration`: after sign-up and e-mail (spec 000 screen 4): package, subjects, address,
 *   summary, card; the first two steps show as done.
 * - `change`: change package (screen 7): package, subjects, summary, card, changing the student's
 *   subscription to that standard test (else the newest one not canceled).
 * - `add`: renew or add (`/agregar/subscripcion`): as `change`, creating a new subscription.
 * `change` and `add` ask the address too when the student has none.
 */
export type WizardMode = 'registration' | 'change' | 'add';
type Step = 'package' | 'subjects' | 'address' | 'summary' | 'card';

/** The subscription a change applies to: the one of the same standard test, else the newest. */
function subscriptionToChange(subscriptions: readonly Subscription[], pack: Package) {
  const open = subscriptions.filter((subscription) => subscription.status !== 'Canceled');
  return (
    open.find((subscription) => subscription.package.standard_test_id === pack.standard_test_id) ??
    open[0]
  );
}

/** A 422's messages, every field's, for the step that caused it; anything else, the dialog. */
function unprocessableMessages(error: unknown): string[] | undefined {
  if (isApiRequestError(error) && error.status === HttpStatus.unprocessable) {
    const fieldMessages = Object.values(error.fieldErrors).flat();
    return fieldMessages.length > 0 ? fieldMessages : [error.message];
  }
  showApiError(error);
  return undefined;
}

/**
 * The subscribe wizard (spec 000, screens 4, 5 and 7), composing the packages feature's package
 * and subject steps, the account's address and this feature's summary.
 */
export function SubscribeWizard({
  mode,
  packages,
  user,
  subscriptions,
  preselectedPackage,
  onExit,
}: {
  mode: WizardMode;
  packages: readonly Package[];
  user: SessionUser;
  subscriptions: readonly Subscription[];
  preselectedPackage?: Package;
  /** Back from the first step (change and add: to the dashboard). */
  onExit?: () => void;
}) {
  const { t } = useTranslation(SUBSCRIPTIONS_NAMESPACE);
  const create = useCreateSubscription();
  const change = useChangePackage();
  const [step, setStep] = useState<Step>(preselectedPackage ? 'subjects' : 'package');
  const [pack, setPack] = useState(preselectedPackage);
  const [subjectIds, setSubjectIds] = useState<number[]>([]);
  /** The subscription this wizard made or changed: Back and Next again change it in place. */
  const [subscriptionId, setSubscriptionId] = useState<number>();
  const [stepErrors, setStepErrors] = useState<string[]>();
  const subscription = useSubscription(subscriptionId);

  const hasAddressStep = mode === 'registration' || !user.address;
  const steps: Step[] = [
    'package',
    'subjects',
    ...(hasAddressStep ? ['address' as const] : []),
    'summary',
    'card',
  ];

  function go(next: Step) {
    setStepErrors(undefined);
    setStep(next);
    window.scrollTo({ top: 0, behavior: 'smooth' });
  }

  function subscribed(result: Subscription) {
    // The package chosen at /registro has done its work (core storage-keys: `package`).
    removeStored([StorageKey.package]);
    setSubscriptionId(result.id);
    go('summary');
  }

  /** Creates the subscription, or changes the one this wizard (or a change) is about. */
  async function subscribe(chosen: Package, chosenSubjectIds: number[]) {
    const body = { package_id: chosen.id, subject_ids: chosenSubjectIds };
    // An unfinished sign-up (registration with a Created subscription) is finished in place.
    const target =
      subscriptionId ??
      (mode !== 'add' ? subscriptionToChange(subscriptions, chosen)?.id : undefined);
    try {
      subscribed(
        target === undefined
          ? await create.mutateAsync({ ...body, user_id: user.id })
          : await change.mutateAsync({ subscriptionId: target, body }),
      );
    } catch (error) {
      setStepErrors(unprocessableMessages(error));
    }
  }

  function choosePackage(chosen: Package) {
    if (chosen.id !== pack?.id) setSubjectIds([]);
    setPack(chosen);
    go('subjects');
  }

  function chooseSubjects(chosenSubjectIds: number[]) {
    setSubjectIds(chosenSubjectIds);
    if (hasAddressStep && subscriptionId === undefined) go('address');
    else if (pack) void subscribe(pack, chosenSubjectIds);
  }

  const current = pack && mode !== 'add' ? subscriptionToChange(subscriptions, pack) : undefined;
  const isSubscribing = create.isPending || change.isPending;

  return (
    <>
      <WizardStepper mode={mode} steps={steps} current={step} />
      <div className="wizard-card">
        {step === 'package' && (
          <PackageStep
            packages={packages}
            initialPackageId={pack?.id}
            currentPackageId={
              mode === 'change'
                ? subscriptions.find((row) => row.status !== 'Canceled')?.package_id
                : undefined
            }
            onNext={choosePackage}
            onBack={onExit}
          />
        )}
        {step === 'subjects' && pack && (
          <SubjectStep
            key={pack.id}
            pack={pack}
            initialSubjectIds={
              subjectIds.length > 0
                ? subjectIds
                : current?.package_id === pack.id
                  ? current.subject_ids
                  : []
            }
            errors={stepErrors}
            isSubmitting={isSubscribing}
            onNext={chooseSubjects}
            onBack={() => go('package')}
          />
        )}
        {step === 'address' && pack && (
          <WizardAddressStep
            address={user.address}
            errors={stepErrors}
            isSubscribing={isSubscribing}
            onSaved={() => void subscribe(pack, subjectIds)}
            onBack={() => go('subjects')}
          />
        )}
        {(step === 'summary' || step === 'card') && subscription.data && (
          <SubscriptionSummary
            subscription={subscription.data}
            user={user}
            backLabel={t('back')}
            onBack={() => go('subjects')}
            onPaymentStarting={() => setStep('card')}
          />
        )}
      </div>
    </>
  );
}

function WizardStepper({
  mode,
  steps,
  current,
}: {
  mode: WizardMode;
  steps: readonly Step[];
  current: Step;
}) {
  const { t } = useTranslation(SUBSCRIPTIONS_NAMESPACE);
  // After sign-up the registration's own stepper goes on: Registro and E-mail are done.
  const shown = mode === 'registration' ? (['register', 'email', ...steps] as const) : steps;
  return (
    <Stepper
      label={
        mode === 'registration'
          ? t('registration.steps.label', { ns: 'translation' })
          : t('steps.label')
      }
      steps={shown.map((key) => ({ key, label: t(`steps.${key}`) }))}
      currentIndex={shown.indexOf(current)}
      doneText={t('steps.done')}
    />
  );
}
