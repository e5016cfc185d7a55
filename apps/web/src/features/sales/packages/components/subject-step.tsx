import '../packages.css';
import Button from 'antd/es/button';
import Checkbox from 'antd/es/checkbox';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { includesAllSubjects, isSubjectChoiceComplete } from '@ensaya/core/subscriptions/subjects';
import { FullPageSpinner } from '../../../../components/full-page-spinner.tsx';
import { useMaxSubjects } from '../api/get-max-subjects.ts';
import { usePackageSubjects } from '../api/get-package-subjects.ts';
import { inLanguage } from '../../../../lib/localized.ts';
import type { Package } from '../api/get-packages.ts';
import { PACKAGES_NAMESPACE } from '../lib/packages-i18n.ts';
import { WizardActions } from './wizard-actions.tsx';

/**
 * The wizard's subject step (spec 000, section 5): exactly `subjects_quantity` subjects of the
 * package; when that quantity is not below the standard test's maximum, every subject is chosen
 * for the student. `errors` are the server's answer to the step (a 422), shown above the list.
 */
export function SubjectStep({
  pack,
  initialSubjectIds = [],
  errors,
  isSubmitting,
  onNext,
  onBack,
}: {
  pack: Package;
  initialSubjectIds?: readonly number[];
  errors?: readonly string[];
  isSubmitting?: boolean;
  onNext: (subjectIds: number[]) => void;
  onBack: () => void;
}) {
  const { t, i18n } = useTranslation(PACKAGES_NAMESPACE);
  const subjects = usePackageSubjects(pack.id);
  const maxSubjects = useMaxSubjects(pack.standard_test_id);
  const [chosen, setChosen] = useState<number[]>([...initialSubjectIds]);
  const [hasTriedNext, setHasTriedNext] = useState(false);

  if (subjects.isPending || maxSubjects.isPending) return <FullPageSpinner />;
  if (subjects.isError || maxSubjects.isError) {
    return (
      <div className="wizard-step">
        <div className="form-alert" role="alert">
          <p>{t('subjectStep.loadFailed')}</p>
        </div>
        <div className="wizard-actions">
          <Button size="large" onClick={onBack}>
            {t('back')}
          </Button>
        </div>
      </div>
    );
  }

  const offered = subjects.data;
  const name = inLanguage(pack.name, pack.name_en, i18n.language);
  const isAll = includesAllSubjects(pack.subjects_quantity, maxSubjects.data);
  const offeredIds = new Set(offered.map((subject) => subject.id));
  const chosenIds = isAll
    ? offered.map((subject) => subject.id)
    : chosen.filter((id) => offeredIds.has(id));
  const isComplete = isSubjectChoiceComplete(chosenIds, pack.subjects_quantity);
  // Once the package's quantity is reached the other boxes wait, with the reason: a
  // third tick in a two-subject package is refused where it is made, not at Siguiente.
  const isFull = !isAll && chosenIds.length >= pack.subjects_quantity;
  const countProblem =
    hasTriedNext && !isComplete
      ? t('subjectStep.countProblem', { count: pack.subjects_quantity })
      : undefined;

  function toggle(subjectId: number, isChecked: boolean) {
    setChosen((current) =>
      isChecked ? [...current, subjectId] : current.filter((id) => id !== subjectId),
    );
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setHasTriedNext(true);
    if (isComplete) onNext(chosenIds);
  }

  const messages = [...(countProblem ? [countProblem] : []), ...(errors ?? [])];

  return (
    <form className="wizard-step" noValidate onSubmit={submit}>
      {messages.length > 0 && (
        <div className="form-alert" role="alert">
          {messages.map((message) => (
            <p key={message}>{message}</p>
          ))}
        </div>
      )}
      <fieldset className="wizard-step__fieldset" aria-describedby="subject-step-count">
        <legend className="wizard-step__legend">
          {t('subjectStep.legend', { count: pack.subjects_quantity, name })}
        </legend>
        {offered.length === 0 ? (
          <p className="page__lead">{t('subjectStep.none')}</p>
        ) : (
          <>
            {isAll && <p className="wizard-step__hint">{t('subjectStep.allIncluded', { name })}</p>}
            <ul className="subject-options">
              {offered.map((subject) => {
                const description = inLanguage(
                  subject.description,
                  subject.description_en,
                  i18n.language,
                );
                return (
                  <li key={subject.id} className="subject-option">
                    <Checkbox
                      id={`subject-option-${subject.id}`}
                      checked={chosenIds.includes(subject.id)}
                      disabled={isAll || (isFull && !chosenIds.includes(subject.id))}
                      aria-describedby={
                        [
                          description ? `subject-option-${subject.id}-description` : '',
                          isFull && !chosenIds.includes(subject.id) ? 'subject-step-full' : '',
                        ]
                          .filter(Boolean)
                          .join(' ') || undefined
                      }
                      onChange={(event) => toggle(subject.id, event.target.checked)}
                    >
                      {subject.name}
                    </Checkbox>
                    {description && (
                      <p
                        id={`subject-option-${subject.id}-description`}
                        className="subject-option__description"
                      >
                        {description}
                      </p>
                    )}
                  </li>
                );
              })}
            </ul>
          </>
        )}
        <p id="subject-step-count" className="wizard-step__count" aria-live="polite">
          {t('subjectStep.selected', { selected: chosenIds.length, count: pack.subjects_quantity })}
        </p>
        {isFull && offered.length > pack.subjects_quantity && (
          <p id="subject-step-full" className="wizard-step__hint">
            {t('subjectStep.full', { count: pack.subjects_quantity, name })}
          </p>
        )}
      </fieldset>
      <WizardActions onBack={onBack} isSubmitting={isSubmitting} />
    </form>
  );
}
