import { useTranslation } from 'react-i18next';
import { PageShell } from '../../../components/page-shell.tsx';

/** `/subscripcion/paquete`: the change-package wizard (spec 000, screen 7). For now, a title and what will be here. */
export function ChoosePackagePage() {
  const { t } = useTranslation();
  return (
    <PageShell
      title={t('pages.choosePackage.title')}
      description={t('pages.choosePackage.description')}
    />
  );
}
