import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import ConfigProvider from 'antd/es/config-provider';
import enUS from 'antd/es/locale/en_US';
import esES from 'antd/es/locale/es_ES';
import { useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { parseLanguage } from '@ensaya/core/i18n/language';
import { i18n } from '../lib/i18n.ts';
import { ANTD_HASHED, ANTD_TOKEN } from './antd-theme.ts';
import { FeedbackHost } from './feedback-host.tsx';

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

function LocalizedAntd({ children }: { children: ReactNode }) {
  const { i18n: instance } = useTranslation();
  const locale = parseLanguage(instance.language) === 'en' ? enUS : esES;
  const prefersReducedMotion = usePrefersReducedMotion();
  const theme = useMemo(
    () => ({
      token: { ...ANTD_TOKEN, motion: !prefersReducedMotion },
      hashed: ANTD_HASHED,
      // Production builds carry Ant Design's component styles as static CSS written at build time
      // (build/antd-styles.ts) instead of generating them in the browser on first render.
      zeroRuntime: import.meta.env.PROD,
    }),
    [prefersReducedMotion],
  );
  return (
    <ConfigProvider locale={locale} theme={theme} button={BUTTON_CONFIG}>
      {children}
    </ConfigProvider>
  );
}

export function AppProviders({
  queryClient,
  children,
}: {
  queryClient: QueryClient;
  children: ReactNode;
}) {
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <LocalizedAntd>
          <FeedbackHost queryClient={queryClient} />
          {children}
        </LocalizedAntd>
      </QueryClientProvider>
    </I18nextProvider>
  );
}
