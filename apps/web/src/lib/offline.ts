/**
 * Offline support for the pages where a test is taken: registers the service worker
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
        .filter(isSameOrigin);
      registration.active?.postMessage({ type: 'keep', urls: ['/index.html', ...loaded] });
      keepAssetsLoadedFromNowOn();
    } catch {
      // Without a service worker the page works as before, online.
    }
  })();
}

const isSameOrigin = (url: string) => new URL(url).origin === location.origin;

/** How long newly loaded files are gathered before the worker is told of them. */
const KEEP_BATCH_MS = 500;
let observingAssets = false;

/**
 * The app's files this document loads from now on (the runner's chunks, once the waiting room
 * sends the student on) are named to the worker too: until the worker controls the page (it
 * claims it once active, which a busy device may take a while to do) they come from the network,
 * past its cache, and a reload without a connection would miss them. API reads are not named
 * again: the worker would read them once more, at the very start every student shares.
 */
function keepAssetsLoadedFromNowOn(): void {
  if (observingAssets || typeof PerformanceObserver === 'undefined') return;
  observingAssets = true;
  let pending: string[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      if (isSameOrigin(entry.name) && new URL(entry.name).pathname.startsWith('/assets/'))
        pending.push(entry.name);
    if (pending.length === 0 || timer !== undefined) return;
    timer = setTimeout(() => {
      timer = undefined;
      const urls = pending;
      pending = [];
      void navigator.serviceWorker.ready
        .then((registration) => registration.active?.postMessage({ type: 'keep', urls }))
        .catch(() => undefined);
    }, KEEP_BATCH_MS);
  }).observe({ type: 'resource' });
}

/** Signing out: the worker forgets the API answers it kept (the shell stays: it is public). */
export function forgetOfflineData(): void {
  if (!('serviceWorker' in navigator)) return;
  void navigator.serviceWorker
    .getRegistration()
    .then((registration) => registration?.active?.postMessage({ type: 'forget' }));
}
