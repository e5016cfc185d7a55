import Button from 'antd/es/button';
import { useTranslation } from 'react-i18next';
import { parseLanguage, type Language } from '@ensaya/core/i18n/language';
import { setLanguage } from '../lib/i18n.ts';

/** Switches between Spanish and English; shows the code of the language it switches to. */
export function LanguageToggle() {
  const { t, i18n } = useTranslation();
  const next: Language = parseLanguage(i18n.language) === 'en' ? 'es' : 'en';
  return (
    <Button
      className="language-toggle"
      aria-label={t('language.toggle')}
      title={t(`language.switchTo.${next}`)}
      onClick={() => setLanguage(next)}
    >
      {next.toUpperCase()}
    </Button>
  );
}
