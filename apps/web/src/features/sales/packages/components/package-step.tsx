import '../packages.css';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { InfoDialog } from '../../../../components/info-dialog.tsx';
import { inLanguage } from '../../../../lib/localized.ts';
import type { Package } from '../api/get-packages.ts';
import { inReadingOrder } from '../lib/package-order.ts';
import { PACKAGES_NAMESPACE } from '../lib/packages-i18n.ts';
import { PackageFacts } from './package-facts.tsx';
import { WizardActions } from './wizard-actions.tsx';

/**
 * The wizard's package step (spec 000, screens 4 and 7): one package, as radio cards. Next
 * without a choice opens the spec's info modal.
 */
export function PackageStep({
  packages,
  initialPackageId,
  currentPackageId,
  onNext,
  onBack,
}: {
  packages: readonly Package[];
  initialPackageId?: number;
  /** The package of the subscription being changed, marked as such. */
  currentPackageId?: number;
  onNext: (pack: Package) => void;
  onBack?: () => void;
}) {
  const { t, i18n } = useTranslation(PACKAGES_NAMESPACE);
  const [chosenId, setChosenId] = useState(initialPackageId);
  const [isNoneNoticeOpen, setIsNoneNoticeOpen] = useState(false);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const chosen = packages.find((pack) => pack.id === chosenId);
    if (chosen) onNext(chosen);
    else setIsNoneNoticeOpen(true);
  }

  return (
    <form className="wizard-step" noValidate onSubmit={submit}>
      <fieldset className="wizard-step__fieldset">
        <legend className="wizard-step__legend">{t('packageStep.legend')}</legend>
        <div className="package-options">
          {inReadingOrder(packages).map((pack) => {
            const id = `package-option-${pack.id}`;
            const isChosen = pack.id === chosenId;
            const description = inLanguage(pack.description, pack.description_en, i18n.language);
            return (
              // The whole card chooses (a larger target); the radio and its label are what
              // keyboards and screen readers use, named by the package alone.
              <div
                key={pack.id}
                className={isChosen ? 'package-option package-option--chosen' : 'package-option'}
                onClick={() => setChosenId(pack.id)}
              >
                <div className="package-option__head">
                  <input
                    id={id}
                    type="radio"
                    name="package"
                    className="package-option__radio"
                    value={pack.id}
                    checked={isChosen}
                    aria-describedby={`${id}-facts`}
                    onChange={() => setChosenId(pack.id)}
                  />
                  <label htmlFor={id} className="package-option__name">
                    {inLanguage(pack.name, pack.name_en, i18n.language)}
                  </label>
                  {pack.id === currentPackageId && (
                    <span className="package-option__current">{t('packageStep.current')}</span>
                  )}
                </div>
                <div id={`${id}-facts`} className="package-option__facts">
                  {description && <p className="package-option__description">{description}</p>}
                  <PackageFacts pack={pack} />
                </div>
              </div>
            );
          })}
        </div>
      </fieldset>
      <WizardActions onBack={onBack} />
      {isNoneNoticeOpen && (
        <InfoDialog
          title={t('packageStep.noneTitle')}
          content={t('packageStep.noneText')}
          onClosed={() => setIsNoneNoticeOpen(false)}
        />
      )}
    </form>
  );
}
