import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// The waiting room registers the service worker and names what the page loaded; the files loaded
// after that (the runner's chunks) are named too, in batches, and API reads are never named again.

type ObserverCallback = (list: { getEntries: () => { name: string }[] }) => void;

const origin = window.location.origin;

describe('enableOfflineSupport', () => {
  let postMessage: ReturnType<typeof vi.fn>;
  let observed: ObserverCallback | undefined;

  beforeEach(() => {
    vi.resetModules();
    vi.useFakeTimers();
    vi.stubEnv('PROD', true);
    postMessage = vi.fn();
    observed = undefined;
    const registration = { active: { postMessage } };
    Object.defineProperty(navigator, 'serviceWorker', {
      configurable: true,
      value: {
        register: vi.fn(async () => registration),
        ready: Promise.resolve(registration),
      },
    });
    vi.stubGlobal(
      'PerformanceObserver',
      class {
        constructor(callback: ObserverCallback) {
          observed = callback;
        }
        observe() {}
      },
    );
    vi.spyOn(performance, 'getEntriesByType').mockReturnValue([
      { name: `${origin}/assets/index-abc.js` },
      { name: `${origin}/api/me` },
      { name: 'https://elsewhere.example/font.woff2' },
    ] as unknown as PerformanceEntryList);
  });

  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllEnvs();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('names what the page loaded, then the files it loads later, without API reads', async () => {
    const { enableOfflineSupport } = await import('./offline.ts');
    enableOfflineSupport();
    await vi.waitFor(() => expect(postMessage).toHaveBeenCalledTimes(1));
    expect(postMessage).toHaveBeenCalledWith({
      type: 'keep',
      urls: ['/index.html', `${origin}/assets/index-abc.js`, `${origin}/api/me`],
    });

    // The runner's chunks arrive after the message: named once the batch is over.
    observed!({
      getEntries: () => [
        { name: `${origin}/assets/test-page-123.js` },
        { name: `${origin}/api/user-tests/7` },
      ],
    });
    observed!({ getEntries: () => [{ name: `${origin}/assets/test-page-456.css` }] });
    expect(postMessage).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(500);
    expect(postMessage).toHaveBeenCalledTimes(2);
    expect(postMessage).toHaveBeenLastCalledWith({
      type: 'keep',
      urls: [`${origin}/assets/test-page-123.js`, `${origin}/assets/test-page-456.css`],
    });

    // Only API reads: nothing to name.
    observed!({ getEntries: () => [{ name: `${origin}/api/user-tests/7/stems` }] });
    await vi.advanceTimersByTimeAsync(500);
    expect(postMessage).toHaveBeenCalledTimes(2);
  });

  it('does nothing in a development build', async () => {
    vi.stubEnv('PROD', false);
    const { enableOfflineSupport } = await import('./offline.ts');
    enableOfflineSupport();
    await vi.advanceTimersByTimeAsync(1000);
    expect(postMessage).not.toHaveBeenCalled();
  });
});
