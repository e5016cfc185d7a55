import { useTranslation } from 'react-i18next';
import { parseLanguage, type Language } from '@ensaya/core/i18n/language';
import { setLanguage } from '../lib/i18n.ts';
import { PlainButton } from './plain-controls.tsx';

/**
 * Switches between Spanish and English; shows the code of the language it switches to, which its
 * accessible name repeats (what is seen is what a voice-control user says).
 */
export function LanguageToggle() {
  const { t, i18n } = useTranslation();
  const next: Language = parseLanguage(i18n.language) === 'en' ? 'es' : 'en';
  return (
    <PlainButton
      className="language-toggle"
      aria-label={t('language.toggle', { code: next.toUpperCase() })}
      title={t(`language.switchTo.${next}`)}
      onClick={() => setLanguage(next)}
    >
      {next.toUpperCase()}
    </PlainButton>
  );
}
