/**
 * Offline support for the pages where a test is taken (issue 28): registers the service worker
 * (`public/sw.js`) and hands it what this page already loaded, so a reload without a connection
 * still shows the exam. Production builds only: the dev server's modules are not hashed assets.
 */
export function enableOfflineSupport(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  void (async () => {
    try {
      await navigator.serviceWorker.register('/sw.js', { scope: '/' });
      const registration = await navigator.serviceWorker.ready;
      const loaded = performance
        .getEntriesByType('resource')
        .map((entry) => entry.name)
        // Same-origin files and API reads; the worker keeps those it knows (public/sw.js).
        .filter((url) => new URL(url).origin === location.origin);
      registration.active?.postMessage({ type: 'keep', urls: ['/index.html', ...loaded] });
    } catch {
      // Without a service worker the page works as before, online.
    }
  })();
}

/** Signing out: the worker forgets the API answers it kept (the shell stays: it is public). */
export function forgetOfflineData(): void {
  if (!('serviceWorker' in navigator)) return;
  void navigator.serviceWorker
    .getRegistration()
    .then((registration) => registration?.active?.postMessage({ type: 'forget' }));
}
