import { useTranslation } from 'react-i18next';
import { formatClp } from '../../../../lib/format.ts';
import { inLanguage } from '../../../../lib/localized.ts';
import { usePackages } from '../api/get-packages.ts';
import { PACKAGES_NAMESPACE } from '../lib/packages-i18n.ts';

/**
 * The package a visitor chose on the price table, reminded on the registration form. Nothing
 * when the id is not a package for sale, or the list cannot load: registering works all the same.
 */
export function ChosenPackageNote({ packageId }: { packageId: number }) {
  const { t, i18n } = useTranslation(PACKAGES_NAMESPACE);
  const chosen = usePackages().data?.find((pack) => pack.id === packageId);
  if (!chosen) return null;
  return (
    <p className="form-info chosen-package">
      {t('chosen', {
        name: inLanguage(chosen.name, chosen.name_en, i18n.language),
        price: formatClp(chosen.price),
      })}
    </p>
  );
}
