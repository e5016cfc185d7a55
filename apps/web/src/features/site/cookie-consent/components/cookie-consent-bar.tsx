import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { StorageKey } from '@ensaya/core/storage-keys';
import { isFlagSet, useStoredValue } from '../../../../lib/storage.ts';
import { PlainButton } from '../../../../components/plain-controls.tsx';
import { acceptCookies, declineCookies, readConsent, type ConsentChoice } from '../lib/consent.ts';

/** Shown on every page until the visitor chooses, unless the stored banner flag hides it. */
export function CookieConsentBar() {
  const { t } = useTranslation();
  const isHiddenByBannerFlag = isFlagSet(useStoredValue(StorageKey.banner));
  const [choice, setChoice] = useState<ConsentChoice | undefined>(readConsent);

  if (isHiddenByBannerFlag || choice) return null;

  return (
    <section className="cookie-bar" aria-label="Cookies">
      <p className="cookie-bar__text">{t('cookies.text')}</p>
      <div className="cookie-bar__actions">
        <PlainButton
          onClick={() => {
            declineCookies();
            setChoice('declined');
          }}
        >
          {t('cookies.decline')}
        </PlainButton>
        <PlainButton
          variant="primary"
          onClick={() => {
            acceptCookies();
            setChoice('accepted');
          }}
        >
          {t('cookies.accept')}
        </PlainButton>
      </div>
    </section>
  );
}
