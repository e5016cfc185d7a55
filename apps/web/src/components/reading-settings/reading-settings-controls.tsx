import './reading-settings.css';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TEXT_SIZES, type TextSize } from '@ensaya/core/engine/text-sizes';
import { useReadingSettings, useSaveReadingSettings } from '../../lib/reading-settings.ts';
import { PlainSwitch } from '../plain-controls.tsx';
import { READING_NAMESPACE } from './reading-i18n.ts';

/**
 * Text size (100, 125, 150 %) and high contrast, saved to the student's account at once and
 * applied on every device. The sizes are toggle buttons, not radio buttons: in the
 * runner the arrow keys move between questions, and a button is operated with Enter or Space.
 * `showExtraTime` adds a line on the extra time an admin granted (the account page).
 */
export function ReadingSettingsControls({ showExtraTime = false }: { showExtraTime?: boolean }) {
  const { t } = useTranslation(READING_NAMESPACE);
  const id = useId();
  const { data: settings } = useReadingSettings();
  const save = useSaveReadingSettings();
  const [announcement, setAnnouncement] = useState('');
  const textSize = (settings?.text_size ?? 100) as TextSize;
  const isHighContrast = settings?.high_contrast ?? false;

  function change(next: { text_size: TextSize; high_contrast: boolean }) {
    setAnnouncement('');
    save.mutate(next, { onSuccess: () => setAnnouncement(t('saved')) });
  }

  return (
    <div className="reading-settings">
      <div className="reading-settings__row" role="group" aria-labelledby={`${id}-size`}>
        <span id={`${id}-size`} className="reading-settings__label">
          {t('textSize')}
        </span>
        <span className="reading-settings__sizes">
          {TEXT_SIZES.map((size) => (
            <button
              key={size}
              type="button"
              className="reading-settings__size"
              aria-pressed={textSize === size}
              disabled={!settings}
              onClick={() => change({ text_size: size, high_contrast: isHighContrast })}
            >
              {t('size', { size })}
            </button>
          ))}
        </span>
      </div>
      <div className="reading-settings__row">
        <label htmlFor={`${id}-contrast`} className="reading-settings__label">
          {t('highContrast')}
        </label>
        <PlainSwitch
          id={`${id}-contrast`}
          checked={isHighContrast}
          disabled={!settings}
          onChange={(checked) => change({ text_size: textSize, high_contrast: checked })}
        />
      </div>
      <p className="reading-settings__hint">{t('hint')}</p>
      {showExtraTime && settings && (
        <p className="reading-settings__hint">
          {settings.extra_time_percent > 0
            ? t('extraTime', { percent: settings.extra_time_percent })
            : t('noExtraTime')}
        </p>
      )}
      <span className="visually-hidden" role="status" aria-live="polite">
        {announcement}
      </span>
    </div>
  );
}
