import ConfigProvider from 'antd/es/config-provider';
import enUS from 'antd/es/locale/en_US';
import esES from 'antd/es/locale/es_ES';
import { createContext, useContext, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { parseLanguage } from '@ensaya/core/i18n/language';
import { coreMessage } from '../lib/core-message.ts';
import { readingTokens, useAppliedReading } from '../lib/reading-settings.ts';
import { ANTD_HASHED, ANTD_TOKEN } from './antd-theme.ts';

// Ant Design's ConfigProvider (theme, locale, zero-runtime styles) wraps each lazily loaded page and
// layout, not the whole app: the login page, which loads with the app, is written without Ant
// Design, so neither Ant Design's code nor its styles are on its budget (docs/architecture.md,
// "Performance budgets"). app/lazy-page.ts loads this module alongside every lazy page.

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

function subscribeToReducedMotion(onChange: () => void): () => void {
  const query = window.matchMedia(REDUCED_MOTION);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

/** Students who ask their system for less motion get dialogs and drawers without animation. */
function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(
    subscribeToReducedMotion,
    () => window.matchMedia(REDUCED_MOTION).matches,
    () => false,
  );
}

/**
 * Buttons show this spinner while they wait, instead of Ant Design's animated icon. That one leaves
 * with a width transition which, when an answer comes back within a frame or two, can fail to end:
 * the icon then stays in the button (with "loading" in its accessible name). This one appears and
 * goes without a transition.
 */
const BUTTON_CONFIG = { loadingIcon: <span className="button-spinner" aria-hidden="true" /> };

/** True inside a scope: a page inside a layout that already has one does not add a second. */
const InsideScope = createContext(false);

function LocalizedAntd({ children }: { children: ReactNode }) {
  const { i18n: instance } = useTranslation();
  const language = parseLanguage(instance.language) === 'en' ? 'en' : 'es';
  const locale = language === 'en' ? enUS : esES;
  // Ant Design's own "Por favor ingresa…" never shows: a required field says what every form of
  // the app says, in the interface language.
  const required = coreMessage('validation.required');
  const form = useMemo(() => ({ validateMessages: { required } }), [required]);

  const prefersReducedMotion = usePrefersReducedMotion();
  // The student's text size and contrast reach Ant Design's components as tokens.
  const reading = useAppliedReading();
  const theme = useMemo(
    () => ({
      token: { ...ANTD_TOKEN, motion: !prefersReducedMotion, ...readingTokens(reading) },
      hashed: ANTD_HASHED,
      // Production builds carry Ant Design's component styles as static CSS written at build time
      // (build/antd-styles.ts) instead of generating them in the browser on first render.
      zeroRuntime: import.meta.env.PROD,
    }),
    [prefersReducedMotion, reading],
  );
  return (
    <InsideScope.Provider value>
      <ConfigProvider locale={locale} theme={theme} button={BUTTON_CONFIG} form={form}>
        {children}
      </ConfigProvider>
    </InsideScope.Provider>
  );
}

/** Ant Design's theme and the student's language for everything below it. */
export function AntdScope({ children }: { children: ReactNode }) {
  return useContext(InsideScope) ? children : <LocalizedAntd>{children}</LocalizedAntd>;
}
