import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { resetLanguageFromStorage } from '../lib/i18n.ts';
import { applyReadingSettings } from '../lib/reading-settings.ts';

// Pages are lazy chunks: the first page a worker renders loads React's and Ant Design's modules,
// about a second on a quiet machine and more while `npm test` runs every project on two cores.
configure({ asyncUtilTimeout: 5_000 });

// jsdom has no layout engine: give Ant Design the browser APIs it probes, and record scrolling.
// The test browser prefers reduced motion: jsdom never ends CSS transitions, so an animated
// dialog would never finish closing.
if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    value: (query: string) => ({
      matches: query.includes('prefers-reduced-motion'),
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }),
  });
}

if (!('ResizeObserver' in window)) {
  class ResizeObserverStub {
    observe(): void {}
    unobserve(): void {}
    disconnect(): void {}
  }
  Object.defineProperty(window, 'ResizeObserver', {
    configurable: true,
    value: ResizeObserverStub,
  });
}

beforeEach(() => {
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
});

function clearCookies(): void {
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; Max-Age=0; Path=/`;
  }
}

// Test files share their worker's window (vite.config.ts, `isolate: false`): whatever a test
// changes there goes back before the next test, in this file or another.
afterEach(async () => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  localStorage.clear();
  sessionStorage.clear();
  clearCookies();
  applyReadingSettings(null);
  await resetLanguageFromStorage();
});
