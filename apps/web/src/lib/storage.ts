import { useSyncExternalStore } from 'react';
import type { StorageKey } from '@ensaya/core/storage-keys';

/**
 * The browser storage the spec names (spec 000, section 3), behind one door. Every write notifies
 * subscribers, so components that read a flag (the header flag, the banner flag) re-render when
 * another part of the app changes it, in this tab or, through the `storage` event, in another one.
 */
const CHANGE_EVENT = 'ensaya:storage';

function storage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    // Storage can be disabled (private mode, strict privacy settings): the app still works without it.
    return undefined;
  }
}

export function readStored(key: StorageKey): string | null {
  return storage()?.getItem(key) ?? null;
}

export function writeStored(key: StorageKey, value: string): void {
  try {
    storage()?.setItem(key, value);
  } catch {
    // Quota exceeded or storage disabled: the flag simply is not remembered.
  }
  window.dispatchEvent(new Event(CHANGE_EVENT));
}

export function removeStored(keys: readonly StorageKey[]): void {
  for (const key of keys) storage()?.removeItem(key);
  window.dispatchEvent(new Event(CHANGE_EVENT));
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener(CHANGE_EVENT, onChange);
  window.addEventListener('storage', onChange);
  return () => {
    window.removeEventListener(CHANGE_EVENT, onChange);
    window.removeEventListener('storage', onChange);
  };
}

/** The current value of a storage key, kept up to date. */
export function useStoredValue(key: StorageKey): string | null {
  return useSyncExternalStore(
    subscribe,
    () => readStored(key),
    () => null,
  );
}

/** The spec's flags are written as '1'/'0' or 'true'/'false'. */
export function isFlagSet(value: string | null): boolean {
  return value === '1' || value === 'true';
}
