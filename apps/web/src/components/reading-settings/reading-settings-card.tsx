import { useTranslation } from 'react-i18next';
import { READING_NAMESPACE } from './reading-i18n.ts';
import { ReadingSettingsControls } from './reading-settings-controls.tsx';

/** The account page's "Lectura" card: the reading settings and the extra time granted. */
export function ReadingSettingsCard() {
  const { t } = useTranslation(READING_NAMESPACE);
  return (
    <section className="account-card" aria-labelledby="reading-title">
      <header className="account-card__header">
        <h2 id="reading-title" className="account-card__title">
          {t('title')}
        </h2>
      </header>
      <ReadingSettingsControls showExtraTime />
    </section>
  );
}
